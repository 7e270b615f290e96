import {
  applyBlock,
  applyTransaction,
  type Block,
  type BlockOutcome,
  blockSlot,
  bytesEqual,
  bytesToHex,
  ChainProperties,
  type ChainSettings,
  type ChangeSet,
  contractOwner,
  type Logger,
  MutableChainProperties,
  type ProducedBlock,
  produceBlock,
  type ReadScope,
  ResponseCode,
  type SignatureRecoverer,
  StateOverlay,
  type StateView,
  scheduledWitness,
  type Transaction,
  type TransactionOutcome,
  TronodeError,
  transactionId,
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
  /** Node settings that change execution (java-tron's CommonParameter: the proposal lifetime). */
  readonly settings?: ChainSettings;
  /**
   * Development chains: owners whose transactions are accepted without a valid signature
   * (impersonation, TRE's unlocked accounts). Absent on a production-like node.
   */
  readonly signatureBypass?: (owner: Uint8Array) => boolean;
}

interface PendingEntry {
  readonly tx: Transaction;
  readonly outcome: TransactionOutcome;
}

/** A point the chain can be rewound to: a commit of the store and the pending pool at that time. */
export interface ChainCheckpoint {
  /** The store's commit sequence number. */
  readonly seq: bigint;
  /** The head block number then. */
  readonly headNumber: bigint;
  /** The pending pool then, in arrival order. */
  readonly pending: readonly Transaction[];
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
  /** Commit sequence numbers the journal must keep rewinding to (snapshots), by holder. */
  private readonly holds = new Map<symbol, bigint>();
  private readonly rewindListeners = new Set<(checkpoint: ChainCheckpoint) => void>();
  private changes = 0;
  /** The solidified block's state when the head is past it (see solidView). */
  private solid: StateView | undefined;

  constructor(private readonly options: ChainServiceOptions) {
    this.pendingState = new StateOverlay(options.store.view);
  }

  /**
   * Bumped whenever the head or committed state may have changed (a push, a commit, a rewind): an
   * answer computed at one version can be served again while the version is the same.
   */
  get stateVersion(): number {
    return this.changes;
  }

  /** Unconfirmed state: committed + pending transactions. */
  get headView(): StateView {
    return this.pendingState;
  }

  /** Committed state: the head block's. */
  get committedView(): StateView {
    return this.options.store.view;
  }

  /**
   * The state at the solidified block (what /walletsolidity reads): the committed state itself when
   * the head is solidified (one witness), else the committed state with the unsolidified blocks'
   * writes undone from the journal.
   */
  get solidView(): StateView {
    return this.solid ?? this.options.store.view;
  }

