import {
  applyBlock,
  applyTransaction,
  type Block,
  type BlockOutcome,
  blockSlot,
  bytesEqual,
  bytesToHex,
  ChainProperties,
  type ChangeSet,
  type Logger,
  MutableChainProperties,
  type ProducedBlock,
  produceBlock,
  ResponseCode,
  type SignatureRecoverer,
  StateOverlay,
  type StateView,
  scheduledWitness,
  type Transaction,
  type TransactionOutcome,
  TronodeError,
} from "@tronode/engine";
import type { ChainStore } from "@tronode/storage";
import { SerialQueue } from "./serial-queue.js";
import type { SignaturePrefetch } from "./signature-prefetch.js";

export interface WitnessKey {
  readonly address: Uint8Array;
  readonly privateKey: Uint8Array;
}

export interface ChainServiceOptions {
  readonly store: ChainStore;
  readonly recoverer: SignatureRecoverer;
  /**
   * The witnesses this node produces for and the key each signs with (localwitness, with
   * localWitnessAccountAddress for a witness-permission key). Which of them produces a block is
   * decided by the schedule; a slot of a witness not listed here is left empty.
   */
  readonly producers: readonly WitnessKey[];
  readonly logger: Logger;
  /** Record balance history (java-tron's historyBalanceLookup) for every block. */
  readonly traceBalances?: boolean;
  /** java-tron's maxTransactionPendingSize. */
  readonly maxPendingSize?: number;
  /** Recovers broadcast signatures in worker threads before the push checks them (optional). */
  readonly prefetch?: SignaturePrefetch;
}

interface PendingEntry {
  readonly tx: Transaction;
  readonly outcome: TransactionOutcome;
}

/**
 * The chain as a running node holds it: committed state in the store, and a pending pool whose
 * transactions are already applied to an unconfirmed overlay (java-tron's pending session), so
 * reads right after a broadcast see their effect. One writer at a time: pushes, blocks and admin
 * writes are serialized.
 */
export class ChainService {
  private pending = new Map<string, PendingEntry>();
  private pendingState: StateOverlay;
  private readonly verified = new Set<string>();
  private readonly queue = new SerialQueue();
  private readonly listeners = new Set<(block: ProducedBlock) => void>();
  /** Commits made so far, and the count the pending pool was built at (its outcomes are on that head). */
  private commits = 0;
  private pendingBuiltAt = 0;

  constructor(private readonly options: ChainServiceOptions) {
    this.pendingState = new StateOverlay(options.store.view);
  }

  /** Unconfirmed state: committed + pending transactions. */
  get headView(): StateView {
    return this.pendingState;
  }

  /** Committed state (for a single witness the solidified block is the head block). */
  get committedView(): StateView {
    return this.options.store.view;
  }

  get store(): ChainStore {
    return this.options.store;
  }

  /** The signature recoverer the chain checks signatures with (also used by getsignweight & co.). */
  get recoverer(): SignatureRecoverer {
    return this.options.recoverer;
  }

  get properties(): ChainProperties {
    return new ChainProperties(this.options.store.view);
  }

  get pendingSize(): number {
    return this.pending.size;
  }

  pendingTransaction(id: Uint8Array): Transaction | undefined {
    return this.pending.get(bytesToHex(id))?.tx;
  }

  pendingIds(): Uint8Array[] {
    return [...this.pending.values()].map((e) => e.outcome.txId);
  }

