/**
 * The VM's tracer hook and the two tracers over it, on solc-compiled contracts run by the TVM: a
 * call whose nested call reverts gives go-ethereum's callTracer shape (the revert reason decoded at
 * both levels), and the struct logger gives Hardhat's shape (depth, stack words, memory words,
 * storage seen through SLOAD / SSTORE, the failing step's error).
 */
import { create } from "@bufbuild/protobuf";
import solc from "solc";
import { beforeAll, describe, expect, it } from "vitest";
import {
  bytesToHex,
  CallTracer,
  executeCall,
  executeCreate,
  hexToBytes,
  keccak256,
  type MemoryState,
  outcomeOfVm,
  revertReason,
  SmartContractSchema,
  StructLogTracer,
  utf8Encode,
  type VmTracer,
} from "../../src/internal.js";
import { BLOCK, chainState, OWNER, TX_ID } from "../vm/helpers.js";

const SOURCE = `
pragma solidity ^0.8.0;
contract Inner {
  uint256 public x;
  function fail(uint256 v) external returns (uint256) {
    x = v;
    require(v < 10, "too big");
    return v * 2;
  }
}
contract Outer {
  Inner inner;
  constructor(address i) { inner = Inner(i); }
  function go(uint256 v) external returns (uint256) { return inner.fail(v) + 1; }
  function tryGo(uint256 v) external returns (bool) {
    try inner.fail(v) returns (uint256) { return true; } catch { return false; }
  }
  function divide(uint256 a, uint256 b) external pure returns (uint256) { return a / b; }
}`;

const INNER = hexToBytes(`41${"11".repeat(20)}`);
const OUTER = hexToBytes(`41${"22".repeat(20)}`);
let state: MemoryState;

