/**
 * Contract events of a block a fork switch drops, on java-tron's ZeroMQ queue: two nodes of a
 * 3-witness chain with frozen clocks and no slot timer (blocks only when the test says, as in
 * packages/node/test/fork-choice.test.ts), the second with `--event-zmq` on. A TRC-20 transfer goes
 * into the second node's own block; the first node's longer branch reaches it through
 * `ChainService.pushBlock` (the P2P layer's intake), and it switches:
 * - the transfer's contract event is published again with `removed: true` and the dropped block's
 *   hash (java-tron's reOrgContractTrigger), then the events of the branch switched to;
 * - the blocks the switch applies get no block or transaction triggers (java-tron's pushBlock
 *   returns after switchFork); the next block pushed on the head does;
 * - the transfer goes back to the pool and into a later block: published again with `removed:
 *   false`, and only that block's solidity event follows, never the dropped one's.
 */
import {
  addressToBase58,
  type Block,
  blockId,
  bytesToHex,
  type Clock,
  transactionId,
} from "@tronode/engine/internal";
import { allTriggersSubscription, createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, describe, expect, it } from "vitest";
import { compiledContracts } from "../support/solidity.js";
import { subscribe, type TestSubscriber } from "../support/zmq-subscriber.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's contract objects are dynamic
type Any = any;

const T0 = 1_800_000_000_000n;
const open: TronNode[] = [];
let sub: TestSubscriber | undefined;

afterAll(async () => {
  sub?.close();
  for (const node of open) await node.stop();
});

/** A node of a 3-witness chain (all keys held) whose clock stands still: blocks only on `produce`. */
async function chainNode(events: boolean): Promise<TronNode> {
  const clock: Clock = { now: () => T0 };
  const node = await createNode({
    port: 0,
    accounts: 2,
    witnessCount: 3,
    blockTime: 60,
    clock,
    ...(events ? { eventSubscription: allTriggersSubscription(0) } : {}),
  });
  await node.producer.stop();
  open.push(node);
  return node;
}

async function produce(node: TronNode, slot: bigint): Promise<Block> {
  const block = await node.chain.produce(T0 + slot * 3000n);
  if (!block) throw new Error(`no block at slot ${slot}`);
  return block.block;
}

const hashOf = (block: Block) => bytesToHex(blockId(block));

