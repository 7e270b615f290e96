import {
  createCachedRecoverer,
  createNobleRecoverer,
  signHash,
  type TronodeError,
} from "@tronode/engine/internal";
import { afterAll, describe, expect, it } from "vitest";
import {
  createNativeRecoverer,
  createRecoveryLookup,
  createRecoveryPool,
  precomputeRecoveries,
  type RecoveryItem,
  type RecoveryPool,
  type RecoveryResult,
} from "../src/index.js";
import { makeSignature, newKey, random } from "./helpers.js";

/** Valid signatures in all header forms, plus every kind of failure, shuffled. */
function makeItems(count: number): RecoveryItem[] {
  const items: RecoveryItem[] = [];
  for (let i = 0; i < count; i++) {
    const hash = random(32);
    const sig = signHash(hash, newKey());
    switch (i % 10) {
      case 7:
        items.push({ hash, signature: sig.subarray(0, 64) }); // Signature size is 64
        break;
      case 8:
        sig[64] = 40; // Header byte out of range: 40
        items.push({ hash, signature: sig });
        break;
      case 9:
        // x = r ≥ the field prime: Could not recover …
        items.push({ hash, signature: makeSignature((1n << 256n) - 1n, 1n, 0) });
        break;
      default:
        sig[64] = sig[64]! + [0, 27, 31][i % 3]!;
        items.push({ hash, signature: sig });
    }
  }
  return items;
}

function sequential(
  recoverer: ReturnType<typeof createNobleRecoverer>,
  items: readonly RecoveryItem[],
): RecoveryResult[] {
  return items.map(({ hash, signature }) => {
    try {
      return recoverer.recoverAddress(hash, signature);
    } catch (error) {
      const e = error as TronodeError;
      return { error: { code: e.code, message: e.message } };
    }
  });
}

const pools: RecoveryPool[] = [];
const open = (...args: Parameters<typeof createRecoveryPool>) => {
  const pool = createRecoveryPool(...args);
  pools.push(pool);
  return pool;
};
afterAll(async () => {
  await Promise.all(pools.map((p) => p.close()));
});

describe("createRecoveryPool", () => {
  const items = makeItems(300);
  const expected = sequential(createNobleRecoverer(), items);

  it("sanity: the batch holds successes and all three error kinds", () => {
    const messages = new Set(expected.flatMap((r) => (r instanceof Uint8Array ? [] : [r.error.message])));
    expect(messages).toEqual(
      new Set([
        "Signature size is 64",
        "Header byte out of range: 40",
        "Could not recover public key from signature",
      ]),
    );
    expect(sequential(createNativeRecoverer(), items)).toEqual(expected);
  });

  for (const useNative of [true, false]) {
    it(`returns the same as sequential recovery (${useNative ? "native" : "noble"}, 2 threads)`, async () => {
      const pool = open({ threads: 2, useNative });
      expect(pool.recovererName).toBe(useNative ? "native" : "noble");
      expect(pool.threads).toBe(2);
      expect(await pool.recoverMany(items)).toEqual(expected);
      // Items are untouched (the pool copies them into its own transfer buffers).
      expect(sequential(createNobleRecoverer(), items)).toEqual(expected);
    });
  }

  it("handles empty, single-item and uneven batches, and concurrent calls", async () => {
    const pool = open({ threads: 3 });
    expect(await pool.recoverMany([])).toEqual([]);
    expect(await pool.recoverMany(items.slice(0, 1))).toEqual(expected.slice(0, 1));
    expect(await pool.recoverMany(items.slice(0, 7))).toEqual(expected.slice(0, 7));
    const slices = [items.slice(0, 50), items.slice(50, 51), items.slice(51, 200), items.slice(200)];
    const results = await Promise.all(slices.map((s) => pool.recoverMany(s)));
    expect(results.flat()).toEqual(expected);
  });

  it("defaults to native when it loads", () => {
    const pool = open({ threads: 1 });
    expect(pool.recovererName).toBe("native");
    expect(pool.threads).toBeGreaterThanOrEqual(1);
  });

  it("rejects bad thread counts", () => {
    expect(() => createRecoveryPool({ threads: 0 })).toThrow(RangeError);
    expect(() => createRecoveryPool({ threads: 1.5 })).toThrow(RangeError);
  });

  it("rejects calls after close", async () => {
    const pool = createRecoveryPool({ threads: 1 });
    await pool.recoverMany(items.slice(0, 3));
    await pool.close();
    await pool.close();
    await expect(pool.recoverMany(items.slice(0, 3))).rejects.toThrow("recovery pool is closed");
  });
});

describe("createRecoveryLookup + createCachedRecoverer", () => {
  it("serves pool results and leaves failures to the fallback", async () => {
    const items = makeItems(40);
    const pool = open({ threads: 2 });
    const results = await pool.recoverMany(items);
    const lookup = createRecoveryLookup(items, results);
    let fallbackCalls = 0;
    const noble = createNobleRecoverer();
    const counting = {
      name: "counting",
      recoverAddress(h: Uint8Array, s: Uint8Array) {
        fallbackCalls++;
        return noble.recoverAddress(h, s);
      },
    };
    const cached = createCachedRecoverer(counting, lookup);
    expect(sequential(cached, items)).toEqual(sequential(noble, items));
    expect(fallbackCalls).toBe(results.filter((r) => !(r instanceof Uint8Array)).length);

    // A signature the pool never saw goes to the fallback.
    const hash = random(32);
    const sig = signHash(hash, newKey());
    expect(lookup(hash, sig)).toBeUndefined();
    expect(cached.recoverAddress(hash, sig)).toEqual(noble.recoverAddress(hash, sig));

    const viaHelper = await precomputeRecoveries(pool, items);
    for (let i = 0; i < items.length; i++) {
      const r = results[i]!;
      expect(viaHelper(items[i]!.hash, items[i]!.signature)).toEqual(r instanceof Uint8Array ? r : undefined);
    }
  });

  it("is ready once warmed, and a worker idle past idleMs exits until the next call", async () => {
    const pool = open({ threads: 1, idleMs: 200 });
    expect(pool.ready).toBe(false);
    pool.warm();
    for (let i = 0; i < 200 && !pool.ready; i++) await new Promise((r) => setTimeout(r, 10));
    expect(pool.ready).toBe(true);
    const items = makeItems(4);
    expect(await pool.recoverMany(items)).toEqual(sequential(createNobleRecoverer(), items));
    await new Promise((r) => setTimeout(r, 400));
    expect(pool.ready).toBe(false);
    // the next call starts a worker again
    expect(await pool.recoverMany(items)).toEqual(sequential(createNobleRecoverer(), items));
  });

  it("rejects mismatched lengths", () => {
    expect(() => createRecoveryLookup(makeItems(2), [])).toThrow(RangeError);
  });
});
