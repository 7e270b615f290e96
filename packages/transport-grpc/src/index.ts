/**
 * @tronode/transport-grpc — TRON's gRPC services (protocol.Wallet, WalletSolidity, Database,
 * Monitor, WalletExtension) bound to the operations the HTTP API serves.
 *
 * @packageDocumentation
 */

// --- errors ---
export { GRPC_ERROR_CODES } from "./errors.js";
// --- coverage listings ---
export { grpcColumnOf, grpcOnlyCoverageMarkdown } from "./grpc-coverage.js";
// --- the gRPC server ---
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
// --- rpc bindings ---
export {
  bindRpc,
  javaTronUnimplementedRpc,
  notYetRpc,
  type RpcBinding,
  type RpcFailure,
  type UnimplementedRpc,
} from "./rpc-binding.js";
// --- gRPC statuses ---
export { type RpcStatus, RpcStatusError, UNCAUGHT_DESCRIPTION } from "./rpc-status.js";
// --- serving a chain ---
export { type GrpcService, type ServeGrpcOptions, serveGrpc } from "./serve-grpc.js";
