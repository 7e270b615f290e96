import {
  BLOCK_PRODUCED_INTERVAL,
  type Clock,
  type Logger,
  type ProducedBlock,
  TronodeError,
} from "@tronode/engine/internal";
import type { ChainService } from "./chain-service.js";

/** What a BlockProducer needs: the chain, its clock, the block time and the hooks a dev chain adds. */
export interface BlockProducerOptions {
  readonly chain: ChainService;
  readonly clock: Clock;
  readonly logger: Logger;
  /** Seconds between blocks; 0 = a block right after each accepted transaction (instamine). */
  readonly blockTimeSeconds: number;
  /** A one-shot timestamp for the next block (dev chains' setNextBlockTimestamp), consumed when used. */
  readonly takeNextBlockTimestamp?: () => bigint | undefined;
  /** Whether scheduled production may run now (a networked witness waits until it has caught up). */
  readonly mayProduce?: () => boolean;
  /** Called with every block this producer made (the terminal output prints it). */
  readonly onProduced?: (produced: ProducedBlock) => void;
  /** Moves a dev chain's clock forward to a block stamped ahead of it (tre_mine's spacing). */
  readonly advanceClockTo?: (timestampMs: bigint) => void;
}

/**
 * Produces blocks on clock slot boundaries (every `blockTime` seconds, aligned to multiples of
 * 3 s), or one block per transaction when the block time is 0. Block timestamps never run ahead of
 * the clock and never go back before the head block's. On a dev chain the clock can jump (time
 * travel): `replan` re-arms the timer, and each block takes the slot the clock is in when it fires.
 */
export class BlockProducer {
  private timer: NodeJS.Timeout | undefined;
  private blockTimeMs: bigint;
  private running = false;
  private producing: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: BlockProducerOptions) {
    this.blockTimeMs = BigInt(Math.round(options.blockTimeSeconds * 1000));
  }

  get blockTimeSeconds(): number {
    return Number(this.blockTimeMs) / 1000;
  }

  start(): void {
    this.running = true;
    this.schedule();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.producing;
  }

  setBlockTime(seconds: number): void {
    if (!Number.isFinite(seconds) || seconds < 0 || seconds > 60) {
      throw new TronodeError("INVALID_BLOCK_TIME", "block time must be between 0 and 60 seconds");
    }
    this.blockTimeMs = BigInt(Math.round(seconds * 1000));
    this.replan();
  }

  /** Re-arms the slot timer after the clock or the block time changed. */
  replan(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.running) this.schedule();
  }

  /** Called after a transaction entered the pool: in instamine mode it is mined at once. */
  afterTransaction(): Promise<void> {
    if (this.blockTimeMs !== 0n || !this.running) return Promise.resolve();
    return this.produceNow(0n);
  }

  /** Runs `step` after the block in hand, with no block produced until it has finished. */
  pause<T>(step: () => Promise<T>): Promise<T> {
    const run = this.producing.then(step);
    this.producing = run.catch(() => undefined);
    return run;
  }

  /**
   * Mines `count` blocks now (tre_mine). Unless a next-block timestamp is pending, each block is
   * stamped at least `spacingMs` after its parent (OZ's patched TRE mines at parent + 1 s at the
   * earliest, as Hardhat and Anvil never repeat a timestamp), and the clock moves along with it.
   */
  async mine(count: number, spacingMs = 0n): Promise<void> {
    for (let i = 0; i < count; i++) await this.produceNow(spacingMs);
  }

  private produceNow(spacingMs: bigint): Promise<void> {
    return this.enqueue(() => {
      const chosen = this.options.takeNextBlockTimestamp?.();
      if (chosen !== undefined) return chosen;
      const now = this.options.clock.now();
      const earliest = this.options.chain.properties.headTimestamp + spacingMs;
      if (now >= earliest) return now;
      if (spacingMs > 0n) this.options.advanceClockTo?.(earliest);
      return earliest;
    });
  }

  private schedule(): void {
    if (!this.running || this.blockTimeMs === 0n) return;
    const interval = this.blockTimeMs < BLOCK_PRODUCED_INTERVAL ? BLOCK_PRODUCED_INTERVAL : this.blockTimeMs;
    const now = this.options.clock.now();
    // Slots are counted from the genesis timestamp, as java-tron's DposSlot does.
    const genesis = this.options.chain.properties.genesisTimestamp;
    const next = genesis + ((now - genesis) / interval + 1n) * interval;
    this.timer = setTimeout(
      () => {
        this.timer = undefined;
        this.enqueue(() => {
          if (this.options.mayProduce && !this.options.mayProduce()) return undefined;
          const chosen = this.options.takeNextBlockTimestamp?.();
          if (chosen !== undefined) return chosen;
          // The slot the clock is in now: it may have jumped since the timer was armed.
          const at = this.options.clock.now();
          const slot = at < next ? next : genesis + ((at - genesis) / interval) * interval;
          return slot > this.options.chain.properties.headTimestamp ? slot : undefined;
        })
          .catch((e) => this.options.logger.error({ err: (e as Error).message }, "block production failed"))
          .finally(() => this.schedule());
      },
      Number(next - now),
    );
  }

  /** Produces one block at the timestamp `when` picks (undefined = skip), after any block in hand. */
  private enqueue(when: () => bigint | undefined): Promise<void> {
    const run = this.producing.then(async () => {
      const timestamp = when();
      if (timestamp === undefined) return;
      const started = performance.now();
      const produced = await this.options.chain.produce(timestamp);
      if (!produced) {
        this.options.logger.debug(
          { timestamp: Number(timestamp) },
          "slot of a witness this node does not hold: left empty",
        );
        return;
      }
      const raw = produced.block.blockHeader!.rawData!;
      this.options.onProduced?.(produced);
      this.options.logger.info(
        {
          number: Number(raw.number),
          transactions: produced.outcomes.length,
          timestamp: Number(raw.timestamp),
          ms: Math.round((performance.now() - started) * 10) / 10,
        },
        "block produced",
      );
    });
    this.producing = run.catch(() => undefined);
    return run;
  }
}
