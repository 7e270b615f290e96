import { closeWithChain, type ServableChain } from "@tronode/operations";
import { createGrpcServer, type GrpcListenAddress } from "./grpc-server.js";

/**
 * Which of java-tron's gRPC listeners `serveGrpc` opens (each omitted one stays closed; 0 picks a
 * free port). Default: the full node's Wallet on a free loopback port.
 */
export interface ServeGrpcOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Wallet + Database + Monitor on the head state (java-tron's 50051). */
  readonly port?: number;
  /** WalletSolidity + Database on the solidified state (java-tron's 50061). */
  readonly solidityPort?: number;
  /** WalletSolidity + Database on the PBFT view (java-tron's 50071). */
  readonly pbftPort?: number;
  /** Serve the private-key rpcs on a listener that is not loopback (unsafe). */
  readonly allowKeyOperations?: boolean;
  /** gRPC server reflection (java-tron's node.rpc.reflectionService). */
  readonly reflection?: boolean;
  readonly maxMessageBytes?: number;
}

/** A chain's gRPC services, listening: `host:port` of each listener. */
export interface GrpcService {
  readonly full?: string;
  readonly solidity?: string;
  readonly pbft?: string;
  /** Stops listening (also done when the chain stops). Idempotent. */
  close(): Promise<void>;
}

/** Serves TRON's gRPC services (protocol.Wallet, WalletSolidity, Database, Monitor) for a chain, until it stops. */
export async function serveGrpc(chain: ServableChain, options: ServeGrpcOptions = {}): Promise<GrpcService> {
  const anyPort =
    options.port !== undefined || options.solidityPort !== undefined || options.pbftPort !== undefined;
  const metrics = chain.transportMetrics;
  const server = createGrpcServer({
    wallet: chain.wallet,
    logger: chain.logger,
    host: options.host ?? "127.0.0.1",
    port: anyPort ? options.port : 0,
    solidityPort: options.solidityPort,
    pbftPort: options.pbftPort,
    ...(options.allowKeyOperations === undefined ? {} : { allowKeyOperations: options.allowKeyOperations }),
    ...(options.reflection === undefined ? {} : { reflection: options.reflection }),
    ...(options.maxMessageBytes === undefined ? {} : { maxMessageBytes: options.maxMessageBytes }),
    ...(metrics ? { onCall: (method: string) => metrics.grpcCalled(method) } : {}),
  });
  const listening = await server.listen();
  const close = closeWithChain(chain, () => server.close());
  return {
    ...(listening.full ? { full: hostPort(listening.full) } : {}),
    ...(listening.solidity ? { solidity: hostPort(listening.solidity) } : {}),
    ...(listening.pbft ? { pbft: hostPort(listening.pbft) } : {}),
    close,
  };
}

/** `host:port`, IPv6 hosts in brackets. */
function hostPort(address: GrpcListenAddress): string {
  return `${address.address.includes(":") ? `[${address.address}]` : address.address}:${address.port}`;
}
