import { create, type MessageInitShape } from "@bufbuild/protobuf";
import {
  type Block,
  type BlockExtentionSchema,
  type BroadcastResult,
  blockId,
  bytesToHex,
  type NodeInfoSchema,
  type NodeInfoSummary,
  Return_response_code,
  type ReturnSchema,
  type Transaction,
  type TransactionExtentionSchema,
  TransactionSchema,
  transactionId,
  utf8Encode,
} from "@tronode/engine/internal";

export type ReturnInit = MessageInitShape<typeof ReturnSchema>;

export function transactionExtention(
  transaction: Transaction,
): MessageInitShape<typeof TransactionExtentionSchema> {
  return {
    transaction: create(TransactionSchema, transaction),
    txid: transactionId(transaction),
    result: { result: true, code: Return_response_code.SUCCESS },
  };
}

export function blockExtention(block: Block): MessageInitShape<typeof BlockExtentionSchema> {
  return {
    blockHeader: block.blockHeader,
    blockid: blockId(block),
    transactions: block.transactions.map(transactionExtention),
  };
}

/** A response code by java-tron's name (SUCCESS, SIGERROR, …); unknown names are OTHER_ERROR. */
export function returnCodeOf(name: string): Return_response_code {
  const code = (Return_response_code as unknown as Record<string, number>)[name];
  return code === undefined ? Return_response_code.OTHER_ERROR : code;
}

export function failedReturn(code: Return_response_code, message: string): ReturnInit {
  return { result: false, code, message: utf8Encode(message) };
}

/** BroadcastTransaction's answer: `Return` itself (no txid: clients compute it). */
export function broadcastReturn(result: BroadcastResult): ReturnInit {
  return { result: result.result, code: returnCodeOf(result.code), message: utf8Encode(result.message) };
}

/** java-tron's BlockId text in NodeInfo: `Num:<n>,ID:<hex>`. */
function blockIdText(num: bigint, id: Uint8Array): string {
  return `Num:${num},ID:${bytesToHex(id)}`;
}

/**
 * NodeInfo as `NodeInfo.transferToProtoEntity` fills it, from the same summary the HTTP bean prints:
 * the peers of a networked node, the java-tron release tronode mirrors, and the Node.js process in
 * place of the JVM.
 */
export function nodeInfoMessage(summary: NodeInfoSummary): MessageInitShape<typeof NodeInfoSchema> {
  const net = summary.network;
  return {
    beginSyncNum: summary.headNumber,
    block: blockIdText(summary.headNumber, summary.headId),
    solidityBlock: blockIdText(summary.solidNumber, summary.solidId),
    currentConnectCount: (net?.activeConnectCount ?? 0) + (net?.passiveConnectCount ?? 0),
    activeConnectCount: net?.activeConnectCount ?? 0,
    passiveConnectCount: net?.passiveConnectCount ?? 0,
    // java-tron's PeerInfo carries this node's own id and listen port, as the HTTP bean does
    peerInfoList: (net?.peers ?? []).map((peer) => ({
      lastSyncBlock: peer.lastSyncBlock ? blockIdText(peer.lastSyncBlock.number, peer.lastSyncBlock.id) : "",
      remainNum: peer.remainNum,
      lastBlockUpdateTime: BigInt(peer.lastBlockUpdateTime),
      syncFlag: peer.isDisconnect,
      needSyncFromPeer: peer.needSyncFromPeer,
      needSyncFromUs: peer.needSyncFromUs,
      host: peer.host,
      port: net!.listenPort,
      nodeId: net!.nodeId,
      connectTime: BigInt(peer.connectTime),
      avgLatency: peer.avgLatency,
      syncToFetchSize: peer.syncToFetchSize,
      syncToFetchSizePeekNum: peer.syncToFetchSizePeekNum,
      syncBlockRequestedSize: peer.syncBlockRequestedSize,
      unFetchSynNum: peer.remainNum,
      blockInPorcSize: peer.blockInProcessSize,
      headBlockWeBothHave: blockIdText(peer.headBlockWeBothHave.number, peer.headBlockWeBothHave.id),
      isActive: peer.active,
      disconnectTimes: peer.disconnectTimes,
      localDisconnectReason: peer.localDisconnectReason,
      remoteDisconnectReason: peer.remoteDisconnectReason,
    })),
    configNodeInfo: {
      codeVersion: summary.codeVersion,
      p2pVersion: summary.p2pVersion,
      listenPort: net?.listenPort ?? summary.listenPort,
      discoverEnable: net?.discoverEnable ?? false,
      activeNodeSize: net?.activeNodeSize ?? 0,
      passiveNodeSize: net?.passiveNodeSize ?? 0,
      maxConnectCount: net?.maxConnectCount ?? 0,
      sameIpMaxConnectCount: net?.sameIpMaxConnectCount ?? 0,
      dbVersion: 2,
      supportConstant: true,
      maxTimeRatio: 5.0,
      allowCreationOfContracts: summary.allowCreationOfContracts,
      allowAdaptiveEnergy: summary.allowAdaptiveEnergy,
    },
    machineInfo: {
      threadCount: summary.machine.threadCount,
      cpuCount: summary.machine.cpuCount,
      totalMemory: BigInt(summary.machine.totalMemory),
      freeMemory: BigInt(summary.machine.freeMemory),
      javaVersion: summary.machine.runtimeVersion,
      osName: summary.machine.osName,
      jvmTotalMemory: BigInt(summary.machine.heapTotal),
      jvmFreeMemory: BigInt(summary.machine.heapFree),
      processCpuRate: summary.machine.processCpuRate,
      memoryDescInfoList: summary.machine.memoryPools.map((p) => ({
        name: p.name,
        initSize: BigInt(p.initSize),
        useSize: BigInt(p.useSize),
        maxSize: BigInt(p.maxSize),
        useRate: p.useRate,
      })),
    },
  };
}
