import {
  applyBlock,
  type Block,
  type BlockOutcome,
  BlockTree,
  blockId,
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
  TronodeError,
  transactionTrieRoot,
} from "@tronode/engine";
import { createBestSigner } from "@tronode/secp256k1-native";
import type { ChainStore } from "@tronode/storage";
import {
  journalPruneBound,
  oldestCommitForCheckpoints,
  oldestCommitForSolidified,
  oldestCommitForTraceWindow,
} from "./journal-retention.js";
import { createPendingPool, type PendingPool } from "./pending-pool.js";
import { SerialQueue } from "./serial-queue.js";
import type { SignaturePrefetch } from "./signature-prefetch.js";
import { createSolidView, type SolidView } from "./solid-view.js";

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
  /**
   * Keep the journal of the last this-many blocks (dev chains: debug_traceTransaction re-runs a
   * transaction on the state before its block). 0 or absent: only what rewinds need.
   */
  readonly traceBlocks?: number;
  /**
   * At most this many bytes of those blocks' undo records (default 8 MiB): the records live in
   * memory, and a busy chain's 256 blocks would otherwise hold hundreds of MB.
   */
  readonly traceBytes?: number;
}

/** Default `traceBytes`. */
export const DEFAULT_TRACE_BYTES = 8 * 1024 * 1024;

/** What `pushBlock` did with a block (java-tron's Manager.pushBlock). */
export type PushBlockResult =
  /** Already held at or below the head. */
  | { readonly kind: "known" }
  /** Linked on a side branch that is not (yet) the longest: kept in the fork tree only. */
  | { readonly kind: "side" }
  /** Applied on top of the head. */
  | { readonly kind: "applied" }
  /** Its branch became the longest: the chain was undone to the fork point and the branch applied. */
  | {
      readonly kind: "switched";
      readonly undone: number;
      readonly applied: number;
      readonly forkNumber: bigint;
    };

