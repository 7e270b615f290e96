/**
 * The book's snippets, run: each block of README.md and docs/ that names this file is written here
 * as it stands on its page (test/docs/snippets.test.ts checks that every statement of the block is
 * a line of this file, in order), against a dev chain started in this process. What a page prints
 * with console.log, this file asserts.
 */
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";
import { createNode } from "@tronode/node";
import { allTriggersSubscription, applyConfigFile, defaultNodeConfig } from "@tronode/node";
import { createTestClient, memory } from "@tronode/testkit";
import { Contract, JsonRpcProvider } from "ethers";
import { Interface, id } from "ethers";
import TronGrid from "trongrid";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Subscriber } from "zeromq";
import "@tronode/testkit/vitest";
import { REPO_ROOT } from "../support/cli-process.ts";
import { compiledContracts } from "../support/solidity.ts";

let node;
let url;
let keys;
let to;

beforeAll(async () => {
  node = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 6,
    witnessCount: 3,
    eventSubscription: allTriggersSubscription(0),
    grpcPort: 0,
  });
  url = node.url;
  keys = node.accounts.map((a) => a.privateKeyHex);
  to = node.accounts[5].base58;
}, 60_000);

afterAll(async () => {
  await node?.stop();
});

const rpc = async (method, params = []) =>
  (
    await (
      await fetch(`${url}/tre`, {
        method: "POST",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
      })
    ).json()
  ).result;

describe("README.md", () => {
  it("a dApp's first transfer with TronWeb", async () => {
    const privateKey = keys[0];
    const tronWeb = new TronWeb({ fullHost: url, privateKey });
    const { result, transaction } = await tronWeb.trx.sendTrx(to, 1_000_000);
    const info = await tronWeb.trx.getTransactionInfo(transaction.txID);
    expect(result).toBe(true);
    expect(info).toBeTypeOf("object");
  });

  it("a first test with the kit", async () => {
    const client = createTestClient(await memory());
    const [alice, bob] = await client.accounts();
    expect(await client.transfer(alice, bob, 10_000_000n)).toSucceed();
    await client.close();
  });
});

describe("docs/clients", () => {
  it("tronweb.md", async () => {
    const privateKey = keys[1];
    const tronWeb = new TronWeb({ fullHost: url, privateKey });
    const { result, transaction } = await tronWeb.trx.sendTrx(to, 1_000_000);
    const shown = [result, await tronWeb.trx.getTransactionInfo(transaction.txID)];
    expect(shown[0]).toBe(true);
  });

  it("grpc.md: TRON's stubs from the protos", async () => {
    const target = node.grpc.full;
    const definition = protoLoader.loadSync("protocol/api.proto", { includeDirs: ["proto"], keepCase: true, longs: String });
    const { protocol } = grpc.loadPackageDefinition(definition);
    const wallet = new protocol.Wallet(target, grpc.credentials.createInsecure());
    const number = await new Promise((done) => {
      wallet.GetNowBlock2({}, (error, block) => {
        done(block.block_header.raw_data.number);
      });
    });
    expect(Number(number)).toBeGreaterThanOrEqual(1);
    wallet.close();
  });

  it("json-rpc.md: ethers over /jsonrpc", async () => {
    const art = (await compiledContracts()).TestToken;
    const tronWeb = new TronWeb({ fullHost: url, privateKey: keys[0] });
    const deployed = await tronWeb
      .contract()
      .new({ abi: art.abi, bytecode: art.bytecode, feeLimit: 1_000_000_000, parameters: ["1000000"] });
    const token = `0x${TronWeb.address.toHex(deployed.address).slice(2)}`;
    const abi = art.abi;
    const holder = `0x${TronWeb.address.toHex(node.accounts[0].base58).slice(2)}`;
    const from = holder;
    const transferTopic = id("Transfer(address,address,uint256)");
    const txID = await deployed.transfer(to, 5).send();
    const data = new Interface(abi).encodeFunctionData("balanceOf", [holder]);
    const provider = new JsonRpcProvider(`${url}/jsonrpc`);
    await provider.getNetwork();
    await provider.getBlockNumber();
    await provider.getBalance("0x7e5f4552091a69125d5dfcb7b8c2659029395bdf");
    const logs = await provider.getLogs({ address: token, topics: [transferTopic], fromBlock: 0 });
    const receipt = await provider.getTransactionReceipt("0x" + txID);
    const erc20 = new Contract(token, abi, provider);
    const balance = await erc20.balanceOf(holder);
    const energy = await provider.estimateGas({ from, to: token, data });
    expect(logs.length).toBeGreaterThan(0);
    expect(receipt?.status).toBe(1);
    expect(balance).toBe(1_000_000n - 5n);
    expect(energy).toBeGreaterThan(0n);
  });
});

