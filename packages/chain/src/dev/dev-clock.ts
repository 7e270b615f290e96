import { type Clock, TronodeError } from "@tronode/engine/internal";

/**
 * The node's clock on a development chain: the wall clock plus an offset that time-travel methods
 * move (Ganache/Anvil `evm_increaseTime`, `evm_setTime`), and a one-shot timestamp for the next
 * block (`evm_setNextBlockTimestamp`). Everything that reads time in the node reads this clock, so
 * block timestamps, expirations, unfreeze delays, maintenance and the 24 h withdraw rule all follow
 * it; the engine itself never reads a clock.
 */
export class DevClock implements Clock {
  private offset = 0n;
  private nextBlock: bigint | undefined;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly base: Clock) {}

  now(): bigint {
    return this.base.now() + this.offset;
  }

  /** Milliseconds the clock runs ahead of (or behind) the wall clock. */
  get offsetMs(): bigint {
    return this.offset;
  }

  /** Moves time forward by `ms`; returns the new total offset. */
  increase(ms: bigint): bigint {
    if (ms < 0n) throw new TronodeError("INVALID_TIME", "time can only be increased");
    this.offset += ms;
    this.changed();
    return this.offset;
  }

  /** Moves the clock forward to `timestampMs` when it is behind it. */
  advanceTo(timestampMs: bigint): void {
    const behind = timestampMs - this.now();
    if (behind <= 0n) return;
    this.offset += behind;
    this.changed();
  }

  /** Sets the clock to `timestampMs` from now on; returns the new offset. */
  setTime(timestampMs: bigint): bigint {
    this.offset = timestampMs - this.base.now();
    this.changed();
    return this.offset;
  }

  /** The timestamp the next block gets (once); later blocks continue from it. */
  setNextBlockTimestamp(timestampMs: bigint): void {
    this.nextBlock = timestampMs;
    this.changed();
  }

  /** The one-shot next-block timestamp, if set. */
  get nextBlockTimestamp(): bigint | undefined {
    return this.nextBlock;
  }

  /** Consumes the one-shot timestamp for a block being produced, moving the clock to it. */
  takeNextBlockTimestamp(): bigint | undefined {
    const ts = this.nextBlock;
    if (ts === undefined) return undefined;
    this.nextBlock = undefined;
    this.offset = ts - this.base.now();
    return ts;
  }

  /**
   * Puts the clock back to `timestampMs` (a reverted snapshot's head block time, as Anvil does) with
   * the one-shot next-block timestamp that was set then.
   */
  resetTo(timestampMs: bigint, nextBlockTimestamp: bigint | undefined): void {
    this.offset = timestampMs - this.base.now();
    this.nextBlock = nextBlockTimestamp;
    this.changed();
  }

  /** Called whenever the clock jumps (the block producer re-plans its next slot). */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
