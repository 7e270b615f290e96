import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { create, fromBinary, type MessageInitShape, toBinary } from "@bufbuild/protobuf";
import { BinaryReader, WireType } from "@bufbuild/protobuf/wire";
import { AnySchema } from "@bufbuild/protobuf/wkt";
import { sha256 } from "../crypto/hash.js";
import { TronodeError } from "../errors.js";
import {
  CONTRACT_PARAMETER_SCHEMAS,
  type ContractType,
  contractTypeName,
  typeUrlOf,
} from "./contract-types.js";
import { fastMessage } from "./fast-message.js";
import {
  type Block,
  BlockHeader_rawSchema,
  BlockHeaderSchema,
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

/**
 * protobuf-java's InvalidProtocolBufferException texts for what protobuf-es reports while reading
 * binary (java-tron prints them in `{"Error":…}` bodies).
 */
export const PROTOBUF_JAVA_ERRORS = {
  truncated:
    "While parsing a protocol message, the input ended unexpectedly in the middle of a field.  This could mean either that the input has been truncated or that an embedded message misreported its own length.",
  invalidTag: "Protocol message contained an invalid tag (zero).",
  invalidWireType: "Protocol message tag had invalid wire type.",
  malformedVarint: "CodedInputStream encountered a malformed varint.",
  invalidEndTag: "Protocol message end-group tag did not match expected tag.",
  recursionLimit:
    "Protocol message had too many levels of nesting.  May be malicious.  Use CodedInputStream.setRecursionLimit() to increase the depth limit.",
} as const;

function protobufJavaMessage(cause: unknown): string {
  const text = cause instanceof Error ? cause.message : String(cause);
  if (text === "premature EOF") return PROTOBUF_JAVA_ERRORS.truncated;
  if (text === "invalid varint" || text === "illegal tag: varint overflows uint32") {
    return PROTOBUF_JAVA_ERRORS.malformedVarint;
  }
  if (text.startsWith("illegal tag: field no 0 ")) return PROTOBUF_JAVA_ERRORS.invalidTag;
  if (text.startsWith("illegal tag:") || text.startsWith("cant skip wire type")) {
    return PROTOBUF_JAVA_ERRORS.invalidWireType;
  }
  if (text === "invalid end group tag") return PROTOBUF_JAVA_ERRORS.invalidEndTag;
  if (text.includes("maximum recursion depth")) return PROTOBUF_JAVA_ERRORS.recursionLimit;
  return text;
}

export function decode<Desc extends DescMessage>(schema: Desc, bytes: Uint8Array): MessageShape<Desc> {
  try {
    return fastMessage(schema, fromBinary(schema, bytes));
  } catch (cause) {
    // protobuf-es's reader has no error codes: its texts are mapped once, here, to protobuf-java's
    throw new TronodeError("PROTOBUF_DECODE", protobufJavaMessage(cause), {
      javaClass: "com.google.protobuf.InvalidProtocolBufferException",
      cause,
    });
  }
}

/** A transaction's protobuf bytes (what broadcasthex takes). */
export const encodeTransaction = (tx: Transaction): Uint8Array => toBinary(TransactionSchema, tx);
/** A transaction from its protobuf bytes. */
export const decodeTransaction = (bytes: Uint8Array): Transaction => decode(TransactionSchema, bytes);
/** A block's protobuf bytes. */
export const encodeBlock = (block: Block): Uint8Array => toBinary(BlockSchema, block);
/** A block from its protobuf bytes. */
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

const txIdOf = new WeakMap<object, Uint8Array>();

/**
 * txID = sha256(serialized raw_data), remembered per raw_data object like its bytes (broadcast,
 * push, the response and block packing all need it). The result is shared: treat it as immutable.
 */
export function transactionId(tx: Transaction): Uint8Array {
  const raw = tx.rawData;
  if (!raw) return sha256(rawDataBytes(tx));
  let id = txIdOf.get(raw);
  if (!id) {
    id = sha256(rawDataBytes(tx));
    txIdOf.set(raw, id);
  }
  return id;
}

/** Bytes of the protobuf varint of a non-negative integer below 2^53. */
export function varintLength(n: number): number {
  let length = 1;
  while (n >= 0x80) {
    n = Math.floor(n / 128);
    length++;
  }
  return length;
}

/** Writes the protobuf varint of a non-negative integer below 2^53 at `at`; returns the next offset. */
export function writeVarint(out: Uint8Array, at: number, n: number): number {
  while (n >= 0x80) {
    out[at++] = (n & 0x7f) | 0x80;
    n = Math.floor(n / 128);
  }
  out[at++] = n;
  return at;
}

/** Writes field `tag` (one byte: field number below 16, wire type 2) with `bytes`. */
function writeDelimited(out: Uint8Array, at: number, tag: number, bytes: Uint8Array): number {
  out[at++] = tag;
  at = writeVarint(out, at, bytes.length);
  out.set(bytes, at);
  return at + bytes.length;
}

const RAW_DATA_TAG = (1 << 3) | 2;
const SIGNATURE_TAG = (2 << 3) | 2;
const RET_TAG = (5 << 3) | 2;

/**
 * `encodeTransaction(tx)`, byte for byte, assembled from the remembered raw_data bytes instead of
 * encoding raw_data again: fields in number order (raw_data 1, each signature 2, each ret 5) as
 * protobuf-es writes them. A transaction carrying unknown fields is encoded the plain way.
 */
export function transactionBytes(tx: Transaction): Uint8Array {
  if (tx.$unknown && tx.$unknown.length > 0) return encodeTransaction(tx);
  const raw = tx.rawData ? rawDataBytes(tx) : undefined;
  const rets = tx.ret.map((r) => toBinary(Transaction_ResultSchema, r));
  let size = raw ? delimitedSize(raw.length) : 0;
  for (const sig of tx.signature) size += delimitedSize(sig.length);
  for (const ret of rets) size += delimitedSize(ret.length);
  const out = new Uint8Array(size);
  let at = raw ? writeDelimited(out, 0, RAW_DATA_TAG, raw) : 0;
  for (const sig of tx.signature) at = writeDelimited(out, at, SIGNATURE_TAG, sig);
  for (const ret of rets) at = writeDelimited(out, at, RET_TAG, ret);
  return out;
}

const TRANSACTIONS_TAG = (1 << 3) | 2;
const BLOCK_HEADER_TAG = (2 << 3) | 2;

/**
 * `encodeBlock(block)`, byte for byte, with each transaction assembled by `transactionBytes`
 * (transactions 1, then block_header 2). A block carrying unknown fields is encoded the plain way.
 */
export function blockBytes(block: Block): Uint8Array {
  if (block.$unknown && block.$unknown.length > 0) return encodeBlock(block);
  const transactions = block.transactions.map(transactionBytes);
  const header = block.blockHeader ? toBinary(BlockHeaderSchema, block.blockHeader) : undefined;
  let size = header ? delimitedSize(header.length) : 0;
  for (const tx of transactions) size += delimitedSize(tx.length);
  const out = new Uint8Array(size);
  let at = 0;
  for (const tx of transactions) at = writeDelimited(out, at, TRANSACTIONS_TAG, tx);
  if (header) writeDelimited(out, at, BLOCK_HEADER_TAG, header);
  return out;
}

/** `encodeTransaction(tx).length` without encoding (see `transactionSizes`). */
export function transactionSize(tx: Transaction): number {
  return transactionSizes(tx, rawDataBytes(tx)).full;
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

/**
 * The transaction at `index` of an encoded Block, decoded alone: a Block's transactions are its
 * field 1, so the others are skipped as bytes rather than decoded (a busy block holds thousands).
 * Undefined when the block has fewer.
 */
export function blockTransactionAt(blockBytes: Uint8Array, index: number): Transaction | undefined {
  const reader = new BinaryReader(blockBytes);
  let seen = 0;
  while (reader.pos < reader.len) {
    const [field, wireType] = reader.tag();
    if (field === 1 && wireType === WireType.LengthDelimited) {
      const bytes = reader.bytes();
      if (seen++ === index) return decodeTransaction(bytes);
    } else {
      reader.skip(wireType);
    }
  }
  return undefined;
}