/** Error codes of `pushBlock` beyond the engine's BAD_BLOCK and the tree's. */
export const PushBlockErrors = {
  /** The transaction root does not match (java-tron's CALC_MERKLE_ROOT_FAILED). */
  merkle: "BLOCK_MERKLE",
  /** The fork point lies below what the journal can undo (never below the solidified block). */
  forkTooDeep: "FORK_TOO_DEEP",
} as const;

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
  private readonly queue = new SerialQueue();
  /** Block headers are signed with libsecp256k1 when it loads (same bytes as noble, no warm-up). */
  private readonly signer = createBestSigner();
  private readonly listeners = new Set<(block: ProducedBlock) => void>();
  /** Commit sequence numbers the journal must keep rewinding to (snapshots), by holder. */
  private readonly holds = new Map<symbol, bigint>();
  private readonly rewindListeners = new Set<(checkpoint: ChainCheckpoint) => void>();
  /** The unsolidified blocks as a tree (java-tron's khaos database), built on first use. */
  private tree: BlockTree | undefined;
  /** Fork switches so far (figures for tests and the log). */
  forkSwitches = 0;
  private changes = 0;
  private readonly solid: SolidView;
  private readonly pool: PendingPool;

  constructor(private readonly options: ChainServiceOptions) {
    this.pool = createPendingPool({
      committedView: () => options.store.view,
      recoverer: options.recoverer,
      logger: options.logger,
      maxPendingSize: options.maxPendingSize,
      traceBalances: options.traceBalances,
      settings: options.settings,
      signatureBypass: options.signatureBypass,
      onChange: () => {
        this.changes++;
      },
    });
    this.solid = createSolidView({ store: options.store, headView: () => this.pool.view });
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

  onBlock(listener: (block: ProducedBlock) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
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
      const produced = produceBlock(this.options.store.view, {
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
      await this.commit(produced.changes);
      this.tree?.push(produced.block);
      this.pruneTree();
      for (const r of produced.rejected) {
        this.options.logger.debug({ reason: r.error.message }, "transaction left out of the block");
      }
      this.pool.rebuild(new Set(produced.outcomes.map((o) => bytesToHex(o.txId))));
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
      this.pool.rebuild(new Set());
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
        pending: this.pool.transactions(),
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
      this.solid.refresh();
      this.tree = undefined;
      this.pool.baseMoved();
      this.changes++;
      this.pool.reset(checkpoint.pending);
      for (const listener of this.rewindListeners) listener(checkpoint);
    });
  }

  /** Whether a block is held: in the fork tree or in the main chain (java-tron's containBlock). */
  containsBlock(id: Uint8Array): boolean {
    return this.blockTree().has(id) || this.containsBlockInMainChain(id);
  }

  /** Whether a block is in the main chain (containBlockInMainChain). */
  containsBlockInMainChain(id: Uint8Array): boolean {
    const view = this.options.store.view;
    const number = view.get(Tables.blockIndex, id);
    if (number === undefined) return false;
    const block = view.get(Tables.blocks, number);
    return block !== undefined && bytesEqual(blockId(block), id);
  }

  /** The fork tree's head (java-tron's khaosDb head). */
  get treeHead(): TreeBlock {
    return this.blockTree().head;
  }

  /**
   * Manager.getBlockChainHashesOnFork: the branch of a tree block that is off the main chain, tip
   * first, ending with the main-chain block it forks from; empty when it has none.
   */
  forkBranch(id: Uint8Array): { id: Uint8Array; number: bigint }[] {
    const tree = this.blockTree();
    try {
      const { second, ancestor } = tree.branches(this.properties.headBlockId, id);
      if (second.length === 0) return [];
      return [
        ...second.map((b) => ({ id: b.id, number: b.number })),
        { id: ancestor.id, number: ancestor.number },
      ];
    } catch {
      return [];
    }
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
    return this.queue.run(async () => {
      const tree = this.blockTree();
      const raw = block.blockHeader?.rawData;
      if (!raw) throw new TronodeError("BAD_BLOCK", "block has no header");
      const id = blockId(block);
      const props = this.properties;
      const headNumber = props.headNumber;
      if (raw.number <= headNumber && tree.has(id)) return { kind: "known" };
      if (!bytesEqual(transactionTrieRoot(block.transactions), raw.txTrieRoot)) {
        throw new TronodeError(PushBlockErrors.merkle, `The merkle hash is not validated for ${raw.number}`);
      }
      const pushed = tree.push(block);
      if (pushed.kind === "known") return { kind: "known" };
      const head = tree.head;
      if (head.number <= headNumber) return { kind: "side" };
      if (!bytesEqual(head.parentId, props.headBlockId)) return this.switchFork(head);
      try {
        await this.applyOnHead(head.block);
      } catch (e) {
        tree.remove(id);
        throw e;
      }
      return { kind: "applied" };
    });
  }

  /** Applies a block on the committed head and commits it; the pending pool is rebuilt on it. */
  private async applyOnHead(block: Block): Promise<void> {
    const outcome = applyBlock(this.options.store.view, block, this.options.recoverer, {
      traceBalances: this.options.traceBalances,
    });
    await this.commit(outcome.changes);
    this.pool.rebuild(new Set(outcome.outcomes.map((o) => bytesToHex(o.txId))));
    this.pruneTree();
  }

  /** Manager.switchFork: undo to the common ancestor, apply the new branch; on failure restore the old one. */
  private async switchFork(newHead: TreeBlock): Promise<PushBlockResult> {
    const tree = this.blockTree();
    const dbHead = this.properties.headBlockId;
    let branches: ReturnType<BlockTree["branches"]>;
    try {
      branches = tree.branches(newHead.id, dbHead);
    } catch (e) {
      // no common ancestor: the new branch goes (java-tron removes it from khaos and fails)
      const mainIds = new Set(tree.chainOf(dbHead).map((b) => bytesToHex(b.id)));
      for (const b of tree.chainOf(newHead.id)) if (!mainIds.has(bytesToHex(b.id))) tree.remove(b.id);
      tree.setHead(dbHead);
      throw e;
    }
    const { first: newBranch, second: oldBranch, ancestor } = branches;
    const seq = this.seqOfHead(ancestor.number);
    const solid = this.properties.solidifiedNumber;
    if (seq === undefined || ancestor.number < solid) {
      for (const b of newBranch) tree.remove(b.id);
      tree.setHead(dbHead);
      throw new TronodeError(
        PushBlockErrors.forkTooDeep,
        `fork point ${ancestor.number} is below what can be undone (solidified block ${solid})`,
      );
    }
    const popped = oldBranch.flatMap((b) => b.block.transactions);
    const pending = this.pool.transactions();
    await this.options.store.rewind(seq);
    this.solid.refresh();
    this.pool.baseMoved();
    this.changes++;
    let applied = 0;
    try {
      for (const b of [...newBranch].reverse()) {
        await this.applyOnHead(b.block);
        applied++;
      }
    } catch (e) {
      this.options.logger.warn(
        {
          number: Number(newBranch[newBranch.length - 1 - applied]?.number ?? 0n),
          reason: (e as Error).message,
        },
        "fork switch failed: restoring the old branch",
      );
      for (const b of newBranch) tree.remove(b.id);
      if (oldBranch[0]) tree.setHead(oldBranch[0].id);
      await this.options.store.rewind(seq);
      this.solid.refresh();
      this.pool.baseMoved();
      this.changes++;
      for (const b of [...oldBranch].reverse()) {
        try {
          await this.applyOnHead(b.block);
        } catch {
          // java-tron swallows failures re-applying the old branch
        }
      }
      this.pool.repush([...popped, ...pending]);
      throw e;
    }
    this.forkSwitches++;
    this.options.logger.info(
      {
        forkNumber: Number(ancestor.number),
        undone: oldBranch.length,
        applied,
        head: Number(newHead.number),
      },
      "switched to a longer fork",
    );
    // transactions of the abandoned blocks go back to the pool (java-tron re-pushes popped transactions)
    this.pool.repush([...popped, ...pending]);
    return { kind: "switched", undone: oldBranch.length, applied, forkNumber: ancestor.number };
  }

  /** The commit after which the head was block `number` (the newest such commit still undoable). */
  private seqOfHead(number: bigint): bigint | undefined {
    const marks = this.options.store.journal();
    for (let i = marks.length - 1; i >= 0; i--) {
      const mark = marks[i]!;
      if (mark.label === number) return mark.seq;
      if (mark.label < number) return undefined;
    }
    return undefined;
  }

  /**
   * The fork tree, built on first use from the solidified block and the main-chain blocks above it
   * (java-tron starts khaos from the head only; starting at the solidified block lets a restarted
   * node still switch to a fork of any unsolidified block).
   */
  private blockTree(): BlockTree {
    if (this.tree) return this.tree;
    const view = this.options.store.view;
    const props = this.properties;
    const from = props.solidifiedNumber < props.headNumber ? props.solidifiedNumber : props.headNumber;
    const root = view.get(Tables.blocks, from);
    if (!root) throw new TronodeError("BLOCK_MISSING", `block ${from} is missing from the store`);
    const tree = new BlockTree(root);
    for (let n = from + 1n; n <= props.headNumber; n++) {
      const block = view.get(Tables.blocks, n);
      if (block) tree.push(block);
    }
    this.tree = tree;
    return tree;
  }

  /** Blocks below the solidified block leave the tree: they can no longer be switched away from. */
  private pruneTree(): void {
    this.tree?.prune(this.properties.solidifiedNumber);
  }

  /** A development write straight into state (TRE's admin funding), committed at once. */
  adminWrite(write: (state: StateOverlay) => void): Promise<void> {
    return this.queue.run(async () => {
      const overlay = new StateOverlay(this.options.store.view);
      write(overlay);
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
      this.tree = undefined;
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

  private async commit(changes: ChangeSet): Promise<void> {
    const store = this.options.store;
    const after = new StateOverlay(store.view);
    after.merge(changes);
    await store.commit(changes, { label: new ChainProperties(after).headNumber });
    this.solid.refresh(); // at once, so no read sees the new head through the old solid view
    this.pool.baseMoved();
    this.changes++;
    await this.pruneJournal();
  }

  /** Keeps the journal only as far back as one of the retention rules needs it. */
  private async pruneJournal(): Promise<void> {
    const store = this.options.store;
    const marks = store.journal();
    const props = this.properties;
    const through = journalPruneBound(marks, [
      oldestCommitForSolidified(marks, props.solidifiedNumber),
      oldestCommitForCheckpoints(this.holds.values()),
      oldestCommitForTraceWindow(marks, props.headNumber, {
        blocks: this.options.traceBlocks ?? 0,
        bytes: this.options.traceBytes ?? DEFAULT_TRACE_BYTES,
      }),
    ]);
    if (through !== undefined) await store.pruneJournal(through);
  }

  /**
   * The committed state just before block `number` was committed (its parent's state, with any
   * later admin write to that parent included), while the journal still holds that block; valid
   * until the next write — read it inside `exclusive`.
   */
  stateBeforeBlock(number: bigint): StateView | undefined {
    const store = this.options.store;
    const mark = store.journal().find((m) => m.label >= number);
    if (mark === undefined || mark.label !== number) return undefined;
    return store.viewAt(mark.seq - 1n);
  }
}
