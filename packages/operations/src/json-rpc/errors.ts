import { type JsonValue, TronodeError } from "@tronode/engine/internal";

/** JSON-RPC 2.0's error codes plus the server codes java-tron and jsonrpc4j answer. */
export const JsonRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  /** java-tron's JsonRpcInternalException (and ItemNotFoundException, BadItemException). */
  serverError: -32000,
  /** jsonrpc4j's code for an exception a method threw that no annotation maps (TRE's refusals). */
  methodFailed: -32001,
  /** java-tron's JsonRpcTooManyResultException and its batch / response size limits. */
  exceedLimit: -32005,
} as const;

/** A JSON-RPC error as it is answered: code, message and, for some errors, data. */
export interface JsonRpcError {
  readonly code: number;
  readonly message: string;
  /** java-tron's annotated errors carry `data: "{}"`; jsonrpc4j's unmapped ones the exception. */
  readonly data?: JsonValue;
  /** jsonrpc4j answers a request whose params it cannot convert as a parse error with id null. */
  readonly answersWithNullId?: boolean;
}

/** A JSON-RPC error raised while answering a method (carries its JSON-RPC code). */
export class JsonRpcFailure extends TronodeError {
  readonly error: JsonRpcError;
  constructor(error: JsonRpcError) {
    super("JSON_RPC_ERROR", error.message);
    this.error = error;
  }
}
