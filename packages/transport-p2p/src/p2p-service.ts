/**
 * A node's place in a TRON network: the libp2p layer (TCP, hellos, compression, keep-alive, bans)
 * and the TRON layer (hello, sync, gossip) over one `NetChain`.
 */
import type { Logger, ReasonCode, Transaction } from "@tronode/engine/internal";
import { ChannelManager, type PeerAddress } from "./channel-manager.js";
import { Discovery, type DiscoveryTimings } from "./discovery.js";
import type { NetChain } from "./net-chain.js";
import { type P2pTimings, resolveTimings } from "./timings.js";
import { type PeerReport, TronNet } from "./tron-net.js";

/** Where the network's figures go (java-tron's TronStatsManager and MetricsUtil counters). */
export interface P2pStatsSink {
  /** Bytes read or written on the TCP channels and the UDP discovery socket. */
  traffic(kind: "tcpIn" | "tcpOut" | "udpIn" | "udpOut", bytes: number): void;
  /** This node disconnected a peer, for this reason (ReasonCode's name). */
  disconnected(reason: string): void;
  /** A TRON message that did not decode. */
  errorProto(): void;
}

/** What `createP2pService` joins: the chain, the network id, where it listens, its peers and limits. */
export interface P2pServiceOptions {
  readonly chain: NetChain;
  /** node.p2p.version: both hellos carry it; peers on another id are refused. */
  readonly networkId: number;
  /** TCP listen address (default 0.0.0.0). */
  readonly listenHost?: string;
  /** node.listen.port (default 18888; 0 = a free port). */
  readonly listenPort?: number;
  /** The IPv4 our hellos announce (default: the listen host, or 127.0.0.1 when listening on all). */
  readonly advertisedIp?: string;
  /** node.active: dialed, re-dialed and trusted. */
  readonly peers?: readonly PeerAddress[];
  /** node.passive: IPs trusted inbound. */
  readonly trustedIps?: readonly string[];
  readonly maxConnections?: number;
  readonly maxConnectionsWithSameIp?: number;
  /** The code version the TRON hello carries (e.g. "4.8.1"). */
  readonly codeVersion: string;
  readonly logger: Logger;
  readonly timings?: Partial<P2pTimings>;
  readonly now?: () => number;
  readonly nodeId?: Uint8Array;
  readonly maxTps?: number;
  readonly syncFetchBatchNum?: number;
  /** UDP discovery on the listen port (node.discovery.enable) with these boot nodes (seed.node). */
  readonly discovery?: {
    readonly seeds: readonly PeerAddress[];
    readonly timings?: Partial<DiscoveryTimings>;
  };
  /** node.minConnections (default 8): discovered nodes are dialed up to this many channels. */
  readonly minConnections?: number;
  readonly stats?: P2pStatsSink;
}

/** A node's P2P networking, started and stopped as one: its listener, its peers and what they report. */
export interface P2pService {
  readonly port: number;
  readonly nodeId: string;
  readonly config: {
    readonly networkId: number;
    readonly activeNodeSize: number;
    readonly passiveNodeSize: number;
    readonly maxConnections: number;
    readonly maxConnectionsWithSameIp: number;
    readonly discoverEnable: boolean;
  };
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Connected peers (TRON handshake begun), with their sync state. */
  peers(): PeerReport[];
  /** Peers that are dialed by us (java-tron's active) and that dialed us (passive). */
  connectionCounts(): { active: number; passive: number };
  /** Peers in the gossip set (both sync flags false). */
  syncedPeerCount(): number;
  /** Announces a transaction accepted by the API; the number of peers it went to. */
  broadcastTransaction(tx: Transaction): number;
  /** Blocks applied through sync so far. */
  syncedBlocks(): number;
  /** Current IP bans: IP → expiry (ms). */
  bans(): ReadonlyMap<string, number>;
  /** Nodes discovery found connectible (empty without discovery). */
  discoveredNodes(): PeerAddress[];
  /** Disconnects from an IP so far and the last reasons each side gave. */
  disconnectStats(ip: string): { disconnects: number; local?: ReasonCode; remote?: ReasonCode };
}

/**
 * Builds both layers (and discovery when asked) over `options.chain`; nothing listens or dials until
 * `start`. `serveP2p` builds and starts one for a `@tronode/chain` chain.
 */
export function createP2pService(options: P2pServiceOptions): P2pService {
  const now = options.now ?? Date.now;
  const timings = resolveTimings(options.timings);
  const listenHost = options.listenHost ?? "0.0.0.0";
  const advertisedIp =
    options.advertisedIp ?? (listenHost === "0.0.0.0" || listenHost === "::" ? "127.0.0.1" : listenHost);
  const maxConnections = options.maxConnections ?? 30;
  const maxConnectionsWithSameIp = options.maxConnectionsWithSameIp ?? 2;
  let discovery: Discovery | undefined;
  const channels = new ChannelManager({
    networkId: options.networkId,
    listenHost,
    listenPort: options.listenPort ?? 18888,
    advertisedIp,
    activeNodes: options.peers ?? [],
    trustedIps: options.trustedIps,
    maxConnections,
    maxConnectionsWithSameIp,
    nodeId: options.nodeId,
    logger: options.logger,
    timings,
    now,
    discovered: () => discovery?.connectable() ?? [],
    minConnections: options.minConnections,
    stats: options.stats,
  });
  const net = new TronNet({
    chain: options.chain,
    channels,
    networkId: options.networkId,
    codeVersion: options.codeVersion,
    timings,
    logger: options.logger,
    now,
    maxTps: options.maxTps,
    syncFetchBatchNum: options.syncFetchBatchNum,
    stats: options.stats,
  });
  return {
    get port() {
      return channels.port;
    },
    nodeId: channels.nodeIdHex,
    config: {
      networkId: options.networkId,
      activeNodeSize: options.peers?.length ?? 0,
      passiveNodeSize: options.trustedIps?.length ?? 0,
      maxConnections,
      maxConnectionsWithSameIp,
      discoverEnable: options.discovery !== undefined,
    },
    async start() {
      await channels.start();
      if (options.discovery) {
        discovery = new Discovery({
          networkId: options.networkId,
          host: listenHost,
          port: channels.port,
          home: () => channels.homeEndpoint(),
          nodeId: channels.nodeId,
          seeds: options.discovery.seeds,
          logger: options.logger,
          timings: options.discovery.timings,
          now,
          stats: options.stats,
        });
        await discovery.start();
      }
      net.start();
    },
    async stop() {
      net.stop();
      await discovery?.stop();
      // let the PEER_QUITING disconnects go out before the sockets close
      await new Promise((resolve) => setTimeout(resolve, 20));
      await channels.stop();
    },
    discoveredNodes: () => discovery?.connectable() ?? [],
    peers: () => net.reports(),
    connectionCounts() {
      const peers = net.activePeers();
      const active = peers.filter((p) => p.channel.active).length;
      return { active, passive: peers.length - active };
    },
    syncedPeerCount: () => net.syncedPeerCount(),
    broadcastTransaction: (tx) => net.broadcastTransaction(tx),
    syncedBlocks: () => net.sync.syncedBlocks,
    bans: () => channels.bans(),
    disconnectStats: (ip) => net.disconnectStats(ip),
  };
}
