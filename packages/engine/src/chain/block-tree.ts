import { bytesEqual, bytesToHex } from "../crypto/bytes.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import type { Block } from "../protocol/generated/protocol/core_pb.js";
import { blockId } from "./block-id.js";

/** A block held by the tree, with its id and linkage read once. */
export interface TreeBlock {
  readonly id: Uint8Array;
  readonly number: bigint;
  readonly parentId: Uint8Array;
  readonly block: Block;
}

/** What `push` did with a block. */
export type TreePush =
  /** Linked into the tree; `head` is the tree's head afterwards (the block itself when it became the head). */
  | { readonly kind: "linked"; readonly block: TreeBlock; readonly head: TreeBlock }
  /** Already in the tree. */
  | { readonly kind: "known"; readonly block: TreeBlock; readonly head: TreeBlock };

/** The two branches from a common ancestor: each from its tip down to the block just above the ancestor. */
export interface TreeBranches {
  readonly first: readonly TreeBlock[];
  readonly second: readonly TreeBlock[];
  /** The common ancestor. */
  readonly ancestor: TreeBlock;
}

export const BlockTreeErrors = {
  /** The parent is not in the tree (java-tron's UnLinkedBlockException): the net layer syncs. */
  unlinked: "BLOCK_UNLINKED",
  /** The number is not the parent's + 1 (BadNumberBlockException). */
  badNumber: "BLOCK_BAD_NUMBER",
  /** No common ancestor between two tips (NonCommonBlockException). */
  nonCommon: "BLOCK_NON_COMMON",
} as const;

/**
 * The unsolidified blocks as a tree (java-tron's KhaosDatabase): every block from a root (at most
 * the solidified block) to each tip, linked by parent id. The head is the block with the highest
 * number; between blocks of the same number the first one seen stays the head — the head moves
 * only to a strictly higher number. `prune` drops what lies below the solidified block, so a fork
 * switch can never reach below it. Pure bookkeeping: applying and undoing blocks is the caller's.
 */
export class BlockTree {
  private readonly byId = new Map<string, TreeBlock>();
  /** Blocks by number in arrival order (the first is the one seen first). */
  private readonly byNumber = new Map<bigint, TreeBlock[]>();
  private current: TreeBlock;

  /** Starts the tree at `root` (java-tron's khaosDb.start(head)). */
  constructor(root: Block) {
    this.current = toTreeBlock(root);
    this.insert(this.current);
  }

  get head(): TreeBlock {
    return this.current;
  }

  get size(): number {
    return this.byId.size;
  }

  get(id: Uint8Array): TreeBlock | undefined {
    return this.byId.get(bytesToHex(id));
  }

  has(id: Uint8Array): boolean {
    return this.byId.has(bytesToHex(id));
  }

  /** The blocks held at a number, first seen first. */
  atNumber(number: bigint): readonly TreeBlock[] {
    return this.byNumber.get(number) ?? [];
  }

  /**
   * Links a block under its parent. Throws BLOCK_UNLINKED when the parent is not held and
   * BLOCK_BAD_NUMBER when the number does not follow the parent's.
   */
  push(block: Block): TreePush {
    const node = toTreeBlock(block);
    const known = this.byId.get(bytesToHex(node.id));
    if (known) return { kind: "known", block: known, head: this.current };
    const parent = this.byId.get(bytesToHex(node.parentId));
    if (!parent) {
      throw new TronodeError(
        BlockTreeErrors.unlinked,
        `block ${node.number} ${bytesToHex(node.id)} does not link to a held block`,
        { javaClass: JavaExceptions.unLinkedBlock },
      );
    }
    if (node.number !== parent.number + 1n) {
      throw new TronodeError(
        BlockTreeErrors.badNumber,
        `parent number: ${parent.number} , block number: ${node.number}`,
        { javaClass: JavaExceptions.badNumberBlock },
      );
    }
    this.insert(node);
    if (node.number > this.current.number) this.current = node;
    return { kind: "linked", block: node, head: this.current };
  }

  /** Moves the head (after a failed fork switch the old tip is restored). */
  setHead(id: Uint8Array): void {
    const node = this.get(id);
    if (node) this.current = node;
  }

  /**
   * Removes one block (java-tron's removeBlk); the head becomes the first-seen block of the highest
   * number left. The root is never removed.
   */
  remove(id: Uint8Array): void {
    const key = bytesToHex(id);
    const node = this.byId.get(key);
    if (!node || this.byId.size === 1) return;
    this.byId.delete(key);
    const list = this.byNumber.get(node.number)!;
    const rest = list.filter((b) => b !== node);
    if (rest.length === 0) this.byNumber.delete(node.number);
    else this.byNumber.set(node.number, rest);
    if (node === this.current) {
      let top = -1n;
      for (const n of this.byNumber.keys()) if (n > top) top = n;
      this.current = this.byNumber.get(top)![0]!;
    }
  }

  /**
   * The branches of two held blocks down to their common ancestor (java-tron's getBranch). Throws
   * BLOCK_NON_COMMON when a walk leaves the tree before they meet.
   */
  branches(first: Uint8Array, second: Uint8Array): TreeBranches {
    let a = this.held(first);
    let b = this.held(second);
    const fromA: TreeBlock[] = [];
    const fromB: TreeBlock[] = [];
    while (a.number > b.number) {
      fromA.push(a);
      a = this.held(a.parentId);
    }
    while (b.number > a.number) {
      fromB.push(b);
      b = this.held(b.parentId);
    }
    while (!bytesEqual(a.id, b.id)) {
      fromA.push(a);
      fromB.push(b);
      a = this.held(a.parentId);
      b = this.held(b.parentId);
    }
    return { first: fromA, second: fromB, ancestor: a };
  }

  /** The chain of held blocks from `id` down to the root, tip first. */
  chainOf(id: Uint8Array): TreeBlock[] {
    const out: TreeBlock[] = [];
    let node = this.get(id);
    while (node) {
      out.push(node);
      node = this.get(node.parentId);
    }
    return out;
  }

  /**
   * Forgets every block numbered below `number` (java-tron sizes khaos to head − solid + 1): they
   * can no longer be switched to or away from.
   */
  prune(number: bigint): void {
    for (const [n, list] of this.byNumber) {
      if (n >= number || list.includes(this.current)) continue;
      for (const node of list) this.byId.delete(bytesToHex(node.id));
      this.byNumber.delete(n);
    }
  }

  private insert(node: TreeBlock): void {
    this.byId.set(bytesToHex(node.id), node);
    const list = this.byNumber.get(node.number);
    if (list) list.push(node);
    else this.byNumber.set(node.number, [node]);
  }

  private held(id: Uint8Array): TreeBlock {
    const node = this.get(id);
    if (!node) {
      throw new TronodeError(
        BlockTreeErrors.nonCommon,
        `no common ancestor: block ${bytesToHex(id)} is not held`,
        { javaClass: JavaExceptions.nonCommonBlock },
      );
    }
    return node;
  }
}

function toTreeBlock(block: Block): TreeBlock {
  const raw = block.blockHeader?.rawData;
  return {
    id: blockId(block),
    number: raw?.number ?? 0n,
    parentId: raw?.parentHash ?? new Uint8Array(32),
    block,
  };
}
