/**
 * java-tron's fork choice on a node's chain (ChainService.pushBlock): blocks of a shorter branch are
 * kept aside, the first-seen block wins a tie, a longer branch is switched to by undoing to the
 * fork point through the commit journal and applying the branch (state identical to the producer's,
 * transactions of abandoned blocks back in the pool), a branch that fails to apply is dropped and
 * the old one restored, and nothing at or below the solidified block is ever undone.
 */
import { create } from "@bufbuild/protobuf";
import {
  type Block,
  BlockSchema,
  blockId,
  bytesToHex,
  type Clock,
  ContractType,
  signBlockHeader,
  signTransaction,
  TronodeError,
  transactionId,
} from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import { type Chain, createChain, DEFAULT_MNEMONIC, deriveDevAccounts } from "../src/index.js";

const WITNESS_PATH = "m/44'/195'/1'/0";
const keys = deriveDevAccounts(DEFAULT_MNEMONIC, 3, WITNESS_PATH);
const T0 = 1_800_000_000_000n;
const open: Chain[] = [];

/** A 3-witness chain node with a frozen clock and no slot timer: blocks only when the test says. */
async function chainNode(options: { follower?: boolean } = {}): Promise<Chain> {
  const clock: Clock = { now: () => T0 };
  const node = await createChain({
    accounts: 2,
    witnessCount: 3,
    blockTime: 60,
    clock,
    ...(options.follower ? { localWitnessIndexes: [] } : {}),
  });
  await node.producer.stop();
  open.push(node);
  return node;
}

async function produce(node: Chain, slot: bigint): Promise<Block> {
  const block = await node.service.produce(T0 + slot * 3000n);
  if (!block) throw new Error(`no block at slot ${slot}`);
  return block.block;
}

async function transfer(node: Chain, amount: bigint) {
  const [from, to] = node.accounts as [(typeof node.accounts)[0], (typeof node.accounts)[0]];
  const unsigned = await node.wallet.createTransaction(ContractType.TransferContract, {
    ownerAddress: from.address,
    toAddress: to.address,
    amount,
  });
  return signTransaction(unsigned, from.privateKey);
}

afterEach(async () => {
  for (const node of open.splice(0)) await node.stop();
});

