/**
 * ChainService: the chain as a running node holds it, one writer at a time. It composes the parts
 * that each own one responsibility and sequences their writes:
 * - `pending-pool.ts`: the broadcast transactions applied to an unconfirmed overlay;
 * - `fork-choice.ts`: the fork tree and the switch to a longer branch for blocks from the network;
 * - `dev-history.ts`: dev snapshots (checkpoints, rewinds) and the trace window;
 * - `solid-view.ts`: the state at the solidified block;
 * - `journal-retention.ts`: how far back the commit journal is kept, one rule per reason.
 * Listeners of `onChange` hear of every block committed on the head and of every block about to be
 * undone, inside the write, while the committed state is the one they concern.
 */
import {
  applyBlock,
  type Block,
  type BlockOutcome,
  blockSlot,
  bytesEqual,
  bytesToHex,
  ChainProperties,
  type ChainSettings,
  type ChangeSet,
  type Logger,
  MutableChainProperties,
  type ProducedBlock,
  produceBlock,
  type ReadScope,
  type SignatureRecoverer,
  StateOverlay,
  type StateView,
  scheduledWitness,
  Tables,
  type Transaction,
  type TransactionOutcome,
  type TreeBlock,
  transactionId,
} from "@tronode/engine/internal";
import { createBestSigner } from "@tronode/secp256k1-native";
import type { ChainStore } from "@tronode/storage";
import { type ChainCheckpoint, createDevHistory, type DevHistory } from "./dev-history.js";
import { createForkChoice, type ForkChoice, type PushBlockResult } from "./fork-choice.js";
import { journalPruneBound, oldestCommitForSolidified } from "./journal-retention.js";
import { createPendingPool, type PendingPool } from "./pending-pool.js";
import { SerialQueue } from "./serial-queue.js";
import type { SignaturePrefetch } from "./signature-prefetch.js";
import { createSolidView, type SolidView } from "./solid-view.js";

/**
 * What happened to the main chain, told inside the write while `committedView` is the state it
 * concerns (what java-tron's event triggers are built from).
 */
export type ChainChange =
  | {
      /** A block was committed on the head: produced here, received, or applied by a fork switch. */
      readonly kind: "applied";
      readonly outcome: BlockOutcome;
      /** The solidified block number before the block (the state its transactions ran on). */
      readonly solidifiedBefore: bigint;
      /** Applied while switching to another branch (java-tron's switchFork), not pushed on the head. */
      readonly forkSwitch: boolean;
      /** Milliseconds from the block's validation to its commit (java-tron's pushBlock cost). */
      readonly processMs: number;
    }
  | {
      /** Blocks are about to be undone (a fork switch or a snapshot revert); the state still holds them. */
      readonly kind: "undoing";
      /** Head first. */
      readonly blocks: readonly Block[];
    };

/** A witness this chain produces blocks for, with the key that signs them. */
export interface WitnessKey {
  readonly address: Uint8Array;
  readonly privateKey: Uint8Array;
}

/** What a ChainService is made of: its store, the witnesses it produces for, the recoverer and its settings. */
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
  /**
   * Keep the journal of the last this-many blocks (dev chains: debug_traceTransaction re-runs a
   * transaction on the state before its block). 0 or absent: only what rewinds need.
   */
  readonly traceBlocks?: number;
  /**
   * At most this many bytes of those blocks' undo records (default DEFAULT_TRACE_BYTES, 8 MiB): the
   * records live in memory, and a busy chain's 256 blocks would otherwise hold hundreds of MB.
   */
  readonly traceBytes?: number;
  /**
   * A forked chain (--fork): reads of rows it has not fetched yet are noted as misses. A push that
   * noted one is refused (and run again after the fetch); a block that noted one is produced again.
   */
  readonly fork?: {
    readonly misses: { readonly count: number };
    /** Rows fetched so far: answers cached by state version are stale once it moves. */
    readonly fetched: number;
    /**
     * Runs `work` until a run notes no miss, fetching what each run missed; fails with
     * FORK_STATE_UNRESOLVED when the bound of rounds is hit.
     */
    untilResolved<T>(work: () => Promise<T>): Promise<T>;
  };
}

/**
 * The chain as a running node holds it: committed state in the store, and a pending pool whose
 * transactions are already applied to an unconfirmed overlay (java-tron's pending session), so
 * reads right after a broadcast see their effect. One writer at a time: pushes, blocks and admin
 * writes are serialized.
 */
