/**
 * The shape of one row of the route table: one java-tron operation, the paths and methods it is
 * served on, how its input is read from a request, how it is answered from the WalletApi, and how
 * the answer is printed. Rows are plain data; `http-server.ts` turns them into fastify routes.
 */
import type { ReadScope, WalletApi } from "@tronode/engine";
import type { JsonObject, JsonValue } from "./engine-protocol.js";

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

/**
 * - `served`: answered from the WalletApi / DevApi;
 * - `not-implemented`: registered like java-tron but answered with tronode's "not supported yet";
 * - `unsupported`: java-tron itself no longer serves it; answered with a "not supported" error.
 */
export type RouteAvailability = "served" | "not-implemented" | "unsupported";

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

export interface RouteRow<Input = unknown, Result = unknown> {
  /** Operation name as java-tron spells it in the path (case-sensitive), e.g. `getaccount`. */
  readonly name: string;
  readonly paths: readonly string[];
  readonly methods: readonly HttpMethod[];
  /** Only for POST-only rows: what GET answers. */
  readonly getOnPost?: GetOnPostOnly;
  readonly visibleFrom: VisibleSource;
  readonly availability: RouteAvailability;
  /** Takes or returns private keys / pass phrases: served only on loopback or with allowKeyOperations. */
  readonly handlesKeys?: boolean;
  /** One line for the README coverage table. */
  readonly note?: string;
  readonly read: (request: WalletRequest) => Input;
  readonly handle: (api: WalletApi, input: Input) => Promise<Result>;
  readonly print: (result: Result, visible: boolean) => JsonValue;
}

/** Declares a row with its Input/Result types checked, stored type-erased in the table. */
export function defineRoute<Input, Result>(row: RouteRow<Input, Result>): RouteRow {
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
