/**
 * One java-tron wallet operation below the framing: what it takes (Input), the WalletApi call it
 * makes with java-tron's checks (run), and what it answers (Result). Transports only bind it:
 * transport-http reads Input from a request and prints Result as java-tron's JSON, transport-grpc
 * takes Input from the request message and encodes Result as the rpc's response message. The
 * same operation backs /wallet/getaccount, /walletsolidity/getaccount, Wallet/GetAccount and
 * WalletSolidity/GetAccount — only `context.scope` differs.
 *
 * Conventions: `undefined` in a Result means java-tron's "not found" (HTTP `{}`, gRPC an empty
 * message); failures throw TronodeError with java-tron's message and exception class, which each
 * transport maps to its own shape (HTTP `{"Error":"class X : msg"}`, gRPC `Return` or a status).
 */
import type { ReadScope, WalletApi } from "@tronode/engine/internal";

/**
 * - `served`: answered from the WalletApi;
 * - `not-implemented`: java-tron serves it, tronode does not yet (a clear "not supported by tronode
 *   yet" error, UNIMPLEMENTED over gRPC);
 * - `unsupported`: java-tron itself no longer serves it.
 */
export type OperationAvailability = "served" | "not-implemented" | "unsupported";

/** What the transport knows about the call beyond its input. */
export interface OperationContext {
  /** `solid` under /walletsolidity and on the solidity gRPC port, `head` otherwise. */
  readonly scope: ReadScope;
}

/** One wallet operation: its java-tron name, availability, and the WalletApi call it makes. */
export interface Operation<Input = unknown, Result = unknown> {
  /** java-tron's HTTP name of the operation (case-sensitive, e.g. `getaccount`, `getBrokerage`). */
  readonly name: string;
  readonly availability: OperationAvailability;
  /** Takes or returns private keys / pass phrases: served only on loopback or by explicit opt-in. */
  readonly handlesKeys?: boolean;
  /** One line for the README coverage table. */
  readonly note?: string;
  readonly run: (api: WalletApi, input: Input, context: OperationContext) => Promise<Result>;
}

/** Declares an operation with its Input/Result types checked. */
export function defineOperation<Input, Result>(
  operation: Operation<Input, Result>,
): Operation<Input, Result> {
  return operation;
}

/** Operations that take nothing but the scope (getnowblock, listwitnesses, getchainparameters, …). */
export type QueryOperation<Result> = Operation<void, Result>;

export function queryOperation<Result>(
  name: string,
  run: (api: WalletApi, context: OperationContext) => Promise<Result>,
  extra: { readonly note?: string } = {},
): QueryOperation<Result> {
  return defineOperation<void, Result>({
    name,
    availability: "served",
    ...extra,
    run: (api, _input, context) => run(api, context),
  });
}
