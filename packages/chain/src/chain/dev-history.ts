/**
 * What a development chain keeps of its past, on top of what fork switches need: checkpoints held
 * rewindable (dev snapshots: evm_snapshot / evm_revert), the listeners told of a rewind, and the
 * records of the last `traceBlocks` blocks, so debug_traceTransaction can rebuild a block's parent
 * state. All of it is the commit journal (`ChainStore.viewAt`, `rewind`); this module decides what
 * of it must stay.
 */
import type { StateView, Transaction } from "@tronode/engine/internal";
import type { ChainStore, JournalMark } from "@tronode/storage";
import { oldestCommitForCheckpoints, oldestCommitForTraceWindow } from "./journal-retention.js";

/** Default `traceBytes`. */
export const DEFAULT_TRACE_BYTES = 8 * 1024 * 1024;

/** A point the chain can be rewound to: a commit of the store and the pending pool at that time. */
export interface ChainCheckpoint {
  /** The store's commit sequence number. */
  readonly seq: bigint;
  /** The head block number then. */
  readonly headNumber: bigint;
  /** The pending pool then, in arrival order. */
  readonly pending: readonly Transaction[];
}

export interface DevHistory {
  /** The current commit with the given head and pool, held rewindable until `release` is called. */
  checkpoint(
    headNumber: bigint,
    pending: readonly Transaction[],
  ): { checkpoint: ChainCheckpoint; release: () => void };
  /** Called after the chain was rewound (snapshot revert, fork switch). */
  onRewind(listener: (checkpoint: ChainCheckpoint) => void): () => void;
  /** Tells the rewind listeners the chain is back at `checkpoint`. */
  rewound(checkpoint: ChainCheckpoint): void;
  /**
   * The committed state just before block `number` was committed (its parent's state, with any
   * later admin write to that parent included), while the journal still holds that block; valid
   * until the next write.
   */
  stateBeforeBlock(number: bigint): StateView | undefined;
  /** Journal retention: the oldest commit a held checkpoint needs (undefined: none held). */
  oldestHeldCommit(): bigint | undefined;
  /** Journal retention: the oldest commit the trace window needs (undefined: no traces kept). */
  oldestTracedCommit(marks: readonly JournalMark[], headNumber: bigint): bigint | undefined;
}

export interface DevHistoryOptions {
  readonly store: ChainStore;
  /** Keep the journal of the last this-many blocks for traces (0 or absent: none). */
  readonly traceBlocks?: number;
  /** At most this many bytes of those blocks' undo records (default DEFAULT_TRACE_BYTES). */
  readonly traceBytes?: number;
}

export function createDevHistory(options: DevHistoryOptions): DevHistory {
  const { store } = options;
  /** Commit sequence numbers the journal must keep rewinding to (snapshots), by holder. */
  const holds = new Map<symbol, bigint>();
  const rewindListeners = new Set<(checkpoint: ChainCheckpoint) => void>();
  const traceWindow = {
    blocks: options.traceBlocks ?? 0,
    bytes: options.traceBytes ?? DEFAULT_TRACE_BYTES,
  };

  return {
    checkpoint(headNumber, pending) {
      const checkpoint: ChainCheckpoint = { seq: store.commitSeq, headNumber, pending };
      const holder = Symbol("checkpoint");
      holds.set(holder, checkpoint.seq);
      return { checkpoint, release: () => holds.delete(holder) };
    },
    onRewind(listener) {
      rewindListeners.add(listener);
      return () => rewindListeners.delete(listener);
    },
    rewound(checkpoint) {
      for (const listener of rewindListeners) listener(checkpoint);
    },
    stateBeforeBlock(number) {
      const mark = store.journal().find((m) => m.label >= number);
      if (mark === undefined || mark.label !== number) return undefined;
      return store.viewAt(mark.seq - 1n);
    },
    oldestHeldCommit: () => oldestCommitForCheckpoints(holds.values()),
    oldestTracedCommit: (marks, headNumber) => oldestCommitForTraceWindow(marks, headNumber, traceWindow),
  };
}
