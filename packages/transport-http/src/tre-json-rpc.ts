/**
 * `POST /tre`: the dev methods (dev-rpc-methods.ts) on the shared JSON-RPC framing, in the strict
 * JSON-RPC 2.0 dialect tronode has always answered there — -32700 parse error, -32600 invalid
 * request (a `jsonrpc` other than "2.0", no method name), -32601 unknown method, -32602 bad params,
 * -32001 a refusal (TRE's range texts, the node's refusals: what jsonrpc4j answers for a thrown
 * exception), -32603 an unexpected failure.
 */
import { type DevApi, type Logger, TronodeError } from "@tronode/engine/internal";
import { JsonRpcErrorCodes, type JsonRpcMethodLookup } from "@tronode/operations";
import { DEV_RPC_METHODS } from "./dev-rpc-methods.js";
import { answerJsonRpc, type JsonRpcDialect } from "./json-rpc/framing.js";

const INVALID_REQUEST = { code: JsonRpcErrorCodes.invalidRequest, message: "Invalid Request" };

export const TRE_DIALECT: JsonRpcDialect = {
  name: "TRE",
  parseError: { code: JsonRpcErrorCodes.parseError, message: "Parse error" },
  invalidBody: INVALID_REQUEST,
  emptyBatch: INVALID_REQUEST,
  validate: (request) =>
    typeof request.method !== "string" || ("jsonrpc" in request && request.jsonrpc !== "2.0")
      ? INVALID_REQUEST
      : undefined,
  invalidRequestKeepsId: true,
  methodNotFound: (method) => ({
    code: JsonRpcErrorCodes.methodNotFound,
    message: `Method not found: ${method}`,
  }),
  unexpected: (error) =>
    // The node refused (bad time, bad state dump, …): its text, as jsonrpc4j reports exceptions.
    error instanceof TronodeError
      ? { code: JsonRpcErrorCodes.methodFailed, message: error.message }
      : {
          code: JsonRpcErrorCodes.internalError,
          message: error instanceof Error ? error.message : String(error),
        },
  silentNotifications: false,
  echoVersion: false,
};

/** Answers the text of a POST /tre body. */
export function answerTreJsonRpc(
  text: string,
  dev: DevApi,
  logger: Logger,
  /** Methods served beside the dev ones (debug_traceTransaction). */
  extra?: JsonRpcMethodLookup,
): Promise<string> {
  return answerJsonRpc(
    text,
    TRE_DIALECT,
    (method) => {
      const handler = DEV_RPC_METHODS.get(method);
      if (handler !== undefined) return (params) => handler(dev, params);
      return extra?.(method);
    },
    logger,
  );
}
