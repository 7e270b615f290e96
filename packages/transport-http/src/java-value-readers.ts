/**
 * Readers that turn request values into typed values with the semantics (and the failure texts)
 * of the Java calls java-tron's servlets use on them: `Long.parseLong`, `ByteArray.fromHexString`,
 * `Boolean.parseBoolean`, fastjson's `getString` / `getInteger`.
 */
import { TronodeError } from "@tronode/engine/internal";
import { FASTJSON_EXCEPTION, stringifyJson } from "./engine-protocol.js";
import { TransportErrorCodes, TransportJavaClasses } from "./java-error-body.js";

const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;
const DECIMAL_LONG = /^[+-]?[0-9]+$/;

function numberFormatError(message: string): TronodeError {
  return new TronodeError(TransportErrorCodes.badRequest, message, {
    javaClass: TransportJavaClasses.numberFormat,
  });
}

/** Java 8 `Long.parseLong(text)`: optional sign, decimal digits, 64-bit range. */
export function parseJavaLong(text: string | undefined): bigint {
  if (text === undefined) throw numberFormatError("null");
  if (!DECIMAL_LONG.test(text) || text === "+" || text === "-") {
    throw numberFormatError(`For input string: "${text}"`);
  }
  const value = BigInt(text);
  if (value < LONG_MIN || value > LONG_MAX) throw numberFormatError(`For input string: "${text}"`);
  return value;
}

/** Java 8 `Integer.parseInt(text)`: as parseLong, within the 32-bit range. */
export function parseJavaInt(text: string | undefined): number {
  const value = parseJavaLong(text);
  if (value < -(2n ** 31n) || value >= 2n ** 31n) throw numberFormatError(`For input string: "${text}"`);
  return Number(value);
}

/** `Long.parseLong` that answers undefined instead of failing (java-tron's `WalletUtil.isLong`). */
export function tryParseJavaLong(text: string): bigint | undefined {
  try {
    return parseJavaLong(text);
  } catch {
    return undefined;
  }
}

export { parseJavaHex } from "@tronode/operations";

/** `Boolean.parseBoolean(String.valueOf(value))`: only "true" in any letter case is true. */
export function parseJavaBoolean(value: unknown): boolean {
  if (value === true) return true;
  return typeof value === "string" && value.length === 4 && value.toLowerCase() === "true";
}

/** fastjson `JSONObject.getString`: strings as they are, other values as their JSON text, null stays null. */
export function javaStringOf(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  return stringifyJson(value);
}

/** fastjson `JSONObject.getInteger` for the values clients send: numbers, numeric strings, booleans. */
export function javaIntegerOf(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === "number" && Number.isFinite(value)) return Math.trunc(value) | 0;
  if (typeof value === "bigint") return Number(BigInt.asIntN(32, value));
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "string") {
    const trimmed = value.trim();
    if (trimmed.length === 0) return undefined;
    if (/^[+-]?[0-9]+$/.test(trimmed)) {
      const parsed = BigInt(trimmed);
      if (parsed >= -(2n ** 31n) && parsed < 2n ** 31n) return Number(parsed);
    }
    throw new TronodeError(TransportErrorCodes.badRequest, `For input string: "${value}"`, {
      javaClass: TransportJavaClasses.numberFormat,
    });
  }
  throw new TronodeError(
    TransportErrorCodes.badRequest,
    `can not cast to int, value : ${stringifyJson(value)}`,
    {
      javaClass: FASTJSON_EXCEPTION,
    },
  );
}