function compile(): Record<string, Uint8Array> {
  const input = {
    language: "Solidity",
    sources: { "t.sol": { content: SOURCE } },
    settings: { evmVersion: "cancun", outputSelection: { "*": { "*": ["evm.bytecode.object"] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === "error");
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  const code = (name: string) => hexToBytes(output.contracts["t.sol"][name].evm.bytecode.object);
  return { Inner: code("Inner"), Outer: code("Outer") };
}

const selector = (signature: string) => bytesToHex(keccak256(utf8Encode(signature)).subarray(0, 4));
const word = (n: bigint | Uint8Array) =>
  typeof n === "bigint" ? n.toString(16).padStart(64, "0") : bytesToHex(n).padStart(64, "0");
const calldata = (signature: string, ...args: (bigint | Uint8Array)[]) =>
  hexToBytes(selector(signature) + args.map(word).join(""));

function deployAt(address: Uint8Array, bytecode: Uint8Array): void {
  const contract = create(SmartContractSchema, {
    originAddress: OWNER,
    contractAddress: address,
    bytecode,
    consumeUserResourcePercent: 100n,
    originEnergyLimit: 10_000_000n,
    name: "T",
  });
  const result = executeCreate(state, {
    txId: keccak256(address),
    origin: OWNER,
    callValue: 0n,
    tokenValue: 0n,
    tokenId: 0n,
    energyLimit: 10_000_000n,
    block: BLOCK,
    contract,
  });
  expect(result.exception?.message).toBeUndefined();
  state.apply(result.changes);
}

function run(data: Uint8Array, tracer?: VmTracer) {
  return executeCall(state, {
    txId: TX_ID,
    origin: OWNER,
    callValue: 0n,
    tokenValue: 0n,
    tokenId: 0n,
    energyLimit: 1_000_000n,
    block: BLOCK,
    contractAddress: OUTER,
    data,
    ...(tracer ? { tracer } : {}),
  });
}

function callTrace(data: Uint8Array) {
  const tracer = new CallTracer({
    type: "CALL",
    from: OWNER,
    to: OUTER,
    value: 0n,
    input: data,
    gas: 1_000_000n,
  });
  return tracer.result(outcomeOfVm(run(data, tracer)));
}

const evm = (a: Uint8Array) => `0x${bytesToHex(a.subarray(1))}`;
const errorData = (message: string) => {
  const text = bytesToHex(utf8Encode(message));
  return `0x08c379a0${word(32n)}${word(BigInt(message.length))}${text.padEnd(64, "0")}`;
};

beforeAll(() => {
  state = chainState();
  const { Inner, Outer } = compile();
  deployAt(INNER, Inner!);
  const outerInit = new Uint8Array([...Outer!, ...hexToBytes(word(INNER.subarray(1)))]);
  deployAt(OUTER, outerInit);
});

describe("call tracer", () => {
  it("a nested call that reverts: both frames reverted, the reason decoded", () => {
    const data = calldata("go(uint256)", 20n);
    const trace = callTrace(data);
    const innerInput = `0x${selector("fail(uint256)")}${word(20n)}`;
    expect(trace).toEqual({
      type: "CALL",
      from: evm(OWNER),
      to: evm(OUTER),
      value: "0x0",
      gas: "0xf4240",
      gasUsed: expect.stringMatching(/^0x[0-9a-f]+$/),
      input: `0x${bytesToHex(data)}`,
      output: errorData("too big"),
      error: "execution reverted",
      revertReason: "too big",
      calls: [
        {
          type: "CALL",
          from: evm(OUTER),
          to: evm(INNER),
          value: "0x0",
          gas: expect.stringMatching(/^0x[0-9a-f]+$/),
          gasUsed: expect.stringMatching(/^0x[0-9a-f]+$/),
          input: innerInput,
          output: errorData("too big"),
          error: "execution reverted",
          revertReason: "too big",
        },
      ],
    });
    expect(BigInt(trace.calls![0]!.gasUsed)).toBeLessThan(BigInt(trace.gasUsed));
    expect(BigInt(trace.calls![0]!.gasUsed)).toBeGreaterThan(0n);
  });

  it("a caught revert: the inner frame reverted, the outer one succeeded", () => {
    const trace = callTrace(calldata("tryGo(uint256)", 20n));
    expect(trace.error).toBeUndefined();
    expect(trace.output).toBe(`0x${word(0n)}`);
    expect(trace.calls).toHaveLength(1);
    expect(trace.calls![0]).toMatchObject({ error: "execution reverted", revertReason: "too big" });
  });

  it("success, a panic, and no effect on the run without a tracer", () => {
    const ok = callTrace(calldata("go(uint256)", 3n));
    expect(ok.error).toBeUndefined();
    expect(ok.output).toBe(`0x${word(7n)}`);
    expect(ok.calls![0]!.output).toBe(`0x${word(6n)}`);
    const panic = callTrace(calldata("divide(uint256,uint256)", 1n, 0n));
    expect(panic).toMatchObject({
      error: "execution reverted",
      revertReason: "panic: division or modulo by zero (0x12)",
    });
    expect(panic.calls).toBeUndefined();
    const plain = run(calldata("go(uint256)", 20n));
    const traced = run(calldata("go(uint256)", 20n), new StructLogTracer());
    expect(traced.energyUsed).toBe(plain.energyUsed);
    expect(traced.returnData).toEqual(plain.returnData);
  });
});

describe("struct logger", () => {
  it("logs every instruction at its depth, with stack, memory and the storage seen", () => {
    const data = calldata("go(uint256)", 20n);
    const tracer = new StructLogTracer();
    const result = run(data, tracer);
    const trace = tracer.result(outcomeOfVm(result));
    expect(trace.failed).toBe(true);
    expect(trace.gas).toBe(Number(result.energyUsed));
    expect(trace.returnValue).toBe(errorData("too big").slice(2));
    const logs = trace.structLogs;
    expect(logs[0]).toMatchObject({
      pc: 0,
      op: "PUSH1",
      depth: 1,
      gasCost: 3,
      gas: 1_000_000,
      stack: [],
      memory: [],
    });
    expect(logs[1]!.stack).toEqual([word(0x80n)]);
    const inner = logs.filter((l) => l.depth === 2);
    expect(inner.length).toBeGreaterThan(10);
    const sstore = inner.find((l) => l.op === "SSTORE")!;
    expect(sstore.storage).toEqual({ [word(0n)]: word(20n) });
    expect(inner.at(-1)!.op).toBe("REVERT");
    expect(logs.at(-1)!.op).toBe("REVERT");
    expect(logs.at(-1)!.depth).toBe(1);
    for (const l of logs) expect(l.memory!.every((w) => w.length === 64)).toBe(true);
    // gas falls by each step's cost within a frame
    expect(logs[1]!.gas).toBe(logs[0]!.gas - logs[0]!.gasCost);
    const bare = new StructLogTracer({ disableStack: true, disableMemory: true, disableStorage: true });
    run(data, bare);
    expect(Object.keys(bare.structLogs[0]!).sort()).toEqual(["depth", "gas", "gasCost", "op", "pc"]);
  });

  it("puts an exception on the failing step", () => {
    const tracer = new StructLogTracer();
    const result = run(calldata("go(uint256)", 20n), tracer);
    expect(result.revert).toBe(true);
    const out = executeCall(state, {
      txId: TX_ID,
      origin: OWNER,
      callValue: 0n,
      tokenValue: 0n,
      tokenId: 0n,
      energyLimit: 300n,
      block: BLOCK,
      contractAddress: OUTER,
      data: calldata("go(uint256)", 1n),
      tracer,
    });
    expect(out.exception?.kind).toBe("OutOfEnergy");
    expect(tracer.structLogs.at(-1)!.error).toMatch(/^Not enough energy/);
  });
});

describe("revert reasons", () => {
  it("decodes Error(string) and Panic(uint256), nothing else", () => {
    expect(revertReason(hexToBytes(errorData("nope").slice(2)))).toBe("nope");
    expect(revertReason(hexToBytes(`4e487b71${word(0x11n)}`))).toBe(
      "panic: arithmetic underflow or overflow (0x11)",
    );
    expect(revertReason(hexToBytes(`4e487b71${word(0x99n)}`))).toBe("panic: unknown panic code (0x99)");
    expect(revertReason(new Uint8Array(0))).toBeUndefined();
    expect(revertReason(hexToBytes("12345678"))).toBeUndefined();
    expect(revertReason(hexToBytes(`08c379a0${word(1000n)}`))).toBeUndefined();
  });
});
