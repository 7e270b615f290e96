/**
 * debug_traceTransaction on a dev chain: the transaction's block and position from its
 * TransactionInfo, the state before that block from the commit journal (ChainService keeps the
 * last `--trace-blocks` blocks' records), and the engine's re-run with a tracer — all between two
 * writes, so no block lands while the journal view is read.
 */

import {
  bytesEqual,
  bytesToHex,
  type ChainSettings,
  Tables,
  TraceErrorCodes,
  type TraceOptions,
  type TraceQueries,
  type TraceResult,
  TronodeError,
  traceBlockTransaction,
  transactionId,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";
import { DEFAULT_TRACE_BYTES } from "../chain/dev-history.js";

export interface DebugServiceOptions {
  readonly chain: ChainService;
  readonly settings?: ChainSettings;
  /** How many blocks' parent states the chain keeps (for the error text). */
  readonly traceBlocks: number;
  /** The journal's byte budget for those blocks (ChainService's `traceBytes`). */
  readonly traceBytes?: number;
}

export class DebugService implements TraceQueries {
  constructor(private readonly options: DebugServiceOptions) {}

  traceTransaction(txId: Uint8Array, trace: TraceOptions): Promise<TraceResult> {
    const { chain } = this.options;
    return chain.exclusive(async () => {
      const hex = `0x${bytesToHex(txId)}`;
      const info = await chain.store.read(Tables.transactionInfos, txId);
      if (!info) {
        if (chain.pendingTransaction(txId)) {
          throw new TronodeError(TraceErrorCodes.notInBlock, `transaction ${hex} is not in a block yet`);
        }
        throw new TronodeError(TraceErrorCodes.notFound, `transaction ${hex} not found`);
      }
      const block = await chain.store.read(Tables.blocks, info.blockNumber);
      const index = block?.transactions.findIndex((tx) => bytesEqual(transactionId(tx), txId)) ?? -1;
      if (!block || index < 0)
        throw new TronodeError(TraceErrorCodes.notFound, `transaction ${hex} not found`);
      const parent = chain.stateBeforeBlock(info.blockNumber);
      if (!parent) {
        throw new TronodeError(
          TraceErrorCodes.stateGone,
          `the state before block ${info.blockNumber} is no longer kept (the node keeps the last ${this.options.traceBlocks} blocks, within ${(this.options.traceBytes ?? DEFAULT_TRACE_BYTES) / 1048576} MiB of undo records: --trace-blocks)`,
        );
      }
      return traceBlockTransaction(parent, block, index, trace, {
        recoverer: chain.recoverer,
        ...(this.options.settings ? { settings: this.options.settings } : {}),
      });
    });
  }
}
