/**
 * The dev chain's superpowers end to end, through npm `tronweb` and `POST /tre` against started
 * nodes: snapshot/revert with Ganache/Anvil semantics (clock and pending pool included, single-use
 * ids, 50 reverts in a row), time travel through a 14-day Stake 2.0 unfreeze, impersonation (and
 * its refusal on a `--no-dev` node), and dump → stop → start with `--state`. The same over deployed
 * contracts (loadFixture with a TRC-20, a 30-day vesting lock) is in dev-chain-contracts.test.ts.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bytesToHex, sha256 } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TRX = 1_000_000;
const DAY_S = 86_400;

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

async function rpc(node: TronNode, method: string, params?: unknown): Promise<Json> {
  const response = await fetch(`${node.url}/tre`, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const answer = (await response.json()) as Json;
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}

async function wallet(node: TronNode, operation: string, body: Record<string, unknown> = {}): Promise<Json> {
  const response = await fetch(`${node.url}/wallet/${operation}`, {
    method: "POST",
    body: JSON.stringify({ ...body, visible: true }),
  });
  return response.json();
}

function client(node: TronNode, index: number): TronWeb {
  return new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(node.accounts[index]!.privateKey) });
}

function base58(node: TronNode, index: number): string {
  return TronWeb.address.fromHex(bytesToHex(node.accounts[index]!.address));
}

async function send(node: TronNode, index: number, build: (tw: TronWeb) => Promise<unknown>): Promise<Json> {
  const tw = client(node, index);
  return tw.trx.sendRawTransaction(await tw.trx.sign((await build(tw)) as never));
}

async function transfer(node: TronNode, from: number, to: string, sun: number): Promise<void> {
  const answer = await send(node, from, (tw) => tw.transactionBuilder.sendTrx(to, sun, base58(node, from)));
  expect(answer.result, JSON.stringify(answer)).toBe(true);
}

async function balanceOf(node: TronNode, address: string): Promise<number> {
  return (await wallet(node, "getaccount", { address })).balance ?? 0;
}

async function head(node: TronNode): Promise<{ number: number; timestamp: number; id: string }> {
  const block = await wallet(node, "getnowblock");
  return {
    number: block.block_header.raw_data.number,
    timestamp: block.block_header.raw_data.timestamp,
    id: block.blockID,
  };
}

/** A TRON address nobody holds a key for. */
function keylessAddress(seed: string): string {
  const bytes = sha256(new TextEncoder().encode(seed)).subarray(0, 21);
  bytes[0] = 0x41;
  return TronWeb.address.fromHex(bytesToHex(bytes));
}

