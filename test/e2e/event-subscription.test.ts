/**
 * java-tron's event subscription on its native ZeroMQ queue, end to end: an instamine node with
 * `event.subscribe` (java-tron's config.conf block, every trigger on, decoded events also sent as
 * contract and solidity logs: `redundancy`), a ZeroMQ SUB subscriber, a TRC-20 and
 * test/contracts/Events.sol deployed and called through TronWeb.
 *
 * - A TRC-20 transfer's block arrives as java-tron sends it: two frames per message (the trigger's
 *   name, its JSON), in java-tron's order — contract event, its redundant contract log, block,
 *   transaction, then the solidity log, event and block once solidified (one witness: at once) —
 *   with java-tron's fields, values, property order and HashMap key order.
 * - Events.sol's `Stored` decodes as java-tron's ContractEventParserAbi decodes (string, bytes32 as
 *   the whole word, bool, base58 address, integers signed); its anonymous event goes out as a log.
 * - Transaction triggers by contract type (TRC-20 call with its internal transaction, deployment,
 *   TRX transfer, Stake 2.0 freeze), with `ethCompatible` and with `solidified`; a dev snapshot
 *   revert publishes the undone block's events again with `removed: true`.
 * - Filters (fromblock, toblock, contractAddress, contractTopic) on publishers beside the node's
 *   own, each sending into memory: only contract events and logs (and their solidity twins) are
 *   filtered, as in java-tron.
 * - A subscriber that never reads does not hold up block production or other subscribers; a socket
 *   that never takes a message fills the node's bounded queue, and the rest is dropped and counted.
 * - `tronode --event-zmq 0` publishes on a free loopback port it logs at start.
 */
import {
  addressToBase58,
  bytesToHex,
  ContractType,
  keccak256,
  type Logger,
  signTransaction,
  utf8Encode,
} from "@tronode/engine/internal";
import { createEventPublisher } from "@tronode/events";
import { createNode, type EventSubscriptionConfig, eventSubscriptionOf, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Subscriber } from "zeromq";
import { killAllClis, startCli, startedUrl, waitForOutput } from "../support/cli-process.js";
import { type CompiledContract, compiledContracts } from "../support/solidity.js";
import { type Json, subscribe, type TestSubscriber } from "../support/zmq-subscriber.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's contract objects are dynamic
type Any = any;

const TRANSFER_TOPIC = "ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef";

/** config.conf's event.subscribe with every trigger enabled and both log triggers redundant. */
function subscription(extra: Record<string, unknown> = {}): EventSubscriptionConfig {
  const names = [
    "block",
    "transaction",
    "contractevent",
    "contractlog",
    "solidity",
    "solidityevent",
    "soliditylog",
  ];
  const config = eventSubscriptionOf({
    native: { useNativeQueue: true, bindport: 5555, sendqueuelength: 1000 },
    contractParse: true,
    topics: names.map((n) => ({
      triggerName: n,
      enable: true,
      topic: n,
      ...(n.endsWith("log") ? { redundancy: true } : {}),
    })),
    ...extra,
  });
  return { ...config, bindPort: 0 }; // a free port, not java-tron's 5555
}

let node: TronNode;
let sub: TestSubscriber;
let artefacts: Record<string, CompiledContract>;
let keys: string[];
let addresses: string[];
let token: Any;
let events: Any;

const client = (index: number) => new TronWeb({ fullHost: node.url!, privateKey: keys[index]! });

