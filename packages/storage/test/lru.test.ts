import { describe, expect, it } from "vitest";
import { Lru } from "../src/lru.js";

describe("Lru", () => {
  it("evicts the least recently used entries past the capacity", () => {
    const lru = new Lru<string, number>(2);
    lru.set("a", 1);
    lru.set("b", 2);
    expect(lru.get("a")).toBe(1); // refreshes a
    lru.set("c", 3);
    expect([lru.has("a"), lru.has("b"), lru.has("c")]).toEqual([true, false, true]);
  });

  it("evicts by weight too, keeping the newest entry even when it alone is over the budget", () => {
    const lru = new Lru<string, string>(100, 10);
    lru.set("a", "x", 4);
    lru.set("b", "y", 4);
    expect(lru.weight).toBe(8);
    lru.set("c", "z", 4); // 12 > 10: a goes
    expect([lru.has("a"), lru.has("b"), lru.has("c")]).toEqual([false, true, true]);
    expect(lru.weight).toBe(8);
    lru.set("big", "w", 50);
    expect(lru.size).toBe(1);
    expect(lru.get("big")).toBe("w");
    lru.set("big", "v", 2); // replacing an entry replaces its weight
    expect(lru.weight).toBe(2);
    lru.delete("big");
    expect(lru.weight).toBe(0);
  });
});
