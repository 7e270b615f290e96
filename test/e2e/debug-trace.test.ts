/**
 * debug_traceTransaction on a started dev node: the parent state of a block from the commit
 * journal (kept for the last --trace-blocks blocks), the errors for unknown, pending and too old
 * transactions, and the options Hardhat and Anvil send.
 */
import { addressToBase58, bytesToHex, Tables } from "@tronode/engine";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

let node: TronNode;

async function rpc(path: string, method: string, params: unknown): Promise<Json> {
  const response = await fetch(`${node.url}${path}`, {
    method: "POST",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return response.json();
}

async function transfer(amount: number): Promise<string> {
  const [a, b] = node.accounts;
  const tw = new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(a!.privateKey) });
  const tx = await tw.transactionBuilder.sendTrx(
    addressToBase58(b!.address),
    amount,
    addressToBase58(a!.address),
  );
  expect((await tw.trx.sendRawTransaction(await tw.trx.sign(tx))).result).toBe(true);
  return tx.txID;
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 2, traceBlocks: 3 });
});

afterAll(async () => {
  await node?.stop();
});

describe("the state before a block", () => {
  it("is the parent's state, for the last --trace-blocks blocks only", async () => {
    const a = node.accounts[0]!.address;
    const before = node.chain.committedView.get(Tables.accounts, a)!.balance;
    await transfer(1000);
    const n = node.chain.properties.headNumber;
    const parent = await node.chain.exclusive(async () => node.chain.stateBeforeBlock(n));
    expect(parent?.get(Tables.accounts, a)?.balance).toBe(before);
    expect(node.chain.committedView.get(Tables.accounts, a)!.balance).toBeLessThan(before);
    await node.dev.mine(3);
    expect(await node.chain.exclusive(async () => node.chain.stateBeforeBlock(n))).toBeUndefined();
  });
});

describe("debug_traceTransaction", () => {
  it("answers on /tre and /jsonrpc; refuses unknown, pending and forgotten transactions", async () => {
    const id = await transfer(7);
    // a transfer runs no TVM: an empty trace, an empty call from its owner
    expect((await rpc("/jsonrpc", "debug_traceTransaction", [`0x${id}`])).result).toEqual({
      failed: false,
      gas: 0,
      returnValue: "",
      structLogs: [],
    });
    expect(
      (await rpc("/tre", "debug_traceTransaction", [id, { tracer: "callTracer" }])).result,
    ).toMatchObject({
      type: "CALL",
      from: `0x${bytesToHex(node.accounts[0]!.address.subarray(1))}`,
      gasUsed: "0x0",
      input: "0x",
    });
    const unknown = `0x${"ab".repeat(32)}`;
    expect((await rpc("/jsonrpc", "debug_traceTransaction", [unknown])).error).toEqual({
      code: -32000,
      message: `transaction ${unknown} not found`,
    });
    expect((await rpc("/jsonrpc", "debug_traceTransaction", ["0x12"])).error.code).toBe(-32602);
    expect(
      (await rpc("/jsonrpc", "debug_traceTransaction", [`0x${id}`, { tracer: "4byteTracer" }])).error,
    ).toEqual({
      code: -32602,
      message: 'tracer "4byteTracer" is not supported by tronode (the default struct logger or "callTracer")',
    });
    await node.dev.setBlockTime(60);
    const pending = await transfer(8);
    expect((await rpc("/jsonrpc", "debug_traceTransaction", [pending])).error.message).toBe(
      `transaction 0x${pending} is not in a block yet`,
    );
    await node.dev.setBlockTime(0);
    await node.dev.mine(4);
    expect((await rpc("/jsonrpc", "debug_traceTransaction", [id])).error.message).toMatch(
      /^the state before block \d+ is no longer kept \(the node keeps the last 3 blocks: --trace-blocks\)$/,
    );
  });

  it("is not served without the dev surface", async () => {
    const plain = await createNode({ port: 0, blockTime: 0, accounts: 1, dev: false });
    try {
      const response = await fetch(`${plain.url}/jsonrpc`, {
        method: "POST",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "debug_traceTransaction", params: ["0x00"] }),
      });
      expect(((await response.json()) as Json).error).toEqual({ code: -32601, message: "method not found" });
    } finally {
      await plain.stop();
    }
  });
});
