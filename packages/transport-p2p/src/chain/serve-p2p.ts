import { type Chain, CODE_VERSION } from "@tronode/chain";
import { TronodeError } from "@tronode/engine/internal";
import type { PeerAddress } from "../channel-manager.js";
import { createP2pService, type P2pService } from "../p2p-service.js";
import { NetDelegate } from "./net-delegate.js";
import { walletNetworkOf } from "./wallet-network.js";

/** Where and with whom `serveP2p` talks TRON's P2P protocol (java-tron's node.* settings). */
export interface ServeP2pOptions {
  /** TCP listen address (default 0.0.0.0, as java-tron). */
  readonly host?: string;
  /** node.listen.port (default 18888; 0 = a free port). */
  readonly port?: number;
  /** node.active: peers dialed and re-dialed (and trusted). */
  readonly peers?: readonly PeerAddress[];
  /** node.passive: IPs trusted inbound. */
  readonly trustedIps?: readonly string[];
  /** The IPv4 our hellos announce (default: the listen host, or 127.0.0.1 on all interfaces). */
  readonly advertisedIp?: string;
  /** node.discovery.enable with seed.node.ip.list: UDP discovery from these boot nodes. */
  readonly discovery?: { readonly seeds: readonly PeerAddress[] };
  /** node.maxConnectionsWithSameIp (default 2). */
  readonly maxConnectionsWithSameIp?: number;
}

/**
 * Joins TRON's peer-to-peer network with a chain: syncs and gossips blocks and transactions with
 * java-tron peers, and tells the chain's wallet (broadcasts then need synced peers) until it stops.
 * The chain must produce on the 3 s slot grid (block time 3).
 */
export async function serveP2p(chain: Chain, options: ServeP2pOptions = {}): Promise<P2pService> {
  if (chain.config.blockTime !== 3) {
    throw new TronodeError(
      "INVALID_CONFIG",
      "a networked node produces on the 3 s slot grid: use --block-time 3",
    );
  }
  const p2p = createP2pService({
    chain: new NetDelegate({ chain: chain.service, clock: chain.clock, logger: chain.logger }),
    networkId: chain.config.networkId,
    ...(options.host === undefined ? {} : { listenHost: options.host }),
    ...(options.port === undefined ? {} : { listenPort: options.port }),
    ...(options.advertisedIp === undefined ? {} : { advertisedIp: options.advertisedIp }),
    ...(options.peers === undefined ? {} : { peers: options.peers }),
    ...(options.trustedIps === undefined ? {} : { trustedIps: options.trustedIps }),
    ...(options.maxConnectionsWithSameIp === undefined
      ? {}
      : { maxConnectionsWithSameIp: options.maxConnectionsWithSameIp }),
    ...(options.discovery ? { discovery: { seeds: options.discovery.seeds } } : {}),
    codeVersion: CODE_VERSION,
    logger: chain.logger,
    stats: chain.metrics,
  });
  await p2p.start();
  chain.attachNetwork(walletNetworkOf(p2p), {
    listenPort: p2p.port,
    ...(options.advertisedIp === undefined ? {} : { ip: options.advertisedIp }),
  });
  chain.onStop(() => p2p.stop());
  return p2p;
}
