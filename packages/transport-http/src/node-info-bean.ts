/**
 * /wallet/getnodeinfo: java-tron serialises its `NodeInfo` bean with fastjson (camelCase getters,
 * keys sorted alphabetically). tronode has no JVM, so:
 * - without P2P, connection counts are 0 and `peerList` is empty; a networked node lists its peers
 *   as java-tron's PeerInfo (which prints the node's own id and listen port in every entry);
 * - `block` / `solidityBlock` use java-tron's BlockId text `Num:<n>,ID:<hex>`;
 * - `configNodeInfo.codeVersion` is the java-tron release tronode mirrors (from NodeInfoSummary;
 *   TronWeb reads it as the full-node version), `versionNum` a fixed build code;
 * - `machineInfo` describes the Node.js process: `javaVersion` carries the Node.js version,
 *   the heap figures come from V8, its heap spaces are the memory pools, deadlock lists are empty
 *   (the node measures them: NodeInfoSummary.machine).
 */
import {
  bytesToHex,
  type MachineSummary,
  type NodeInfoSummary,
  type PeerInfoSummary,
} from "@tronode/engine/internal";
import type { JsonObject } from "./engine-protocol.js";

/** java-tron's `Version.VERSION_CODE` of the 4.8 line; TronWeb never reads it. */
const VERSION_NUM = "18631";
/** java-tron writes a constant 2 here. */
const DB_VERSION = 2;

function blockIdText(num: bigint, id: Uint8Array): string {
  return `Num:${num},ID:${bytesToHex(id)}`;
}

function machineInfo(machine: MachineSummary): JsonObject {
  return {
    cpuCount: machine.cpuCount,
    cpuRate: 0,
    deadLockThreadCount: 0,
    deadLockThreadInfoList: [],
    freeMemory: machine.freeMemory,
    javaVersion: machine.runtimeVersion,
    jvmFreeMemory: machine.heapFree,
    jvmTotalMemory: machine.heapTotal,
    memoryDescInfoList: machine.memoryPools.map((p) => ({
      initSize: p.initSize,
      maxSize: p.maxSize,
      name: p.name,
      useRate: p.useRate,
      useSize: p.useSize,
    })),
    osName: machine.osName,
    processCpuRate: machine.processCpuRate,
    threadCount: machine.threadCount,
    totalMemory: machine.totalMemory,
  };
}

function peerInfo(peer: PeerInfoSummary, nodeId: string, port: number): JsonObject {
  return {
    active: peer.active,
    avgLatency: peer.avgLatency,
    blockInPorcSize: peer.blockInProcessSize,
    connectTime: peer.connectTime,
    disconnectTimes: peer.disconnectTimes,
    headBlockTimeWeBothHave: 0,
    headBlockWeBothHave: blockIdText(peer.headBlockWeBothHave.number, peer.headBlockWeBothHave.id),
    host: `/${peer.host}`,
    inFlow: 0,
    lastBlockUpdateTime: peer.lastBlockUpdateTime,
    lastSyncBlock: peer.lastSyncBlock ? blockIdText(peer.lastSyncBlock.number, peer.lastSyncBlock.id) : "",
    localDisconnectReason: peer.localDisconnectReason,
    needSyncFromPeer: peer.needSyncFromPeer,
    needSyncFromUs: peer.needSyncFromUs,
    nodeCount: 0,
    nodeId,
    port,
    remainNum: peer.remainNum,
    remoteDisconnectReason: peer.remoteDisconnectReason,
    score: 0,
    syncBlockRequestedSize: peer.syncBlockRequestedSize,
    syncFlag: peer.isDisconnect,
    syncToFetchSize: peer.syncToFetchSize,
    syncToFetchSizePeekNum: peer.syncToFetchSizePeekNum,
    unFetchSynNum: peer.remainNum,
  };
}

function configNodeInfo(summary: NodeInfoSummary): JsonObject {
  const net = summary.network;
  return {
    activeNodeSize: net?.activeNodeSize ?? 0,
    allowAdaptiveEnergy: Number(summary.allowAdaptiveEnergy),
    allowCreationOfContracts: Number(summary.allowCreationOfContracts),
    backupListenPort: 0,
    backupMemberSize: 0,
    backupPriority: 0,
    codeVersion: summary.codeVersion,
    dbVersion: DB_VERSION,
    discoverEnable: net?.discoverEnable ?? false,
    listenPort: net?.listenPort ?? summary.listenPort,
    maxConnectCount: net?.maxConnectCount ?? 0,
    maxTimeRatio: 5.0,
    minParticipationRate: 0,
    minTimeRatio: 0.0,
    p2pVersion: summary.p2pVersion,
    passiveNodeSize: net?.passiveNodeSize ?? 0,
    sameIpMaxConnectCount: net?.sameIpMaxConnectCount ?? 0,
    sendNodeSize: 0,
    supportConstant: true,
    versionNum: VERSION_NUM,
  };
}

export function nodeInfoBean(summary: NodeInfoSummary): JsonObject {
  const net = summary.network;
  return {
    activeConnectCount: net?.activeConnectCount ?? 0,
    beginSyncNum: summary.headNumber,
    block: blockIdText(summary.headNumber, summary.headId),
    cheatWitnessInfoMap: {},
    configNodeInfo: configNodeInfo(summary),
    currentConnectCount: (net?.activeConnectCount ?? 0) + (net?.passiveConnectCount ?? 0),
    machineInfo: machineInfo(summary.machine),
    passiveConnectCount: net?.passiveConnectCount ?? 0,
    peerList: net ? net.peers.map((p) => peerInfo(p, net.nodeId, net.listenPort)) : [],
    solidityBlock: blockIdText(summary.solidNumber, summary.solidId),
    totalFlow: 0,
    // tronode's --fork: where the chain comes from (java-tron's NodeInfo has no such field)
    ...(summary.fork === undefined
      ? {}
      : {
          fork: {
            url: summary.fork.url,
            blockNumber: summary.fork.blockNumber,
            blockID: bytesToHex(summary.fork.blockId),
            blockTimestamp: summary.fork.blockTimestamp,
            forkedAt: summary.fork.forkedAt,
          },
        }),
  };
}