describe("docs/dev-chain.md", () => {
  it("unfreezes, moves the clock past the delay and withdraws", async () => {
    const tronWeb = new TronWeb({ fullHost: url, privateKey: keys[2] });
    const owner = tronWeb.defaultAddress.base58;
    await tronWeb.trx.sendRawTransaction(
      await tronWeb.trx.sign(await tronWeb.transactionBuilder.freezeBalanceV2(1e9, "BANDWIDTH", owner)),
    );
    await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(
      await tronWeb.transactionBuilder.unfreezeBalanceV2(1e9, "BANDWIDTH", owner)));
    await rpc("tre_increaseTime", [14 * 86400]);
    await rpc("tre_mine");
    const withdrawn = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(
      await tronWeb.transactionBuilder.withdrawExpireUnfreeze(owner)));
    expect(withdrawn.result).toBe(true);
  });

  it("sends from an address whose key nobody has", async () => {
    const tronWeb = new TronWeb({ fullHost: url, privateKey: keys[3] });
    const someAddress = TronWeb.address.fromPrivateKey("ab".repeat(32));
    await rpc("tre_setAccountBalance", [someAddress, 1e9]);
    await rpc("tre_impersonateAccount", [someAddress]);
    const tx = await tronWeb.transactionBuilder.sendTrx(to, 1e6, someAddress);
    const answer = await tronWeb.trx.sendRawTransaction({ ...tx, signature: [] });
    expect(answer.result).toBe(true);
  });
});

describe("docs/explorer.md: TronGrid's v1 API through the trongrid package", () => {
  it("pages an account's transactions and reads tokens and assets", async () => {
    const address = node.accounts[0].base58;
    const token = address;
    const tronGrid = new TronGrid(new TronWeb({ fullHost: url }));
    const { data: [account] } = await tronGrid.account.get(address);
    let page = await tronGrid.account.getTransactions(address, { limit: 50, only_from: true });
    while (page.meta.fingerprint) page = await tronGrid.nextPage(page);
    await tronGrid.account.getTrc20Transactions(address, { contract_address: token });
    await tronGrid.contract.getTrc20Tokens(token);
    await tronGrid.asset.getAll({ orderBy: "total_supply,desc" });
    expect(account.address).toBeDefined();
  });
});

