/**
 * How far back the commit journal must reach. Each reason to rewind is one rule returning the
 * oldest commit whose record it needs (undefined: the rule needs none); the journal is pruned up to
 * the oldest of them, so a record goes only when no rule needs it.
 */
import type { JournalMark } from "@tronode/storage";

/**
 * Fork switches: a fork never undoes a solidified block, so the newest commit at or below the
 * solidified block is the furthest back a switch rewinds. Its own record stays too: its mark
 * (commit → head block number) tells a switch to a fork at the solidified block which commit to
 * rewind to, and the solid view starts from it. With no such commit every record is above the
 * solidified block and stays.
 */
export function oldestCommitForSolidified(
  marks: readonly JournalMark[],
  solidifiedNumber: bigint,
): bigint | undefined {
  if (marks.length === 0) return undefined;
  let newestAtOrBelow: bigint | undefined;
  for (const mark of marks) {
    if (mark.label > solidifiedNumber) break;
    newestAtOrBelow = mark.seq;
  }
  return newestAtOrBelow ?? marks[0]!.seq;
}

/** Dev snapshots: every held checkpoint stays rewindable, its own commit's record included. */
export function oldestCommitForCheckpoints(held: Iterable<bigint>): bigint | undefined {
  let oldest: bigint | undefined;
  for (const seq of held) if (oldest === undefined || seq < oldest) oldest = seq;
  return oldest;
}

/** The blocks whose parent state debug_traceTransaction can still rebuild (dev chains). */
export interface TraceWindow {
  /** The last this-many blocks (0: none). */
  readonly blocks: number;
  /** At most this many bytes of their undo records (the head block always stays). */
  readonly bytes: number;
}

/**
 * The oldest block of the trace window: the last `blocks` blocks, newest first and whole blocks
 * only, while their records fit in the byte budget — records live in memory, and a busy chain's
 * blocks would otherwise hold hundreds of MB.
 */
function oldestTracedBlock(marks: readonly JournalMark[], headNumber: bigint, window: TraceWindow): bigint {
  const oldest = headNumber - BigInt(window.blocks) + 1n;
  let bytes = 0;
  for (let i = marks.length - 1; i >= 0; i--) {
    const mark = marks[i]!;
    if (mark.label < oldest) break;
    bytes += mark.bytes;
    if (bytes > window.bytes && mark.label < headNumber) return mark.label + 1n;
  }
  return oldest;
}

/**
 * debug_traceTransaction: the commits of the window's oldest block and every later one stay, so
 * each traced block's parent state is one `viewAt` away.
 */
export function oldestCommitForTraceWindow(
  marks: readonly JournalMark[],
  headNumber: bigint,
  window: TraceWindow,
): bigint | undefined {
  if (window.blocks <= 0 || marks.length === 0) return undefined;
  const oldestBlock = oldestTracedBlock(marks, headNumber, window);
  let lastBefore: bigint | undefined;
  for (const mark of marks) {
    if (mark.label >= oldestBlock) break;
    lastBefore = mark.seq;
  }
  return lastBefore === undefined ? marks[0]!.seq : lastBefore + 1n;
}

/**
 * The commit to prune the journal through so that every rule keeps what it needs (the oldest commit
 * any rule keeps stays); undefined when nothing can go.
 */
export function journalPruneBound(
  marks: readonly JournalMark[],
  oldestKeptByRule: readonly (bigint | undefined)[],
): bigint | undefined {
  const first = marks[0];
  if (first === undefined) return undefined;
  let oldestKept: bigint | undefined;
  for (const seq of oldestKeptByRule) {
    if (seq !== undefined && (oldestKept === undefined || seq < oldestKept)) oldestKept = seq;
  }
  if (oldestKept === undefined) return undefined;
  const through = oldestKept - 1n;
  return through >= first.seq ? through : undefined;
}
