/**
 * Turns a POST body into the JSON object java-tron's servlets work on (`PostParams.getPostParams`):
 * - `Content-Type` exactly `application/x-www-form-urlencoded` and the text is not JSON: the form
 *   fields become an object (one value → string, repeated key → array of strings);
 * - anything else, including no content type at all, is JSON text;
 * - an empty body is `{}` (TronWeb posts parameterless calls with no body and no content type).
 * Integers beyond 2^53 stay exact (bigint). Invalid JSON fails as fastjson's JSONException.
 */
import { TronodeError } from "@tronode/engine/internal";
import {
  FASTJSON_EXCEPTION,
  JsonDecimal,
  type JsonObject,
  JsonText,
  type JsonValue,
  parseJsonText,
} from "./engine-protocol.js";
import { TransportErrorCodes } from "./java-error-body.js";

export const FORM_CONTENT_TYPE = "application/x-www-form-urlencoded";

export function parseRequestBody(text: string, contentType: string | undefined): JsonObject {
  if (text.trim().length === 0) return {};
  if (contentType === FORM_CONTENT_TYPE) {
    const asJson = tryParseJson(text);
    return asJson === undefined ? formFieldsToObject(text) : expectObject(asJson);
  }
  return expectObject(parseJsonText(text));
}

function tryParseJson(text: string): JsonValue | undefined {
  try {
    return parseJsonText(text);
  } catch {
    return undefined;
  }
}

function expectObject(value: JsonValue): JsonObject {
  if (
    value !== null &&
    typeof value === "object" &&
    !Array.isArray(value) &&
    !(value instanceof JsonDecimal) &&
    !(value instanceof JsonText)
  ) {
    return value;
  }
  throw new TronodeError(TransportErrorCodes.badRequest, "can not cast to JSONObject.", {
    javaClass: FASTJSON_EXCEPTION,
  });
}

function formFieldsToObject(text: string): JsonObject {
  // A Map, not an object: form keys such as __proto__ or constructor are plain data here.
  const fields = new Map<string, string[]>();
  for (const [key, value] of new URLSearchParams(text)) {
    const existing = fields.get(key);
    if (existing === undefined) fields.set(key, [value]);
    else existing.push(value);
  }
  return Object.fromEntries(
    [...fields].map(([key, values]) => [key, values.length === 1 ? values[0]! : values]),
  ) as JsonObject;
}
