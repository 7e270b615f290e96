/**
 * `POST /jsonrpc`: java-tron's Ethereum-compatible JSON-RPC (`@tronode/operations`' eth methods) in jsonrpc4j's
 * dialect as java-tron runs it — HTTP 200 always, `jsonrpc` optional and echoed, "JSON parse error"
 * (-32700), "invalid request" (-32600), "method not found" (-32601), "method parameters invalid"
 * (-32602) for a wrong parameter count, no answer to a notification (`null` in a batch), at most
 * 100 calls per batch and 25 MiB per answer (-32005). On a dev chain the same endpoint also answers
 * the dev methods (`evm_*`, `hardhat_*`, `anvil_*`, `tre_*`: hardhat-tron sends them here).
 */
import { type DevApi, type Logger, TronodeError } from "@tronode/engine/internal";
import {
  ETH_METHODS_BY_NAME,
  type EthJsonRpcContext,
  JsonRpcErrorCodes,
  type JsonRpcMethodLookup,
  runEthMethod,
} from "@tronode/operations";
import { DEV_RPC_METHODS } from "../dev-rpc-methods.js";
import { answerJsonRpc, type JsonRpcDialect } from "./framing.js";

export const MAX_BATCH_SIZE = 100;
export const MAX_RESPONSE_BYTES = 25 * 1024 * 1024;

const METHOD_NOT_FOUND = { code: JsonRpcErrorCodes.methodNotFound, message: "method not found" };

export const JAVA_TRON_DIALECT: JsonRpcDialect = {
  name: "java-tron",
  parseError: { code: JsonRpcErrorCodes.parseError, message: "JSON parse error" },
  invalidBody: { code: JsonRpcErrorCodes.invalidRequest, message: "invalid request" },
  // jsonrpc4j (backwards compatible): no `jsonrpc` needed; no method name is an unknown method.
  validate: (request) =>
    request.method === undefined || request.method === null ? METHOD_NOT_FOUND : undefined,
  invalidRequestKeepsId: true,
  methodNotFound: () => METHOD_NOT_FOUND,
  unexpected: (error) =>
    // A refusal the method does not declare: jsonrpc4j's DefaultErrorResolver shape.
    error instanceof TronodeError
      ? {
          code: JsonRpcErrorCodes.methodFailed,
          message: error.message,
          data: {
            exceptionTypeName: error.javaClass ?? "java.lang.RuntimeException",
            message: error.message,
          },
        }
      : {
          code: JsonRpcErrorCodes.internalError,
          message: error instanceof Error ? error.message : String(error),
        },
  silentNotifications: true,
  echoVersion: true,
  maxBatchSize: MAX_BATCH_SIZE,
  batchTooLarge: (size) => ({
    code: JsonRpcErrorCodes.exceedLimit,
    message: `Batch size ${size} exceeds the limit of ${MAX_BATCH_SIZE}`,
  }),
  maxResponseBytes: MAX_RESPONSE_BYTES,
  responseTooLarge: (bytes) => ({
    code: JsonRpcErrorCodes.exceedLimit,
    message: `Response byte size ${bytes} exceeds the limit of ${MAX_RESPONSE_BYTES}`,
  }),
};

export interface EthJsonRpcServing {
  readonly context: EthJsonRpcContext;
  /** The dev methods, on a dev chain. */
  readonly dev?: DevApi;
  /** Further methods (debug_traceTransaction). */
  readonly extra?: JsonRpcMethodLookup;
}

/** The handler of a /jsonrpc method name, if any. */
export function ethJsonRpcLookup(serving: EthJsonRpcServing): JsonRpcMethodLookup {
  return (name) => {
    const eth = ETH_METHODS_BY_NAME.get(name);
    if (eth !== undefined) return (params) => runEthMethod(serving.context, eth, params);
    const dev = serving.dev !== undefined ? DEV_RPC_METHODS.get(name) : undefined;
    if (dev !== undefined) return (params) => dev(serving.dev!, params);
    return serving.extra?.(name);
  };
}

/** Answers the text of a POST /jsonrpc body ("" for a lone notification). */
export function answerEthJsonRpc(text: string, serving: EthJsonRpcServing, logger: Logger): Promise<string> {
  return answerJsonRpc(text, JAVA_TRON_DIALECT, ethJsonRpcLookup(serving), logger);
}