describe("snapshots (Hardhat loadFixture pattern)", () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await createNode({ port: 0, blockTime: 0, accounts: 3 });
  });
  afterAll(() => node?.stop());

  it("reverts blocks, transactions, state edits and the clock; ids are single-use", async () => {
    const stranger = keylessAddress("fixture");
    // fixture: a transfer creating an account, and a freeze
    await transfer(node, 0, stranger, 5 * TRX);
    expect(
      (
        await send(node, 1, (tw) =>
          tw.transactionBuilder.freezeBalanceV2(100 * TRX, "ENERGY", base58(node, 1)),
        )
      ).result,
    ).toBe(true);
    const id = await rpc(node, "evm_snapshot");
    const digest = await rpc(node, "tre_stateDigest");
    const before = await head(node);

    // mutate: transfers, a state edit, an unfreeze, a day of time travel and more blocks
    await transfer(node, 0, stranger, 7 * TRX);
    await rpc(node, "tre_setAccountBalance", [base58(node, 2), "123"]);
    await send(node, 1, (tw) => tw.transactionBuilder.unfreezeBalanceV2(50 * TRX, "ENERGY", base58(node, 1)));
    expect(await rpc(node, "evm_increaseTime", [DAY_S])).toBe(DAY_S);
    await rpc(node, "tre_mine", [{ blocks: 3 }]);
    expect((await head(node)).timestamp - before.timestamp).toBeGreaterThanOrEqual(DAY_S * 1000);
    expect(await balanceOf(node, stranger)).toBe(12 * TRX);

    expect(await rpc(node, "evm_revert", [id])).toBe(true);
    expect(await rpc(node, "tre_stateDigest")).toBe(digest);
    expect(await head(node)).toEqual(before);
    expect(await balanceOf(node, stranger)).toBe(5 * TRX);
    expect(await balanceOf(node, base58(node, 2))).toBeGreaterThan(123);
    // the clock is back at the snapshot's head block: the next block is not a day ahead
    await rpc(node, "tre_mine");
    const next = await head(node);
    expect(next.number).toBe(before.number + 1);
    expect(next.timestamp - before.timestamp).toBeLessThan(60_000);
    // a used id is gone, and so is every newer one
    expect(await rpc(node, "evm_revert", [id])).toBe(false);
  });

  it("50 reverts in a row leave the same state and head", async () => {
    const stranger = keylessAddress("loop");
    await rpc(node, "tre_mine");
    let id = await rpc(node, "tre_snapshot");
    const digest = await rpc(node, "tre_stateDigest");
    const before = await head(node);
    for (let i = 0; i < 50; i++) {
      await transfer(node, i % 2, stranger, (i + 1) * TRX);
      if (i % 10 === 0) await rpc(node, "tre_increaseTime", [3600]);
      expect(await rpc(node, "tre_revert", [id])).toBe(true);
      id = await rpc(node, "tre_snapshot"); // loadFixture takes a new one after each revert
    }
    expect(await rpc(node, "tre_stateDigest")).toBe(digest);
    expect(await head(node)).toEqual(before);
    expect(await balanceOf(node, stranger)).toBe(0);
  });

  it("restores the pending pool of the snapshot", async () => {
    await rpc(node, "tre_blockTime", [60]);
    try {
      const stranger = keylessAddress("pending");
      await transfer(node, 0, stranger, 3 * TRX);
      const pending = (await wallet(node, "gettransactionlistfrompending")).txId;
      expect(pending).toHaveLength(1);
      const id = await rpc(node, "tre_snapshot");
      await rpc(node, "tre_mine");
      expect((await wallet(node, "gettransactionlistfrompending")).txId ?? []).toHaveLength(0);
      expect(await rpc(node, "tre_revert", [id])).toBe(true);
      expect((await wallet(node, "gettransactionlistfrompending")).txId).toEqual(pending);
      expect(await balanceOf(node, stranger)).toBe(3 * TRX);
    } finally {
      await rpc(node, "tre_blockTime", [0]);
      await rpc(node, "tre_mine");
    }
  });

  it("drops a snapshot and every newer one without reverting", async () => {
    const a = await rpc(node, "tre_snapshot");
    const b = await rpc(node, "tre_snapshot");
    expect(await rpc(node, "tre_dropSnapshot", [a])).toBe(true);
    await expect(rpc(node, "tre_revert", [b])).rejects.toThrow(`unknown snapshot id: ${b}`);
    expect(await rpc(node, "evm_revert", [b])).toBe(false);
    expect(await rpc(node, "tre_dropSnapshot", [a])).toBe(false);
  });
});

