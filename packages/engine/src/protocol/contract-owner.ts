import { isValidAddress } from "../crypto/address.js";
import { unpackContract } from "./codec.js";
import { CONTRACT_PARAMETER_SCHEMAS, ContractType } from "./contract-types.js";
import type { ShieldedTransferContract } from "./generated/protocol/contracts_pb.js";
import type { Transaction_Contract } from "./generated/protocol/core_pb.js";

/**
 * The owner address of a contract, read from its parameter as java-tron's TransactionCapsule.getOwner
 * does: `Any.unpack(<class of contract.type>)`, so a parameter whose type URL does not name that
 * message, or whose bytes do not parse, has an empty owner (getOwner catches and returns byte[0]).
 * Every parameter message names its owner `owner_address` except the shielded transfer, whose
 * owner is its transparent sender (empty for a transfer from a shielded address). getOwner finds
 * the class through TransactionFactory, where only java-tron's actuators (and the two VM contracts)
 * register theirs, so VoteAssetContract, the one parameter message without an actuator, has an
 * empty owner too: no signature can then match its permission.
 */
export function contractOwner(
  contract: Transaction_Contract,
  /** The parameter as `unpackContract(contract)` decoded it, when the caller already did. */
  decoded?: { readonly value: unknown },
): Uint8Array {
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(contract.type);
  const typeUrl = contract.parameter?.typeUrl ?? "";
  // protobuf-java Any.is: the text after the last '/' must be the message's full name.
  if (
    !schema ||
    contract.type === ContractType.VoteAssetContract ||
    !typeUrl.endsWith(`/${schema.typeName}`)
  ) {
    return new Uint8Array();
  }
  let value: unknown;
  try {
    value = decoded ? decoded.value : unpackContract(contract).value;
  } catch {
    return new Uint8Array();
  }
  if (contract.type === ContractType.ShieldedTransferContract) {
    const from = (value as ShieldedTransferContract).transparentFromAddress;
    return isValidAddress(from) ? from : new Uint8Array();
  }
  return (value as { ownerAddress?: Uint8Array }).ownerAddress ?? new Uint8Array();
}
