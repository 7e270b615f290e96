/**
 * @tronode/transport-http — java-tron's HTTP API on fastify, plus TRE's development surface.
 */

export type { ExplorerAssets } from "./explorer-route-registration.js";
export {
  createHttpServer,
  DEFAULT_BODY_LIMIT,
  type HttpServer,
  type HttpServerOptions,
  type ListenAddress,
} from "./http-server.js";
export { TransportErrorCodes, TransportJavaClasses } from "./java-error-body.js";
export { ethMethodsCoverageMarkdown } from "./json-rpc/eth-coverage.js";
export type { EthJsonRpcOptions } from "./json-rpc/json-rpc-route.js";
export { isLoopbackHost } from "./loopback-host.js";
export type {
  GetOnPostOnly,
  HttpMethod,
  RouteAvailability,
  RouteRow,
  VisibleSource,
  WalletRequest,
} from "./route-row.js";
export { defineRoute, walletAndSolidityPaths, walletPaths } from "./route-row.js";
export {
  type CoverageColumn,
  KEY_OPERATIONS,
  NOT_IMPLEMENTED_OPERATIONS,
  ROUTE_TABLE,
  routeCoverageMarkdown,
  SERVED_OPERATIONS,
  UNSUPPORTED_OPERATIONS,
} from "./route-table.js";
export { type BuilderRouteSpec, builderRoute } from "./routes/builder-route.js";
export { notYetRoute } from "./routes/not-yet-routes.js";
export { type QueryOnlyRouteSpec, queryOnlyRoute } from "./routes/query-only-route.js";
export { type HttpService, type ServeHttpOptions, serveHttp } from "./serve-http.js";
export { JsonRpcErrorCodes } from "./tre-json-rpc.js";
export {
  registerTronGridRoutes,
  TRONGRID_ROUTES,
  type TronGridRoute,
  type TronGridRouteOptions,
  tronGridCoverageMarkdown,
} from "./trongrid-route-registration.js";
