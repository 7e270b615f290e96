/**
 * `--fork` against an upstream tronode started by the test (loopback only): a TRC-20, Stake 2.0
 * delegations, a TRC-10 token and multi-signature permissions on the upstream; through TronWeb the
 * fork answers every such account, contract, storage slot, token and delegation as upstream does at
 * fork time, takes a TRC-20 transfer from an impersonated holder and a multi-signature transfer,
 * continues the chain from the fork block, answers upstream's transactions below it — and upstream
 * is left unchanged.
 */
import { bytesToHex, keccak256 } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { grpcStub } from "../support/grpc-stubs.js";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: TronWeb and wallet answers are read loosely
type Any = any;

const TRX = 1_000_000;
const UNIT = 10n ** 18n;
/** Not the upstream's mnemonic: the fork's own dev accounts and witness are other addresses. */
const FORK_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

let upstream: TronNode;
let fork: TronNode;
let keys: string[];
let addresses: string[];
let hex: string[];
let token: Any;
let tokenHex: string;
let tokenId: string;
let deployTxId: string;
let forkBlock: Any;
let upstreamDigest: string;

const client = (node: TronNode, key = keys[0]!) => new TronWeb({ fullHost: node.url!, privateKey: key });

async function wallet(node: TronNode, path: string, body: unknown = {}): Promise<Any> {
  const response = await fetch(`${node.url}/wallet/${path}`, { method: "POST", body: JSON.stringify(body) });
  return response.json();
}

async function rpc(node: TronNode, method: string, params: unknown[] = [], path = "/jsonrpc"): Promise<Any> {
  const response = await fetch(`${node.url}${path}`, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = (await response.json()) as Any;
  if (answer.error) throw new Error(`${method}: ${JSON.stringify(answer.error)}`);
  return answer.result;
}

async function send(tw: TronWeb, tx: Any): Promise<string> {
  const answer: Any = await tw.trx.sendRawTransaction(await tw.trx.sign(tx));
  expect(answer.result, JSON.stringify(answer)).toBe(true);
  return answer.transaction.txID;
}

/**
 * getaccount without the consume times of resources in use: java-tron reports usage already decayed
 * to its head, so the fork stores it as of the fork block (README: what a fork pins).
 */
function withoutConsumeTimes(account: Any): Any {
  const { latest_consume_time: _a, latest_consume_free_time: _b, ...rest } = account;
  if (rest.account_resource) {
    const { latest_consume_time_for_energy: _c, ...resource } = rest.account_resource;
    rest.account_resource = resource;
  }
  return rest;
}

/** The storage slot of `balances[holder]` in TestToken (the mapping is its first variable, slot 0). */
function balanceSlot(holderHex: string): string {
  const key = new Uint8Array(64);
  key.set(Buffer.from(holderHex.slice(2), "hex"), 12);
  return `0x${bytesToHex(keccak256(key))}`;
}

beforeAll(async () => {
  const artefacts = await compiledContracts();
  upstream = await createNode({ port: 0, blockTime: 0, accounts: 6 });
  keys = upstream.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = upstream.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
  hex = upstream.accounts.map((a) => bytesToHex(a.address));
  const tw = client(upstream);
  // a TRC-20 with two holders
  token = await tw.contract().new({
    abi: artefacts.TestToken!.abi,
    bytecode: artefacts.TestToken!.bytecode,
    feeLimit: 1_000_000_000,
    parameters: [(1_000_000n * UNIT).toString()],
  });
  tokenHex = token.address;
  deployTxId = (
    await wallet(upstream, "gettransactioninfobyblocknum", {
      num: (await tw.trx.getCurrentBlock()).block_header.raw_data.number,
    })
  )[0]?.id;
  await token.transfer(addresses[1], 1000n * UNIT).send();
  // Stake 2.0: account 2 freezes and delegates energy (locked) and bandwidth to account 3
  const t2 = client(upstream, keys[2]);
  await send(t2, await t2.transactionBuilder.freezeBalanceV2(5000 * TRX, "ENERGY", addresses[2]));
  await send(t2, await t2.transactionBuilder.freezeBalanceV2(3000 * TRX, "BANDWIDTH", addresses[2]));
  await send(
    t2,
    await t2.transactionBuilder.delegateResource(1000 * TRX, addresses[3], "ENERGY", addresses[2], true),
  );
  await send(
    t2,
    await t2.transactionBuilder.delegateResource(500 * TRX, addresses[3], "BANDWIDTH", addresses[2], false),
  );
  // a TRC-10 token, some of it moved to account 1
  const saleStart = Date.now() + 60_000;
  const issue = await send(
    tw,
    await tw.transactionBuilder.createToken(
      {
        name: "Forked",
        abbreviation: "FRK",
        description: "a token that exists upstream",
        url: "https://tronode.example",
        totalSupply: 1_000_000,
        trxRatio: 1,
        tokenRatio: 1,
        saleStart,
        saleEnd: saleStart + 86_400_000,
        freeBandwidth: 0,
        freeBandwidthLimit: 0,
        frozenAmount: 0,
        frozenDuration: 0,
        precision: 0,
      },
      addresses[0],
    ),
  );
  await upstream.dev.mine(1);
  tokenId = (await tw.trx.getTransactionInfo(issue)).assetIssueID!;
  await send(tw, await tw.transactionBuilder.sendToken(addresses[1], 250, tokenId, addresses[0]));
  // account 4: its owner and active permissions need accounts 4 and 5 together
  const t4 = client(upstream, keys[4]);
  const both = [
    { address: addresses[4]!, weight: 1 },
    { address: addresses[5]!, weight: 1 },
  ];
  await send(
    t4,
    await t4.transactionBuilder.updateAccountPermissions(
      addresses[4],
      { type: 0, permission_name: "owner", threshold: 2, keys: both },
      undefined,
      [
        {
          type: 2,
          permission_name: "active0",
          threshold: 2,
          operations: "7fff1fc0033e0100000000000000000000000000000000000000000000000000",
          keys: both,
        },
      ] as Any,
    ),
  );
  await upstream.dev.mine(1);
  // a maintenance passes upstream: its cycle moves past the fork's genesis cycle (the contract's
  // energy state must come across caught up, not reset)
  await rpc(upstream, "evm_increaseTime", [600], "/tre");
  await upstream.dev.mine(1);
  upstreamDigest = await rpc(upstream, "tre_stateDigest", [], "/tre");
  forkBlock = await wallet(upstream, "getnowblock");
  fork = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 1,
    mnemonic: FORK_MNEMONIC,
    grpcPort: 0,
    grpcSolidityPort: 0,
    fork: { url: upstream.url!, cache: false },
  });
}, 180_000);

