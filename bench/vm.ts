/**
 * TVM interpreter throughput: instructions per second on loop-heavy bytecode, and the same
 * bytecode on @ethereumjs/evm (devDependency, test-time oracle only) in the same run, as a ratio.
 * Each side is warmed up, then the best of several runs counts (TVM 5, ethereumjs 2: it is slow).
 * Also the word-representation measurement that chose bigint over 32-bit limbs (see
 * ARCHITECTURE.md). Run: `npm run bench` (or `node --conditions=tronode-source --import tsx bench/vm.ts`).
 */
import { createEVM } from "@ethereumjs/evm";
import { BASE_VM_CONFIG, executeCode, hexToBytes, MemoryState } from "@tronode/engine/internal";
import { runWordBench } from "./vm-words.js";

/** countdown loop: PUSH3 n; JUMPDEST PUSH1 1 SWAP1 SUB DUP1 PUSH1 4 JUMPI STOP (7 instructions per turn) */
function countdown(n: number): Uint8Array {
  return hexToBytes(`62${n.toString(16).padStart(6, "0")}5b600190038060045700`);
}

/** 256-bit arithmetic loop: x = x·x + c (full-width words), counter in the second slot (14 instructions per turn) */
function arithmetic(n: number): Uint8Array {
  const seed = "ab".repeat(32);
  const c = "cd".repeat(32);
  return hexToBytes(`62${n.toString(16).padStart(6, "0")}7f${seed}5b80027f${c}019060019003908160255700`);
}

const ADDRESS = hexToBytes(`41${"11".repeat(20)}`);
const CALLER = hexToBytes(`41${"22".repeat(20)}`);

function runTvm(code: Uint8Array, counted = false): { ops: number; seconds: number } {
  const counts = new Uint32Array(256);
  const start = performance.now();
  const result = executeCode(new MemoryState(), {
    txId: new Uint8Array(32),
    origin: CALLER,
    caller: CALLER,
    address: ADDRESS,
    code,
    data: new Uint8Array(0),
    callValue: 0n,
    tokenValue: 0n,
    tokenId: 0n,
    energyLimit: 10_000_000_000n,
    block: { number: 1n, timestamp: 1n, coinbase: new Uint8Array(0) },
    config: BASE_VM_CONFIG,
    stepLimit: 2_000_000_000,
    ...(counted ? { opCounts: counts } : {}),
  });
  const seconds = (performance.now() - start) / 1000;
  if (result.exception) throw result.exception;
  return { ops: counts.reduce((a, b) => a + b, 0), seconds };
}

/** The best of `runs` timings (the machine is shared: the fastest run is the least disturbed one). */
function best(rates: number[]): number {
  return Math.max(...rates);
}

async function runEthereumjs(code: Uint8Array, ops: number): Promise<number> {
  const evm = await createEVM();
  const start = performance.now();
  const result = await evm.runCode({ code, gasLimit: 10_000_000_000n });
  const seconds = (performance.now() - start) / 1000;
  if (result.exceptionError) throw new Error(String(result.exceptionError.error));
  return ops / seconds;
}

export async function runVmBench(): Promise<void> {
  const m = (x: number) => `${(x / 1e6).toFixed(1)} M`;
  for (const [name, code] of [
    ["countdown loop (PUSH/SWAP/SUB/DUP/JUMPI)", countdown(1_500_000)],
    ["256-bit MUL/ADD loop", arithmetic(300_000)],
  ] as const) {
    runTvm(code); // warm-up
    const seconds: number[] = [];
    for (let i = 0; i < 5; i++) seconds.push(runTvm(code).seconds);
    // counted afterwards: the counting table would otherwise shape the JIT's view of the real one
    const { ops } = runTvm(code, true);
    const tvmRate = best(seconds.map((s) => ops / s));
    await runEthereumjs(code, ops); // warm-up
    const ejsRates: number[] = [];
    for (let i = 0; i < 2; i++) ejsRates.push(await runEthereumjs(code, ops));
    const ejs = best(ejsRates);
    console.log(
      `TVM ${name}: ${m(tvmRate)} instructions/s; @ethereumjs/evm ${m(ejs)}/s; TVM is ${(tvmRate / ejs).toFixed(1)}× faster`,
    );
  }
  runWordBench();
}

if (import.meta.url === `file://${process.argv[1]}`) await runVmBench();