describe("a fork switch on the event queue", () => {
  it("publishes the dropped block's contract events again with removed: true", async () => {
    const x = await chainNode(false);
    const y = await chainNode(true);
    sub = subscribe(y.events!.endpoint);
    const owner = x.accounts[0]!;
    const ownerBase58 = addressToBase58(owner.address);
    const to = addressToBase58(x.accounts[1]!.address);
    const tw = (node: TronNode) =>
      new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(owner.privateKey) });

    // common prefix: block 1, the token's deployment (block 2), an empty block 3 — on both nodes
    const { abi, bytecode } = (await compiledContracts()).TestToken!;
    const deploy: Any = await tw(x).transactionBuilder.createSmartContract(
      { abi, bytecode, feeLimit: 1_000_000_000, parameters: ["1000000"] },
      ownerBase58,
    );
    expect((await tw(x).trx.sendRawTransaction(await tw(x).trx.sign(deploy))).result).toBe(true);
    const common = [
      ...(await x.wallet.getBlocksByLimitNext(1n, 2n, "head")),
      await produce(x, 1n),
      await produce(x, 2n),
    ];
    for (const b of common) await y.chain.pushBlock(b);
    // ZeroMQ's slow joiner: give the subscription time to reach the publisher
    await new Promise((r) => setTimeout(r, 500));

    // y: the transfer in its own block 4; x: a longer branch of empty blocks 4, 5
    const built: Any = await tw(y).transactionBuilder.triggerSmartContract(
      deploy.contract_address,
      "transfer(address,uint256)",
      { feeLimit: 100_000_000 },
      [
        { type: "address", value: to },
        { type: "uint256", value: 1000 },
      ],
      ownerBase58,
    );
    const signed = await tw(y).trx.sign(built.transaction);
    expect((await tw(y).trx.sendRawTransaction(signed)).result).toBe(true);
    const id: string = signed.txID;
    const y4 = await produce(y, 4n);
    expect(y4.transactions).toHaveLength(1);
    const added = await sub.waitFor((m) => m.topic === "contractEventTrigger" && m.json.transactionId === id);
    expect(added.json).toMatchObject({
      removed: false,
      blockNumber: 4,
      blockHash: hashOf(y4),
      eventName: "Transfer",
    });

    // x's branch holds a transfer of its own
    const other: Any = await tw(x).transactionBuilder.triggerSmartContract(
      deploy.contract_address,
      "transfer(address,uint256)",
      { feeLimit: 100_000_000 },
      [
        { type: "address", value: to },
        { type: "uint256", value: 7 },
      ],
      ownerBase58,
    );
    const otherSigned = await tw(x).trx.sign(other.transaction);
    expect((await tw(x).trx.sendRawTransaction(otherSigned)).result).toBe(true);
    const x4 = await produce(x, 5n);
    const x5 = await produce(x, 6n);
    expect(await y.chain.pushBlock(x4)).toEqual({ kind: "side" });
    const mark = sub.messages.length;
    const solidBeforeSwitch = Number(y.chain.properties.solidifiedNumber);
    expect((await y.chain.pushBlock(x5)).kind).toBe("switched");
    await sub.waitFor((m) => m.json.transactionId === otherSigned.txID, 10_000, mark);
    // first the dropped block's event, removed; then the new branch's own
    const [removed, applied, ...rest] = sub.messages.slice(mark);
    expect(rest).toEqual([]);
    // the same trigger, marked removed, with the dropped block's hash and the solidified number
    // while it was undone
    const { removed: _r, latestSolidifiedBlockNumber: _l, ...sameFields } = added.json;
    expect(removed!.topic).toBe("contractEventTrigger");
    expect(removed!.json).toEqual({
      ...sameFields,
      removed: true,
      latestSolidifiedBlockNumber: solidBeforeSwitch,
    });
    expect(applied!.topic).toBe("contractEventTrigger");
    expect(applied!.json).toMatchObject({
      transactionId: otherSigned.txID,
      removed: false,
      blockNumber: 4,
      blockHash: hashOf(x4),
      dataMap: { value: "7" },
    });

    // the switch applied x4 and x5 without block or transaction triggers; the next block on the head has them
    const x6 = await produce(x, 7n);
    expect(await y.chain.pushBlock(x6)).toEqual({ kind: "applied" });
    await sub.waitFor((m) => m.topic === "blockTrigger" && m.json.blockNumber === 6, 10_000, mark);
    const afterSwitch = sub.messages.slice(mark);
    expect(afterSwitch.filter((m) => m.topic === "blockTrigger").map((m) => m.json.blockHash)).toEqual([
      hashOf(x6),
    ]);
    expect(afterSwitch.filter((m) => m.topic === "transactionTrigger")).toEqual([]);

    // the transfer went back to y's pool: y's next block holds it again
    expect(y.chain.pendingIds().map(bytesToHex)).toContain(id);
    const y7 = await produce(y, 8n);
    expect(y7.transactions.map((t) => bytesToHex(transactionId(t)))).toEqual([id]);
    const again = await sub.waitFor(
      (m) => m.topic === "contractEventTrigger" && m.json.transactionId === id && m.json.removed === false,
      10_000,
      mark,
    );
    expect(again.json).toMatchObject({ blockNumber: 7, blockHash: hashOf(y7) });
    // solidified later: the solidity event of the block that holds it, never of the dropped one
    for (let slot = 9n; slot < 16n; slot++) await produce(y, slot);
    expect(y.chain.properties.solidifiedNumber).toBeGreaterThanOrEqual(7n);
    const solidityEvent = await sub.waitFor(
      (m) => m.topic === "solidityEventTrigger" && m.json.transactionId === id,
    );
    expect(solidityEvent.json).toMatchObject({ blockHash: hashOf(y7), removed: false });
    expect(
      sub.messages.filter((m) => m.topic === "solidityEventTrigger" && m.json.transactionId === id),
    ).toHaveLength(1);
  });
});
