/**
 * getstatsinfo's figures at the moment they are asked: the recorded statistics (NodeMetrics) with
 * what java-tron's metric managers read from the running node — the head, the pending pool, the
 * active witnesses, the peers.
 */
import { bytesToHex, type MetricsInfo, unpackAddresses } from "@tronode/engine";
import type { ChainService } from "../chain/chain-service.js";
import type { WalletNetwork } from "../wallet/wallet.js";
import type { NodeMetrics } from "./node-metrics.js";

export interface NodeStatisticsOptions {
  readonly metrics: NodeMetrics;
  readonly chain: ChainService;
  /** The node's IP as it announces it (java-tron's node external IP). */
  readonly ip: string;
  readonly version: string;
  /** The witnesses whose keys this node holds. */
  readonly localWitnesses: readonly Uint8Array[];
  readonly network?: WalletNetwork;
}

export function nodeStatistics(options: NodeStatisticsOptions): () => MetricsInfo {
  const local = new Set(options.localWitnesses.map(bytesToHex));
  return () => {
    const props = options.chain.properties;
    const active = unpackAddresses(props.getBytes("ACTIVE_WITNESSES")).map(bytesToHex);
    const peers = options.network?.peerCount() ?? 0;
    return options.metrics.report({
      ip: options.ip,
      version: options.version,
      isActiveWitness: active.some((w) => local.has(w)),
      headNumber: props.headNumber,
      headTimestamp: props.headTimestamp,
      headId: props.headBlockId,
      pendingSize: options.chain.pendingSize,
      activeWitnesses: active,
      connectionCount: peers,
      validConnectionCount: options.network?.syncedPeerCount() ?? 0,
    });
  };
}