async function post(path: string, body: unknown): Promise<Json> {
  return (await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

async function deploy(name: string, parameters: unknown[]): Promise<Any> {
  const { abi, bytecode } = artefacts[name]!;
  const tw = client(0);
  const tx: Any = await tw.transactionBuilder.createSmartContract(
    { abi, bytecode, feeLimit: 1_000_000_000, parameters },
    addresses[0]!,
  );
  const answer: Any = await tw.trx.sendRawTransaction(await tw.trx.sign(tx));
  expect(answer.result, JSON.stringify(answer)).toBe(true);
  return tw.contract(abi, tx.contract_address);
}

/** Every message of the block holding transaction `id`, once its solidity trigger has come. */
async function blockMessages(subscriber: TestSubscriber, id: string) {
  const tx = await subscriber.waitFor((m) => m.topic === "transactionTrigger" && m.json.transactionId === id);
  const number = tx.json.blockNumber;
  await subscriber.waitFor(
    (m) => m.topic === "solidityTrigger" && m.json.latestSolidifiedBlockNumber === number,
  );
  return subscriber.messages.filter(
    (m) =>
      m.json.blockNumber === number ||
      (m.topic === "solidityTrigger" && m.json.latestSolidifiedBlockNumber === number),
  );
}

beforeAll(async () => {
  artefacts = await compiledContracts();
  node = await createNode({ port: 0, blockTime: 0, accounts: 3, eventSubscription: subscription() });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = node.accounts.map((a) => addressToBase58(a.address));
  expect(node.events?.endpoint).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/);
  sub = subscribe(node.events!.endpoint);
  // ZeroMQ's slow joiner: mine until the subscription is through
  for (let i = 0; i < 100 && sub.messages.length === 0; i++) {
    await node.producer.mine(1);
    await new Promise((r) => setTimeout(r, 50));
  }
  token = await deploy("TestToken", ["1000000"]);
  events = await deploy("Events", []);
}, 120_000);

afterAll(async () => {
  sub?.close();
  await node?.stop();
});

describe("a TRC-20 transfer on the ZeroMQ queue", () => {
  it("arrives as java-tron sends it: contract event and log, block, transaction, then the solidity triggers", async () => {
    const from = addresses[0]!;
    const to = addresses[1]!;
    const id: string = await token.transfer(to, 1000n).send();
    const messages = await blockMessages(sub, id);
    expect(messages.map((m) => m.topic)).toEqual([
      "contractEventTrigger",
      "contractLogTrigger",
      "blockTrigger",
      "transactionTrigger",
      "solidityLogTrigger",
      "solidityEventTrigger",
      "solidityTrigger",
    ]);
    // the topic frame is the trigger's own name
    for (const m of messages) expect(m.json.triggerName).toBe(m.topic);

    const info = await post("/wallet/gettransactioninfobyid", { value: id });
    const number = info.blockNumber;
    const block = await post("/wallet/getblockbynum", { num: number });
    const timeStamp = block.block_header.raw_data.timestamp;
    const tokenAddress = token.address as string; // hex 41…
    const tokenBase58 = addressToBase58(Uint8Array.from(Buffer.from(tokenAddress, "hex")));
    const word = (base58: string) => `000000000000000000000000${TronWeb.address.toHex(base58).slice(2)}`;
    const byTopic = (topic: string) => messages.find((m) => m.topic === topic)!;

    const event = byTopic("contractEventTrigger");
    const common = {
      timeStamp,
      uniqueId: `${id}_1`,
      transactionId: id,
      contractAddress: tokenBase58,
      callerAddress: "",
      originAddress: from,
      creatorAddress: from,
      blockNumber: number,
      blockHash: block.blockID,
      removed: false,
      // contract triggers carry the solidified number from before their block
      latestSolidifiedBlockNumber: number - 1,
      logInfo: null,
      rawData: {
        address: tokenAddress.slice(2),
        topics: [TRANSFER_TOPIC, word(from), word(to)],
        data: (1000).toString(16).padStart(64, "0"),
      },
      abi: null,
    };
    expect(event.json).toEqual({
      ...common,
      triggerName: "contractEventTrigger",
      eventSignature: "Transfer(address,address,uint256)",
      eventSignatureFull: "Transfer(address from,address to,uint256 value)",
      eventName: "Transfer",
      topicMap: { from, to, 0: from, 1: to },
      dataMap: { value: "1000", 2: "1000" },
    });
    // Jackson's property order (superclass first) and java.util.HashMap's key order
    expect(Object.keys(event.json)).toEqual([
      "timeStamp",
      "triggerName",
      "uniqueId",
      "transactionId",
      "contractAddress",
      "callerAddress",
      "originAddress",
      "creatorAddress",
      "blockNumber",
      "blockHash",
      "removed",
      "latestSolidifiedBlockNumber",
      "logInfo",
      "rawData",
      "abi",
      "eventSignature",
      "eventSignatureFull",
      "eventName",
      "topicMap",
      "dataMap",
    ]);
    expect(event.body).toContain(`"topicMap":{"0":"${from}","1":"${to}","from":"${from}","to":"${to}"}`);
    expect(event.body).toContain(`"dataMap":{"2":"1000","value":"1000"}`);

    const log = byTopic("contractLogTrigger");
    expect(log.json).toEqual({
      ...common,
      triggerName: "contractLogTrigger",
      topicList: common.rawData.topics,
      data: common.rawData.data,
    });
    expect(Object.keys(log.json).slice(-3)).toEqual(["abi", "topicList", "data"]);

    expect(byTopic("blockTrigger").json).toEqual({
      timeStamp,
      triggerName: "blockTrigger",
      blockNumber: number,
      blockHash: block.blockID,
      transactionSize: 1,
      latestSolidifiedBlockNumber: number, // one witness: solidified at once
      transactionList: [id],
    });

    const receipt = info.receipt;
    const tx = byTopic("transactionTrigger");
    expect(tx.json).toEqual({
      timeStamp,
      triggerName: "transactionTrigger",
      transactionId: id,
      blockHash: block.blockID,
      blockNumber: number,
      energyUsage: receipt.energy_usage ?? 0,
      energyFee: receipt.energy_fee ?? 0,
      originEnergyUsage: receipt.origin_energy_usage ?? 0,
      energyUsageTotal: receipt.energy_usage_total,
      netUsage: receipt.net_usage ?? 0,
      netFee: receipt.net_fee ?? 0,
      result: "SUCCESS",
      contractAddress: tokenBase58,
      contractType: "TriggerSmartContract",
      feeLimit: block.transactions[0].raw_data.fee_limit,
      contractCallValue: 0,
      contractResult: "0000000000000000000000000000000000000000000000000000000000000001",
      fromAddress: from,
      toAddress: tokenBase58,
      assetName: null,
      assetAmount: 0,
      latestSolidifiedBlockNumber: number,
      internalTransactionList: [],
      data: "",
      transactionIndex: 0,
      cumulativeEnergyUsed: 0,
      preCumulativeLogCount: 0,
      logList: null,
      energyUnitPrice: 0,
      extMap: null,
    });
    expect(receipt.energy_usage_total).toBeGreaterThan(0);

    // the solidity twins: the same JSON under their own names
    expect(byTopic("solidityEventTrigger").json).toEqual({
      ...event.json,
      triggerName: "solidityEventTrigger",
    });
    expect(byTopic("solidityLogTrigger").json).toEqual({ ...log.json, triggerName: "solidityLogTrigger" });
    expect(byTopic("solidityTrigger").json).toEqual({
      timeStamp,
      triggerName: "solidityTrigger",
      latestSolidifiedBlockNumber: number,
    });
  });

  it("decodes as java-tron's ContractEventParserAbi: strings, the whole bytes32 word, bools, base58; an anonymous event is a log", async () => {
    const id: string = await events.store(7, "héllo, \u0001 world").send({ feeLimit: 1_000_000_000 });
    const messages = await blockMessages(sub, id);
    const stored = messages.find((m) => m.topic === "contractEventTrigger")!;
    const tag = bytesToHex(keccak256(utf8Encode("héllo, \u0001 world")));
    expect(stored.json).toMatchObject({
      eventSignature: "Stored(address,uint256,string,bytes32,bool)",
      eventSignatureFull: "Stored(address by,uint256 key,string note,bytes32 tag,bool flag)",
      eventName: "Stored",
      topicMap: { by: addresses[0], key: "7", 0: addresses[0], 1: "7" },
      dataMap: {
        note: "héllo, \u0001 world",
        tag,
        flag: "false",
        2: "héllo, \u0001 world",
        3: tag,
        4: "false",
      },
    });
    // Jackson escapes a control character in upper-case hex and writes the rest as it is
    expect(stored.body).toContain('"note":"héllo, \\u0001 world"');
    // the anonymous event has no signature topic: a contract log (and its solidity twin)
    const logs = messages.filter((m) => m.topic === "contractLogTrigger");
    expect(logs.map((m) => m.json.uniqueId)).toEqual([`${id}_1`, `${id}_2`]); // Stored's redundant log, Anonymous
    expect(logs[1]!.json.topicList).toEqual([]);
    expect(logs[1]!.json.data).toBe((7).toString(16).padStart(64, "0"));
    expect(messages.filter((m) => m.topic === "solidityLogTrigger")).toHaveLength(2);
  });
});

describe("transaction triggers", () => {
  it("by contract type; with ethCompatible (index, cumulative energy, logs, energy price); with solidified (read back from the store)", async () => {
    const options = (name: string, extra: Record<string, unknown>) =>
      subscription({
        topics: [
          {
            triggerName: "block",
            enable: true,
            topic: "block",
            ...(name === "solid" ? { solidified: true } : {}),
          },
          { triggerName: "transaction", enable: true, topic: "transaction", ...extra },
        ],
      });
    const capture = async (name: string, extra: Record<string, unknown>) => {
      const messages: { topic: string; json: Json }[] = [];
      const publisher = (await createEventPublisher({
        chain: node.chain,
        config: options(name, extra),
        logger: silent,
        socket: {
          endpoint: "memory",
          sender: {
            send: async ([topic, body]) => {
              messages.push({ topic, json: JSON.parse(body) });
            },
            close() {},
          },
        },
      }))!;
      return { messages, publisher };
    };
    const eth = await capture("eth", { ethCompatible: true });
    const solid = await capture("solid", { solidified: true });
    const owner = addresses[0]!;
    const tw = client(0);
    const factory = await deploy("Factory", []);
    const factoryBase58 = TronWeb.address.fromHex(factory.address);
    const created: string = await factory.deploy(`0x${"11".repeat(32)}`, 5).send({ feeLimit: 1_000_000_000 });
    const sent: Any = await tw.trx.sendTransaction(addresses[2]!, 1_234_567);
    const frozen: Any = await tw.trx.sendRawTransaction(
      await tw.trx.sign(await tw.transactionBuilder.freezeBalanceV2(2_000_000, "ENERGY", owner)),
    );
    await blockMessages(sub, frozen.txid ?? frozen.transaction.txID);
    const byId = (list: { topic: string; json: Json }[], id: string) =>
      list.find((m) => m.topic === "transactionTrigger" && m.json.transactionId === id)!.json;
    const info = await post("/wallet/gettransactioninfobyid", { value: created });
    const energyFee = Number(node.chain.properties.get("ENERGY_FEE"));

    const call = byId(eth.messages, created);
    expect(call).toMatchObject({
      blockNumber: info.blockNumber,
      result: "SUCCESS",
      contractType: "TriggerSmartContract",
      contractAddress: null, // ethCompatible keeps it only for a deployment
      fromAddress: owner,
      toAddress: factoryBase58,
      transactionIndex: 0,
      cumulativeEnergyUsed: info.receipt.energy_usage_total,
      preCumulativeLogCount: 0,
      energyUnitPrice: energyFee,
    });
    const child = call.internalTransactionList[0];
    expect(call.internalTransactionList).toHaveLength(1);
    expect(child).toEqual({
      hash: info.internal_transactions[0].hash,
      callValue: 0,
      tokenInfo: {},
      transferTo_address: info.internal_transactions[0].transferTo_address,
      data: expect.stringMatching(/^[0-9a-f]{200,}$/), // Child's init code and argument
      caller_address: factory.address,
      rejected: false,
      note: "create",
      extra: "",
    });
    expect(call.logList).toEqual([
      {
        address: factory.address.slice(2),
        blockHash: (await post("/wallet/getblockbynum", { num: info.blockNumber })).blockID,
        blockNumber: info.blockNumber,
        data: info.log[0].data,
        logIndex: 0,
        topicList: info.log[0].topics,
        transactionHash: created,
        transactionIndex: 0,
      },
    ]);
    expect(byId(eth.messages, sent.transaction.txID)).toMatchObject({
      contractType: "TransferContract",
      result: "SUCCESS",
      fromAddress: owner,
      toAddress: addresses[2],
      assetName: "trx",
      assetAmount: 1_234_567,
      internalTransactionList: [],
      logList: [],
    });
    expect(byId(eth.messages, frozen.transaction.txID)).toMatchObject({
      contractType: "FreezeBalanceV2Contract",
      fromAddress: owner,
      toAddress: null,
      assetName: "trx",
      assetAmount: 2_000_000,
    });
    // a deployment keeps its contract address; its result is the runtime code
    const deployments = eth.messages.filter((m) => m.json.contractType === "CreateSmartContract");
    expect(deployments.map((m) => m.json.contractAddress)).toEqual([factoryBase58]);
    expect(deployments[0]!.json.contractResult).toBe(artefacts.Factory!.deployedBytecode);

    // solidified: each block once solidified, its transactions read back from the store, as
    // java-tron's are (no in-memory trace: block number -1, no receipt, no run)
    expect(byId(solid.messages, created)).toMatchObject({
      blockNumber: -1,
      energyUsageTotal: 0,
      energyFee: 0,
      result: "SUCCESS",
      contractAddress: null,
      contractResult: null,
      internalTransactionList: null,
      logList: null,
      fromAddress: owner,
      toAddress: factoryBase58,
    });
    const blocks = solid.messages.filter((m) => m.topic === "blockTrigger").map((m) => m.json.blockNumber);
    expect(blocks).toEqual([...new Set(blocks)].sort((x, y) => x - y));
    expect(blocks).toContain(info.blockNumber);
    await eth.publisher.close();
    await solid.publisher.close();
  });

  it("a dev snapshot revert undoes blocks as a fork switch does: their events again, removed", async () => {
    const rpc = async (method: string) =>
      (await post("/tre", { jsonrpc: "2.0", id: 1, method, params: [] })).result;
    const snapshot = await rpc("evm_snapshot");
    const id: string = await token.transfer(addresses[1], 3n).send();
    const added = await sub.waitFor((m) => m.topic === "contractEventTrigger" && m.json.transactionId === id);
    // every trigger the block sent for the transaction is in before the mark (on a loaded machine
    // the later ones — log, transaction, solidified — may still be on their way)
    for (const topic of [
      "contractLogTrigger",
      "transactionTrigger",
      "solidityLogTrigger",
      "solidityEventTrigger",
    ]) {
      await sub.waitFor((m) => m.topic === topic && m.json.transactionId === id);
    }
    const mark = sub.messages.length;
    expect(
      await (await post("/tre", { jsonrpc: "2.0", id: 1, method: "evm_revert", params: [snapshot] })).result,
    ).toBe(true);
    const removed = await sub.waitFor(
      (m) => m.json.transactionId === id && m.json.removed === true,
      10_000,
      mark,
    );
    expect(removed.topic).toBe("contractEventTrigger");
    expect(removed.json.blockHash).toBe(added.json.blockHash);
    expect(
      sub.messages
        .slice(mark)
        .filter((m) => m.json.transactionId === id)
        .map((m) => m.topic),
    ).toEqual([
      "contractEventTrigger",
      "contractLogTrigger", // the redundant log
    ]);
  });
});

describe("the event filter", () => {
  /** A publisher beside the node's own, on the same chain, sending into memory. */
  async function captured(filter: Record<string, unknown>) {
    const messages: { topic: string; json: Json }[] = [];
    const publisher = await createEventPublisher({
      chain: node.chain,
      config: subscription({ filter }),
      logger: silent,
      socket: {
        endpoint: "memory",
        sender: {
          send: async ([topic, body]) => {
            messages.push({ topic, json: JSON.parse(body) });
          },
          close() {},
        },
      },
    });
    return { messages, publisher: publisher! };
  }
  const contractTopics = (messages: { topic: string; json: Json }[]) =>
    messages
      .filter((m) => /^(contract|solidity)(Event|Log)Trigger$/.test(m.topic))
      .map((m) => `${m.topic} ${m.json.contractAddress} ${m.json.blockNumber}`);

  it("passes the contract events and logs of its block range, contracts and topics — and every other trigger", async () => {
    const head = Number(node.chain.properties.headNumber);
    const tokenBase58 = TronWeb.address.fromHex(token.address);
    const eventsBase58 = TronWeb.address.fromHex(events.address);
    const any = { fromblock: "", toblock: "", contractAddress: [""], contractTopic: [""] };
    const filters = {
      all: any,
      token: { ...any, contractAddress: [tokenBase58.toLowerCase()] }, // compared ignoring case
      transferTopic: { ...any, contractTopic: [TRANSFER_TOPIC] },
      // every topic of a log counts: Stored's indexed `key` of 8
      keyTopic: { ...any, contractTopic: [(8).toString(16).padStart(64, "0")] },
      prefixedTopic: { ...any, contractTopic: [`0x${TRANSFER_TOPIC}`] }, // java-tron compares exactly: never matches
      hexAddress: { ...any, contractAddress: [token.address] },
      fromSecond: { ...any, fromblock: String(head + 2) },
      toFirst: { ...any, fromblock: "earliest", toblock: String(head + 1) },
      range: { ...any, fromblock: String(head + 2), toblock: String(head + 2) },
      invalid: { ...any, fromblock: "-1" },
    };
    const publishers = Object.fromEntries(
      await Promise.all(Object.entries(filters).map(async ([name, f]) => [name, await captured(f)] as const)),
    );
    const first: string = await token.transfer(addresses[2], 5n).send(); // block head + 1
    const second: string = await events.store(8, "x").send({ feeLimit: 1_000_000_000 }); // block head + 2
    await blockMessages(sub, first);
    await blockMessages(sub, second);
    const b1 = head + 1;
    const b2 = head + 2;
    const t = (topic: string, address: string, block: number) => `${topic} ${address} ${block}`;
    const tokenLogs = (b: number) => [
      t("contractEventTrigger", tokenBase58, b),
      t("contractLogTrigger", tokenBase58, b),
      t("solidityLogTrigger", tokenBase58, b),
      t("solidityEventTrigger", tokenBase58, b),
    ];
    const eventsLogs = (b: number) => [
      t("contractEventTrigger", eventsBase58, b),
      t("contractLogTrigger", eventsBase58, b),
      t("contractLogTrigger", eventsBase58, b),
      t("solidityLogTrigger", eventsBase58, b),
      t("solidityLogTrigger", eventsBase58, b),
      t("solidityEventTrigger", eventsBase58, b),
    ];
    const seen = (name: keyof typeof filters) => contractTopics(publishers[name]!.messages);
    expect(seen("all")).toEqual([...tokenLogs(b1), ...eventsLogs(b2)]);
    expect(seen("token")).toEqual(tokenLogs(b1));
    expect(seen("transferTopic")).toEqual(tokenLogs(b1));
    expect(seen("keyTopic")).toEqual(eventsLogs(b2).filter((_, i) => i !== 2 && i !== 4)); // Stored, not Anonymous
    expect(seen("prefixedTopic")).toEqual([]);
    expect(seen("hexAddress")).toEqual([]);
    expect(seen("fromSecond")).toEqual(eventsLogs(b2));
    expect(seen("toFirst")).toEqual(tokenLogs(b1));
    expect(seen("range")).toEqual(eventsLogs(b2));
    expect(seen("invalid")).toEqual([]);
    // block, transaction and solidity triggers are never filtered
    for (const { messages } of Object.values(publishers)) {
      expect(messages.filter((m) => m.topic === "blockTrigger").map((m) => m.json.blockNumber)).toEqual([
        b1,
        b2,
      ]);
      expect(
        messages.filter((m) => m.topic === "transactionTrigger").map((m) => m.json.transactionId),
      ).toEqual([first, second]);
    }
    for (const { publisher } of Object.values(publishers)) await publisher.close();
  });
});

describe("a slow subscriber", () => {
  it("that never reads holds up neither block production nor the other subscribers", async () => {
    // a publisher beside the node's own with a short ZeroMQ queue (SNDHWM 20), and transactions
    // with 250 kB memos, so the stalled subscriber's pipe and TCP buffers fill up
    const publisher = (await createEventPublisher({
      chain: node.chain,
      config: { ...subscription(), sendQueueLength: 20 },
      logger: silent,
    }))!;
    const stalled = new Subscriber({ receiveHighWaterMark: 1, receiveBufferSize: 4096, linger: 0 });
    stalled.connect(publisher.endpoint);
    stalled.subscribe("transactionTrigger");
    const reader = subscribe(publisher.endpoint, ["transactionTrigger"]);
    await new Promise((r) => setTimeout(r, 300)); // both joined
    const [a, b] = node.accounts as [(typeof node.accounts)[0], (typeof node.accounts)[0]];
    const memo = new Uint8Array(250_000).fill(0x61);
    const start = node.chain.properties.headNumber;
    const began = Date.now();
    const count = 60;
    for (let i = 0; i < count; i++) {
      const unsigned = await node.wallet.createTransaction(ContractType.TransferContract, {
        ownerAddress: a.address,
        toAddress: b.address,
        amount: BigInt(1 + i),
      });
      await node.chain.push(
        signTransaction({ ...unsigned, rawData: { ...unsigned.rawData!, data: memo } }, a.privateKey),
      );
      await node.producer.mine(1);
    }
    expect(node.chain.properties.headNumber).toBe(start + BigInt(count));
    // the reader gets every transaction trigger, each with its memo
    await reader.waitFor((m) => m.json.blockNumber === Number(start) + count, 60_000);
    const read = reader.messages.filter((m) => m.json.blockNumber > Number(start));
    expect(read).toHaveLength(count);
    expect(read[0]!.json.data).toBe("61".repeat(250_000));
    expect(publisher.stats.dropped).toBe(0);
    // ZeroMQ dropped what the stalled subscriber had no room for instead of waiting for it
    let stalledGot = 0;
    for (;;) {
      const next = await Promise.race([
        stalled.receive(),
        new Promise<undefined>((r) => setTimeout(() => r(undefined), 1000)),
      ]);
      if (next === undefined) break;
      stalledGot++;
    }
    expect(stalledGot).toBeGreaterThan(0);
    expect(stalledGot).toBeLessThan(count);
    expect(Date.now() - began).toBeLessThan(60_000);
    reader.close();
    stalled.close();
    await publisher.close();
  });

  it("a socket that never takes a message fills the node's bounded queue; the rest is dropped and counted", async () => {
    const warnings: string[] = [];
    const logger: Logger = { ...silent, warn: (_f, message) => warnings.push(message ?? "") };
    const publisher = (await createEventPublisher({
      chain: node.chain,
      config: { ...subscription(), sendQueueLength: 10 },
      logger,
      socket: { endpoint: "memory", sender: { send: () => new Promise<void>(() => {}), close() {} } },
    }))!;
    const start = node.chain.properties.headNumber;
    await node.producer.mine(50);
    expect(node.chain.properties.headNumber).toBe(start + 50n);
    // the first trigger is with the socket, ten wait, the rest of 50 blocks' block and solidity triggers are dropped
    expect(publisher.stats).toEqual({ sent: 0, pending: 10, dropped: 50 * 2 - 11 });
    expect(warnings).toEqual(["event queue full: dropping triggers until it drains"]);
    await publisher.close();
  });
});

describe("from the command line", () => {
  it("--event-zmq <port> publishes every trigger on loopback", async () => {
    const cli = startCli(["--port", "0", "--block-time", "0", "--accounts", "1", "--event-zmq", "0", "-q"]);
    try {
      const url = await waitForOutput(cli, startedUrl, 60_000);
      const started = cli.logLines().find((l) => l.msg === "tronode started")!;
      expect(started.events).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/);
      const subscriber = subscribe(started.events as string, ["blockTrigger", "solidityTrigger"]);
      for (let i = 0; i < 100 && subscriber.messages.length === 0; i++) {
        const answer: Json = await (
          await fetch(`${url}/tre`, {
            method: "POST",
            body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tre_mine", params: [{ blocks: 1 }] }),
          })
        ).json();
        expect(answer.error).toBeUndefined();
        await new Promise((r) => setTimeout(r, 50));
      }
      const number = (await subscriber.waitFor((m) => m.topic === "blockTrigger")).json.blockNumber;
      await subscriber.waitFor(
        (m) => m.topic === "solidityTrigger" && m.json.latestSolidifiedBlockNumber === number,
      );
      subscriber.close();
    } finally {
      await killAllClis();
    }
  }, 90_000);
});

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
