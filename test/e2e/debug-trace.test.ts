/**
 * debug_traceTransaction on a started dev node: a reverting nested call deployed from solc's
 * output and sent through TronWeb gives go-ethereum's call tree and Hardhat's struct logs; the
 * parent state of a block from the commit journal (kept for the last --trace-blocks blocks); the
 * errors for unknown, pending and too old transactions; the node's log line with the decoded
 * revert reason.
 */
import { addressToBase58, bytesToHex, keccak256, Tables, utf8Encode } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

let node: TronNode;
const logged: string[] = [];
const logger = {
  debug() {},
  info(_fields: Record<string, unknown>, message?: string) {
    if (message) logged.push(message);
  },
  warn() {},
  error() {},
};

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
  node = await createNode({ port: 0, blockTime: 0, accounts: 2, traceBlocks: 3, logger });
});

afterAll(async () => {
  await node?.stop();
});

const evm = (base58OrHex: string) => `0x${TronWeb.address.toHex(base58OrHex).slice(2)}`;
const selector = (signature: string) => bytesToHex(keccak256(utf8Encode(signature)).subarray(0, 4));
const word = (n: bigint) => n.toString(16).padStart(64, "0");

describe("a reverting nested call", () => {
  it("traces as go-ethereum's callTracer and Hardhat's struct logger shape it", async () => {
    const artefacts = await compiledContracts();
    const owner = node.accounts[0]!;
    const tw = new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(owner.privateKey) });
    const inner = await tw.contract().new({
      abi: artefacts.NestedInner!.abi,
      bytecode: artefacts.NestedInner!.bytecode,
      feeLimit: 1_000_000_000,
    });
    const outer = await tw.contract().new({
      abi: artefacts.NestedOuter!.abi,
      bytecode: artefacts.NestedOuter!.bytecode,
      feeLimit: 1_000_000_000,
      parameters: [inner.address],
    });
    const txid: string = await outer.go(20).send({ feeLimit: 100_000_000 });
    const info = await tw.trx.getTransactionInfo(txid);
    expect(info.receipt.result).toBe("REVERT");
    const reason = "inner: value too big";
    expect(logged).toContain(`transaction ${txid} reverted: ${reason}`);

    const errorData = `0x08c379a0${word(32n)}${word(BigInt(reason.length))}${bytesToHex(utf8Encode(reason)).padEnd(64, "0")}`;
    const call = (await rpc("/jsonrpc", "debug_traceTransaction", [`0x${txid}`, { tracer: "callTracer" }]))
      .result;
    expect(Object.keys(call)).toEqual([
      "type",
      "from",
      "to",
      "value",
      "gas",
      "gasUsed",
      "input",
      "output",
      "error",
      "revertReason",
      "calls",
    ]);
    expect(call).toEqual({
      type: "CALL",
      from: `0x${bytesToHex(owner.address.subarray(1))}`,
      to: evm(outer.address),
      value: "0x0",
      gas: expect.stringMatching(/^0x[0-9a-f]+$/),
      gasUsed: `0x${BigInt(info.receipt.energy_usage_total).toString(16)}`,
      input: `0x${selector("go(uint256)")}${word(20n)}`,
      output: errorData,
      error: "execution reverted",
      revertReason: reason,
      calls: [
        {
          type: "CALL",
          from: evm(outer.address),
          to: evm(inner.address),
          value: "0x0",
          gas: expect.stringMatching(/^0x[0-9a-f]+$/),
          gasUsed: expect.stringMatching(/^0x[0-9a-f]+$/),
          input: `0x${selector("fail(uint256)")}${word(20n)}`,
          output: errorData,
          error: "execution reverted",
          revertReason: reason,
        },
      ],
    });
    expect(
      (
        await rpc("/tre", "debug_traceTransaction", [
          txid,
          { tracer: "callTracer", tracerConfig: { onlyTopCall: true } },
        ])
      ).result.calls,
    ).toBeUndefined();

    const logs = (await rpc("/tre", "debug_traceTransaction", [txid])).result;
    expect(logs.failed).toBe(true);
    expect(logs.gas).toBe(info.receipt.energy_usage_total);
    expect(logs.returnValue).toBe(errorData.slice(2));
    expect(logs.structLogs[0]).toMatchObject({
      pc: 0,
      op: "PUSH1",
      depth: 1,
      gasCost: 3,
      stack: [],
      memory: [],
      storage: {},
    });
    const innerSteps = logs.structLogs.filter((l: Json) => l.depth === 2);
    expect(innerSteps.find((l: Json) => l.op === "SSTORE").storage).toEqual({ [word(0n)]: word(20n) });
    expect(innerSteps.at(-1).op).toBe("REVERT");
    expect(logs.structLogs.at(-1)).toMatchObject({ op: "REVERT", depth: 1 });

    // two calls in one block: the second is re-run after the first (calls: 0 → 1 → 2)
    await node.dev.setBlockTime(60);
    const first: string = await outer.go(3).send({ feeLimit: 100_000_000 });
    const second: string = await outer.go(4).send({ feeLimit: 100_000_000 });
    await node.dev.mine(1);
    await node.dev.setBlockTime(0);
    const [i1, i2] = [await tw.trx.getTransactionInfo(first), await tw.trx.getTransactionInfo(second)];
    expect(i2.blockNumber).toBe(i1.blockNumber);
    const okTrace = (await rpc("/jsonrpc", "debug_traceTransaction", [second, { tracer: "callTracer" }]))
      .result;
    expect(okTrace.error).toBeUndefined();
    expect(okTrace.output).toBe(`0x${word(9n)}`);
    expect(okTrace.calls[0].output).toBe(`0x${word(8n)}`);
    const okLogs = (await rpc("/jsonrpc", "debug_traceTransaction", [second])).result;
    const counted = okLogs.structLogs.find((l: Json) => l.depth === 1 && l.op === "SSTORE");
    expect(counted.storage[word(1n)]).toBe(word(2n));
  });
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
      /^the state before block \d+ is no longer kept \(the node keeps the last 3 blocks, within 8 MiB of undo records: --trace-blocks\)$/,
    );
  });

  it("keeps fewer blocks when their undo records pass the byte budget, but always the head block", async () => {
    const small = await createNode({ port: 0, blockTime: 0, accounts: 2, traceBlocks: 100, traceBytes: 1 });
    try {
      const tw = new TronWeb({ fullHost: small.url!, privateKey: bytesToHex(small.accounts[0]!.privateKey) });
      const to = TronWeb.address.fromHex(bytesToHex(small.accounts[1]!.address));
      const send = async () => {
        const tx = await tw.transactionBuilder.sendTrx(to, 1_000_000);
        return (await tw.trx.sendRawTransaction(await tw.trx.sign(tx))).txid as string;
      };
      const first = await send();
      const second = await send();
      const call = (txid: string) =>
        fetch(`${small.url}/jsonrpc`, {
          method: "POST",
          body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "debug_traceTransaction", params: [txid] }),
        }).then((r) => r.json() as Promise<{ result?: { failed: boolean }; error?: { message: string } }>);
      expect((await call(second)).result?.failed).toBe(false);
      expect((await call(first)).error?.message).toMatch(/is no longer kept/);
    } finally {
      await small.stop();
    }
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