describe("time travel", () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await createNode({
      port: 0,
      blockTime: 0,
      accounts: 2,
      genesis: {
        ...(await import("@tronode/node")).defaultNodeConfig().genesis,
        parameters: {
          ...(await import("@tronode/node")).TRE_CHAIN_PARAMETERS,
          UNFREEZE_DELAY_DAYS: 14n,
        },
      },
    });
  });
  afterAll(() => node?.stop());

  it("completes a 14-day Stake 2.0 unfreeze with tre_increaseTime, without waiting", async () => {
    const owner = base58(node, 0);
    expect(
      (await send(node, 0, (tw) => tw.transactionBuilder.freezeBalanceV2(1000 * TRX, "BANDWIDTH", owner)))
        .result,
    ).toBe(true);
    expect(
      (await send(node, 0, (tw) => tw.transactionBuilder.unfreezeBalanceV2(1000 * TRX, "BANDWIDTH", owner)))
        .result,
    ).toBe(true);
    const early = await send(node, 0, (tw) => tw.transactionBuilder.withdrawExpireUnfreeze(owner));
    expect(early.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(Buffer.from(early.message, "hex").toString()).toContain("no unFreeze balance to withdraw");
    const balance = await balanceOf(node, owner);
    await rpc(node, "tre_increaseTime", [13 * DAY_S]);
    await rpc(node, "tre_mine");
    expect((await send(node, 0, (tw) => tw.transactionBuilder.withdrawExpireUnfreeze(owner))).code).toBe(
      "CONTRACT_VALIDATE_ERROR",
    );
    await rpc(node, "tre_increaseTime", [DAY_S]);
    await rpc(node, "tre_mine");
    const done = await send(node, 0, (tw) => tw.transactionBuilder.withdrawExpireUnfreeze(owner));
    expect(done.result, JSON.stringify(done)).toBe(true);
    expect(await balanceOf(node, owner)).toBe(balance + 1000 * TRX);
  });

  it("stamps the next block with tre_setNextBlockTimestamp and refuses a time before the head", async () => {
    const at = (await head(node)).timestamp + 10 * DAY_S * 1000;
    expect(await rpc(node, "tre_setNextBlockTimestamp", [at])).toBe(true);
    await rpc(node, "tre_mine");
    expect((await head(node)).timestamp).toBe(at);
    await expect(rpc(node, "tre_setNextBlockTimestamp", [at - 1])).rejects.toThrow(/must be after the head/);
  });

  it("stamps blocks mined back to back a second apart at least, the clock moving along", async () => {
    const start = (await head(node)).timestamp;
    const stamps: number[] = [];
    for (let i = 0; i < 3; i++) {
      await rpc(node, "tre_mine");
      stamps.push((await head(node)).timestamp);
    }
    await rpc(node, "evm_mine");
    stamps.push((await head(node)).timestamp);
    await rpc(node, "tre_mine", [{ blocks: 3 }]);
    stamps.push((await head(node)).timestamp);
    expect(stamps[0]! - start).toBeGreaterThanOrEqual(1000);
    for (let i = 1; i < 4; i++) expect(stamps[i]! - stamps[i - 1]!).toBeGreaterThanOrEqual(1000);
    expect(stamps[4]! - stamps[3]!).toBeGreaterThanOrEqual(3000);
    // the clock was moved to the last block: nothing later goes back before it
    expect(node.clock.now()).toBeGreaterThanOrEqual(BigInt(stamps[4]!));
    await transfer(node, 0, base58(node, 1), 1);
    expect((await head(node)).timestamp).toBeGreaterThanOrEqual(stamps[4]!);
    // hardhat_mine's interval 0 keeps the parent's timestamp, as Anvil does
    await rpc(node, "hardhat_mine", [1]);
    const before = (await head(node)).timestamp;
    await rpc(node, "hardhat_mine", [3, 0]);
    expect((await head(node)).timestamp - before).toBeGreaterThanOrEqual(1000);
    expect((await head(node)).timestamp - before).toBeLessThan(2000);
  });
});

