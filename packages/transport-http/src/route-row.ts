/**
 * The shape of one row of the route table: the HTTP binding of one operation of
 * `@tronode/operations` — the paths and methods it is served on, how its Input is read from a
 * request (java-tron's servlet: JSON body or query string → the operation's input), and how its
 * Result is printed as java-tron's JSON. What the operation does (the WalletApi call, java-tron's
 * checks, "not found") lives in the operation, shared with the gRPC binding; a row adds framing
 * only. Rows are plain data; `wallet-route-registration.ts` turns them into fastify routes.
 */
import type { ReadScope } from "@tronode/engine/internal";
import type { Operation, OperationAvailability } from "@tronode/operations";
import type { JsonObject, JsonValue } from "./engine-protocol.js";

/** The HTTP methods a java-tron servlet answers. */
export type HttpMethod = "GET" | "POST";

/**
 * What a GET on a POST-only java-tron servlet answers (wire-and-http.md §3.5): servlets that
 * override doGet with an empty method answer 200 with an empty body; the others inherit
 * HttpServlet's 405.
 */
export type GetOnPostOnly = "empty200" | "405";

/**
 * Where `visible` comes from on POST: the body's top-level `visible` key, or — for servlets whose
 * doPost just calls doGet — only the query string (wire-and-http.md §3.3). GET always reads it
 * from the query string.
 */
export type VisibleSource = "body" | "query";

/** The operation's availability (served, not-implemented, unsupported). */
export type RouteAvailability = OperationAvailability;

/** A request as the row's `read` sees it. */
export interface WalletRequest {
  readonly method: HttpMethod;
  readonly path: string;
  /** `solid` under /walletsolidity, `head` otherwise. */
  readonly scope: ReadScope;
  /** First value of a query parameter. */
  query(name: string): string | undefined;
  /** The POST body as a JSON object (`{}` for GET and empty bodies). Parsed on first use. */
  body(): JsonObject;
  /** `visible` per the row's `visibleFrom` and the method. */
  visible(): boolean;
}

/** What a row declares: its operation plus the HTTP framing. */
export interface RouteBinding<Input, Result> {
  readonly operation: Operation<Input, Result>;
  readonly paths: readonly string[];
  readonly methods: readonly HttpMethod[];
  /** Only for POST-only rows: what GET answers. */
  readonly getOnPost?: GetOnPostOnly;
  readonly visibleFrom: VisibleSource;
  /** The request → the operation's input (the servlet's parsing, with its failure texts). */
  readonly read: (request: WalletRequest) => Input;
  /** The operation's result → java-tron's JSON; `input` is what `read` returned. */
  readonly print: (result: Result, visible: boolean, input: Input) => JsonValue;
}

/** A route table row: an operation's HTTP binding, with its name, availability and key handling. */
export interface RouteRow<Input = unknown, Result = unknown> extends RouteBinding<Input, Result> {
  /** The operation's name as java-tron spells it in the path (case-sensitive), e.g. `getaccount`. */
  readonly name: string;
  readonly availability: RouteAvailability;
  /** Takes or returns private keys / pass phrases: served only on loopback or with allowKeyOperations. */
  readonly handlesKeys?: boolean;
  /** One line for the README coverage table. */
  readonly note?: string;
}

/**
 * Declares the HTTP binding of an operation, with its Input/Result types checked against the
 * operation's, stored type-erased in the table. Name, availability, key handling and note come
 * from the operation.
 */
export function defineRoute<Input, Result>(binding: RouteBinding<Input, Result>): RouteRow {
  const { operation } = binding;
  const row: RouteRow<Input, Result> = {
    ...binding,
    name: operation.name,
    availability: operation.availability,
    ...(operation.handlesKeys === true ? { handlesKeys: true } : {}),
    ...(operation.note !== undefined ? { note: operation.note } : {}),
  };
  return row as unknown as RouteRow;
}

/** java-tron prints `{}` for "not found". */
export const NOT_FOUND_BODY: JsonObject = Object.freeze({}) as JsonObject;

export function walletPaths(name: string): string[] {
  return [`/wallet/${name}`];
}

/** The operation under /wallet and under /walletsolidity (same handler, scope from the path). */
export function walletAndSolidityPaths(name: string): string[] {
  return [`/wallet/${name}`, `/walletsolidity/${name}`];
}