export class ChainService {
  private readonly queue = new SerialQueue();
  /** Block headers are signed with libsecp256k1 when it loads (same bytes as noble, no warm-up). */
  private readonly signer = createBestSigner();
  private readonly listeners = new Set<(block: ProducedBlock) => void>();
  private readonly changeListeners = new Set<(change: ChainChange) => void>();
  private readonly pool: PendingPool;
  private readonly forks: ForkChoice;
  private readonly history: DevHistory;
  private readonly solid: SolidView;
  private changes = 0;

  constructor(private readonly options: ChainServiceOptions) {
    const { store, logger } = options;
    this.pool = createPendingPool({
      committedView: () => store.view,
      recoverer: options.recoverer,
      logger,
      maxPendingSize: options.maxPendingSize,
      traceBalances: options.traceBalances,
      settings: options.settings,
      signatureBypass: options.signatureBypass,
      misses: options.fork?.misses,
      onChange: () => {
        this.changes++;
      },
    });
    this.forks = createForkChoice({
      store,
      logger,
      applyOnHead: (block, forkSwitch) => this.applyOnHead(block, forkSwitch),
      rewind: (seq) => this.rewindStore(seq),
      pendingTransactions: () => this.pool.transactions(),
      repush: (txs) => this.pool.repush(txs),
    });
    this.history = createDevHistory({
      store,
      traceBlocks: options.traceBlocks,
      traceBytes: options.traceBytes,
    });
    this.solid = createSolidView({ store, headView: () => this.pool.view });
  }

  /**
   * Bumped whenever the head or committed state may have changed (a push, a commit, a rewind): an
   * answer computed at one version can be served again while the version is the same.
   */
  get stateVersion(): number {
    // a forked chain's fetched rows change what reads see without a commit of the chain's own, and
    // an answer computed while a row was missing must not be served again
    const fork = this.options.fork;
    return fork === undefined ? this.changes : this.changes + fork.fetched + fork.misses.count;
  }

  /** Unconfirmed state: committed + pending transactions. */
  get headView(): StateView {
    return this.pool.view;
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
    return this.solid.view;
  }

  /** The state a read of `scope` sees: `head` = unconfirmed (pending applied), `solid` = solidified. */
  viewOf(scope: ReadScope): StateView {
    return this.solid.viewOf(scope);
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
    return this.pool.size;
  }

  pendingTransaction(id: Uint8Array): Transaction | undefined {
    return this.pool.transaction(id);
  }

  pendingIds(): Uint8Array[] {
    return this.pool.ids();
  }

  /** Fork switches so far (figures for tests and the log). */
  get forkSwitches(): number {
    return this.forks.switches;
  }

  onBlock(listener: (block: ProducedBlock) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Every block committed on the head and every block about to be undone, told inside the write
   * (see ChainChange). A listener that throws is logged and does not affect the chain.
   */
  onChange(listener: (change: ChainChange) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** Broadcast: validates and applies the transaction to the pending state, or throws the rejection. */
  push(tx: Transaction): Promise<TransactionOutcome> {
    const prefetch = this.options.prefetch;
    if (!prefetch || this.pool.isFull) {
      return this.queue.run(() => this.pool.admit(tx, this.options.recoverer));
    }
    // The recovery runs in the pool while earlier pushes are applied; the push keeps its place
    // in the queue and checks its signatures (through the prefetched results) in java-tron's order.
    const recovered = prefetch.prefetch(tx);
    return this.queue.run(() => recovered.then(() => this.pool.admit(tx, prefetch.recoverer)));
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
      const started = performance.now();
      const solidifiedBefore = this.properties.solidifiedNumber;
      // a forked chain's block may read rows not fetched yet (a maintenance reads every voted
      // witness's account): fetch them and produce the block again, so no block rests on a miss
      const produced = await this.resolved(() => this.produceOn(producer, timestamp));
      await this.commit(produced.changes);
      this.forks.addProduced(produced.block);
      for (const r of produced.rejected) {
        this.options.logger.debug({ reason: r.error.message }, "transaction left out of the block");
      }
      // java-tron's generateBlock drops what it leaves out (a failure, a packing rule) from its queue
      const left = produced.rejected.map((r) => bytesToHex(transactionId(r.transaction)));
      this.pool.rebuild(new Set([...produced.outcomes.map((o) => bytesToHex(o.txId)), ...left]));
      this.tell({
        kind: "applied",
        outcome: produced,
        solidifiedBefore,
        forkSwitch: false,
        processMs: performance.now() - started,
      });
      for (const listener of this.listeners) listener(produced);
      return produced;
    });
  }