describe("what OpenZeppelin's hardhat-tron probes", () => {
  let node: TronNode;
  beforeAll(async () => {
    node = await createNode({ port: 0, blockTime: 0, accounts: 1 });
  });
  afterAll(() => node?.stop());

  it("tre_version carries the oz-tron mark; tre_instanceId is a random id per boot", async () => {
    expect(await rpc(node, "tre_version")).toMatch(/oz-tron/);
    const id = await rpc(node, "tre_instanceId");
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await rpc(node, "tre_instanceId")).toBe(id);
    const other = await createNode({ port: 0, blockTime: 0, accounts: 1 });
    try {
      expect(await rpc(other, "tre_instanceId")).not.toBe(id);
    } finally {
      await other.stop();
    }
  });

  it("debug_storageRangeAt answers the requested slot first, set or not, on /tre and /jsonrpc", async () => {
    // a contract from tre_setAccountCode, its slots written by tre_setAccountStorageAt
    const contract = "0x00000000000000000000000000000000000000c0";
    await rpc(node, "tre_setAccountCode", [contract, "0x600160005500"]);
    await rpc(node, "tre_setAccountStorageAt", [contract, "0x1", `0x${"00".repeat(31)}2a`]);
    const slot = (n: number) => n.toString(16).padStart(64, "0");
    const one = await rpc(node, "debug_storageRangeAt", [
      0,
      0,
      TronWeb.address.fromHex(`41${contract.slice(2)}`),
      "0x1",
      1,
    ]);
    expect(one).toEqual({
      storage: { [slot(1)]: { key: slot(1), value: slot(0x2a) } },
      nextKey: `0x${slot(2)}`,
    });
    const range = await rpc(node, "debug_storageRangeAt", [0, 0, contract, "0x0", 3]);
    expect(Object.values(range.storage).map((e: Json) => e.value)).toEqual([slot(0), slot(0x2a), slot(0)]);
    const viaJsonRpc: Json = await (
      await fetch(`${node.url}/jsonrpc`, {
        method: "POST",
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "debug_storageRangeAt",
          params: ["latest", 0, contract, "0x1", 1],
        }),
      })
    ).json();
    expect(viaJsonRpc.result).toEqual(one);
    // not a contract: no storage, as hardhat-tron reads 32 zero bytes then
    expect(
      await rpc(node, "debug_storageRangeAt", [0, 0, "0x00000000000000000000000000000000000000c1", "0x1", 1]),
    ).toEqual({
      storage: {},
      nextKey: null,
    });
  });
});

describe("impersonation", () => {
  let dev: TronNode;
  let prod: TronNode;
  beforeAll(async () => {
    dev = await createNode({ port: 0, blockTime: 0, accounts: 1 });
    prod = await createNode({ port: 0, blockTime: 0, accounts: 1, dev: false });
  });
  afterAll(async () => {
    await dev?.stop();
    await prod?.stop();
  });

  /** Builds a transfer from `from` on the node and broadcasts it with no signature. */
  async function unsignedTransfer(node: TronNode, from: string, sun: number): Promise<Json> {
    const tx = await wallet(node, "createtransaction", {
      owner_address: from,
      to_address: base58(node, 0),
      amount: sun,
    });
    expect(tx.txID, JSON.stringify(tx)).toBeDefined();
    return wallet(node, "broadcasttransaction", { ...tx, signature: [] });
  }

  it("sends from an address whose key nobody has, only while impersonated", async () => {
    const nobody = keylessAddress("impersonated");
    expect(await rpc(dev, "tre_setAccountBalance", [nobody, 50 * TRX])).toBe(true);
    expect((await unsignedTransfer(dev, nobody, TRX)).code).toBe("SIGERROR");
    expect(await rpc(dev, "hardhat_impersonateAccount", [nobody])).toBe(true);
    expect((await unsignedTransfer(dev, nobody, TRX)).result).toBe(true);
    expect(await balanceOf(dev, nobody)).toBe(49 * TRX);
    expect(await rpc(dev, "tre_stopImpersonatingAccount", [nobody])).toBe(true);
    expect((await unsignedTransfer(dev, nobody, 2 * TRX)).code).toBe("SIGERROR");
    // TRE's unlocked accounts work the same way
    expect(await rpc(dev, "tre_unlockedAccounts", [[nobody]])).toBe(true);
    expect((await unsignedTransfer(dev, nobody, TRX)).result).toBe(true);
  });

  it("runs the README's TronWeb snippet: an unsigned sendTrx from an impersonated address", async () => {
    const tronWeb = client(dev, 0);
    const someAddress = keylessAddress("readme-impersonation");
    const to = base58(dev, 0);
    const rpcOn = (method: string, params: unknown[]) => rpc(dev, method, params);
    // the README's lines, with its `rpc` helper bound to this node
    await rpcOn("tre_setAccountBalance", [someAddress, 1e9]);
    await rpcOn("tre_impersonateAccount", [someAddress]);
    const tx = await tronWeb.transactionBuilder.sendTrx(to, 1e6, someAddress);
    const answer = await tronWeb.trx.sendRawTransaction({ ...tx, signature: [] });
    expect(answer.result, JSON.stringify(answer)).toBe(true);
    expect(await balanceOf(dev, someAddress)).toBe(1e9 - 1e6); // bandwidth from the free daily allowance
  });

  it("is refused by a node started with --no-dev", async () => {
    const response = await fetch(`${prod.url}/tre`, {
      method: "POST",
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tre_impersonateAccount",
        params: [base58(prod, 0)],
      }),
    });
    expect(response.status).toBe(404);
    await prod.dev.impersonate(prod.accounts[0]!.address); // even embedded, the chain has no bypass
    const tx = await wallet(prod, "createtransaction", {
      owner_address: base58(prod, 0),
      to_address: keylessAddress("x"),
      amount: TRX,
    });
    expect((await wallet(prod, "broadcasttransaction", { ...tx, signature: [] })).code).toBe("SIGERROR");
  });
});

