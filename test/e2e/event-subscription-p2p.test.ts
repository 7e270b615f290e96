/**
 * `removed: true` over a real network: two witness nodes of a 3-witness chain talking TRON's P2P
 * protocol through a TCP relay the test cuts and heals (as test/e2e/p2p-partition.test.ts does),
 * the second with event subscription on. While cut, the second node packs a TRC-20 transfer into
 * its own block; the first, holding two witnesses of three, builds the longer branch. Healed, the
 * second syncs that branch, switches to it, and its subscriber receives the transfer's contract
 * event again with `removed: true` and the abandoned block's hash.
 */
import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  blockId,
  bytesToHex,
  hexToBytes,
  signTransaction,
  Tables,
  TriggerSmartContractSchema,
  transactionId,
} from "@tronode/engine/internal";
import { allTriggersSubscription, createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, describe, expect, it } from "vitest";
import { Link, until } from "../support/p2p-cluster.js";
import { compiledContracts } from "../support/solidity.js";
import { subscribe, type TestSubscriber } from "../support/zmq-subscriber.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's answers are dynamic
type Any = any;

const A_IP = "127.0.0.21";
const B_IP = "127.0.0.22";
const RELAY_IP = "127.0.0.23";

const nodes: TronNode[] = [];
let link: Link | undefined;
let sub: TestSubscriber | undefined;

afterAll(async () => {
  sub?.close();
  await link?.close();
  for (const n of nodes) await n.stop();
});

describe("a fork switch between two networked nodes", () => {
  it("publishes the abandoned block's contract events again with removed: true", async () => {
    const a = await createNode({
      port: 0,
      accounts: 2,
      witnessCount: 3,
      localWitnessIndexes: [0, 1],
      p2p: { host: A_IP, port: 0, peers: [], trustedIps: [B_IP] },
    });
    nodes.push(a);
    link = new Link(RELAY_IP, { host: A_IP, port: a.p2p!.port }, B_IP);
    await link.start();
    const b = await createNode({
      port: 0,
      accounts: 2,
      witnessCount: 3,
      localWitnessIndexes: [2],
      p2p: { host: B_IP, port: 0, peers: [{ host: RELAY_IP, port: link.port }] },
      eventSubscription: allTriggersSubscription(0),
    });
    nodes.push(b);
    sub = subscribe(b.events!.endpoint);

    // the token, deployed through the first node, reaches the second
    const owner = a.accounts[0]!;
    const ownerBase58 = addressToBase58(owner.address);
    const tw = new TronWeb({ fullHost: a.url!, privateKey: bytesToHex(owner.privateKey) });
    await until(
      "connected",
      async () => ((await a.wallet.getNodeInfo()).network?.peers.length ? true : undefined),
      60_000,
    );
    const { abi, bytecode } = (await compiledContracts()).TestToken!;
    const deploy: Any = await tw.transactionBuilder.createSmartContract(
      { abi, bytecode, feeLimit: 1_000_000_000, parameters: ["1000000"] },
      ownerBase58,
    );
    const sent: Any = await tw.trx.sendRawTransaction(await tw.trx.sign(deploy));
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    const contract = Uint8Array.from(Buffer.from(deploy.contract_address, "hex"));
    await until(
      "the token on both nodes",
      async () => (b.chain.committedView.get(Tables.contracts, contract) ? true : undefined),
      60_000,
    );

    // cut: the second node packs a transfer into a block of its own (pushed straight into its pool:
    // a networked node without peers refuses broadcasts)
    link.cut();
    await until(
      "apart",
      async () => ((await b.wallet.getNodeInfo()).network?.peers.length === 0 ? true : undefined),
      30_000,
    );
    const { transaction: built } = await b.wallet.triggerSmartContract({
      contract: create(TriggerSmartContractSchema, {
        ownerAddress: owner.address,
        contractAddress: contract,
        data: hexToBytes(
          `a9059cbb${"0".repeat(24)}${bytesToHex(a.accounts[1]!.address.subarray(1))}${(1000).toString(16).padStart(64, "0")}`,
        ),
      }),
      feeLimit: 100_000_000n,
    });
    const transfer = signTransaction(built, owner.privateKey);
    await b.chain.push(transfer);
    const id = bytesToHex(transactionId(transfer));
    const added = await sub.waitFor(
      (m) => m.topic === "contractEventTrigger" && m.json.transactionId === id,
      30_000,
    );
    expect(added.json.removed).toBe(false);
    const abandoned = added.json.blockHash as string;

    // the first node's branch grows longer (two slots of three); heal, and the second switches
    await until(
      "a longer branch on the first node",
      async () => (a.chain.properties.headNumber > b.chain.properties.headNumber + 1n ? true : undefined),
      60_000,
    );
    link.heal();
    await until("switched", async () => (b.chain.forkSwitches > 0 ? true : undefined), 90_000);
    const removed = await sub.waitFor(
      (m) => m.topic === "contractEventTrigger" && m.json.transactionId === id && m.json.removed === true,
      10_000,
    );
    const { removed: _r, latestSolidifiedBlockNumber: _l, ...same } = added.json;
    expect(removed.json).toMatchObject({ ...same, removed: true, blockHash: abandoned });
    // the abandoned block is gone from the second node's chain
    const number = BigInt(added.json.blockNumber);
    const now = b.chain.committedView.get(Tables.blocks, number);
    expect(now && bytesToHex(blockId(now))).not.toBe(abandoned);
  }, 240_000);
});
