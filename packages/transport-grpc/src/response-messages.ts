/**
 * The response messages java-tron's RpcApiService builds around the wallet's results:
 * `transaction2Extention` (transaction, txid = sha256(raw_data), Return{result:true}),
 * `block2Extention` (header, blockid, every transaction as an extention), the Return of a
 * broadcast (code by name, message as UTF-8 bytes), and the node info message.
 */
import os from "node:os";
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
} from "@tronode/engine";

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
 * NodeInfo as `NodeInfo.transferToProtoEntity` fills it, from what tronode knows: no peers, the
 * java-tron release it mirrors, and the Node.js process in place of the JVM.
 */
export function nodeInfoMessage(summary: NodeInfoSummary): MessageInitShape<typeof NodeInfoSchema> {
  const heap = process.memoryUsage();
  return {
    beginSyncNum: summary.headNumber,
    block: blockIdText(summary.headNumber, summary.headId),
    solidityBlock: blockIdText(summary.solidNumber, summary.solidId),
    configNodeInfo: {
      codeVersion: summary.codeVersion,
      p2pVersion: summary.p2pVersion,
      listenPort: summary.listenPort,
      dbVersion: 2,
      supportConstant: true,
      maxTimeRatio: 5.0,
      allowCreationOfContracts: summary.allowCreationOfContracts,
      allowAdaptiveEnergy: summary.allowAdaptiveEnergy,
    },
    machineInfo: {
      threadCount: 1,
      cpuCount: os.cpus().length,
      totalMemory: BigInt(os.totalmem()),
      freeMemory: BigInt(os.freemem()),
      javaVersion: process.version,
      osName: `${os.type()} ${os.release()}`,
      jvmTotalMemory: BigInt(heap.heapTotal),
      jvmFreeMemory: BigInt(Math.max(0, heap.heapTotal - heap.heapUsed)),
    },
  };
}
