/**
 * The sighash of a shielded TRC-10 transaction (Wallet.getShieldTransactionHash →
 * TransactionCapsule.hashShieldTransaction): what spend-authority and binding signatures sign.
 *
 * raw_data keeps every field but its contract list, which becomes one Contract {type
 * ShieldedTransferContract, parameter Any(the contract without binding_signature and with every
 * spend_authority_signature cleared)} — permission id and provider are dropped. The hash is
 * SHA-256(SHA-256(zenTokenId) ‖ those raw_data bytes), zenTokenId being java-tron's node setting
 * (default "000000").
 */
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { sha256 } from "@noble/hashes/sha2.js";
import { validateError } from "../actuator/actuator.js";
import { ContractType, typeUrlOf } from "../protocol/contract-types.js";
import {
  ShieldedTransferContractSchema,
  SpendDescriptionSchema,
} from "../protocol/generated/protocol/contracts_pb.js";
import {
  type Transaction,
  Transaction_ContractSchema,
  Transaction_rawSchema,
} from "../protocol/generated/protocol/core_pb.js";

/** java-tron's default `node.zenTokenId`. */
export const DEFAULT_ZEN_TOKEN_ID = "000000";

/** Any.is: the type name after the URL's last '/' (none → no match). */
function anyIsShieldedTransfer(typeUrl: string): boolean {
  const slash = typeUrl.lastIndexOf("/");
  return slash >= 0 && typeUrl.slice(slash + 1) === ShieldedTransferContractSchema.typeName;
}

/**
 * TransactionCapsule.getShieldTransactionHashIgnoreTypeException: the sighash, or undefined where
 * java-tron swallows the failure (a parameter that is not an Any of ShieldedTransferContract or
 * does not parse as one) and answers an empty message.
 */
export function shieldTransactionSighash(
  tx: Transaction,
  zenTokenId: string = DEFAULT_ZEN_TOKEN_ID,
): Uint8Array | undefined {
  const raw = tx.rawData ?? create(Transaction_rawSchema);
  const parameter = raw.contract[0]?.parameter;
  if (!parameter || !anyIsShieldedTransfer(parameter.typeUrl)) return undefined;
  let contract: ReturnType<typeof fromBinary<typeof ShieldedTransferContractSchema>>;
  try {
    contract = fromBinary(ShieldedTransferContractSchema, parameter.value);
  } catch {
    return undefined;
  }
  const signed = create(ShieldedTransferContractSchema, {
    transparentFromAddress: contract.transparentFromAddress,
    fromAmount: contract.fromAmount,
    spendDescription: contract.spendDescription.map((spend) =>
      create(SpendDescriptionSchema, { ...spend, spendAuthoritySignature: new Uint8Array(0) }),
    ),
    receiveDescription: contract.receiveDescription,
    transparentToAddress: contract.transparentToAddress,
    toAmount: contract.toAmount,
  });
  const rawBytes = toBinary(Transaction_rawSchema, {
    ...raw,
    contract: [
      create(Transaction_ContractSchema, {
        type: ContractType.ShieldedTransferContract,
        parameter: create(AnySchema, {
          typeUrl: typeUrlOf(ShieldedTransferContractSchema),
          value: toBinary(ShieldedTransferContractSchema, signed),
        }),
      }),
    ],
  });
  const tokenHash = sha256(new TextEncoder().encode(zenTokenId));
  const merged = new Uint8Array(32 + rawBytes.length);
  merged.set(tokenHash);
  merged.set(rawBytes, 32);
  return sha256(merged);
}

/**
 * Wallet.getShieldTransactionHash: "Contract is null" without contracts, "Not a shielded
 * transaction" unless the first is a ShieldedTransferContract (ContractValidateException), then
 * the sighash (undefined: java-tron's empty BytesMessage).
 */
export function shieldTransactionHashOf(tx: Transaction, zenTokenId?: string): Uint8Array | undefined {
  const contracts = tx.rawData?.contract ?? [];
  if (contracts.length === 0) throw validateError("Contract is null");
  if (contracts[0]!.type !== ContractType.ShieldedTransferContract) {
    throw validateError("Not a shielded transaction");
  }
  return shieldTransactionSighash(tx, zenTokenId);
}
