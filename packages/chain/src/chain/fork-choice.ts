/**
 * Fork choice for blocks from the network (java-tron's Manager.pushBlock with its KhaosDatabase):
 * the unsolidified blocks as a tree (the engine's BlockTree: highest number wins, first seen on a
 * tie), and the switch to a longer branch — rewind the store through the commit journal to the
 * fork point, apply the branch, and restore the old branch when a block of the new one fails.
 */
import {
  type Block,
  BlockTree,
  blockId,
  bytesEqual,
  bytesToHex,
  ChainProperties,
  type Logger,
  Tables,
  type Transaction,
  type TreeBlock,
  TronodeError,
  transactionTrieRoot,
} from "@tronode/engine/internal";
import type { ChainStore } from "@tronode/storage";

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

/** Error codes of `pushBlock` beyond the engine's block validation and the tree's. */
export const PushBlockErrors = {
  /** A block without a header (the engine's code for an invalid block). */
  badBlock: "BAD_BLOCK",
  /** The transaction root does not match (java-tron's CALC_MERKLE_ROOT_FAILED). */
  merkle: "BLOCK_MERKLE",
  /** The fork point lies below what the journal can undo (never below the solidified block). */
  forkTooDeep: "FORK_TOO_DEEP",
  /** A main-chain block the tree starts from is not in the store. */
  blockMissing: "BLOCK_MISSING",
} as const;

export interface ForkChoice {
  /** Fork switches so far (figures for tests and the log). */
  readonly switches: number;
  /** The fork tree's head (java-tron's khaosDb head). */
  readonly head: TreeBlock;
  /** Whether a block is held: in the fork tree or in the main chain (java-tron's containBlock). */
  contains(id: Uint8Array): boolean;
  /** Whether a block is in the main chain (containBlockInMainChain). */
  containsInMainChain(id: Uint8Array): boolean;
  /**
   * Manager.getBlockChainHashesOnFork: the branch of a tree block that is off the main chain, tip
   * first, ending with the main-chain block it forks from; empty when it has none.
   */
  branchOf(id: Uint8Array): { id: Uint8Array; number: bigint }[];
  /** Links a block from the network and applies it, keeps it on a side branch, or switches to its branch. */
  pushBlock(block: Block): Promise<PushBlockResult>;
  /** A block this node produced and committed on the head. */
  addProduced(block: Block): void;
  /** Forgets the tree (the chain was rewound or replaced): it is rebuilt from the store when next used. */
  reset(): void;
}

export interface ForkChoiceOptions {
  readonly store: ChainStore;
  readonly logger: Logger;
  /**
   * Applies a block on the committed head and commits it (the pending pool rebuilt on it);
   * `forkSwitch` when the block is applied by a switch between branches rather than pushed on the head.
   */
  readonly applyOnHead: (block: Block, forkSwitch: boolean) => Promise<void>;
  /** Undoes every commit after `seq` (the committed state moved back). */
  readonly rewind: (seq: bigint) => Promise<void>;
  /** The pending pool's transactions, in arrival order. */
  readonly pendingTransactions: () => Transaction[];
  /** Starts a new pending pool on the committed state with `txs`. */
  readonly repush: (txs: readonly Transaction[]) => void;
}