  /** `run`'s result, on a forked chain once a run noted no row it lacks (run again after each fetch). */
  private resolved<T>(run: () => T): Promise<T> {
    const fork = this.options.fork;
    return fork === undefined ? Promise.resolve(run()) : fork.untilResolved(async () => run());
  }

  /** One block with the pending transactions, produced on the committed head (not committed). */
  private produceOn(producer: WitnessKey, timestamp: bigint): ProducedBlock {
    return produceBlock(this.options.store.view, {
      timestamp,
      witnessPrivateKey: producer.privateKey,
      signer: this.signer,
      witnessAddress: producer.address,
      transactions: this.pool.transactions(),
      recoverer: this.options.recoverer,
      isVerified: (txId) => this.pool.isVerified(txId),
      traceBalances: this.options.traceBalances,
      settings: this.options.settings,
      // The pool's outcomes were computed on the committed head, in order: the block can take them.
      pushed: this.pool.outcomesOnCommittedHead(),
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
      const started = performance.now();
      const outcome = applyBlock(this.options.store.view, block, this.options.recoverer, {
        traceBalances: this.options.traceBalances,
        settings: this.options.settings,
        trusted: true,
      });
      const overlay = new StateOverlay(this.options.store.view);
      overlay.merge(outcome.changes);
      const number = block.blockHeader?.rawData?.number ?? 0n;
      const solidifiedBefore = this.properties.solidifiedNumber;
      new MutableChainProperties(overlay).set("LATEST_SOLIDIFIED_BLOCK_NUM", number);
      await this.commit(overlay.changes() as ChangeSet);
      this.pool.rebuild(new Set());
      const processMs = performance.now() - started;
      this.tell({ kind: "applied", outcome, solidifiedBefore, forkSwitch: false, processMs });
      return outcome;
    });
  }

  /** Called after the chain was rewound (snapshot revert, fork switch). */
  onRewind(listener: (checkpoint: ChainCheckpoint) => void): () => void {
    return this.history.onRewind(listener);
  }

  /**
   * The current commit and pending pool, taken between writes, and kept rewindable until
   * `release` is called.
   */
  checkpoint(): Promise<{ checkpoint: ChainCheckpoint; release: () => void }> {
    return this.queue.run(async () =>
      this.history.checkpoint(this.properties.headNumber, this.pool.transactions()),
    );
  }

  /**
   * Undoes every commit after the checkpoint (blocks, transactions, admin writes) in one atomic
   * step and rebuilds the pending pool from the checkpoint's transactions.
   */
  rewindTo(checkpoint: ChainCheckpoint): Promise<void> {
    return this.queue.run(async () => {
      await this.rewindStore(checkpoint.seq);
      this.forks.reset();
      this.pool.reset(checkpoint.pending);
      this.history.rewound(checkpoint);
    });
  }

  /** Whether a block is held: in the fork tree or in the main chain (java-tron's containBlock). */
  containsBlock(id: Uint8Array): boolean {
    return this.forks.contains(id);
  }

  /** Whether a block is in the main chain (containBlockInMainChain). */
  containsBlockInMainChain(id: Uint8Array): boolean {
    return this.forks.containsInMainChain(id);
  }

  /** The fork tree's head (java-tron's khaosDb head). */
  get treeHead(): TreeBlock {
    return this.forks.head;
  }

  /**
   * Manager.getBlockChainHashesOnFork: the branch of a tree block that is off the main chain, tip
   * first, ending with the main-chain block it forks from; empty when it has none.
   */
  forkBranch(id: Uint8Array): { id: Uint8Array; number: bigint }[] {
    return this.forks.branchOf(id);
  }

  /**
   * java-tron's Manager.pushBlock for a block from the network: links it into the fork tree, then
   * applies it on the head, keeps it on a side branch, or — when its branch became the longest —
   * undoes the chain to the fork point (never below the solidified block) and applies the branch.
   * A branch block that fails is dropped with the rest of its branch and the old branch restored.
   * Throws TronodeError: BAD_BLOCK (validation), BLOCK_MERKLE, BLOCK_UNLINKED, BLOCK_BAD_NUMBER,
   * BLOCK_NON_COMMON.
   */
  pushBlock(block: Block): Promise<PushBlockResult> {
    return this.queue.run(() => this.forks.pushBlock(block));
  }