describe("dump and load", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "tronode-state-"));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  /** What a client sees of the chain: accounts, witnesses, parameters, the head block. */
  async function observe(node: TronNode, addresses: string[]): Promise<unknown> {
    return {
      accounts: await Promise.all(addresses.map((address) => wallet(node, "getaccount", { address }))),
      resources: await Promise.all(
        addresses.map((address) => wallet(node, "getaccountresource", { address })),
      ),
      witnesses: await wallet(node, "listwitnesses"),
      parameters: await wallet(node, "getchainparameters"),
      head: await wallet(node, "getnowblock"),
      block2: await wallet(node, "getblockbynum", { num: 2 }),
    };
  }

  it("a chain dumped at stop and loaded with --state answers the same queries", async () => {
    const file = join(dir, "chain.json.gz");
    const stranger = keylessAddress("dumped");
    const first = await createNode({ port: 0, blockTime: 0, accounts: 2, stateFile: file, stateInterval: 0 });
    let seen: unknown;
    let digest: string;
    const addresses = [base58(first, 0), base58(first, 1), stranger];
    try {
      await transfer(first, 0, stranger, 9 * TRX);
      await send(first, 1, (tw) =>
        tw.transactionBuilder.freezeBalanceV2(10 * TRX, "ENERGY", base58(first, 1)),
      );
      await send(first, 1, (tw) =>
        tw.transactionBuilder.delegateResource(5 * TRX, stranger, "ENERGY", base58(first, 1)),
      );
      seen = await observe(first, addresses);
      digest = await rpc(first, "tre_stateDigest");
    } finally {
      await first.stop();
    }
    const second = await createNode({
      port: 0,
      blockTime: 0,
      accounts: 2,
      stateFile: file,
      stateInterval: 0,
    });
    try {
      expect(await rpc(second, "tre_stateDigest")).toBe(digest);
      expect(await observe(second, addresses)).toEqual(seen);
      // and it goes on from there
      await transfer(second, 0, stranger, TRX);
      expect(await balanceOf(second, stranger)).toBe(10 * TRX);
    } finally {
      await second.stop();
    }
  });

  it("tre_dumpState / tre_loadState replace the running chain; a dump of another chain is refused", async () => {
    const node = await createNode({ port: 0, blockTime: 0, accounts: 1 });
    const other = await createNode({
      port: 0,
      blockTime: 0,
      accounts: 1,
      mnemonic: "legal winner thank year wave sausage worth useful legal winner thank yellow",
    });
    try {
      const dump = await rpc(node, "anvil_dumpState");
      const digest = await rpc(node, "tre_stateDigest");
      const stranger = keylessAddress("after-dump");
      await transfer(node, 0, stranger, TRX);
      await rpc(node, "tre_mine", [{ blocks: 2 }]);
      expect(await rpc(node, "tre_loadState", [dump])).toBe(true);
      expect(await rpc(node, "tre_stateDigest")).toBe(digest);
      expect(await balanceOf(node, stranger)).toBe(0);
      await expect(rpc(other, "tre_loadState", [dump])).rejects.toThrow(/belongs to chain/);
      await expect(rpc(node, "tre_loadState", ["0x1234"])).rejects.toThrow(/not a tronode state dump/);
    } finally {
      await node.stop();
      await other.stop();
    }
  });
});
