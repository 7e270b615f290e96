import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { create, fromBinary, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { sha256 } from "../crypto/hash.js";
import { TronodeError } from "../errors.js";
import {
  CONTRACT_PARAMETER_SCHEMAS,
  type ContractType,
  contractTypeName,
  typeUrlOf,
} from "./contract-types.js";
import {
  type Block,
  BlockHeader_rawSchema,
  BlockSchema,
  type Transaction,
  Transaction_ContractSchema,
  Transaction_ResultSchema,
  Transaction_rawSchema,
  TransactionSchema,
} from "./generated/protocol/core_pb.js";

export function encode<Desc extends DescMessage>(schema: Desc, message: MessageShape<Desc>): Uint8Array {
  return toBinary(schema, message);
}

export function decode<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array): MessageShape<Desc> {
  try {
    return fromBinary(schema, bytes);
  } catch (cause) {
    throw new TronodeError(
      "PROTOBUF_DECODE",
      `failed to decode ${schema.typeName}: ${(cause as Error).message}`,
      {
        javaClass: "com.google.protobuf.InvalidProtocolBufferException",
        cause,
      },
    );
  }
}

export const encodeTransaction = (tx: Transaction): Uint8Array => toBinary(TransactionSchema, tx);
export const decodeTransaction = (bytes: Uint8Array): Transaction => decode(TransactionSchema, bytes);
export const encodeBlock = (block: Block): Uint8Array => toBinary(BlockSchema, block);
export const decodeBlock = (bytes: Uint8Array): Block => decode(BlockSchema, bytes);

/**
 * Encoded raw_data, remembered per raw_data object: transactions are immutable once built (copies
 * that replace `ret` or `signature` share their raw_data), and a transaction's bytes are needed by
 * the txID, the size checks, push and block packing. A WeakMap keeps no transaction alive.
 */
const rawBytesOf = new WeakMap<object, Uint8Array>();

export function rawDataBytes(tx: Transaction): Uint8Array {
  const raw = tx.rawData;
  if (!raw) return toBinary(Transaction_rawSchema, create(Transaction_rawSchema));
  let bytes = rawBytesOf.get(raw);
  if (!bytes) {
    bytes = toBinary(Transaction_rawSchema, raw);
    rawBytesOf.set(raw, bytes);
  }
  return bytes;
}

function varintLength(n: number): number {
  let len = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    len++;
  }
  return len;
}

/** Size of a length-delimited field with a one-byte tag (field numbers below 16). */
function delimitedSize(length: number): number {
  return 1 + varintLength(length) + length;
}

/**
 * Serialized sizes of a transaction without re-encoding it: `withoutRet` (raw_data + signatures) and
 * `full` (with `ret`), given the already-encoded raw_data.
 */
export function transactionSizes(tx: Transaction, raw: Uint8Array): { withoutRet: number; full: number } {
  if (tx.$unknown && tx.$unknown.length > 0) {
    const full = encodeTransaction(tx).length;
    return { withoutRet: tx.ret.length === 0 ? full : encodeTransaction({ ...tx, ret: [] }).length, full };
  }
  let withoutRet = tx.rawData ? delimitedSize(raw.length) : 0;
  for (const sig of tx.signature) withoutRet += delimitedSize(sig.length);
  let full = withoutRet;
  for (const ret of tx.ret) full += delimitedSize(toBinary(Transaction_ResultSchema, ret).length);
  return { withoutRet, full };
}

/** txID = sha256(serialized raw_data). */
export function transactionId(tx: Transaction): Uint8Array {
  return sha256(rawDataBytes(tx));
}

export function blockHeaderRawBytes(block: Block): Uint8Array {
  return toBinary(BlockHeader_rawSchema, block.blockHeader?.rawData ?? create(BlockHeader_rawSchema));
}

/** Packs a contract parameter into a Transaction.Contract with java-tron's type URL. */
export function packContract<Desc extends DescMessage>(
  type: ContractType,
  parameter: MessageInitShape<Desc>,
  permissionId = 0,
): MessageShape<typeof Transaction_ContractSchema> {
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(type);
  if (!schema)
    throw new TronodeError(
      "UNSUPPORTED_CONTRACT",
      `contract type ${contractTypeName(type)} has no parameter`,
    );
  const value = toBinary(schema, create(schema, parameter as never));
  return create(Transaction_ContractSchema, {
    type,
    parameter: create(AnySchema, { typeUrl: typeUrlOf(schema), value }),
    PermissionId: permissionId,
  });
}

/** Decodes the parameter of a contract by its declared type (java-tron unpacks by class, not by type URL). */
export function unpackContract(contract: MessageShape<typeof Transaction_ContractSchema>): {
  type: ContractType;
  schema: DescMessage;
  // biome-ignore lint/suspicious/noExplicitAny: callers narrow by type
  value: any;
} {
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(contract.type);
  if (!schema)
    throw new TronodeError(
      "UNSUPPORTED_CONTRACT",
      `contract type ${contractTypeName(contract.type)} is not supported`,
    );
  const bytes = contract.parameter?.value ?? new Uint8Array();
  return { type: contract.type, schema, value: decode(schema, bytes) };
}