describe("docs/library.md", () => {
  it("the stock node in one call", async () => {
    const node = await createNode({ port: 0, blockTime: 0 });
    expect(node.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    await node.stop();
  });
});

describe("docs/operators.md", () => {
  it("the JSON config's event.subscribe is java-tron's", async () => {
    const config = await applyConfigFile(
      defaultNodeConfig(),
      join(REPO_ROOT, "test", "fixtures", "config", "event-subscribe.json"),
    );
    expect(config.eventSubscription).toBeDefined();
  });

  it("a ZeroMQ subscriber gets the block triggers", async () => {
    const endpoint = node.events.endpoint;
    const socket = new Subscriber();
    socket.connect(endpoint);
    socket.subscribe("blockTrigger");
    setTimeout(() => void rpc("tre_mine"), 200);
    for await (const [topic, body] of socket) {
      expect([topic.toString(), JSON.parse(body.toString()).triggerName]).toEqual([
        "blockTrigger",
        "blockTrigger",
      ]);
      break;
    }
    socket.close();
  });
});

describe("docs/protocol.md", () => {
  it("a 2-of-3 owner permission and a transfer passed from hand to hand", async () => {
    const [ownerKey, aliceKey, bobKey] = keys;
    const tronWeb = new TronWeb({ fullHost: url, privateKey: ownerKey });
    const [owner, alice, bob] = [ownerKey, aliceKey, bobKey].map((key) => tronWeb.address.fromPrivateKey(key));
    const update = await tronWeb.transactionBuilder.updateAccountPermissions(
      owner,
      {
        type: 0,
        permission_name: "owner",
        threshold: 2,
        keys: [
          { address: alice, weight: 1 },
          { address: bob, weight: 1 },
        ],
      },
      undefined,
      [
        {
          type: 2,
          permission_name: "pay",
          threshold: 1,
          operations: "02".padEnd(64, "0"),
          keys: [{ address: owner, weight: 1 }],
        },
      ],
    );
    expect((await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(update))).result).toBe(true);
    const tx = await tronWeb.transactionBuilder.sendTrx(to, 1_000_000, owner);
    const byAlice = await tronWeb.trx.multiSign(tx, aliceKey, 0);
    expect((await tronWeb.trx.getSignWeight(byAlice)).result).toEqual({ code: "NOT_ENOUGH_PERMISSION" });
    const byBoth = await tronWeb.trx.multiSign(byAlice, bobKey, 0);
    expect((await tronWeb.trx.getApprovedList(byBoth)).approved_list).toHaveLength(2);
    expect((await tronWeb.trx.sendRawTransaction(byBoth)).result).toBe(true);
  });

  it("Stake 2.0: freeze, delegate, unfreeze", async () => {
    const receiver = node.accounts[4].base58;
    const tw = new TronWeb({ fullHost: url, privateKey: keys[0] });
    const send = async (tx) => tw.trx.sendRawTransaction(await tw.trx.sign(await tx));
    await send(tw.transactionBuilder.freezeBalanceV2(1_000e6, "ENERGY"));
    await send(tw.transactionBuilder.delegateResource(100e6, receiver, "ENERGY", undefined, true));
    const shown = [await tw.trx.getAccountResources(), await tw.trx.getDelegatedResourceV2(tw.defaultAddress.base58, receiver)];
    await send(tw.transactionBuilder.unfreezeBalanceV2(500e6, "ENERGY"));
    const withdrawable = await tw.trx.getCanWithdrawUnfreezeAmount(tw.defaultAddress.base58, Date.now() + 86_400_000);
    expect(shown[1]).toBeDefined();
    expect(withdrawable).toBeDefined();
  });

  it("a proposal of the three witnesses takes effect at a maintenance", async () => {
    const [w0, w1, w2] = node.witnesses.map(
      (w) => new TronWeb({ fullHost: url, privateKey: Buffer.from(w.privateKey).toString("hex") }),
    );
    const send = async (tw, tx) => tw.trx.sendRawTransaction(await tw.trx.sign(await tx));
    const made = await send(w0, w0.transactionBuilder.createProposal([{ key: 11, value: 200 }, { key: 3, value: 20 }]));
    expect(made.result).toBe(true);
    await send(w1, w1.transactionBuilder.voteProposal(1, true));
    await send(w2, w2.transactionBuilder.voteProposal(1, true));
    // decided at the first maintenance reaching its expiration, 3 days on (the page's chain: 15 s)
    await rpc("tre_increaseTime", [3 * 86400]);
    await rpc("tre_mine");
    for (let i = 0; i < 3 && (await w0.trx.getProposal(1)).state === undefined; i++) {
      await rpc("tre_increaseTime", [300]);
      await rpc("tre_mine");
    }
    const shown = [(await w0.trx.getProposal(1)).state, await w0.trx.getChainParameters()];
    expect(shown[0]).toBe("APPROVED");
  });
});