export function createForkChoice(options: ForkChoiceOptions): ForkChoice {
  const { store, logger } = options;
  /** The unsolidified blocks as a tree (java-tron's khaos database), built on first use. */
  let khaos: BlockTree | undefined;
  let switches = 0;

  const properties = () => new ChainProperties(store.view);

  /**
   * The fork tree, built on first use from the solidified block and the main-chain blocks above it
   * (java-tron starts khaos from the head only; starting at the solidified block lets a restarted
   * node still switch to a fork of any unsolidified block).
   */
  function blockTree(): BlockTree {
    if (khaos) return khaos;
    const view = store.view;
    const props = properties();
    const from = props.solidifiedNumber < props.headNumber ? props.solidifiedNumber : props.headNumber;
    const root = view.get(Tables.blocks, from);
    if (!root)
      throw new TronodeError(PushBlockErrors.blockMissing, `block ${from} is missing from the store`);
    const built = new BlockTree(root);
    for (let n = from + 1n; n <= props.headNumber; n++) {
      const block = view.get(Tables.blocks, n);
      if (block) built.push(block);
    }
    khaos = built;
    return built;
  }

  /** Blocks below the solidified block leave the tree: they can no longer be switched away from. */
  function pruneTree(): void {
    khaos?.prune(properties().solidifiedNumber);
  }

  async function applyOnHead(block: Block, forkSwitch: boolean): Promise<void> {
    await options.applyOnHead(block, forkSwitch);
    pruneTree();
  }

  /** The commit after which the head was block `number` (the newest such commit still undoable). */
  function seqOfHead(number: bigint): bigint | undefined {
    const marks = store.journal();
    for (let i = marks.length - 1; i >= 0; i--) {
      const mark = marks[i]!;
      if (mark.label === number) return mark.seq;
      if (mark.label < number) return undefined;
    }
    return undefined;
  }

  /** Manager.switchFork: undo to the common ancestor, apply the new branch; on failure restore the old one. */
  async function switchFork(newHead: TreeBlock): Promise<PushBlockResult> {
    const tree = blockTree();
    const dbHead = properties().headBlockId;
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
    const seq = seqOfHead(ancestor.number);
    const solid = properties().solidifiedNumber;
    if (seq === undefined || ancestor.number < solid) {
      for (const b of newBranch) tree.remove(b.id);
      tree.setHead(dbHead);
      throw new TronodeError(
        PushBlockErrors.forkTooDeep,
        `fork point ${ancestor.number} is below what can be undone (solidified block ${solid})`,
      );
    }
    const popped = oldBranch.flatMap((b) => b.block.transactions);
    const pending = options.pendingTransactions();
    await options.rewind(seq);
    let applied = 0;
    try {
      for (const b of [...newBranch].reverse()) {
        await applyOnHead(b.block, true);
        applied++;
      }
    } catch (e) {
      logger.warn(
        {
          number: Number(newBranch[newBranch.length - 1 - applied]?.number ?? 0n),
          reason: (e as Error).message,
        },
        "fork switch failed: restoring the old branch",
      );
      for (const b of newBranch) tree.remove(b.id);
      if (oldBranch[0]) tree.setHead(oldBranch[0].id);
      await options.rewind(seq);
      for (const b of [...oldBranch].reverse()) {
        try {
          await applyOnHead(b.block, true);
        } catch {
          // java-tron swallows failures re-applying the old branch
        }
      }
      options.repush([...popped, ...pending]);
      throw e;
    }
    switches++;
    logger.info(
      {
        forkNumber: Number(ancestor.number),
        undone: oldBranch.length,
        applied,
        head: Number(newHead.number),
      },
      "switched to a longer fork",
    );
    // transactions of the abandoned blocks go back to the pool (java-tron re-pushes popped transactions)
    options.repush([...popped, ...pending]);
    return { kind: "switched", undone: oldBranch.length, applied, forkNumber: ancestor.number };
  }

  function containsInMainChain(id: Uint8Array): boolean {
    const view = store.view;
    const number = view.get(Tables.blockIndex, id);
    if (number === undefined) return false;
    const block = view.get(Tables.blocks, number);
    return block !== undefined && bytesEqual(blockId(block), id);
  }

  return {
    get switches() {
      return switches;
    },
    get head() {
      return blockTree().head;
    },
    contains: (id) => blockTree().has(id) || containsInMainChain(id),
    containsInMainChain,
    branchOf(id) {
      const tree = blockTree();
      try {
        const { second, ancestor } = tree.branches(properties().headBlockId, id);
        if (second.length === 0) return [];
        return [
          ...second.map((b) => ({ id: b.id, number: b.number })),
          { id: ancestor.id, number: ancestor.number },
        ];
      } catch {
        return [];
      }
    },
    /**
     * Links the block into the fork tree, then applies it on the head, keeps it on a side branch,
     * or — when its branch became the longest — undoes the chain to the fork point (never below
     * the solidified block) and applies the branch. A branch block that fails is dropped with the
     * rest of its branch and the old branch restored. Throws TronodeError: BAD_BLOCK (validation),
     * BLOCK_MERKLE, BLOCK_UNLINKED, BLOCK_BAD_NUMBER, BLOCK_NON_COMMON.
     */
    async pushBlock(block) {
      const tree = blockTree();
      const raw = block.blockHeader?.rawData;
      if (!raw) throw new TronodeError(PushBlockErrors.badBlock, "block has no header");
      const id = blockId(block);
      const props = properties();
      const headNumber = props.headNumber;
      if (raw.number <= headNumber && tree.has(id)) return { kind: "known" };
      if (!bytesEqual(transactionTrieRoot(block.transactions), raw.txTrieRoot)) {
        throw new TronodeError(PushBlockErrors.merkle, `The merkle hash is not validated for ${raw.number}`);
      }
      const pushed = tree.push(block);
      if (pushed.kind === "known") return { kind: "known" };
      const head = tree.head;
      if (head.number <= headNumber) return { kind: "side" };
      if (!bytesEqual(head.parentId, props.headBlockId)) return switchFork(head);
      try {
        await applyOnHead(head.block, false);
      } catch (e) {
        tree.remove(id);
        throw e;
      }
      return { kind: "applied" };
    },
    addProduced(block) {
      khaos?.push(block);
      pruneTree();
    },
    reset() {
      khaos = undefined;
    },
  };
}
