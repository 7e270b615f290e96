import type { WalletNetwork } from "@tronode/chain";
import type { NetworkSummary, NodeAddress } from "@tronode/engine/internal";
import { ReasonCode } from "@tronode/engine/internal";
import type { P2pService } from "../p2p-service.js";

/** The wallet's view of the P2P service: peer counts for broadcasts, peers for getnodeinfo/listnodes. */
export function walletNetworkOf(p2p: P2pService): WalletNetwork {
  return {
    peerCount: () => p2p.peers().length,
    syncedPeerCount: () => p2p.syncedPeerCount(),
    broadcast: (tx) => p2p.broadcastTransaction(tx),
    summary(): NetworkSummary {
      const counts = p2p.connectionCounts();
      return {
        nodeId: p2p.nodeId,
        listenPort: p2p.port,
        activeConnectCount: counts.active,
        passiveConnectCount: counts.passive,
        activeNodeSize: p2p.config.activeNodeSize,
        passiveNodeSize: p2p.config.passiveNodeSize,
        maxConnectCount: p2p.config.maxConnections,
        sameIpMaxConnectCount: p2p.config.maxConnectionsWithSameIp,
        discoverEnable: p2p.config.discoverEnable,
        peers: p2p.peers().map((peer) => {
          const stats = p2p.disconnectStats(peer.host);
          return {
            host: peer.host,
            active: peer.active,
            connectTime: peer.connectTime,
            avgLatency: peer.avgLatency,
            needSyncFromPeer: peer.needSyncFromPeer,
            needSyncFromUs: peer.needSyncFromUs,
            headBlockWeBothHave: peer.headBlockWeBothHave,
            lastBlockUpdateTime: peer.lastBlockUpdateTime,
            lastSyncBlock: peer.lastSyncBlock,
            remainNum: peer.remainNum,
            syncToFetchSize: peer.syncToFetchSize,
            syncToFetchSizePeekNum: peer.syncToFetchSizePeekNum,
            syncBlockRequestedSize: peer.syncBlockRequestedSize,
            blockInProcessSize: peer.blockInProcessSize,
            isDisconnect: peer.isDisconnect,
            disconnectTimes: stats.disconnects,
            localDisconnectReason: stats.local === undefined ? "" : ReasonCode[stats.local]!,
            remoteDisconnectReason: stats.remote === undefined ? "" : ReasonCode[stats.remote]!,
          };
        }),
      };
    },
    /** java-tron lists discovery's connectable nodes: none with discovery off (checked by the oracle). */
    nodes(): readonly NodeAddress[] {
      return p2p.config.discoverEnable ? p2p.discoveredNodes() : [];
    },
  };
}
