/**
 * Signature-recovery throughput: noble and native on one thread, and the worker-thread pool (2
 * threads) with each. Run: `node --import tsx bench/recovery.ts [seconds-per-case]`.
 */
import { randomBytes } from "node:crypto";
import { register } from "node:module";
import { pathToFileURL } from "node:url";

export interface RecoveryBenchOptions {
  /** Minimum measuring time per case, in seconds (default 2). */
  seconds?: number;
  /** Distinct signatures to cycle through (default 2 000). */
  signatures?: number;
  /** Pool size for the pool cases (default 2). */
  threads?: number;
  log?: (line: string) => void;
}

let sourceConditionRegistered = false;

/**
 * Makes `@tronode/*` imports resolve to the packages' `src/` (the `tronode-source` export condition),
 * as vitest does, so the bench runs without a build and without `--conditions` on the command line.
 */
function useSourceCondition(): void {
  if (sourceConditionRegistered || process.execArgv.some((a) => a.includes("tronode-source"))) return;
  sourceConditionRegistered = true;
  const hook =
    "export async function resolve(specifier, context, next) {" +
    " const conditions = context.conditions.includes('tronode-source') ? context.conditions : [...context.conditions, 'tronode-source'];" +
    " return next(specifier, { ...context, conditions }); }";
  register(`data:text/javascript,${encodeURIComponent(hook)}`);
}

/** Runs `step` until at least `seconds` have passed; returns items per second. */
async function measure(seconds: number, step: () => number | Promise<number>): Promise<number> {
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  let done = 0;
  let elapsed = 0n;
  do {
    done += await step();
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < limit);
  return Math.round(done / (Number(elapsed) / 1e9));
}

export async function runRecoveryBench(options: RecoveryBenchOptions = {}): Promise<Record<string, number>> {
  const seconds = options.seconds ?? 2;
  const count = options.signatures ?? 2000;
  const threads = options.threads ?? 2;
  const log = options.log ?? ((line: string) => console.log(line));
  useSourceCondition();
  const engine = await import("@tronode/engine/internal");
  const native = await import("@tronode/secp256k1-native");

  const items = Array.from({ length: count }, () => {
    const hash = new Uint8Array(randomBytes(32));
    const key = engine.randomPrivateKey((n) => new Uint8Array(randomBytes(n)));
    return { hash, signature: engine.signHash(hash, key) };
  });

  const results: Record<string, number> = {};
  const record = (name: string, perSecond: number) => {
    results[name] = perSecond;
    log(`${name.padEnd(24)} ${perSecond.toLocaleString("en-US").padStart(9)} recoveries/s`);
  };

  const sequential = (
    recoverer: { recoverAddress(h: Uint8Array, s: Uint8Array): Uint8Array },
    chunk: number,
  ) => {
    let at = 0;
    return () => {
      for (let i = 0; i < chunk; i++) {
        const item = items[at]!;
        recoverer.recoverAddress(item.hash, item.signature);
        at = (at + 1) % items.length;
      }
      return chunk;
    };
  };

  record("noble-1thread", await measure(seconds, sequential(engine.createNobleRecoverer(), 50)));
  if (native.isNativeRecoveryAvailable()) {
    record("native-1thread", await measure(seconds, sequential(native.createNativeRecoverer(), 500)));
  } else {
    log(`native-1thread           skipped: ${String(native.nativeRecoveryLoadError())}`);
  }

  for (const useNative of [true, false]) {
    if (useNative && !native.isNativeRecoveryAvailable()) continue;
    const pool = native.createRecoveryPool({ threads, useNative });
    try {
      // Warm-up: starts the workers (and, from source, compiles them) outside the measurement.
      await pool.recoverMany(items.slice(0, threads * 4));
      const batch = useNative ? items : items.slice(0, Math.min(items.length, 400 * threads));
      record(
        `pool-${useNative ? "native" : "noble"}-${threads}threads`,
        await measure(seconds, async () => (await pool.recoverMany(batch)).length),
      );
    } finally {
      await pool.close();
    }
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const seconds = process.argv[2] ? Number(process.argv[2]) : undefined;
  await runRecoveryBench({ seconds });
}
