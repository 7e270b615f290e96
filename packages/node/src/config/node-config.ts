import { type ChainConfig, defaultChainConfig } from "@tronode/chain";
import type { EventSubscriptionConfig } from "@tronode/events";

export { configError } from "@tronode/chain";

/** Everything that configures a node: its chain, and the listeners and services around it. */
export interface NodeConfig extends ChainConfig {
  readonly host: string;
  readonly port: number;
  /** Optional java-tron layout: /walletsolidity also on its own port. */
  readonly solidityPort?: number;
  /** A solidity node's full node to follow, `host:port` of its gRPC (java-tron's node.trustNode). */
  readonly trustNode?: string;
  /** gRPC Wallet + Database on the head state (java-tron's node.rpc.port, 50051); absent = off. */
  readonly grpcPort?: number;
  /** gRPC server reflection on the gRPC listeners (java-tron's node.rpc.reflectionService, off). */
  readonly grpcReflection?: boolean;
  /** gRPC WalletSolidity + Database on the solidified state (node.rpc.solidityPort, 50061); absent = off. */
  readonly grpcSolidityPort?: number;
  /** gRPC WalletSolidity + Database on the PBFT view (node.rpc.PBFTPort, 50071); absent = off. */
  readonly grpcPbftPort?: number;
  readonly logLevel: string;
  /** Serve key-handling operations on a non-loopback listener (explicitly unsafe). */
  readonly allowKeyOperations: boolean;
  /** The built-in explorer at /explorer/ (and `/` on a dev chain); off with `--no-explorer`. */
  readonly explorer: boolean;
  /** TRON's peer-to-peer network; absent = a node on its own (a dev chain). */
  readonly p2p?: P2pSettings;
  /** java-tron's node.http.PBFTPort: /walletpbft also on its own port. */
  readonly pbftPort?: number;
  /**
   * java-tron's `event.subscribe` (read by `eventSubscriptionOf`), started as java-tron starts it
   * with `--es`: set = triggers published on the ZeroMQ queue when `useNativeQueue`. Absent = off.
   */
  readonly eventSubscription?: EventSubscriptionConfig;
}

/** Where and with whom a networked node talks TRON's P2P protocol. */
export interface P2pSettings {
  /** TCP listen address (java-tron listens on all interfaces). */
  readonly host: string;
  /** node.listen.port (default 18888; 0 = a free port). */
  readonly port: number;
  /** node.active: peers dialed and re-dialed (and trusted). */
  readonly peers: readonly { host: string; port: number }[];
  /** node.passive: IPs trusted inbound (no bans, no limits). */
  readonly trustedIps?: readonly string[];
  /** The IPv4 our hellos announce (default: the listen host, or 127.0.0.1 on all interfaces). */
  readonly advertisedIp?: string;
  /** node.discovery.enable: UDP discovery on the P2P port, starting from `seeds` (default off). */
  readonly discovery?: boolean;
  /** seed.node.ip.list: discovery's boot nodes (never dialed over TCP, only pinged). */
  readonly seeds?: readonly { host: string; port: number }[];
  /** node.maxConnectionsWithSameIp (default 2). */
  readonly maxConnectionsWithSameIp?: number;
}

/** TRE's node: its chain on 127.0.0.1:9090 with the dev surface and the explorer. */
export function defaultNodeConfig(): NodeConfig {
  return {
    ...defaultChainConfig(),
    host: "127.0.0.1",
    port: 9090,
    logLevel: "info",
    allowKeyOperations: false,
    explorer: true,
  };
}
