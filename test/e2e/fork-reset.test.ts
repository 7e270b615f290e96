/**
 * anvil_reset / hardhat_reset / tre_reset on a fork: re-forking at upstream's current head drops the
 * fork's own blocks and edits; a past block that is not cached is refused (java-tron keeps no past
 * state); no params give a fresh local chain that reads nothing upstream. Upstream: a tronode on
 * loopback started by the test.
 */
import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// biome-ignore lint/suspicious/noExplicitAny: wallet answers are read loosely
type Any = any;

const FORK_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

let upstream: TronNode;
let fork: TronNode;
let plain: TronNode;
let holder: string;

async function wallet(node: TronNode, path: string, body: unknown = {}): Promise<Any> {
  const response = await fetch(`${node.url}/wallet/${path}`, { method: "POST", body: JSON.stringify(body) });
  return response.json();
}

async function rpc(node: TronNode, method: string, params: unknown[] = []): Promise<Any> {
  const response = await fetch(`${node.url}/tre`, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return response.json();
}

const balance = async (node: TronNode, address: string) =>
  (await wallet(node, "getaccount", { address, visible: true })).balance as number | undefined;

beforeAll(async () => {
  upstream = await createNode({ port: 0, blockTime: 0, accounts: 2 });
  holder = TronWeb.address.fromHex(bytesToHex(upstream.accounts[0]!.address));
  fork = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 1,
    mnemonic: FORK_MNEMONIC,
    fork: { url: upstream.url!, cache: false },
  });
  plain = await createNode({ port: 0, blockTime: 0, accounts: 1 });
}, 60_000);

afterAll(async () => {
  await plain?.stop();
  await fork?.stop();
  await upstream?.stop();
});

describe("resetting a fork", () => {
  it("re-forks at upstream's current head, dropping the fork's own changes", async () => {
    const before = await balance(upstream, holder);
    // a change on the fork only
    const tw = new TronWeb({ fullHost: fork.url!, privateKey: bytesToHex(upstream.accounts[0]!.privateKey) });
    const sent: Any = await tw.trx.sendTransaction(
      TronWeb.address.fromHex(bytesToHex(fork.accounts[0]!.address)),
      5_000_000,
    );
    expect(sent.result).toBe(true);
    expect(await balance(fork, holder)).toBeLessThan(before!);
    // upstream moves on
    await upstream.dev.mine(2);
    const head = await wallet(upstream, "getnowblock");
    expect((await rpc(fork, "anvil_reset", [{ forking: { jsonRpcUrl: upstream.url } }])).result).toBe(true);
    expect((await wallet(fork, "getnowblock")).blockID).toBe(head.blockID);
    expect(await balance(fork, holder)).toBe(before);
    const info = (await rpc(fork, "tre_forkInfo")).result;
    expect(info.forkBlockNumber).toBe(head.block_header.raw_data.number);
    // and the chain goes on from there
    const again: Any = await tw.trx.sendTransaction(
      TronWeb.address.fromHex(bytesToHex(fork.accounts[0]!.address)),
      1_000_000,
    );
    expect(again.result).toBe(true);
    expect((await wallet(fork, "getnowblock")).block_header.raw_data.parentHash).toBe(head.blockID);
  });

  it("refuses a past block it has no cache for", async () => {
    const answer = await rpc(fork, "hardhat_reset", [
      { forking: { jsonRpcUrl: upstream.url, blockNumber: 1 } },
    ]);
    expect(answer.error?.message).toContain("java-tron serves only its head state");
    // the fork is untouched
    expect((await rpc(fork, "tre_forkInfo")).result.url).toBe(upstream.url);
  });

  it("without params becomes a fresh local chain that reads nothing upstream", async () => {
    expect((await rpc(fork, "tre_reset", [])).result).toBe(true);
    expect((await rpc(fork, "tre_forkInfo")).result).toBeNull();
    expect((await wallet(fork, "getnowblock")).block_header.raw_data.number).toBe(1);
    expect(await wallet(fork, "getaccount", { address: holder, visible: true })).toEqual({});
    const own = TronWeb.address.fromHex(bytesToHex(fork.accounts[0]!.address));
    expect(await balance(fork, own)).toBeGreaterThan(0);
  });

  it("a node started without --fork resets to its fresh chain, and says how to fork", async () => {
    expect((await rpc(plain, "anvil_reset", [])).result).toBe(true);
    const answer = await rpc(plain, "anvil_reset", [{ forking: { jsonRpcUrl: upstream.url } }]);
    expect(answer.error?.message).toContain("start it with --fork <url>");
  });
});
