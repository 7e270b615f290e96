/**
 * @tronode/transport-grpc — TRON's gRPC services (protocol.Wallet, WalletSolidity, Database,
 * Monitor, WalletExtension) bound to the operations the HTTP API serves.
 */

export * from "./errors.js";
export { grpcColumnOf, grpcOnlyCoverageMarkdown } from "./grpc-coverage.js";
export {
  createGrpcServer,
  DEFAULT_GRPC_PBFT_PORT,
  DEFAULT_GRPC_PORT,
  DEFAULT_GRPC_SOLIDITY_PORT,
  DEFAULT_MAX_MESSAGE_BYTES,
  type GrpcListenAddress,
  type GrpcServer,
  type GrpcServerOptions,
} from "./grpc-server.js";
export {
  bindRpc,
  javaTronUnimplementedRpc,
  notYetRpc,
  type RpcBinding,
  type RpcFailure,
  type UnimplementedRpc,
} from "./rpc-binding.js";
export { type RpcStatus, RpcStatusError, UNCAUGHT_DESCRIPTION } from "./rpc-status.js";
export { type GrpcService, type ServeGrpcOptions, serveGrpc } from "./serve-grpc.js";
export {
  DATABASE_TABLE,
  MONITOR_TABLE,
  SERVICE_TABLES,
  type ServiceTable,
  WALLET_EXTENSION_TABLE,
  WALLET_SOLIDITY_TABLE,
  WALLET_TABLE,
} from "./service-tables.js";
