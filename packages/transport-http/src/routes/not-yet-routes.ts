/**
 * java-tron paths tronode registers but does not serve yet, so a client gets a clear answer
 * instead of a 404 (wire-and-http.md §3.5–§3.6), plus the /walletextension paths java-tron no
 * longer serves. Methods and GET-on-POST behaviour follow java-tron, so implementing an operation
 * later only replaces its row. Each answers HTTP 200:
 * `{"Error":"class org.tron.core.exception.TronodeNotImplemented : <op> is not supported by tronode yet"}`.
 */
import { notYetOperation, type Operation, walletExtensionOperation } from "@tronode/operations";
import {
  defineRoute,
  type GetOnPostOnly,
  type HttpMethod,
  type RouteRow,
  type VisibleSource,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";

interface NotYetSpec {
  /** The operation, `notYetOperation(name)` unless it needs its own message. */
  readonly operation: Operation<void, never>;
  readonly paths: string[];
  readonly methods: readonly HttpMethod[];
  readonly getOnPost?: GetOnPostOnly;
  readonly visibleFrom: VisibleSource;
}

export function notYetRoute(spec: NotYetSpec): RouteRow {
  return defineRoute({
    operation: spec.operation,
    paths: spec.paths,
    methods: spec.methods,
    ...(spec.getOnPost !== undefined ? { getOnPost: spec.getOnPost } : {}),
    visibleFrom: spec.visibleFrom,
    read: () => undefined,
    print: () => ({}),
  });
}

/** GET+POST reads served only under /wallet (all served now). */
const WALLET_ONLY_READS: readonly string[] = [];

/** Reads whose java-tron servlet takes `visible` from the query string even on POST (§3.3). */
const QUERY_VISIBLE_READS: ReadonlySet<string> = new Set(["getBrokerage", "getReward"]);

/** POST-only operations whose GET answers 200 with an empty body (doGet overridden empty). */
const POST_ONLY_EMPTY_GET: readonly string[] = [];

/** POST-only operations also served under /walletsolidity, GET answering an empty 200 (all served now). */
const POST_ONLY_EMPTY_GET_WITH_SOLIDITY: readonly string[] = [];

/** POST-only operations whose GET answers 405 (no doGet). */
function visibleSourceOf(name: string): VisibleSource {
  return QUERY_VISIBLE_READS.has(name) ? "query" : "body";
}

/** /walletextension/*: gone from java-tron (TronWeb itself answers "This api is not supported any more"). */
function walletExtensionRoute(name: string): RouteRow {
  return defineRoute({
    operation: walletExtensionOperation(name),
    paths: [`/walletextension/${name}`],
    methods: ["GET", "POST"],
    visibleFrom: "body",
    read: () => undefined,
    print: () => ({}),
  });
}

export const NOT_YET_ROUTES: readonly RouteRow[] = [
  ...WALLET_ONLY_READS.map((name) =>
    notYetRoute({
      operation: notYetOperation(name),
      paths: walletPaths(name),
      methods: ["GET", "POST"],
      visibleFrom: visibleSourceOf(name),
    }),
  ),
  ...POST_ONLY_EMPTY_GET.map((name) =>
    notYetRoute({
      operation: notYetOperation(name),
      paths: walletPaths(name),
      methods: ["POST"],
      getOnPost: "empty200",
      visibleFrom: "body",
    }),
  ),
  ...POST_ONLY_EMPTY_GET_WITH_SOLIDITY.map((name) =>
    notYetRoute({
      operation: notYetOperation(name),
      paths: walletAndSolidityPaths(name),
      methods: ["POST"],
      getOnPost: "empty200",
      visibleFrom: "body",
    }),
  ),
];

export const UNSUPPORTED_ROUTES: readonly RouteRow[] = [
  walletExtensionRoute("gettransactionsfromthis"),
  walletExtensionRoute("gettransactionstothis"),
];
