/**
 * The fork tree (java-tron's KhaosDatabase): linking, the head rule (highest number, first seen on
 * ties), branches to the common ancestor, removal and pruning below the solidified block.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  type Block,
  BlockSchema,
  BlockTree,
  BlockTreeErrors,
  blockId,
  TronodeError,
} from "../src/internal.js";

function child(parent: Block, salt = 0): Block {
  const raw = parent.blockHeader!.rawData!;
  return create(BlockSchema, {
    blockHeader: {
      rawData: {
        number: raw.number + 1n,
        parentHash: blockId(parent),
        timestamp: raw.timestamp + 3000n + BigInt(salt),
        witnessAddress: Uint8Array.of(0x41, salt),
      },
    },
  });
}

const genesis = create(BlockSchema, { blockHeader: { rawData: { number: 0n, timestamp: 0n } } });

function chain(from: Block, length: number, salt = 0): Block[] {
  const out: Block[] = [];
  let tip = from;
  for (let i = 0; i < length; i++) {
    tip = child(tip, salt);
    out.push(tip);
  }
  return out;
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (e) {
    return e instanceof TronodeError ? e.code : "other";
  }
  return undefined;
}

describe("BlockTree", () => {
  it("links blocks under their parent and moves the head to the highest number", () => {
    const tree = new BlockTree(genesis);
    const [b1, b2] = chain(genesis, 2);
    expect(tree.push(b1!).head.id).toEqual(blockId(b1!));
    const pushed = tree.push(b2!);
    expect(pushed.kind).toBe("linked");
    expect(tree.head.number).toBe(2n);
    expect(tree.push(b2!).kind).toBe("known");
  });

  it("keeps the first-seen block as head on a tie and switches only on a strictly higher number", () => {
    const tree = new BlockTree(genesis);
    const main = chain(genesis, 2, 0);
    const fork = chain(main[0]!, 2, 7);
    for (const b of main) tree.push(b);
    tree.push(fork[0]!); // number 2, same as the head: the head stays
    expect(tree.head.id).toEqual(blockId(main[1]!));
    tree.push(fork[1]!); // number 3: the fork wins
    expect(tree.head.id).toEqual(blockId(fork[1]!));
    const branches = tree.branches(tree.head.id, blockId(main[1]!));
    expect(branches.ancestor.id).toEqual(blockId(main[0]!));
    expect(branches.first.map((b) => b.number)).toEqual([3n, 2n]);
    expect(branches.second.map((b) => b.number)).toEqual([2n]);
  });

  it("refuses an unlinked block and a block whose number does not follow its parent's", () => {
    const tree = new BlockTree(genesis);
    const [b1, b2] = chain(genesis, 2);
    expect(codeOf(() => tree.push(b2!))).toBe(BlockTreeErrors.unlinked);
    const wrong = create(BlockSchema, {
      blockHeader: { rawData: { number: 5n, parentHash: blockId(genesis), timestamp: 1n } },
    });
    expect(codeOf(() => tree.push(wrong))).toBe(BlockTreeErrors.badNumber);
    tree.push(b1!);
    expect(tree.size).toBe(2);
  });

  it("removing the head falls back to the first-seen block of the highest number left", () => {
    const tree = new BlockTree(genesis);
    const main = chain(genesis, 2, 0);
    const fork = chain(genesis, 2, 9);
    for (const b of [...main, ...fork]) tree.push(b);
    expect(tree.head.id).toEqual(blockId(main[1]!));
    tree.remove(blockId(main[1]!));
    expect(tree.head.id).toEqual(blockId(fork[1]!));
    expect(tree.chainOf(tree.head.id).map((b) => b.number)).toEqual([2n, 1n, 0n]);
  });

  it("has no common ancestor once a branch reaches below what the tree holds", () => {
    const tree = new BlockTree(genesis);
    const main = chain(genesis, 4, 0);
    for (const b of main) tree.push(b);
    tree.prune(3n);
    expect(tree.size).toBe(2);
    expect(tree.has(blockId(main[1]!))).toBe(false);
    const late = chain(main[3]!, 1, 3)[0]!;
    tree.push(late);
    expect(codeOf(() => tree.branches(blockId(late), blockId(main[0]!)))).toBe(BlockTreeErrors.nonCommon);
    // a block whose parent was pruned no longer links
    expect(codeOf(() => tree.push(chain(main[1]!, 1, 5)[0]!))).toBe(BlockTreeErrors.unlinked);
  });
});