describe("fork choice", () => {
  it("keeps a tie on the first-seen block, switches to a longer branch and ends in the producer's state", async () => {
    const x = await chainNode();
    const y = await chainNode();
    const z = await chainNode({ follower: true });
    // common prefix: x's blocks 1..3 everywhere
    const common = [
      ...(await x.wallet.getBlocksByLimitNext(1n, 2n, "head")),
      await produce(x, 1n),
      await produce(x, 2n),
    ];
    for (const b of common) {
      await y.service.pushBlock(b);
      await z.service.pushBlock(b);
    }
    expect(z.service.properties.headNumber).toBe(3n);
    // y: one block with a transfer at slot 4; x: three blocks at slots 5..7
    const tx = await transfer(y, 1_000_000n);
    await y.service.push(tx);
    const y4 = await produce(y, 4n);
    expect(y4.transactions).toHaveLength(1);
    const x4 = await produce(x, 5n);
    const x5 = await produce(x, 6n);
    const x6 = await produce(x, 7n);

    expect(await z.service.pushBlock(y4)).toEqual({ kind: "applied" });
    // the same height from another branch: the first seen stays
    expect(await z.service.pushBlock(x4)).toEqual({ kind: "side" });
    expect(z.service.properties.headBlockId).toEqual(blockId(y4));
    // one higher: switch (undo y4, apply x4 and x5)
    expect(await z.service.pushBlock(x5)).toEqual({
      kind: "switched",
      undone: 1,
      applied: 2,
      forkNumber: 3n,
    });
    expect(await z.service.pushBlock(x6)).toEqual({ kind: "applied" });
    expect(z.service.properties.headBlockId).toEqual(x.service.properties.headBlockId);
    expect(bytesToHex(await z.service.store.stateDigest())).toBe(
      bytesToHex(await x.service.store.stateDigest()),
    );
    // y4's transfer went back to z's pool
    expect(z.service.pendingTransaction(transactionId(tx))).toBeDefined();
    // a block already held is known
    expect(await z.service.pushBlock(x5)).toEqual({ kind: "known" });
  });

  it("tells its listeners of every block applied and every block undone, in order", async () => {
    const x = await chainNode();
    const y = await chainNode();
    const z = await chainNode({ follower: true });
    const common = [...(await x.wallet.getBlocksByLimitNext(1n, 2n, "head")), await produce(x, 1n)];
    for (const b of common) {
      await y.service.pushBlock(b);
      await z.service.pushBlock(b);
    }
    const seen: string[] = [];
    z.service.onChange((change) => {
      // the committed state is the one the change concerns: the applied block is the head, the
      // blocks about to be undone are still there (a listener's throw is only logged: recorded here)
      const head = bytesToHex(z.service.properties.headBlockId);
      if (change.kind === "applied") {
        const n = change.outcome.block.blockHeader!.rawData!.number;
        const atHead = head === bytesToHex(change.outcome.blockId) ? "" : " NOT AT HEAD";
        seen.push(`applied ${n}${change.forkSwitch ? " (switch)" : ""}${atHead}`);
      } else {
        const atHead = head === bytesToHex(blockId(change.blocks[0]!)) ? "" : " NOT AT HEAD";
        seen.push(`undoing ${change.blocks.map((b) => b.blockHeader!.rawData!.number).join(",")}${atHead}`);
      }
    });
    const y3 = await produce(y, 4n);
    const y4 = await produce(y, 5n);
    const x3 = await produce(x, 6n);
    const x4 = await produce(x, 7n);
    const x5 = await produce(x, 8n);
    await z.service.pushBlock(y3);
    await z.service.pushBlock(y4);
    await z.service.pushBlock(x3);
    await z.service.pushBlock(x4);
    await z.service.pushBlock(x5);
    expect(seen).toEqual([
      "applied 3",
      "applied 4",
      "undoing 4,3",
      "applied 3 (switch)",
      "applied 4 (switch)",
      "applied 5 (switch)",
    ]);
    // a dev snapshot revert undoes blocks too
    const { checkpoint } = await z.service.checkpoint();
    await z.service.pushBlock(await produce(x, 9n));
    await z.service.rewindTo(checkpoint);
    expect(seen.slice(6)).toEqual(["applied 6", "undoing 6"]);
  });

  it("drops a branch whose block fails and restores the old branch", async () => {
    const x = await chainNode();
    const y = await chainNode();
    const z = await chainNode({ follower: true });
    const common = [
      ...(await x.wallet.getBlocksByLimitNext(1n, 2n, "head")),
      await produce(x, 1n),
      await produce(x, 2n),
    ];
    for (const b of common) {
      await y.service.pushBlock(b);
      await z.service.pushBlock(b);
    }
    const y4 = await produce(y, 4n);
    const x4 = await produce(x, 5n);
    const x5 = await produce(x, 6n);
    // x5 re-signed by a witness that is not scheduled for its slot: valid signature, bad schedule
    const raw = x5.blockHeader!.rawData!;
    const wrong = keys.find((k) => bytesToHex(k.address) !== bytesToHex(raw.witnessAddress))!;
    const bad = create(BlockSchema, {
      transactions: x5.transactions,
      blockHeader: { rawData: { ...raw, witnessAddress: wrong.address } },
    });
    bad.blockHeader!.witnessSignature = signBlockHeader(bad, wrong.privateKey);
    await z.service.pushBlock(y4);
    await z.service.pushBlock(x4);
    const digestBefore = bytesToHex(await z.service.store.stateDigest());
    await expect(z.service.pushBlock(bad)).rejects.toThrow("validateWitnessSchedule error");
    expect(z.service.properties.headBlockId).toEqual(blockId(y4));
    expect(bytesToHex(await z.service.store.stateDigest())).toBe(digestBefore);
    // java-tron drops the whole failed branch (x4 with it): x5 no longer links until x4 comes again
    await expect(z.service.pushBlock(x5)).rejects.toThrow("does not link");
    expect(await z.service.pushBlock(x4)).toEqual({ kind: "side" });
    expect((await z.service.pushBlock(x5)).kind).toBe("switched");
  });

  it("never undoes a solidified block: a longer branch forking below it is refused", async () => {
    const x = await chainNode();
    const z = await chainNode({ follower: true });
    const y = await chainNode();
    const xb = [...(await x.wallet.getBlocksByLimitNext(1n, 2n, "head"))];
    for (let s = 1n; s <= 6n; s++) xb.push(await produce(x, s));
    for (const b of xb) await z.service.pushBlock(b);
    const solid = z.service.properties.solidifiedNumber;
    expect(solid).toBeGreaterThan(1n);
    // y forks from block 1 (below z's solidified block) and grows longer than z's chain
    await y.service.pushBlock(xb[0]!);
    const yb: Block[] = [];
    for (let s = 20n; s < 30n; s++) yb.push(await produce(y, s));
    let failure: unknown;
    for (const b of yb) {
      try {
        await z.service.pushBlock(b);
      } catch (e) {
        failure = e;
      }
    }
    // the fork point left the tree with the solidified block: the branch does not even link
    expect(failure).toBeInstanceOf(TronodeError);
    expect(["BLOCK_UNLINKED", "FORK_TOO_DEEP"]).toContain((failure as TronodeError).code);
    expect(z.service.properties.headBlockId).toEqual(blockId(xb[xb.length - 1]!));
    expect(z.service.properties.solidifiedNumber).toBe(solid);
  });
});
