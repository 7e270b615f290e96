/**
 * The gRPC binding of one operation of `@tronode/operations`: the rpc (by java-tron's name, with its
 * request and response messages), how the request message becomes the operation's Input, how the
 * Result becomes the response message, and which of java-tron's error conventions the rpc follows
 * (RpcApiService handles failures per method, see `RpcFailure`). What the operation does is shared
 * with the HTTP route row of the same operation.
 *
 * One binding serves every service that has an rpc of that name and those types: GetAccount is the
 * same binding on Wallet (head) and WalletSolidity (solid); the server passes the scope.
 */
import type { DescMessage, MessageInitShape, MessageShape } from "@bufbuild/protobuf";
import type { Operation } from "@tronode/operations";

/**
 * How java-tron's RpcApiService reports a failure of the rpc (grpc-and-solidity.md §3.1):
 * - `uncaught`: the handler catches nothing: grpc-java answers UNKNOWN "Application error
 *   processing RPC";
 * - `empty-on-validate`: the old builders: a ContractValidateException answers an empty message
 *   (status OK), anything else is uncaught;
 * - `return`: the TransactionExtention builders: every failure goes into `result` (Return) —
 *   CONTRACT_VALIDATE_ERROR "Contract validate error : …" or OTHER_ERROR "class X : …";
 * - `internal`: `onError(getRunTimeException(e))`: INTERNAL with the exception's message;
 * - `unknown`: `onError(e)` with a plain exception: UNKNOWN without a description.
 */
export type RpcFailure = "uncaught" | "empty-on-validate" | "return" | "internal" | "unknown";

/** How an operation serves one rpc: its messages, the conversions both ways, its failure convention. */
export interface RpcBinding<
  Req extends DescMessage = DescMessage,
  Res extends DescMessage = DescMessage,
  Input = unknown,
  Result = unknown,
> {
  /** java-tron's rpc name, e.g. `GetAccount` (the method path is `/protocol.<Service>/<rpc>`). */
  readonly rpc: string;
  readonly request: Req;
  readonly response: Res;
  readonly operation: Operation<Input, Result>;
  /** The request message → the operation's input. */
  readonly input: (request: MessageShape<Req>) => Input;
  /** The operation's result → the response; `undefined` answers the empty message (java-tron's "not found"). */
  readonly output: (result: Result) => MessageInitShape<Res> | undefined;
  readonly failure: RpcFailure;
  /** A java exception class the handler catches and answers with the empty message (status OK). */
  readonly emptyOn?: string;
  /**
   * For `internal`: the java exception classes the handler's catch names, when it names some (any
   * other escapes: `uncaught`). Absent: it catches every exception.
   */
  readonly caught?: readonly string[];
  /**
   * The operation hands out the same result object while the state is unchanged (the wallet's
   * account report) and `output` passes it through: the server encodes each such object once, as
   * the HTTP route prints it once.
   */
  readonly encodeOnce?: boolean;
}

/** Declares a binding with its types checked against the messages and the operation. */
export function bindRpc<Req extends DescMessage, Res extends DescMessage, Input, Result>(
  binding: RpcBinding<Req, Res, Input, Result>,
): RpcBinding {
  return binding as unknown as RpcBinding;
}

/** An rpc of a service that answers UNIMPLEMENTED with a fixed text. */
export interface UnimplementedRpc {
  readonly rpc: string;
  /** Why: java-tron itself does not implement it, or tronode does not serve it yet. */
  readonly reason: "java-tron" | "not-yet";
  /** The HTTP operation of the same java-tron function, when there is one (README coverage). */
  readonly operationName?: string;
  /** Why tronode cannot serve it, when it never will (the UNIMPLEMENTED text). */
  readonly message?: string;
}

/** An rpc tronode does not serve yet; `operationName` links it to the HTTP row of the same operation. */
export function notYetRpc(rpc: string, operationName?: string, message?: string): UnimplementedRpc {
  return {
    rpc,
    reason: "not-yet",
    ...(operationName !== undefined ? { operationName } : {}),
    ...(message !== undefined ? { message } : {}),
  };
}

/** An rpc java-tron declares in its proto but never implements (grpc-java's default answer). */
export function javaTronUnimplementedRpc(rpc: string): UnimplementedRpc {
  return { rpc, reason: "java-tron" };
}
