/**
 * ethereum/tests legacy VMTests (Frontier schedule), from the pinned npm package ethereumjs-testing
 * 1.0.4, run on the TVM with its documented energy adjustments (see fixtures/README.md): output,
 * post storage, logs, remaining energy and, for failing programs, the failure itself.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  AccountSchema,
  BASE_VM_CONFIG,
  ContractTables,
  executeCode,
  hexToBytes,
  keccak256,
  MemoryState,
  StateOverlay,
  storageAddressHash,
  storageRowKey,
  Tables,
} from "../../src/index.js";
import { SKIPPED, SKIPPED_BY_FILE } from "./fixtures/vmtests-skipped.js";

const require = createRequire(import.meta.url);
const DIR = join(require.resolve("ethereumjs-testing/package.json"), "..", "tests", "VMTests");
const FILES = [
  "vmArithmeticTest.json",
  "vmBitwiseLogicOperationTest.json",
  "vmBlockInfoTest.json",
  "vmEnvironmentalInfoTest.json",
  "vmIOandFlowOperationsTest.json",
  "vmLogTest.json",
  "vmPushDupSwapTest.json",
  "vmSha3Test.json",
  "vmSystemOperationsTest.json",
  "vmPerformanceTest.json",
  "vmtests.json",
  ...readdirSync(DIR).filter(
    (f) => f.endsWith("PYTHON.json") || f.includes("PYTHON_") || f === "randomTest.json",
  ),
];

interface VmTest {
  env: { currentCoinbase: string; currentNumber: string; currentTimestamp: string };
  exec: {
    address: string;
    caller: string;
    origin: string;
    code: string;
    data: string;
    gas: string;
    value: string;
  };
  pre: Record<string, { balance: string; code: string; storage: Record<string, string> }>;
  post?: Record<string, { storage: Record<string, string> }>;
  gas?: string;
  out?: string;
  logs?: { address: string; data: string; topics: string[] }[];
  callcreates?: { data: string; destination: string; gasLimit: string; value: string }[];
}

const LONG_MAX = (1n << 63n) - 1n;
const tron = (hex: string) => hexToBytes(`41${hex.replace(/^0x/, "").padStart(40, "0")}`);
const bytes = (hex: string) => hexToBytes(hex.replace(/^0x/, ""));
const word = (hex: string) => {
  const h = BigInt(hex).toString(16).padStart(64, "0");
  return hexToBytes(h);
};
const toHex = (b: Uint8Array) => Buffer.from(b).toString("hex");

/** Opcodes TVM charges 3 less than Frontier (no base tier on MLOAD/MSTORE/MSTORE8 and the copies). */
const CHEAPER_BY_3 = [0x51, 0x52, 0x53, 0x37, 0x39, 0x3e];

function setup(test: VmTest): MemoryState {
  const state = new MemoryState();
  const overlay = new StateOverlay(state);
  for (const [address, account] of Object.entries(test.pre)) {
    const a = tron(address);
    // TVM balances are Java longs: a larger pre-state balance is held as Long.MAX_VALUE
    const balance = BigInt(account.balance) > LONG_MAX ? LONG_MAX : BigInt(account.balance);
    overlay.put(Tables.accounts, a, create(AccountSchema, { address: a, balance }));
    const code = bytes(account.code);
    if (code.length > 0) overlay.put(ContractTables.code, a, code);
    const hash = storageAddressHash(a);
    for (const [slot, value] of Object.entries(account.storage)) {
      overlay.put(ContractTables.storageRows, storageRowKey(hash, word(slot), 0), word(value));
    }
  }
  state.apply(overlay.changes());
  return state;
}

function run(name: string, test: VmTest) {
  const state = setup(test);
  const counts = new Uint32Array(256);
  const gas = BigInt(test.exec.gas);
  const result = executeCode(state, {
    txId: keccak256(new TextEncoder().encode(name)),
    origin: tron(test.exec.origin),
    caller: tron(test.exec.caller),
    address: tron(test.exec.address),
    code: bytes(test.exec.code),
    data: bytes(test.exec.data),
    callValue: BigInt(test.exec.value),
    tokenValue: 0n,
    tokenId: 0n,
    energyLimit: gas,
    block: {
      number: BigInt(test.env.currentNumber),
      timestamp: BigInt(test.env.currentTimestamp),
      coinbase: tron(test.env.currentCoinbase),
    },
    // ADDRESS/ORIGIN as 20-byte words (#20); value transfers create their receiver (#32)
    config: { ...BASE_VM_CONFIG, allowMultiSign: true, allowTvmSolidity059: true },
    byTestingSuite: true,
    // the VMTests environment's block hashes: block n hashes to keccak of n in decimal
    host: { blockId: (_view, n) => keccak256(new TextEncoder().encode(n.toString())) },
    opCounts: counts,
    stepLimit: 50_000_000,
  });
  return { state, result, counts, gas };
}

const cases: [string, string, VmTest][] = [];
for (const file of FILES) {
  const tests = JSON.parse(readFileSync(join(DIR, file), "utf8")) as Record<string, VmTest>;
  for (const [name, test] of Object.entries(tests)) cases.push([file, name, test]);
}

describe("ethereum/tests VMTests on the TVM", () => {
  const skipReason = (file: string, name: string) => SKIPPED_BY_FILE[file] ?? SKIPPED[name];
  const run1 = cases.filter(([file, name]) => !skipReason(file, name));
  it.each(run1)("%s %s", (_file, name, test) => {
    const { state, result, counts, gas } = run(name, test);
    if (test.gas === undefined) {
      // The filler expects the program to fail.
      expect(result.exception ?? (result.revert ? "revert" : undefined), "expected a failure").toBeDefined();
      return;
    }
    expect(result.exception?.message).toBeUndefined();
    expect(toHex(result.returnData)).toBe((test.out ?? "0x").replace(/^0x/, ""));
    // remaining energy: Frontier gas + what TVM charges less
    let saved = 0n;
    for (const op of CHEAPER_BY_3) saved += 3n * BigInt(counts[op]!);
    const remaining = gas - result.energyUsed;
    expect(remaining - saved).toBe(BigInt(test.gas!));
    // logs
    expect(
      result.logs.map((l) => ({
        address: toHex(l.address),
        data: toHex(l.data),
        topics: l.topics.map(toHex),
      })),
    ).toEqual(
      (test.logs ?? []).map((l) => ({
        address: l.address.replace(/^0x/, ""),
        data: l.data.replace(/^0x/, ""),
        topics: l.topics.map((t) => t.replace(/^0x/, "").padStart(64, "0")),
      })),
    );
    // post storage
    const after = new StateOverlay(state);
    after.merge(result.changes);
    for (const [address, account] of Object.entries(test.post ?? {})) {
      const hash = storageAddressHash(tron(address));
      for (const [slot, value] of Object.entries(account.storage)) {
        const row = after.get(ContractTables.storageRows, storageRowKey(hash, word(slot), 0));
        expect(row === undefined ? 0n : BigInt(`0x${toHex(row)}`), `${address} ${slot}`).toBe(BigInt(value));
      }
    }
    // recorded calls
    expect(result.callCreates.length).toBe(test.callcreates?.length ?? 0);
  });

  it("skips only the listed cases, each with a reason", () => {
    const skipped = cases.filter(([file, name]) => skipReason(file, name));
    expect(skipped.length).toBe(Object.keys(SKIPPED).length + Object.keys(SKIPPED_BY_FILE).length);
    expect(cases.length - skipped.length).toBeGreaterThanOrEqual(640);
  });
});
