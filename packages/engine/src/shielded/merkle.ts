/**
 * The Sapling note-commitment tree: MerkleCRH, empty roots, zcashd's incremental tree
 * {left, right, parents} and its voucher (witness) {tree, filled, cursor, cursor_depth}, and
 * MerklePath.encode — java-tron's IncrementalMerkleTreeContainer / IncrementalMerkleVoucherContainer.
 * Depth is a parameter (32 on chain; the public zcashd vectors use 4).
 */
import { TronodeError } from "../errors.js";
import { bigIntToBytesLE } from "./jubjub.js";
import { bytesToBitsLE, concatBits, integerToBitsLE, pedersenHash } from "./pedersen.js";

export const MERKLE_DEPTH = 32;
export type MerkleNode = Uint8Array;

function zksnark(message: string): TronodeError {
  return new TronodeError("SHIELDED_MERKLE", message, {
    javaClass: "org.tron.core.exception.ZksnarkException",
  });
}

/** librustzcash_merkle_hash(depth, a, b): Pedersen hash of I2LEBSP6(depth) ‖ a[0..255) ‖ b[0..255). */
export function merkleHash(depth: number, left: MerkleNode, right: MerkleNode): MerkleNode {
  return pedersenHash(
    concatBits(integerToBitsLE(BigInt(depth), 6), bytesToBitsLE(left, 255), bytesToBitsLE(right, 255)),
  );
}

/** librustzcash_tree_uncommitted: the empty leaf, Fr 1. */
export const UNCOMMITTED_LEAF: MerkleNode = bigIntToBytesLE(1n);

const emptyRootCache: MerkleNode[] = [UNCOMMITTED_LEAF];

/** EmptyMerkleRoots.emptyRoot(d): the root of an empty subtree of height d. */
export function emptyRoot(height: number): MerkleNode {
  for (let d = emptyRootCache.length; d <= height; d++) {
    const below = emptyRootCache[d - 1]!;
    emptyRootCache.push(merkleHash(d - 1, below, below));
  }
  return emptyRootCache[height]!;
}

class PathFiller {
  constructor(private readonly queue: MerkleNode[]) {}
  next(depth: number): MerkleNode {
    return this.queue.length > 0 ? this.queue.shift()! : emptyRoot(depth);
  }
}

export interface MerklePath {
  /** Siblings from the root down (as java-tron lists them). */
  authenticationPath: MerkleNode[];
  /** For each level from the root down: whether the sibling is on the left. */
  index: boolean[];
}

/** A frontier tree: absent nodes are undefined (java-tron's empty PedersenHash). */
export class IncrementalMerkleTree {
  left: MerkleNode | undefined;
  right: MerkleNode | undefined;
  parents: (MerkleNode | undefined)[];
  readonly depth: number;

  constructor(
    init: { left?: MerkleNode; right?: MerkleNode; parents?: (MerkleNode | undefined)[] } = {},
    depth = MERKLE_DEPTH,
  ) {
    this.left = init.left;
    this.right = init.right;
    this.parents = [...(init.parents ?? [])];
    this.depth = depth;
  }

  clone(): IncrementalMerkleTree {
    return new IncrementalMerkleTree(
      { left: this.left, right: this.right, parents: this.parents },
      this.depth,
    );
  }

  isEmpty(): boolean {
    return this.left === undefined && this.right === undefined && this.parents.length === 0;
  }

  size(): number {
    let n = (this.left ? 1 : 0) + (this.right ? 1 : 0);
    this.parents.forEach((p, i) => {
      if (p) n += 2 ** (i + 1);
    });
    return n;
  }

  last(): MerkleNode {
    if (this.right) return this.right;
    if (this.left) return this.left;
    throw zksnark("tree has no cursor");
  }

  isComplete(depth: number = this.depth): boolean {
    if (!this.left || !this.right) return false;
    if (this.parents.length !== depth - 1) return false;
    return this.parents.every((p) => p !== undefined);
  }

  append(leaf: MerkleNode): void {
    if (this.isComplete(this.depth)) throw zksnark("tree is full");
    if (!this.left) {
      this.left = leaf;
      return;
    }
    if (!this.right) {
      this.right = leaf;
      return;
    }
    let combined = merkleHash(0, this.left, this.right);
    this.left = leaf;
    this.right = undefined;
    for (let i = 0; i < this.depth; i++) {
      if (i < this.parents.length) {
        const parent = this.parents[i];
        if (parent) {
          combined = merkleHash(i + 1, parent, combined);
          this.parents[i] = undefined;
        } else {
          this.parents[i] = combined;
          break;
        }
      } else {
        this.parents.push(combined);
        break;
      }
    }
  }

