/**
 * jsonrpc4j's parameter binding as java-tron's JSON-RPC service gets it: positional params matched
 * to the Java method by count (no extra, no missing: -32602 "method parameters invalid"), each
 * converted by Jackson to the declared Java type. A value Jackson cannot convert (an object for a
 * String, an unknown property of an argument class, …) makes jsonrpc4j answer a parse error with a
 * null id; a null argument class reaches the method as null (a NullPointerException there).
 */
import { JsonDecimal, type JsonValue } from "@tronode/engine/internal";
import { JsonRpcErrorCodes, JsonRpcFailure } from "./errors.js";

/** Jackson could not bind a parameter: jsonrpc4j's PARSE_ERROR, answered with id null. */
export function bindingFailure(): JsonRpcFailure {
  return new JsonRpcFailure({
    code: JsonRpcErrorCodes.parseError,
    message: "JSON parse error",
    answersWithNullId: true,
  });
}

/** jsonrpc4j found no method taking that many params. */
export function paramCountMismatch(): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.invalidParams, message: "method parameters invalid" });
}

/** The positional params of a call to a method of `arity` parameters. */
export function positionalParams(params: unknown, arity: number): unknown[] {
  if (params === undefined || params === null) {
    if (arity === 0) return [];
    throw paramCountMismatch();
  }
  if (Array.isArray(params)) {
    if (params.length !== arity) throw paramCountMismatch();
    return params;
  }
  // Named params: java-tron's methods name none, so only an empty object fits a method without any.
  if (typeof params === "object" && Object.keys(params).length === 0 && arity === 0) return [];
  throw paramCountMismatch();
}

function isObject(value: unknown): value is Record<string, JsonValue> {
  return (
    typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof JsonDecimal)
  );
}

/** Jackson `String`: text, or a scalar's text; null stays null. */
export function javaString(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint" || typeof value === "boolean")
    return String(value);
  if (value instanceof JsonDecimal) return value.text;
  throw bindingFailure();
}

/** Jackson `Boolean`: true/false, "true"/"false" (any of Jackson's spellings), an integer; null. */
export function javaBoolean(value: unknown): boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "boolean") return value;
  if (typeof value === "number" && Number.isInteger(value)) return value !== 0;
  if (typeof value === "bigint") return value !== 0n;
  if (typeof value === "string") {
    if (value === "true" || value === "True" || value === "TRUE") return true;
    if (value === "false" || value === "False" || value === "FALSE") return false;
    if (value === "") return null;
  }
  throw bindingFailure();
}

/** Jackson `Long`: an integer, a decimal string, a fraction truncated; null. */
export function javaLong(value: unknown): bigint | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "bigint") return value;
  if (typeof value === "number" && Number.isFinite(value)) return BigInt(Math.trunc(value));
  if (value instanceof JsonDecimal) return BigInt(Math.trunc(Number(value.text)));
  if (typeof value === "string" && /^[+-]?[0-9]+$/.test(value.trim())) return BigInt(value.trim());
  if (typeof value === "string" && value === "") return null;
  throw bindingFailure();
}

/** Jackson `Object`: the JSON value as is (java-tron inspects String / HashMap / ArrayList). */
export function javaObject(value: unknown): JsonValue {
  return (value ?? null) as JsonValue;
}

export type FieldKind = "string" | "long" | "boolean" | "object" | "array";

/**
 * A Jackson-bound argument class: only the listed properties (an unknown one fails the binding),
 * each converted by its kind; absent properties keep the class's defaults (`undefined` here).
 */
export function javaBean<Fields extends Record<string, FieldKind>>(
  value: unknown,
  fields: Fields,
): { [K in keyof Fields]?: unknown } | null {
  if (value === null || value === undefined) return null;
  if (!isObject(value)) throw bindingFailure();
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(value)) {
    const kind = fields[key];
    if (kind === undefined) throw bindingFailure();
    switch (kind) {
      case "string":
        out[key] = javaString(raw);
        break;
      case "long":
        out[key] = javaLong(raw);
        break;
      case "boolean":
        out[key] = javaBoolean(raw);
        break;
      case "array":
        if (raw !== null && !Array.isArray(raw)) throw bindingFailure();
        out[key] = raw;
        break;
      default:
        out[key] = raw;
    }
  }
  return out as { [K in keyof Fields]?: unknown };
}
