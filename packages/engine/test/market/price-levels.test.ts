/**
 * The sorted price-level index against a plain sorted list: thousands of levels (so pages split
 * and empty), random adds and removes, the best levels always in java-tron's comparator order.
 */
import { describe, expect, it } from "vitest";
import {
  addPriceLevel,
  bestPriceLevels,
  comparePrice,
  MemoryState,
  PAGE_CAPACITY,
  type Price,
  pairKey,
  reducedPrice,
  removePriceLevel,
  StateOverlay,
  utf8Encode,
} from "../../src/internal.js";

/** xorshift32: deterministic test data. */
function rng(seed: number) {
  let x = seed;
  return (n: number) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

describe("price levels", () => {
  it("keeps every pair's levels sorted by buy/sell ratio through adds and removes", () => {
    const next = rng(0x5eed);
    const state = new MemoryState();
    const pair = pairKey(utf8Encode("_"), utf8Encode("1000001"));
    const other = pairKey(utf8Encode("1000001"), utf8Encode("_"));
    const reference = new Map<string, Price>();
    const apply = (fn: (o: StateOverlay) => void) => {
      const o = new StateOverlay(state);
      fn(o);
      state.apply(o.changes());
    };
    for (let round = 0; round < 4_000; round++) {
      const price = reducedPrice(BigInt(next(1000) + 1), BigInt(next(1000) + 1));
      const id = `${price.sell}/${price.buy}`;
      if (next(3) === 0 && reference.size > 0) {
        const victims = [...reference.keys()];
        const victim = reference.get(victims[next(victims.length)]!)!;
        reference.delete(`${victim.sell}/${victim.buy}`);
        apply((o) => removePriceLevel(o, pair, victim));
      } else {
        reference.set(id, price);
        apply((o) => addPriceLevel(o, pair, price));
      }
    }
    apply((o) => addPriceLevel(o, other, { sell: 1n, buy: 1n }));
    const expected = [...reference.values()].sort(comparePrice).map((p) => `${p.sell}/${p.buy}`);
    expect(reference.size).toBeGreaterThan(PAGE_CAPACITY * 3);
    const all = bestPriceLevels(state, pair, 100_000).map((p) => `${p.sell}/${p.buy}`);
    expect(all).toEqual(expected);
    expect(bestPriceLevels(state, pair, 21).map((p) => `${p.sell}/${p.buy}`)).toEqual(expected.slice(0, 21));
    expect(bestPriceLevels(state, other, 5)).toEqual([{ sell: 1n, buy: 1n }]);
    // removing everything leaves nothing behind
    apply((o) => {
      for (const p of reference.values()) removePriceLevel(o, pair, p);
    });
    expect(bestPriceLevels(state, pair, 10)).toEqual([]);
  });

  it("treats equal ratios as one level and ignores removing a missing one", () => {
    const state = new MemoryState();
    const pair = pairKey(utf8Encode("_"), utf8Encode("1000001"));
    const o = new StateOverlay(state);
    addPriceLevel(o, pair, reducedPrice(2n, 4n));
    addPriceLevel(o, pair, reducedPrice(3n, 6n));
    removePriceLevel(o, pair, { sell: 7n, buy: 1n });
    expect(bestPriceLevels(o, pair, 10)).toEqual([{ sell: 1n, buy: 2n }]);
  });
});
