/**
 * java-tron's proto filter, on while ALLOW_PROTO_FILTER_NUM = 1 (proposal 24, `Message.isFilter`):
 * a transaction or block is parsed with unknown fields discarded and refused when its re-encoding
 * differs in length from the bytes it came as (`Message.compareBytes`), and the first contract's
 * parameter of each transaction is unpacked and checked the same way
 * (`TransactionCapsule.validContractProto`). Both refuse with P2pException PROTOBUF_ERROR, whose
 * text is "protobuf inconsistent". The contract parameter sits in an `Any`'s bytes, so only the
 * second check sees fields added to it.
 */
import { type DescMessage, type MessageShape, toBinary } from "@bufbuild/protobuf";
import { decode } from "./codec.js";
import { CONTRACT_PARAMETER_SCHEMAS } from "./contract-types.js";
import type { Transaction } from "./generated/protocol/core_pb.js";
import { TransactionSchema } from "./generated/protocol/core_pb.js";

/** P2pException.TypeEnum.PROTOBUF_ERROR's text. */
export const PROTOBUF_INCONSISTENT = "protobuf inconsistent";
/** protobuf-java's `Any.unpack` text for a type URL that does not name the contract's class. */
export const ANY_TYPE_MISMATCH = "Type of the Any message does not match the given class.";

/** The length of a message re-encoded without the fields its schema does not know. */
function filteredLength<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): number {
  return toBinary(schema, message, { writeUnknownFields: false }).length;
}

/**
 * validContractProto of one transaction's first contract: undefined when it passes, else the text
 * java-tron's exception carries (PROTOBUF_INCONSISTENT, ANY_TYPE_MISMATCH or protobuf-java's parse
 * error).
 */
export function contractProtoFault(tx: Transaction): string | undefined {
  const contract = tx.rawData?.contract[0];
  if (contract === undefined) return PROTOBUF_INCONSISTENT;
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(contract.type);
  if (schema === undefined) return PROTOBUF_INCONSISTENT;
  const typeUrl = contract.parameter?.typeUrl ?? "";
  if (typeUrl.slice(typeUrl.lastIndexOf("/") + 1) !== schema.typeName) return ANY_TYPE_MISMATCH;
  let parameter: MessageShape<DescMessage>;
  try {
    parameter = decode(schema, contract.parameter?.value ?? new Uint8Array(0));
  } catch (e) {
    return (e as Error).message;
  }
  return toBinary(schema, parameter).length === filteredLength(schema, parameter)
    ? undefined
    : PROTOBUF_INCONSISTENT;
}

/**
 * Wallet.broadcastTransaction's `new TransactionMessage(trx.toByteArray())` under the filter: the
 * transaction as decoded (its unknown fields kept) against its filtered re-encoding, then its first
 * contract. A transaction with no contract passes here: the broadcast refuses it earlier.
 */
export function broadcastProtoFault(tx: Transaction): string | undefined {
  if ((tx.rawData?.contract.length ?? 0) === 0) return undefined;
  if (toBinary(TransactionSchema, tx).length !== filteredLength(TransactionSchema, tx)) {
    return PROTOBUF_INCONSISTENT;
  }
  return contractProtoFault(tx);
}

/**
 * A BLOCK or TRXS message from a peer under the filter, as the peer layer decoded it from
 * `receivedLength` bytes: those bytes against the message's filtered re-encoding, then every
 * transaction's first contract. True when java-tron would refuse it (PROTOBUF_ERROR, which
 * disconnects the peer).
 */
export function receivedProtoInconsistent<Desc extends DescMessage>(
  schema: Desc,
  message: MessageShape<Desc>,
  receivedLength: number,
  transactions: readonly Transaction[],
): boolean {
  if (filteredLength(schema, message) !== receivedLength) return true;
  return transactions.some((tx) => contractProtoFault(tx) !== undefined);
}
