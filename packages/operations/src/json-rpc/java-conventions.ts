/**
 * java-tron's JSON-RPC value conventions (ByteArray's JSON helpers, JsonRpcApiUtil) and its error
 * classes as jsonrpc4j reports them: every error a TronJsonRpc method declares is answered with its
 * annotation's code and `data: "{}"`; an exception no annotation names gets jsonrpc4j's -32001 with
 * the exception's class and message as data.
 */
import { bytesToHex, type JsonValue, parseHex } from "@tronode/engine/internal";
import { JsonRpcErrorCodes, JsonRpcFailure } from "./errors.js";

const ANNOTATED_DATA = "{}";

/** JsonRpcInvalidParamsException: -32602. */
export function invalidParams(message: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.invalidParams, message, data: ANNOTATED_DATA });
}

/** JsonRpcInvalidRequestException: -32600. */
export function invalidRequest(message: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.invalidRequest, message, data: ANNOTATED_DATA });
}

/** JsonRpcInternalException, ItemNotFoundException, BadItemException: -32000. */
export function serverError(message: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.serverError, message, data: ANNOTATED_DATA });
}

/** JsonRpcMethodNotFoundException: -32601 (the methods java-tron declares but does not serve). */
export function methodNotAvailable(message: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.methodNotFound, message, data: ANNOTATED_DATA });
}

/** JsonRpcTooManyResultException: -32005. */
export function tooManyResults(message: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.exceedLimit, message, data: ANNOTATED_DATA });
}

/** An exception no annotation of the method names (jsonrpc4j's DefaultErrorResolver). */
export function unmappedJavaException(exceptionTypeName: string, message: string | null): JsonRpcFailure {
  return new JsonRpcFailure({
    code: JsonRpcErrorCodes.methodFailed,
    message: message ?? "",
    data: { exceptionTypeName, message },
  });
}

export const NULL_POINTER = "java.lang.NullPointerException";
export const NUMBER_FORMAT = "java.lang.NumberFormatException";
export const CLASS_CAST = "java.lang.ClassCastException";
export const HEX_DECODER = "org.bouncycastle.util.encoders.DecoderException";
export const HEX_DECODER_MESSAGE =
  "exception decoding Hex string: invalid characters encountered in Hex string";

/** A failure of Java code that is not one of java-tron's JSON-RPC exceptions. */
export class JavaException extends Error {
  constructor(
    readonly javaClass: string,
    readonly javaMessage: string | null,
  ) {
    super(javaMessage ?? javaClass);
  }
  /** As jsonrpc4j reports it when the method does not declare it. */
  unmapped(): JsonRpcFailure {
    return unmappedJavaException(this.javaClass, this.javaMessage);
  }
}

/** `ByteArray.fromHexString`: null → empty; `0x` dropped; odd length padded; else DecoderException. */
export function fromHexString(text: string | null): Uint8Array {
  if (text === null) return new Uint8Array(0);
  const bytes = parseHex(text);
  if (bytes === undefined) throw new JavaException(HEX_DECODER, HEX_DECODER_MESSAGE);
  return bytes;
}

/** `ByteArray.toJsonHex(byte[])`: "0x" for empty. */
export function jsonHexBytes(bytes: Uint8Array): string {
  return `0x${bytesToHex(bytes)}`;
}

/** `ByteArray.toJsonHex(long)`: `Long.toHexString` (a negative long prints its two's complement). */
export function jsonHexQuantity(value: bigint | number): string {
  return `0x${BigInt.asUintN(64, BigInt(value)).toString(16)}`;
}

/** `ByteArray.toJsonHexAddress`: the `41` prefix dropped; null for no address. */
export function jsonHexAddress(address: Uint8Array): string | null {
  if (address.length === 0) return null;
  const hex = bytesToHex(address);
  return `0x${hex.startsWith("41") ? hex.slice(2) : hex}`;
}

/** `JsonRpcApiUtil.convertToTronAddress`: 21 bytes, 0x41 and the last (or left-padded) 20 bytes. */
export function convertToTronAddress(address: Uint8Array): Uint8Array {
  const out = new Uint8Array(21);
  out[0] = 0x41;
  if (address.length <= 20) out.set(address, 21 - address.length);
  else out.set(address.subarray(address.length - 20), 1);
  return out;
}

/**
 * `JsonRpcApiUtil.addressCompatibleToByteArray`: 20 bytes (0x41 prepended) or 21 bytes starting
 * with 0x41; Base58 is not accepted. Every failure is "invalid params" with the underlying text.
 */
export function addressCompatibleToByteArray(text: string | null): Uint8Array {
  let bytes: Uint8Array;
  try {
    bytes = fromHexString(text);
  } catch (e) {
    throw invalidParams((e as JavaException).javaMessage ?? "");
  }
  if (bytes.length === 20) {
    const out = new Uint8Array(21);
    out[0] = 0x41;
    out.set(bytes, 1);
    return out;
  }
  if (bytes.length !== 21 || bytes[0] !== 0x41) throw invalidParams("invalid address hash value");
  return bytes;
}

const JAVA_DIGITS = /^[+-]?[0-9a-fA-F]+$/;

