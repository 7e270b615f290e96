import { unpackContract } from "./codec.js";
import { CONTRACT_PARAMETER_SCHEMAS, ContractType } from "./contract-types.js";
import type { Transaction_Contract } from "./generated/protocol/core_pb.js";

/**
 * The addresses a contract sends to or acts on, read from its parameter (java-tron's
 * JsonRpcApiUtil.getTo, which names the first of them as a transaction's `to`): the receiver of a
 * transfer or delegation, the voted witnesses, the contract called or tuned. A parameter whose type
 * URL does not name its type's message, or whose bytes do not parse, has none (Any.unpack fails).
 */
export function contractRecipients(contract: Transaction_Contract): Uint8Array[] {
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(contract.type);
  if (!schema || !(contract.parameter?.typeUrl ?? "").endsWith(`/${schema.typeName}`)) return [];
  // biome-ignore lint/suspicious/noExplicitAny: narrowed by the contract type below
  let p: any;
  try {
    p = unpackContract(contract).value;
  } catch {
    return [];
  }
  const nonEmpty = (a: Uint8Array) => (a.length > 0 ? [a] : []);
  switch (contract.type) {
    case ContractType.AccountCreateContract:
      return [p.accountAddress];
    case ContractType.TransferContract:
    case ContractType.TransferAssetContract:
    case ContractType.ParticipateAssetIssueContract:
      return [p.toAddress];
    case ContractType.VoteAssetContract:
      return [...p.voteAddress];
    case ContractType.VoteWitnessContract:
      return p.votes.map((v: { voteAddress: Uint8Array }) => v.voteAddress);
    case ContractType.FreezeBalanceContract:
    case ContractType.UnfreezeBalanceContract:
    case ContractType.DelegateResourceContract:
    case ContractType.UnDelegateResourceContract:
      return nonEmpty(p.receiverAddress);
    case ContractType.TriggerSmartContract:
    case ContractType.UpdateSettingContract:
    case ContractType.UpdateEnergyLimitContract:
    case ContractType.ClearABIContract:
      return [p.contractAddress];
    case ContractType.ShieldedTransferContract:
      return nonEmpty(p.transparentToAddress);
    default:
      return [];
  }
}