  onBlock(listener: (block: ProducedBlock) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Broadcast: validates and applies the transaction to the pending state, or throws the rejection. */
  push(tx: Transaction): Promise<TransactionOutcome> {
    const maxPending = this.options.maxPendingSize ?? 2000;
    const apply = (recoverer: SignatureRecoverer): TransactionOutcome => {
      if (this.pending.size >= maxPending) {
        throw new TronodeError(ResponseCode.SERVER_BUSY, "Server busy.");
      }
      const outcome = applyTransaction(this.pendingState, tx, {
        mode: "push",
        recoverer,
        traceBalances: this.options.traceBalances,
      });
      const id = bytesToHex(outcome.txId);
      this.pendingState.merge(outcome.changes);
      this.pending.set(id, { tx: outcome.transaction, outcome });
      this.verified.add(id);
      return outcome;
    };
    const prefetch = this.options.prefetch;
    if (!prefetch || this.pending.size >= maxPending) {
      return this.queue.run(() => apply(this.options.recoverer));
    }
    // The recovery runs in the pool while earlier pushes are applied; the push keeps its place
    // in the queue and checks its signatures (through the prefetched results) in java-tron's order.
    const recovered = prefetch.prefetch(tx);
    return this.queue.run(() => recovered.then(() => apply(prefetch.recoverer)));
  }

  /** The held witness scheduled for a block at `timestamp`, if this node holds its key. */
  producerAt(timestamp: bigint): WitnessKey | undefined {
    const props = this.properties;
    const scheduled = scheduledWitness(props, blockSlot(props, props.headNumber + 1n, timestamp));
    return scheduled && this.options.producers.find((p) => bytesEqual(p.address, scheduled));
  }

  /**
   * Produces one block with the pending transactions at `timestamp` (when this node holds the key of
   * the witness scheduled for it), commits it, and rebuilds the pool. Undefined for another witness's slot.
   */
  produce(timestamp: bigint): Promise<ProducedBlock | undefined> {
    return this.queue.run(async () => {
      const producer = this.producerAt(timestamp);
      if (!producer) return undefined;
      const entries = [...this.pending.values()];
      const produced = produceBlock(this.options.store.view, {
        timestamp,
        witnessPrivateKey: producer.privateKey,
        witnessAddress: producer.address,
        transactions: entries.map((e) => e.tx),
        recoverer: this.options.recoverer,
        isVerified: (txId) => this.verified.has(bytesToHex(txId)),
        traceBalances: this.options.traceBalances,
        // The pool's outcomes were computed on the committed head, in order: the block can take them.
        pushed: this.pendingBuiltAt === this.commits ? entries.map((e) => e.outcome) : undefined,
      });
      await this.commit(produced.changes);
      for (const o of produced.outcomes) this.verified.delete(bytesToHex(o.txId));
      for (const r of produced.rejected) {
        this.options.logger.debug({ reason: r.error.message }, "transaction left out of the block");
      }
      this.rebuildPending(new Set(produced.outcomes.map((o) => bytesToHex(o.txId))));
      for (const listener of this.listeners) listener(produced);
      return produced;
    });
  }

  /**
   * A solidity node's step (java-tron's SolidityNode: pushVerifiedBlock, then
   * saveLatestSolidifiedBlockNum): applies a block fetched from the trust node on the committed
   * head, records it as solidified, and commits both as one batch. Throws the block's validation
   * failure without writing anything.
   */
  applySolidifiedBlock(block: Block): Promise<BlockOutcome> {
    return this.queue.run(async () => {
      const outcome = applyBlock(this.options.store.view, block, this.options.recoverer, {
        traceBalances: this.options.traceBalances,
        trusted: true,
      });
      const overlay = new StateOverlay(this.options.store.view);
      overlay.merge(outcome.changes);
      const number = block.blockHeader?.rawData?.number ?? 0n;
      new MutableChainProperties(overlay).set("LATEST_SOLIDIFIED_BLOCK_NUM", number);
      await this.commit(overlay.changes() as ChangeSet);
      this.rebuildPending(new Set());
      return outcome;
    });
  }

  /** A development write straight into state (TRE's admin funding), committed at once. */
  adminWrite(write: (state: StateOverlay) => void): Promise<void> {
    return this.queue.run(async () => {
      const overlay = new StateOverlay(this.options.store.view);
      write(overlay);
      await this.commit(overlay.changes() as ChangeSet);
      this.rebuildPending(new Set());
    });
  }

  /** Waits until every queued write has finished. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async commit(changes: ChangeSet): Promise<void> {
    await this.options.store.commit(changes);
    this.commits++;
  }

  /** Re-applies the transactions still pending on top of the new committed state (java-tron's repush). */
  private rebuildPending(included: ReadonlySet<string>): void {
    const previous = [...this.pending.entries()].filter(([id]) => !included.has(id));
    this.pending = new Map();
    this.pendingState = new StateOverlay(this.options.store.view);
    this.pendingBuiltAt = this.commits;
    for (const [id, entry] of previous) {
      try {
        const outcome = applyTransaction(this.pendingState, entry.tx, {
          mode: "push",
          recoverer: this.options.recoverer,
          isVerified: () => this.verified.has(id),
          traceBalances: this.options.traceBalances,
        });
        this.pendingState.merge(outcome.changes);
        this.pending.set(id, { tx: outcome.transaction, outcome });
      } catch (e) {
        this.verified.delete(id);
        this.options.logger.debug({ txId: id, reason: (e as Error).message }, "pending transaction dropped");
      }
    }
  }
}
