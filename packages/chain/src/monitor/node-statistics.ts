/**
 * getstatsinfo's figures at the moment they are asked: the recorded statistics (NodeMetrics) with
 * what java-tron's metric managers read from the running node — the head, the pending pool, the
 * active witnesses, the peers.
 */
import { bytesToHex, type MetricsInfo, unpackAddresses } from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";
import type { WalletNetwork } from "../wallet/wallet.js";
import type { NodeMetrics } from "./node-metrics.js";

/** What getstatsinfo reads beside the recorded metrics: the chain, the node's IP and version, its witnesses, its peers. */
export interface NodeStatisticsOptions {
  readonly metrics: NodeMetrics;
  readonly chain: ChainService;
  /** The node's IP as it announces it now (java-tron's node external IP). */
  readonly ip: () => string;
  readonly version: string;
  /** The witnesses whose keys this node holds. */
  readonly localWitnesses: readonly Uint8Array[];
  /** The P2P network once the node is networked. */
  readonly network?: () => WalletNetwork | undefined;
}

/**
 * Records every block the chain commits (java-tron's BlockChainMetricManager.applyBlock and
 * pushBlock's cost) and every fork switch, and answers getstatsinfo's report on demand.
 */
export function nodeStatistics(options: NodeStatisticsOptions): () => MetricsInfo {
  const local = new Set(options.localWitnesses.map(bytesToHex));
  const { metrics } = options;
  // a fork switch is told as blocks undone, then the other branch applied with forkSwitch set
  let undoing = false;
  options.chain.onChange((change) => {
    if (change.kind === "undoing") {
      undoing = true;
      return;
    }
    if (change.forkSwitch && undoing) metrics.forkSwitched(false);
    undoing = false;
    const raw = change.outcome.block.blockHeader?.rawData;
    metrics.blockApplied({
      id: change.outcome.blockId,
      number: raw?.number ?? 0n,
      witness: raw?.witnessAddress ?? new Uint8Array(),
      timestamp: Number(raw?.timestamp ?? 0n),
      version: raw?.version ?? 0,
      transactions: change.outcome.block.transactions.length,
    });
    metrics.blockProcessed(change.processMs);
  });
  return () => {
    const props = options.chain.properties;
    const active = unpackAddresses(props.getBytes("ACTIVE_WITNESSES")).map(bytesToHex);
    const peers = options.network?.()?.peerCount() ?? 0;
    return options.metrics.report({
      ip: options.ip(),
      version: options.version,
      isActiveWitness: active.some((w) => local.has(w)),
      headNumber: props.headNumber,
      headTimestamp: props.headTimestamp,
      headId: props.headBlockId,
      pendingSize: options.chain.pendingSize,
      activeWitnesses: active,
      connectionCount: peers,
      validConnectionCount: options.network?.()?.syncedPeerCount() ?? 0,
    });
  };
}
