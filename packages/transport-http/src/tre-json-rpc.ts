/**
 * The dev JSON-RPC framing (`POST /tre`, JSON-RPC 2.0): requests, batches answered element by
 * element, and errors with the standard codes — -32700 parse error, -32600 invalid request, -32601
 * unknown method, -32602 bad params, -32001 a refusal (TRE's range texts, the node's refusals: what
 * jsonrpc4j answers for a thrown exception), -32603 an unexpected failure. The methods are in
 * dev-rpc-methods.ts.
 */
import { type DevApi, type Logger, TronodeError } from "@tronode/engine";
import { DEV_RPC_METHODS, type JsonRpcError, JsonRpcErrorCodes, JsonRpcFailure } from "./dev-rpc-methods.js";
import { type JsonValue, parseJsonText } from "./engine-protocol.js";

export { JsonRpcErrorCodes };

function isPlainObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

type JsonRpcId = string | number | null;

function idOf(request: unknown): JsonRpcId {
  if (!isPlainObject(request)) return null;
  const id = request.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

function errorResponse(id: JsonRpcId, error: JsonRpcError): JsonValue {
  return { jsonrpc: "2.0", id, error: { code: error.code, message: error.message } };
}

async function answerOne(request: unknown, dev: DevApi, logger: Logger): Promise<JsonValue> {
  const id = idOf(request);
  if (
    !isPlainObject(request) ||
    typeof request.method !== "string" ||
    ("jsonrpc" in request && request.jsonrpc !== "2.0")
  ) {
    return errorResponse(id, { code: JsonRpcErrorCodes.invalidRequest, message: "Invalid Request" });
  }
  const handler = DEV_RPC_METHODS.get(request.method);
  if (handler === undefined) {
    return errorResponse(id, {
      code: JsonRpcErrorCodes.methodNotFound,
      message: `Method not found: ${request.method}`,
    });
  }
  try {
    return { jsonrpc: "2.0", id, result: await handler(dev, request.params) };
  } catch (error) {
    if (error instanceof JsonRpcFailure) return errorResponse(id, error.error);
    // The node refused (bad time, bad state dump, …): its text, as jsonrpc4j reports exceptions.
    if (error instanceof TronodeError) {
      return errorResponse(id, { code: JsonRpcErrorCodes.methodFailed, message: error.message });
    }
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ method: request.method, error: message }, "TRE JSON-RPC method failed");
    return errorResponse(id, { code: JsonRpcErrorCodes.internalError, message });
  }
}

/** Answers the text of a POST /tre body. */
export async function answerTreJsonRpc(text: string, dev: DevApi, logger: Logger): Promise<JsonValue> {
  let parsed: JsonValue;
  try {
    parsed = parseJsonText(text);
  } catch {
    return errorResponse(null, { code: JsonRpcErrorCodes.parseError, message: "Parse error" });
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0)
      return errorResponse(null, { code: JsonRpcErrorCodes.invalidRequest, message: "Invalid Request" });
    const answers: JsonValue[] = [];
    for (const request of parsed) answers.push(await answerOne(request, dev, logger));
    return answers;
  }
  return answerOne(parsed, dev, logger);
}
