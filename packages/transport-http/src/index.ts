/**
 * @tronode/transport-http — java-tron's HTTP API (/wallet, /walletsolidity, /walletpbft) on node:http,
 * with TronGrid's v1 API, the Ethereum-compatible /jsonrpc, and TRE's development surface (/admin, /tre).
 *
 * @packageDocumentation
 */

// --- serving a chain over HTTP ---

export type { ExplorerAssets } from "./explorer-route-registration.js";
export {
  createHttpServer,
  DEFAULT_BODY_LIMIT,
  type HttpServer,
  type HttpServerOptions,
  type ListenAddress,
} from "./http-server.js";
export type { EthJsonRpcOptions } from "./json-rpc/json-rpc-route.js";
export {
  createInProcessHttp,
  type HttpService,
  type InProcessHttp,
  type ServeHttpOptions,
  serveHttp,
} from "./serve-http.js";

// --- the Java classes and error codes of the failures this package reports ---

export { TransportErrorCodes, TransportJavaClasses } from "./java-error-body.js";

// --- route rows: an operation's HTTP binding ---

export type {
  GetOnPostOnly,
  HttpMethod,
  RouteAvailability,
  RouteRow,
  VisibleSource,
  WalletRequest,
} from "./route-row.js";
export { defineRoute, walletAndSolidityPaths } from "./route-row.js";
export { type BuilderRouteSpec, builderRoute } from "./routes/builder-route.js";

// --- what is served: the operation lists and the README's coverage tables ---

export { ethMethodsCoverageMarkdown } from "./json-rpc/eth-coverage.js";
export {
  type CoverageColumn,
  KEY_OPERATIONS,
  NOT_IMPLEMENTED_OPERATIONS,
  routeCoverageMarkdown,
  SERVED_OPERATIONS,
  UNSUPPORTED_OPERATIONS,
} from "./route-table.js";
export {
  TRONGRID_ROUTES,
  type TronGridRoute,
  tronGridCoverageMarkdown,
} from "./trongrid-route-registration.js";