  /** A development write straight into state (TRE's admin funding), committed at once. */
  adminWrite(write: (state: StateOverlay) => void): Promise<void> {
    return this.queue.run(async () => {
      // a forked chain writes only what it read in full: a write over a row not fetched yet would
      // replace the upstream row instead of changing it
      const overlay = await this.resolved(() => {
        const state = new StateOverlay(this.options.store.view);
        write(state);
        return state;
      });
      await this.commit(overlay.changes() as ChangeSet);
      this.pool.rebuild(new Set());
    });
  }

  /**
   * Replaces the committed state with what `compute` returns (computed between writes, e.g. from a
   * state dump), and empties the pending pool.
   */
  replaceState(compute: () => Promise<ChangeSet>): Promise<void> {
    return this.queue.run(async () => {
      await this.commit(await compute());
      this.forks.reset();
      this.pool.reset([]);
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

  /**
   * The committed state just before block `number` was committed (its parent's state, with any
   * later admin write to that parent included), while the journal still holds that block; valid
   * until the next write — read it inside `exclusive`.
   */
  stateBeforeBlock(number: bigint): StateView | undefined {
    return this.history.stateBeforeBlock(number);
  }

  /** Applies a block on the committed head and commits it; the pending pool is rebuilt on it. */
  private async applyOnHead(block: Block, forkSwitch: boolean): Promise<void> {
    const started = performance.now();
    const outcome = applyBlock(this.options.store.view, block, this.options.recoverer, {
      traceBalances: this.options.traceBalances,
      // node settings (the proposal lifetime) shape state: a block from a peer runs under them too
      settings: this.options.settings,
    });
    const solidifiedBefore = this.properties.solidifiedNumber;
    await this.commit(outcome.changes);
    this.pool.rebuild(new Set(outcome.outcomes.map((o) => bytesToHex(o.txId))));
    this.tell({
      kind: "applied",
      outcome,
      solidifiedBefore,
      forkSwitch,
      processMs: performance.now() - started,
    });
  }

  private tell(change: ChainChange): void {
    for (const listener of this.changeListeners) {
      try {
        listener(change);
      } catch (e) {
        this.options.logger.error(
          { kind: change.kind, reason: (e as Error).message },
          "chain listener failed",
        );
      }
    }
  }

  /** The main-chain blocks a rewind to `seq` undoes, head first (read only when someone listens). */
  private blocksAbove(seq: bigint): Block[] {
    if (this.changeListeners.size === 0) return [];
    const store = this.options.store;
    const target = new ChainProperties(store.viewAt(seq)).headNumber;
    const blocks: Block[] = [];
    for (let n = this.properties.headNumber; n > target; n--) {
      const block = store.view.get(Tables.blocks, n);
      if (block) blocks.push(block);
    }
    return blocks;
  }

  private async commit(changes: ChangeSet): Promise<void> {
    const store = this.options.store;
    const after = new StateOverlay(store.view);
    after.merge(changes);
    await store.commit(changes, { label: new ChainProperties(after).headNumber });
    this.committedStateMoved();
    await this.pruneJournal();
  }

  /** Undoes every commit after `seq` (a snapshot revert or a fork switch). */
  private async rewindStore(seq: bigint): Promise<void> {
    const undone = this.blocksAbove(seq);
    if (undone.length > 0) this.tell({ kind: "undoing", blocks: undone });
    await this.options.store.rewind(seq);
    this.committedStateMoved();
  }

  private committedStateMoved(): void {
    this.solid.refresh(); // at once, so no read sees the new head through the old solid view
    this.pool.baseMoved();
    this.changes++;
  }

  /** Keeps the journal only as far back as one of the retention rules needs it. */
  private async pruneJournal(): Promise<void> {
    const store = this.options.store;
    const marks = store.journal();
    const props = this.properties;
    const through = journalPruneBound(marks, [
      oldestCommitForSolidified(marks, props.solidifiedNumber),
      this.history.oldestHeldCommit(),
      this.history.oldestTracedCommit(marks, props.headNumber),
    ]);
    if (through !== undefined) await store.pruneJournal(through);
  }
}