/** `Long.parseLong(text, radix)` (NumberFormatException with Java 8's text on failure). */
export function javaParseLong(text: string, radix: 10 | 16): bigint {
  const digits = radix === 16 ? JAVA_DIGITS : /^[+-]?[0-9]+$/;
  const fail = () => new JavaException(NUMBER_FORMAT, `For input string: "${text}"`);
  if (!digits.test(text)) throw fail();
  const negative = text.startsWith("-");
  const body = text.replace(/^[+-]/, "");
  const magnitude = BigInt(radix === 16 ? `0x${body}` : body);
  const value = negative ? -magnitude : magnitude;
  if (value > 0x7fffffffffffffffn || value < -0x8000000000000000n) throw fail();
  return value;
}

/** `Integer.parseInt(text, radix)`. */
export function javaParseInt(text: string, radix: 10 | 16): number {
  const value = javaParseLong(text, radix);
  if (value > 0x7fffffffn || value < -0x80000000n) {
    throw new JavaException(NUMBER_FORMAT, `For input string: "${text}"`);
  }
  return Number(value);
}

/** `ByteArray.jsonHexToLong`: "0x" required ("Incorrect hex syntax"), then `Long.parseLong(…, 16)`. */
export function jsonHexToLong(text: string): bigint {
  if (!text.startsWith("0x")) throw invalidParams("Incorrect hex syntax");
  return javaParseLong(text.slice(2), 16);
}

/**
 * `ByteArray.hexToBigInteger(input).longValue()`: hex after "0x", else decimal; the low 64 bits.
 * Throws (a Java exception) on anything else; callers turn that into their own message.
 */
export function hexToLongValue(input: string | null): bigint {
  if (input === null) throw new JavaException(NULL_POINTER, null);
  const hex = input.startsWith("0x");
  const body = hex ? input.slice(2) : input;
  const ok = hex ? /^[+-]?[0-9a-fA-F]+$/.test(body) : /^[+-]?[0-9]+$/.test(body);
  if (!ok) throw new JavaException(NUMBER_FORMAT, body.length === 0 ? "Zero length BigInteger" : null);
  const negative = body.startsWith("-");
  const digits = body.replace(/^[+-]/, "");
  const magnitude = BigInt(hex ? `0x${digits}` : digits);
  return BigInt.asIntN(64, negative ? -magnitude : magnitude);
}

/** `JsonRpcApiUtil.parseQuantityValue`: empty → 0, else `jsonHexToLong` ("invalid hex number"). */
export function parseQuantityValue(value: string | null): bigint {
  if (value === null || value === "") return 0n;
  try {
    return jsonHexToLong(value);
  } catch {
    throw invalidParams("invalid param value: invalid hex number");
  }
}

/** `paramStringIsNull`: empty or "0x". */
export function paramStringIsNull(value: string | null): boolean {
  return value === null || value === "" || value === "0x";
}

/** `paramQuantityIsNull`: empty or "0x0". */
export function paramQuantityIsNull(value: string | null): boolean {
  return value === null || value === "" || value === "0x0";
}

export const EARLIEST = "earliest";
export const PENDING = "pending";
export const LATEST = "latest";
export const FINALIZED = "finalized";

export const TAG_PENDING_SUPPORT_ERROR = "TAG pending not supported";
export const TAG_NOT_SUPPORT_ERROR = "TAG [earliest | pending | finalized] not supported";
export const QUANTITY_NOT_SUPPORT_ERROR = "QUANTITY not supported, just support TAG as latest";
export const BLOCK_NUM_ERROR = "invalid block number";
export const JSON_ERROR = "invalid json request";

export function isTag(value: string | null, tag: string): boolean {
  return value !== null && value.toLowerCase() === tag;
}

/**
 * The block parameter of the state methods (getBalance, getStorageAt, getCode, call): only
 * `latest`; the other tags and numbers are refused with java-tron's texts.
 */
export function requireLatest(blockNumOrTag: string | null): void {
  if (isTag(blockNumOrTag, EARLIEST) || isTag(blockNumOrTag, PENDING) || isTag(blockNumOrTag, FINALIZED)) {
    throw invalidParams(TAG_NOT_SUPPORT_ERROR);
  }
  if (isTag(blockNumOrTag, LATEST)) return;
  try {
    hexToLongValue(blockNumOrTag);
  } catch {
    throw invalidParams(BLOCK_NUM_ERROR);
  }
  throw invalidParams(QUANTITY_NOT_SUPPORT_ERROR);
}

/** `TronJsonRpcImpl.HASH_REGEX` then `fromHexString` (a non-hex letter fails the decoding). */
export function hashToByteArray(hash: string | null): Uint8Array {
  if (hash === null) throw new JavaException(NULL_POINTER, null);
  if (!/^(0x)?[a-zA-Z0-9]{64}$/.test(hash)) throw invalidParams("invalid hash value");
  try {
    return fromHexString(hash);
  } catch (e) {
    throw invalidParams((e as JavaException).javaMessage ?? "");
  }
}

/** `ByteArray.fromHex`: the hex text without "0x", left-padded to even length (filter ids). */
export function fromHex(text: string): string {
  const body = text.startsWith("0x") ? text.slice(2) : text;
  return body.length % 2 === 0 ? body : `0${body}`;
}

/** Re-throws a JavaException as jsonrpc4j reports an exception the method does not declare. */
export async function reportingJavaExceptions<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof JavaException) throw e.unmapped();
    throw e;
  }
}

export type { JsonValue };
