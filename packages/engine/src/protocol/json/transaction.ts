/**
 * java-tron's transaction/block JSON helpers (`Util.packTransaction`, `Util.printTransactionToJSON`,
 * `Util.printBlockToJSON`), on top of the generic JsonFormat codec.
 */
import { create, equals, fromBinary, toBinary } from "@bufbuild/protobuf";
import { sha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { TronodeError } from "../../errors.js";
import { CONTRACT_PARAMETER_SCHEMAS, ContractType, contractTypeByName } from "../contract-types.js";
import {
  type CreateSmartContract,
  type ProposalCreateContract,
  ProposalCreateContractSchema,
} from "../generated/protocol/contracts_pb.js";
import {
  type Block,
  BlockHeader_rawSchema,
  BlockHeaderSchema,
  type Transaction,
  type Transaction_Contract,
  Transaction_ResultSchema,
  type Transaction_raw,
  Transaction_rawSchema,
  TransactionSchema,
} from "../generated/protocol/core_pb.js";
import { encodeProposalCreateContract, insertionOrdered, int64MapEntries } from "../parameter-order.js";
import { bytesToHex, parseHexJava as parseHex } from "./bytes.js";
import {
  type AnyRecord,
  isObject,
  JsonFormatFailure,
  makeParseCtx,
  makePrintCtx,
  NULL_POINTER_EXCEPTION,
  type ParseCtx,
  type ParseOptions,
  type PrintCtx,
  type PrintOptions,
  parseMessageInternal,
  printInto,
  toTronodeError,
} from "./codec.js";
import {
  FASTJSON_EXCEPTION,
  JSON_PARSE_ERROR,
  type JsonObject,
  type JsonValue,
  parseJsonText,
} from "./json-text.js";
import { typeNameOfUrl } from "./registry.js";

const CONTRACT_FIELD_NUMBER = 11; // Transaction.raw.contract

/**
 * java-tron `Util.packTransaction`: parses a transaction JSON (`{raw_data:{contract:[…],…},
 * signature:[…], …}`; `txID`, `raw_data_hex`, `visible` are ignored).
 *
 * For each `raw_data.contract[i]` the contract `type` NAME (e.g. "TransferContract") selects the
 * parameter message; `parameter.value` (a JSON object) is merged into it and re-serialised, and
 * `parameter.type_url` is kept verbatim (empty when absent). Entries whose type is missing/unknown
 * or whose value does not parse are dropped silently (java-tron later reports "No contract!").
 * Then the whole transaction is merged normally. As with fastjson's `getJSONObject`, `raw_data`,
 * `contract`, a contract entry, `parameter` and `value` may also be JSON text strings.
 *
 * Deviation: where java-tron returns null (a later NullPointerException in the servlet) when the
 * final merge fails, this throws a TronodeError (`JSON_PARSE_ERROR`, JsonFormat$ParseException).
 * A missing `raw_data` or `raw_data.contract` throws with javaClass java.lang.NullPointerException.
 */
export function parseTransaction(json: unknown, options: ParseOptions): Transaction {
  const ctx = makeParseCtx(options);
  if (!isObject(json)) throw castError("JSONObject");
  const raw = fastjsonValue(json.raw_data);
  if (raw === undefined || raw === null) throw npe();
  if (!isObject(raw)) throw castError("JSONObject");
  const list = fastjsonValue(raw.contract);
  if (list === undefined || list === null) throw npe();
  if (!Array.isArray(list)) throw castError("JSONArray");
  const contracts: AnyRecord[] = [];
  for (const c of list) {
    const packed = packContractJson(c, ctx);
    if (packed !== undefined) contracts.push(packed);
  }
  const txJson: AnyRecord = { ...json, raw_data: { ...raw, contract: contracts } };
  try {
    const tx = parseMessageInternal(TransactionSchema, txJson, ctx) as Transaction;
    if (contracts.some((c) => c.type === PROPOSAL_CREATE_NAME))
      keepClientProposalBytes(tx, json.raw_data_hex);
    return tx;
  } catch (e) {
    if (e instanceof JsonFormatFailure) throw toTronodeError(e, txJson);
    throw e;
  }
}

function npe(): TronodeError {
  return new TronodeError(JSON_PARSE_ERROR, "null", { javaClass: NULL_POINTER_EXCEPTION });
}

function castError(what: string): TronodeError {
  return new TronodeError(JSON_PARSE_ERROR, `can not cast to ${what}.`, { javaClass: FASTJSON_EXCEPTION });
}

/**
 * fastjson's `getJSONObject`/`getJSONArray` accept a JSON string holding the object/array and parse
 * it; invalid text throws (JSONException).
 */
function fastjsonValue(v: unknown): unknown {
  return typeof v === "string" ? (v === "" ? null : parseJsonText(v)) : v;
}

/** One contract entry as java-tron's packTransaction rewrites it, or undefined when it is dropped. */
function packContractJson(entry: unknown, ctx: ParseCtx): AnyRecord | undefined {
  let c: unknown;
  let parameter: unknown;
  let value: unknown;
  try {
    c = fastjsonValue(entry);
    if (!isObject(c)) return undefined;
    parameter = fastjsonValue(c.parameter);
    if (!isObject(parameter)) return undefined;
    value = fastjsonValue(parameter.value);
  } catch {
    return undefined;
  }
  const typeName = c.type;
  if (typeName === undefined || typeName === null || typeName === "") return undefined;
  const type = contractTypeByName(typeof typeName === "string" ? typeName : String(typeName));
  if (type === undefined) return undefined;
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(type);
  if (schema === undefined) return undefined;
  if (!isObject(value)) return undefined;
  let bytes: Uint8Array;
  try {
    const message = parseMessageInternal(schema, value, ctx);
    bytes =
      type === ContractType.ProposalCreateContract
        ? proposalCreateInJsonOrder(message as ProposalCreateContract, value, ctx)
        : toBinary(schema, message);
  } catch (e) {
    if (e instanceof JsonFormatFailure) return undefined;
    throw e;
  }
  return { ...c, parameter: { ...parameter, value: bytes } };
}

const PROPOSAL_CREATE_NAME = "ProposalCreateContract";

/**
 * ProposalCreateContract bytes from its JSON (`{owner_address, parameters:[{key,value}…]}`) with
 * the parameters in the JSON array's order, as java-tron's builder writes them.
 */
export function encodeProposalCreateJson(value: AnyRecord, options: ParseOptions): Uint8Array {
  const ctx = makeParseCtx(options);
  const message = parseMessageInternal(ProposalCreateContractSchema, value, ctx) as ProposalCreateContract;
  return proposalCreateInJsonOrder(message, value, ctx);
}

/**
 * ProposalCreateContract bytes with the parameters in the order of the JSON array, as protobuf-java
 * (a LinkedHashMap) writes them; protobuf-es would write its map object's keys ascending. Each
 * entry's key is parsed by the same codec, one entry at a time.
 */
function proposalCreateInJsonOrder(
  message: ProposalCreateContract,
  value: AnyRecord,
  ctx: ParseCtx,
): Uint8Array {
  const entries = fastjsonValue(value.parameters);
  const order: bigint[] = [];
  if (Array.isArray(entries)) {
    for (const entry of entries) {
      const one = parseMessageInternal(
        ProposalCreateContractSchema,
        { parameters: [entry] },
        ctx,
      ) as ProposalCreateContract;
      for (const key of Object.keys(one.parameters)) order.push(BigInt(key));
    }
  }
  for (const key of Object.keys(message.parameters)) order.push(BigInt(key));
  const parameters = insertionOrdered(order.map((k) => [k, message.parameters[k.toString()] ?? 0n] as const));
  return encodeProposalCreateContract(message.ownerAddress, parameters);
}

/**
 * Keeps the ProposalCreateContract bytes the client signed. A map has no canonical order: TronWeb
 * (google-protobuf) writes its keys sorted as strings, java-tron in insertion order, so re-encoding
 * the JSON can give bytes — and a txID — other than the signed ones. When `raw_data_hex` carries
 * the same contract (equal once decoded), its bytes are used as the contract's parameter.
 */
function keepClientProposalBytes(tx: Transaction, rawDataHex: unknown): void {
  if (typeof rawDataHex !== "string") return;
  const hex = parseHex(rawDataHex);
  if (!hex) return;
  let clientRaw: Transaction_raw;
  try {
    clientRaw = fromBinary(Transaction_rawSchema, hex);
  } catch {
    return;
  }
  const contracts = tx.rawData?.contract ?? [];
  contracts.forEach((c, i) => {
    const client = clientRaw.contract[i];
    if (c.type !== ContractType.ProposalCreateContract || !client || client.type !== c.type) return;
    if (!c.parameter || !client.parameter || client.parameter.typeUrl !== c.parameter.typeUrl) return;
    try {
      const ours = fromBinary(ProposalCreateContractSchema, c.parameter.value);
      const theirs = fromBinary(ProposalCreateContractSchema, client.parameter.value);
      if (equals(ProposalCreateContractSchema, ours, theirs)) c.parameter.value = client.parameter.value;
    } catch {
      // not decodable: keep the JSON's encoding
    }
  });
}

/** How a transaction is printed as java-tron's JSON (`visible` addresses, the fields java-tron adds). */
export interface PrintTransactionOptions extends Omit<PrintOptions, "path"> {
  /**
   * Add `"visible": <bool>` (java-tron's build endpoints, `printCreateTransaction`). Default true.
   * java-tron omits it in gettransactionbyid, blocks and the transaction inside getsignweight.
   */
  includeVisible?: boolean;
}

/**
 * java-tron `Util.printTransactionToJSON` (+ `"visible"` as in printCreateTransaction):
 * `{visible, txID, [contract_address], raw_data, raw_data_hex, [signature], [ret]}`.
 *
 * - txID = sha256(serialised raw_data), raw_data_hex = hex of the same bytes;
 * - each contract prints as `{"parameter":{"value":{…},"type_url":"…"},"type":"…"}` plus
 *   `"Permission_id"` only when > 0 (`provider`/`ContractName` are not printed, as in java-tron);
 *   the parameter is decoded by the contract TYPE, and a contract whose type URL does not name that
 *   message (protobuf-java `Any.unpack` check) or whose bytes do not decode is left out;
 *   types without a parameter message (CustomContract, GetContract) print only `type_url`;
 * - `raw_data.contract` is always present (possibly `[]`);
 * - a CreateSmartContract adds top-level `contract_address` (hex, even when visible) =
 *   0x41 ‖ last20(keccak256(txID ‖ owner_address)).
 */
export function printTransaction(tx: Transaction, options: PrintTransactionOptions): JsonObject {
  return printTransactionCtx(tx, makePrintCtx(options), options.includeVisible !== false);
}

function printTransactionCtx(tx: Transaction, ctx: PrintCtx, includeVisible: boolean): JsonObject {
  const raw = tx.rawData ?? create(Transaction_rawSchema);
  const rawBytes = toBinary(Transaction_rawSchema, raw);
  const txId = sha256(rawBytes);
  const out: JsonObject = {};
  if (includeVisible) out.visible = ctx.visible;
  out.txID = bytesToHex(txId);

  const contracts: JsonValue[] = [];
  let contractAddress: Uint8Array | undefined;
  for (const c of raw.contract) {
    const printed = printContract(c, ctx);
    if (printed === undefined) continue;
    contracts.push(printed.json);
    if (printed.createOwner !== undefined)
      contractAddress = generateContractAddress(txId, printed.createOwner);
  }
  if (contractAddress !== undefined) out.contract_address = bytesToHex(contractAddress);
  out.raw_data = printInto(Transaction_rawSchema, raw, ctx, { contract: contracts }, CONTRACT_FIELD_NUMBER);
  out.raw_data_hex = bytesToHex(rawBytes);
  if (tx.signature.length > 0) out.signature = tx.signature.map((s) => bytesToHex(s));
  if (tx.ret.length > 0) out.ret = tx.ret.map((r) => printInto(Transaction_ResultSchema, r, ctx));
  return out;
}

function printContract(
  c: Transaction_Contract,
  ctx: PrintCtx,
): { json: JsonObject; createOwner: Uint8Array | undefined } | undefined {
  const typeUrl = c.parameter?.typeUrl ?? "";
  const schema = CONTRACT_PARAMETER_SCHEMAS.get(c.type);
  let value: JsonObject | undefined;
  let createOwner: Uint8Array | undefined;
  if (schema !== undefined) {
    // protobuf-java Any.unpack(Class): the type URL must name exactly this message
    if (typeNameOfUrl(typeUrl) !== schema.typeName) return undefined;
    let payload: unknown;
    try {
      payload = fromBinary(schema, c.parameter?.value ?? new Uint8Array(0));
    } catch {
      return undefined;
    }
    value = printInto(schema, payload, ctx);
    if (c.type === ContractType.ProposalCreateContract) {
      value = inWireOrder(value, c.parameter?.value ?? new Uint8Array(0));
    }
    if (c.type === ContractType.CreateSmartContract)
      createOwner = (payload as CreateSmartContract).ownerAddress;
  }
  const parameter: JsonObject = {};
  if (value !== undefined) parameter.value = value;
  parameter.type_url = typeUrl;
  const json: JsonObject = { parameter, type: ContractType[c.type] ?? "UNRECOGNIZED" };
  if (c.PermissionId > 0) json.Permission_id = c.PermissionId;
  return { json, createOwner };
}

/** A printed ProposalCreateContract with its parameters in the order its bytes hold them (protobuf-java's). */
function inWireOrder(value: JsonObject, bytes: Uint8Array): JsonObject {
  const entries = value.parameters;
  if (!Array.isArray(entries)) return value;
  const position = new Map(int64MapEntries(bytes, 2).map(([k], i) => [k.toString(), i]));
  const at = (e: JsonValue) => position.get(String((e as JsonObject).key)) ?? Number.MAX_SAFE_INTEGER;
  return { ...value, parameters: [...entries].sort((a, b) => at(a) - at(b)) };
}

/** java-tron `WalletUtil.generateContractAddress`: 0x41 ‖ last20(keccak256(txID ‖ owner)). */
function generateContractAddress(txId: Uint8Array, owner: Uint8Array): Uint8Array {
  const buf = new Uint8Array(txId.length + owner.length);
  buf.set(txId, 0);
  buf.set(owner, txId.length);
  const hash = keccak_256(buf);
  const out = new Uint8Array(21);
  out.set(hash.subarray(11), 0);
  out[0] = 0x41;
  return out;
}

/**
 * java-tron `Util.printBlockToJSON`: `{"blockID":…,"block_header":{…},"transactions":[…]}`;
 * `transactions` only when non-empty, each printed like printTransaction without `visible`.
 * blockID = sha256(serialised block_header.raw_data) with bytes 0..7 replaced by the big-endian
 * block number.
 */
export function printBlock(block: Block, options: Omit<PrintOptions, "path">): JsonObject {
  const ctx = makePrintCtx(options);
  const header = block.blockHeader;
  const raw = header?.rawData ?? create(BlockHeader_rawSchema);
  const id = sha256(toBinary(BlockHeader_rawSchema, raw));
  const num = BigInt.asUintN(64, raw.number);
  for (let i = 7; i >= 0; i--) id[7 - i] = Number((num >> BigInt(i * 8)) & 0xffn);
  const out: JsonObject = { blockID: bytesToHex(id) };
  if (header !== undefined) out.block_header = printInto(BlockHeaderSchema, header, ctx);
  if (block.transactions.length > 0) {
    out.transactions = block.transactions.map((t) => printTransactionCtx(t, ctx, false));
  }
  return out;
}
