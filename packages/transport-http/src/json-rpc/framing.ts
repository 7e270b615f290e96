/**
 * The JSON-RPC framing shared by `POST /tre` (the dev methods) and `POST /jsonrpc` (java-tron's
 * Ethereum-compatible API): parse the body, answer one request or a batch element by element, look
 * the method up, and turn failures into error objects. What differs between the two endpoints —
 * which requests are valid, the texts of the framing errors, whether notifications are answered,
 * the batch and response limits — is a `JsonRpcDialect`.
 */
import type { Logger } from "@tronode/engine/internal";
import {
  type JsonRpcError,
  JsonRpcErrorCodes,
  JsonRpcFailure,
  type JsonRpcMethodLookup,
} from "@tronode/operations";
import { type JsonValue, parseJsonText, stringifyJson } from "../engine-protocol.js";

export type JsonRpcId = string | number | null;

export interface JsonRpcDialect {
  /** Logged with unexpected failures. */
  readonly name: string;
  readonly parseError: JsonRpcError;
  /** A body (or batch element) that is not an object. */
  readonly invalidBody: JsonRpcError;
  /** The answer to `[]` (undefined: an empty array, as jsonrpc4j answers it). */
  readonly emptyBatch?: JsonRpcError;
  /** An element that is not a valid request: its error (the id to answer with is the dialect's). */
  validate(request: Record<string, JsonValue>): JsonRpcError | undefined;
  /** Whether an invalid request is answered with its own id (else null). */
  readonly invalidRequestKeepsId: boolean;
  methodNotFound(method: string): JsonRpcError;
  /** A failure that is not a JsonRpcFailure (a TronodeError refusal, or a bug). */
  unexpected(error: unknown): JsonRpcError;
  /** jsonrpc4j answers nothing to a call without an id (a notification); `null` in a batch. */
  readonly silentNotifications: boolean;
  /** Echo the request's `jsonrpc` text (jsonrpc4j) instead of always "2.0". */
  readonly echoVersion: boolean;
  /** A batch longer than this is refused as a whole. */
  readonly maxBatchSize?: number;
  batchTooLarge?(size: number): JsonRpcError;
  /** An answer longer than this many bytes (UTF-8) is replaced by an error. */
  readonly maxResponseBytes?: number;
  responseTooLarge?(bytes: number): JsonRpcError;
}

function isPlainObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function idOf(request: unknown): JsonRpcId {
  if (!isPlainObject(request)) return null;
  const id = request.id;
  if (typeof id === "string" || typeof id === "number") return id;
  if (typeof id === "bigint") return Number(id);
  return null;
}

function errorObject(error: JsonRpcError): JsonValue {
  return error.data === undefined
    ? { code: error.code, message: error.message }
    : { code: error.code, message: error.message, data: error.data };
}

function errorResponse(version: string, id: JsonRpcId, error: JsonRpcError): JsonValue {
  return { jsonrpc: version, id, error: errorObject(error) };
}

/** `undefined`: nothing to answer (a successful notification). */
async function answerOne(
  request: unknown,
  dialect: JsonRpcDialect,
  lookup: JsonRpcMethodLookup,
  logger: Logger,
): Promise<JsonValue | undefined> {
  const id = idOf(request);
  if (!isPlainObject(request)) return errorResponse("2.0", null, dialect.invalidBody);
  const version = dialect.echoVersion && typeof request.jsonrpc === "string" ? request.jsonrpc : "2.0";
  const invalid = dialect.validate(request);
  if (invalid) return errorResponse(version, dialect.invalidRequestKeepsId ? id : null, invalid);
  const method = String(request.method);
  const handler = lookup(method);
  if (handler === undefined) return errorResponse(version, id, dialect.methodNotFound(method));
  let result: JsonValue;
  try {
    result = await handler(request.params);
  } catch (error) {
    if (error instanceof JsonRpcFailure) {
      return errorResponse(version, error.error.answersWithNullId === true ? null : id, error.error);
    }
    const mapped = dialect.unexpected(error);
    if (mapped.code === JsonRpcErrorCodes.internalError) {
      logger.warn(
        { method, error: error instanceof Error ? error.message : String(error) },
        `${dialect.name} JSON-RPC method failed`,
      );
    }
    return errorResponse(version, id, mapped);
  }
  if (id === null && dialect.silentNotifications) return undefined;
  return { jsonrpc: version, id, result };
}

/** The serialised answer to a JSON-RPC body ("" when there is nothing to answer). */
export async function answerJsonRpc(
  text: string,
  dialect: JsonRpcDialect,
  lookup: JsonRpcMethodLookup,
  logger: Logger,
): Promise<string> {
  let parsed: JsonValue;
  try {
    parsed = parseJsonText(text);
  } catch {
    return stringifyJson(errorResponse("2.0", null, dialect.parseError));
  }
  let answer: JsonValue | undefined;
  let singleId: JsonRpcId = null;
  if (Array.isArray(parsed)) {
    if (parsed.length === 0) {
      return dialect.emptyBatch ? stringifyJson(errorResponse("2.0", null, dialect.emptyBatch)) : "[]";
    }
    if (dialect.maxBatchSize !== undefined && dialect.batchTooLarge && parsed.length > dialect.maxBatchSize) {
      return stringifyJson(errorResponse("2.0", null, dialect.batchTooLarge(parsed.length)));
    }
    const answers: JsonValue[] = [];
    for (const request of parsed) answers.push((await answerOne(request, dialect, lookup, logger)) ?? null);
    answer = answers;
  } else {
    singleId = idOf(parsed);
    answer = await answerOne(parsed, dialect, lookup, logger);
  }
  if (answer === undefined) return "";
  const body = stringifyJson(answer);
  if (dialect.maxResponseBytes !== undefined && dialect.responseTooLarge) {
    const bytes = Buffer.byteLength(body, "utf8");
    if (bytes > dialect.maxResponseBytes) {
      return stringifyJson(errorResponse("2.0", singleId, dialect.responseTooLarge(bytes)));
    }
  }
  return body;
}
