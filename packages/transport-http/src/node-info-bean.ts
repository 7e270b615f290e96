/**
 * /wallet/getnodeinfo: java-tron serialises its `NodeInfo` bean with fastjson (camelCase getters,
 * keys sorted alphabetically). tronode has no P2P layer and no JVM, so:
 * - connection counts are 0 and `peerList` is empty;
 * - `block` / `solidityBlock` use java-tron's BlockId text `Num:<n>,ID:<hex>`;
 * - `configNodeInfo.codeVersion` is the java-tron release tronode mirrors (from NodeInfoSummary;
 *   TronWeb reads it as the full-node version), `versionNum` a fixed build code;
 * - `machineInfo` describes the Node.js process: `javaVersion` carries the Node.js version,
 *   the heap figures come from V8, memory pools and deadlock lists are empty.
 */
import os from "node:os";
import { bytesToHex, type NodeInfoSummary } from "@tronode/engine";
import type { JsonObject } from "./engine-protocol.js";

/** java-tron's `Version.VERSION_CODE` of the 4.8 line; TronWeb never reads it. */
const VERSION_NUM = "18631";
/** java-tron writes a constant 2 here. */
const DB_VERSION = 2;

function blockIdText(num: bigint, id: Uint8Array): string {
  return `Num:${num},ID:${bytesToHex(id)}`;
}

function machineInfo(): JsonObject {
  const heap = process.memoryUsage();
  return {
    cpuCount: os.cpus().length,
    cpuRate: 0,
    deadLockThreadCount: 0,
    deadLockThreadInfoList: [],
    freeMemory: os.freemem(),
    javaVersion: process.version,
    jvmFreeMemory: Math.max(0, heap.heapTotal - heap.heapUsed),
    jvmTotalMemory: heap.heapTotal,
    memoryDescInfoList: [],
    osName: `${os.type()} ${os.release()}`,
    processCpuRate: 0,
    threadCount: 1,
    totalMemory: os.totalmem(),
  };
}

function configNodeInfo(summary: NodeInfoSummary): JsonObject {
  return {
    activeNodeSize: 0,
    allowAdaptiveEnergy: Number(summary.allowAdaptiveEnergy),
    allowCreationOfContracts: Number(summary.allowCreationOfContracts),
    backupListenPort: 0,
    backupMemberSize: 0,
    backupPriority: 0,
    codeVersion: summary.codeVersion,
    dbVersion: DB_VERSION,
    discoverEnable: false,
    listenPort: summary.listenPort,
    maxConnectCount: 0,
    maxTimeRatio: 5.0,
    minParticipationRate: 0,
    minTimeRatio: 0.0,
    p2pVersion: summary.p2pVersion,
    passiveNodeSize: 0,
    sameIpMaxConnectCount: 0,
    sendNodeSize: 0,
    supportConstant: true,
    versionNum: VERSION_NUM,
  };
}

export function nodeInfoBean(summary: NodeInfoSummary): JsonObject {
  return {
    activeConnectCount: 0,
    beginSyncNum: summary.headNumber,
    block: blockIdText(summary.headNumber, summary.headId),
    cheatWitnessInfoMap: {},
    configNodeInfo: configNodeInfo(summary),
    currentConnectCount: 0,
    machineInfo: machineInfo(),
    passiveConnectCount: 0,
    peerList: [],
    solidityBlock: blockIdText(summary.solidNumber, summary.solidId),
    totalFlow: 0,
  };
}