  /** The state a read of `scope` sees: `head` = unconfirmed (pending applied), `solid` = solidified. */
  viewOf(scope: ReadScope): StateView {
    return scope === "head" ? this.pendingState : this.solidView;
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
      return this.pushToPending(tx, recoverer);
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
        settings: this.options.settings,
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

  /** Called after the chain was rewound (snapshot revert, fork switch). */
  onRewind(listener: (checkpoint: ChainCheckpoint) => void): () => void {
    this.rewindListeners.add(listener);
    return () => this.rewindListeners.delete(listener);
  }

  /**
   * The current commit and pending pool, taken between writes, and kept rewindable until
   * `release` is called.
   */
  checkpoint(): Promise<{ checkpoint: ChainCheckpoint; release: () => void }> {
    return this.queue.run(async () => {
      const checkpoint: ChainCheckpoint = {
        seq: this.options.store.commitSeq,
        headNumber: this.properties.headNumber,
        pending: [...this.pending.values()].map((e) => e.tx),
      };
      const holder = Symbol("checkpoint");
      this.holds.set(holder, checkpoint.seq);
      return { checkpoint, release: () => this.holds.delete(holder) };
    });
  }

  /**
   * Undoes every commit after the checkpoint (blocks, transactions, admin writes) in one atomic
   * step and rebuilds the pending pool from the checkpoint's transactions.
   */
  rewindTo(checkpoint: ChainCheckpoint): Promise<void> {
    return this.queue.run(async () => {
      await this.options.store.rewind(checkpoint.seq);
      this.refreshSolidView();
      this.commits++;
      this.changes++;
      this.verified.clear();
      this.repush(checkpoint.pending);
      for (const listener of this.rewindListeners) listener(checkpoint);
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

  /**
   * Replaces the committed state with what `compute` returns (computed between writes, e.g. from a
   * state dump), and empties the pending pool.
   */
  replaceState(compute: () => Promise<ChangeSet>): Promise<void> {
    return this.queue.run(async () => {
      await this.commit(await compute());
      this.verified.clear();
      this.repush([]);
    });
  }

  /** Runs `read` between writes, so it sees one committed state (dumps, digests). */
  exclusive<T>(read: () => Promise<T>): Promise<T> {
    return this.queue.run(read);
  }

  /** Waits until every queued write has finished. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  private async commit(changes: ChangeSet): Promise<void> {
    const store = this.options.store;
    const after = new StateOverlay(store.view);
    after.merge(changes);
    await store.commit(changes, { label: new ChainProperties(after).headNumber });
    this.refreshSolidView(); // at once, so no read sees the new head through the old solid view
    this.commits++;
    this.changes++;
    await this.pruneJournal();
  }

  /** Recomputes the solidified state after the committed state moved. */
  private refreshSolidView(): void {
    const store = this.options.store;
    const props = new ChainProperties(store.view);
    const solid = props.solidifiedNumber;
    if (solid >= props.headNumber) {
      this.solid = undefined;
      return;
    }
    // the last commit whose head was at or below the solidified block (pruning keeps what follows;
    // when that commit's own record is pruned, it is the one just before the first above it)
    const marks = store.journal();
    const atOrBelow = marks.filter((mark) => mark.label <= solid).at(-1);
    const firstAbove = marks.find((mark) => mark.label > solid);
    const seq = atOrBelow?.seq ?? (firstAbove === undefined ? undefined : firstAbove.seq - 1n);
    this.solid = seq === undefined ? undefined : store.viewAt(seq);
  }

  /**
   * Keeps the journal only as far back as something may rewind: the newest commit at or below the
   * solidified block (a fork never undoes a solidified block) and every held checkpoint.
   */
  private async pruneJournal(): Promise<void> {
    const store = this.options.store;
    const marks = store.journal();
    if (marks.length === 0) return;
    const solid = this.properties.solidifiedNumber;
    let through = -1n;
    for (const mark of marks) {
      if (mark.label > solid) break;
      through = mark.seq;
    }
    for (const held of this.holds.values()) if (held < through) through = held;
    if (through >= marks[0]!.seq) await store.pruneJournal(through);
  }

  /**
   * Applies a transaction to the pending state as a broadcast (signatures already checked once are
   * not checked again; an impersonated owner's are not checked at all) and adds it to the pool.
   */
  private pushToPending(tx: Transaction, recoverer: SignatureRecoverer): TransactionOutcome {
    const bypass = this.options.signatureBypass;
    const outcome = applyTransaction(this.pendingState, tx, {
      mode: "push",
      recoverer,
      isVerified: (txId) =>
        this.verified.has(bytesToHex(txId)) ||
        (bypass !== undefined &&
          tx.rawData?.contract[0] !== undefined &&
          bypass(contractOwner(tx.rawData.contract[0]))),
      traceBalances: this.options.traceBalances,
      settings: this.options.settings,
    });
    const id = bytesToHex(outcome.txId);
    this.pendingState.merge(outcome.changes);
    this.changes++;
    this.pending.set(id, { tx: outcome.transaction, outcome });
    this.verified.add(id);
    return outcome;
  }

  /** Starts a new pool on the committed state and re-pushes `txs` into it (java-tron's repush). */
  private repush(txs: readonly Transaction[]): void {
    this.changes++;
    this.pending = new Map();
    this.pendingState = new StateOverlay(this.options.store.view);
    this.pendingBuiltAt = this.commits;
    for (const tx of txs) {
      try {
        this.pushToPending(tx, this.options.recoverer);
      } catch (e) {
        const id = bytesToHex(transactionId(tx));
        this.verified.delete(id);
        this.options.logger.debug({ txId: id, reason: (e as Error).message }, "pending transaction dropped");
      }
    }
  }

  /** Re-applies the transactions still pending on top of the new committed state. */
  private rebuildPending(included: ReadonlySet<string>): void {
    const previous = [...this.pending.entries()].filter(([id]) => !included.has(id));
    this.repush(previous.map(([, entry]) => entry.tx));
  }
}