  /** The depth of the `skip`-th absent node (zcashd's next_depth). */
  nextDepth(skip: number): number {
    let s = skip;
    if (!this.left) {
      if (s) s--;
      else return 0;
    }
    if (!this.right) {
      if (s) s--;
      else return 0;
    }
    let d = 1;
    for (const parent of this.parents) {
      if (!parent) {
        if (s) s--;
        else return d;
      }
      d++;
    }
    return d + s;
  }

  root(depth: number = this.depth, fillerHashes: MerkleNode[] = []): MerkleNode {
    const filler = new PathFiller([...fillerHashes]);
    const left = this.left ?? filler.next(0);
    const right = this.right ?? filler.next(0);
    let root = merkleHash(0, left, right);
    let d = 1;
    for (const parent of this.parents) {
      root = parent ? merkleHash(d, parent, root) : merkleHash(d, root, filler.next(d));
      d++;
    }
    while (d < depth) {
      root = merkleHash(d, root, filler.next(d));
      d++;
    }
    return root;
  }

  path(fillerHashes: MerkleNode[] = []): MerklePath {
    if (!this.left) throw zksnark("can't create an authentication path for the beginning of the tree");
    const filler = new PathFiller([...fillerHashes]);
    const path: MerkleNode[] = [];
    const index: boolean[] = [];
    if (this.right) {
      index.push(true);
      path.push(this.left);
    } else {
      index.push(false);
      path.push(filler.next(0));
    }
    let d = 1;
    for (const parent of this.parents) {
      if (parent) {
        index.push(true);
        path.push(parent);
      } else {
        index.push(false);
        path.push(filler.next(d));
      }
      d++;
    }
    while (d < this.depth) {
      index.push(false);
      path.push(filler.next(d));
      d++;
    }
    return { authenticationPath: path.reverse(), index: index.reverse() };
  }
}

/** A voucher (zcashd's witness) for the last leaf of `tree`, kept up to date by appends. */
export class IncrementalMerkleVoucher {
  tree: IncrementalMerkleTree;
  filled: MerkleNode[];
  cursor: IncrementalMerkleTree | undefined;
  cursorDepth: number;

  constructor(
    tree: IncrementalMerkleTree,
    init: { filled?: MerkleNode[]; cursor?: IncrementalMerkleTree; cursorDepth?: number } = {},
  ) {
    this.tree = tree.clone();
    this.filled = [...(init.filled ?? [])];
    this.cursor = init.cursor && !init.cursor.isEmpty() ? init.cursor.clone() : undefined;
    this.cursorDepth = init.cursorDepth ?? 0;
  }

  clone(): IncrementalMerkleVoucher {
    return new IncrementalMerkleVoucher(this.tree, {
      filled: this.filled,
      cursor: this.cursor,
      cursorDepth: this.cursorDepth,
    });
  }

  private partialPath(): MerkleNode[] {
    const uncles = [...this.filled];
    if (this.cursor) uncles.push(this.cursor.root(this.cursorDepth));
    return uncles;
  }

  append(leaf: MerkleNode): void {
    if (this.cursor) {
      this.cursor.append(leaf);
      if (this.cursor.isComplete(this.cursorDepth)) {
        this.filled.push(this.cursor.root(this.cursorDepth));
        this.cursor = undefined;
      }
      return;
    }
    const next = this.tree.nextDepth(this.filled.length);
    this.cursorDepth = next;
    if (next >= this.tree.depth) throw zksnark("tree is full");
    if (next === 0) {
      this.filled.push(leaf);
    } else {
      const cursor = new IncrementalMerkleTree({}, this.tree.depth);
      cursor.append(leaf);
      this.cursor = cursor;
    }
  }

  path(): MerklePath {
    return this.tree.path(this.partialPath());
  }

  element(): MerkleNode {
    return this.tree.last();
  }

  position(): number {
    return this.tree.size() - 1;
  }

  root(): MerkleNode {
    return this.tree.root(this.tree.depth, this.partialPath());
  }
}

/**
 * MerklePath.encode: CompactSize(levels) ‖ per level (root down) CompactSize(32) ‖ sibling ‖
 * position as u64 little-endian (the index bits, root first, read as a big-endian number).
 */
export function encodeMerklePath(path: MerklePath): Uint8Array {
  const levels = path.authenticationPath.length;
  const out = new Uint8Array(1 + levels * 33 + 8);
  out[0] = levels;
  path.authenticationPath.forEach((node, i) => {
    out[1 + i * 33] = 32;
    out.set(node, 2 + i * 33);
  });
  let position = 0n;
  for (const bit of path.index) position = (position << 1n) | (bit ? 1n : 0n);
  out.set(bigIntToBytesLE(position, 8), 1 + levels * 33);
  return out;
}