afterAll(async () => {
  await fork?.stop();
  await upstream?.stop();
});

describe("a fork of an upstream tronode", () => {
  it("starts at upstream's head block", async () => {
    const head = await wallet(fork, "getnowblock");
    expect(head.blockID).toBe(forkBlock.blockID);
    expect(head.block_header).toEqual(forkBlock.block_header);
    const info = await rpc(fork, "tre_forkInfo", [], "/tre");
    expect(info.url).toBe(upstream.url);
    expect(info.forkBlockNumber).toBe(forkBlock.block_header.raw_data.number);
    expect(info.forkBlockHash).toBe(`0x${forkBlock.blockID}`);
    expect((await rpc(fork, "anvil_nodeInfo", [], "/tre")).forkConfig.forkUrl).toBe(upstream.url);
    const nodeInfo = await wallet(fork, "getnodeinfo");
    expect(nodeInfo.fork).toEqual({
      url: upstream.url,
      blockNumber: forkBlock.block_header.raw_data.number,
      blockID: forkBlock.blockID,
      blockTimestamp: forkBlock.block_header.raw_data.timestamp,
      forkedAt: info.forkedAt,
    });
    expect((await wallet(upstream, "getnodeinfo")).fork).toBeUndefined();
  });

  it("fetches through gRPC stubs and the solidity API too", async () => {
    const walletStub = grpcStub("Wallet", fork.grpc.full!);
    const solidity = grpcStub("WalletSolidity", fork.grpc.solidity!);
    try {
      const account = await walletStub.call("GetAccount", { address: Buffer.from(hex[2]!, "hex") });
      expect(Buffer.from(account.address).toString("hex")).toBe(hex[2]);
      expect(account.frozenV2.length).toBeGreaterThan(0);
      const solid = await solidity.call("GetAccount", { address: Buffer.from(hex[3]!, "hex") });
      expect(solid.balance).toBe(String((await wallet(upstream, "getaccount", { address: hex[3] })).balance));
    } finally {
      walletStub.close();
      solidity.close();
    }
    const bySolidity = await fetch(`${fork.url}/walletsolidity/getaccount`, {
      method: "POST",
      body: JSON.stringify({ address: addresses[4], visible: true }),
    });
    expect(((await bySolidity.json()) as Any).owner_permission.threshold).toBe(2);
  });

  it("answers every account as upstream does (TRC-10, Stake 2.0, permissions)", async () => {
    for (const address of addresses) {
      const onFork = await wallet(fork, "getaccount", { address, visible: true });
      const onUpstream = await wallet(upstream, "getaccount", { address, visible: true });
      expect(withoutConsumeTimes(onFork), address).toEqual(withoutConsumeTimes(onUpstream));
      // an idle resource keeps its own time; one in use is as of the fork block
      if (!onUpstream.free_net_usage)
        expect(onFork.latest_consume_free_time).toBe(onUpstream.latest_consume_free_time);
      expect(await wallet(fork, "getaccountresource", { address, visible: true }), address).toEqual(
        await wallet(upstream, "getaccountresource", { address, visible: true }),
      );
    }
    const account1 = await wallet(fork, "getaccount", { address: addresses[1], visible: true });
    expect(account1.assetV2).toEqual([{ key: tokenId, value: 250 }]);
    const account4 = await wallet(fork, "getaccount", { address: addresses[4], visible: true });
    expect(account4.owner_permission.threshold).toBe(2);
  });

  it("answers the contract, its reads and its storage as upstream does", async () => {
    for (const path of ["getcontract", "getcontractinfo"]) {
      expect(await wallet(fork, path, { value: tokenHex })).toEqual(
        await wallet(upstream, path, { value: tokenHex }),
      );
    }
    const onFork = await client(fork).contract().at(tokenHex);
    expect(BigInt(await onFork.balanceOf(addresses[1]).call())).toBe(1000n * UNIT);
    expect(BigInt(await onFork.totalSupply().call())).toBe(1_000_000n * UNIT);
    for (const slot of [balanceSlot(hex[0]!), balanceSlot(hex[1]!), "0x2", "0x3"]) {
      const params = [`0x${tokenHex.slice(2)}`, slot, "latest"];
      expect(await rpc(fork, "eth_getStorageAt", params), slot).toBe(
        await rpc(upstream, "eth_getStorageAt", params),
      );
    }
  });

  it("answers the TRC-10 token and the delegations as upstream does", async () => {
    for (const [path, body] of [
      ["getassetissuebyid", { value: tokenId }],
      ["getdelegatedresourcev2", { fromAddress: hex[2], toAddress: hex[3] }],
      ["getdelegatedresourceaccountindexv2", { value: hex[2] }],
      ["getdelegatedresourceaccountindexv2", { value: hex[3] }],
      ["getcandelegatedmaxsize", { owner_address: hex[2], type: 1 }],
    ] as const) {
      expect(await wallet(fork, path, body), path).toEqual(await wallet(upstream, path, body));
    }
  });

  it("answers an upstream transaction below the fork block", async () => {
    expect(deployTxId).toBeDefined();
    for (const path of ["gettransactioninfobyid", "gettransactionbyid"]) {
      expect(await wallet(fork, path, { value: deployTxId }), path).toEqual(
        await wallet(upstream, path, { value: deployTxId }),
      );
    }
    const old = forkBlock.block_header.raw_data.number - 1;
    expect(await wallet(fork, "getblockbynum", { num: old })).toEqual(
      await wallet(upstream, "getblockbynum", { num: old }),
    );
  });

  it("moves TRC-20 from an impersonated holder, and continues the chain from the fork block", async () => {
    const tw = client(fork, bytesToHex(fork.accounts[0]!.privateKey));
    expect(await rpc(fork, "anvil_impersonateAccount", [addresses[1]], "/tre")).toBe(true);
    const { transaction } = await tw.transactionBuilder.triggerSmartContract(
      tokenHex,
      "transfer(address,uint256)",
      { feeLimit: 100_000_000 },
      [
        { type: "address", value: addresses[5] },
        { type: "uint256", value: (400n * UNIT).toString() },
      ],
      addresses[1],
    );
    const answer: Any = await tw.trx.sendRawTransaction({ ...transaction, signature: [] });
    expect(answer.result, JSON.stringify(answer)).toBe(true);
    await fork.dev.mine(1);
    const info = await wallet(fork, "gettransactioninfobyid", { value: transaction.txID });
    expect(info.receipt?.result ?? "SUCCESS", JSON.stringify(info)).toBe("SUCCESS");
    const onFork = await client(fork).contract().at(tokenHex);
    expect(BigInt(await onFork.balanceOf(addresses[1]).call())).toBe(600n * UNIT);
    expect(BigInt(await onFork.balanceOf(addresses[5]).call())).toBe(400n * UNIT);
    const block = await wallet(fork, "getblockbynum", { num: forkBlock.block_header.raw_data.number + 1 });
    expect(block.block_header.raw_data.parentHash).toBe(forkBlock.blockID);
    expect(block.transactions.map((t: Any) => t.txID)).toContain(transaction.txID);
  });

  it("takes a multi-signature transfer signed by both keys", async () => {
    const t4 = client(fork, keys[4]);
    const tx = await t4.transactionBuilder.sendTrx(addresses[0], 7 * TRX, addresses[4]);
    const once = await t4.trx.multiSign(tx, keys[4], 0);
    const twice = await client(fork, keys[5]).trx.multiSign(once, keys[5], 0);
    const answer: Any = await t4.trx.sendRawTransaction(twice);
    expect(answer.result, JSON.stringify(answer)).toBe(true);
    await fork.dev.mine(1);
    const before = (await wallet(upstream, "getaccount", { address: addresses[4], visible: true })).balance;
    const after = (await wallet(fork, "getaccount", { address: addresses[4], visible: true })).balance;
    expect(after).toBeLessThanOrEqual(before - 7 * TRX);
  });

  it("leaves upstream unchanged", async () => {
    expect(await rpc(upstream, "tre_stateDigest", [], "/tre")).toBe(upstreamDigest);
    expect((await wallet(upstream, "getnowblock")).blockID).toBe(forkBlock.blockID);
    const onUpstream = await client(upstream).contract().at(tokenHex);
    expect(BigInt(await onUpstream.balanceOf(addresses[1]).call())).toBe(1000n * UNIT);
  });
});
