import { bytesToHex } from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import type { KvStorage } from "../src/index.js";
import { backends, TempDirs } from "./helpers.js";

const b = (...xs: number[]) => Uint8Array.from(xs);
const hexes = (xs: Uint8Array[]) => xs.map(bytesToHex);

describe.each(backends)("KvStorage ($name)", (backend) => {
  const dirs = new TempDirs();
  let kv: KvStorage;

  afterEach(async () => {
    await kv?.close();
    await dirs.cleanup();
  });

  async function open(): Promise<KvStorage> {
    kv = await backend.make(dirs);
    await kv.open();
    return kv;
  }

  it("puts, gets, deletes, and hands out plain Uint8Arrays", async () => {
    await open();
    expect(kv.kind).toBe(backend.name);
    expect(await kv.get(b(1))).toBeUndefined();
    expect(kv.getSync(b(1))).toBeUndefined();
    await kv.put(b(1), b(9, 9));
    const v = await kv.get(b(1));
    expect(v?.constructor).toBe(Uint8Array);
    expect(v).toEqual(b(9, 9));
    expect(kv.getSync(b(1))).toEqual(b(9, 9));
    expect(await kv.getMany([b(1), b(2)])).toEqual([b(9, 9), undefined]);
    await kv.del(b(1));
    expect(await kv.get(b(1))).toBeUndefined();
  });

  it("does not alias caller arrays", async () => {
    await open();
    const value = b(1, 2, 3);
    await kv.put(b(1), value);
    value[0] = 42;
    const read = (await kv.get(b(1)))!;
    expect(read).toEqual(b(1, 2, 3));
    read[1] = 42;
    expect(await kv.get(b(1))).toEqual(b(1, 2, 3));
  });

  it("applies a batch of puts and dels", async () => {
    await open();
    await kv.put(b(5), b(5));
    await kv.batch([
      { type: "put", key: b(1), value: b(1) },
      { type: "put", key: b(2), value: b(2) },
      { type: "del", key: b(5) },
    ]);
    expect(await kv.getMany([b(1), b(2), b(5)])).toEqual([b(1), b(2), undefined]);
    await kv.batch([]);
  });

  it("iterates ranges with gte/lt/limit/reverse", async () => {
    await open();
    await kv.batch([1, 2, 3, 4, 5].map((i) => ({ type: "put" as const, key: b(i, 0), value: b(i) })));
    const keys = async (range: Parameters<KvStorage["entries"]>[0]) => {
      const out: Uint8Array[] = [];
      for await (const e of kv.entries(range)) out.push(e.key);
      return hexes(out);
    };
    expect(await keys(undefined)).toEqual(["0100", "0200", "0300", "0400", "0500"]);
    expect(await keys({ gte: b(2), lt: b(4) })).toEqual(["0200", "0300"]);
    expect(await keys({ gt: b(2, 0), lte: b(4, 0) })).toEqual(["0300", "0400"]);
    expect(await keys({ gte: b(2), limit: 2 })).toEqual(["0200", "0300"]);
    expect(await keys({ lt: b(5), reverse: true, limit: 3 })).toEqual(["0400", "0300", "0200"]);
  });

  it("reads a snapshot as of its creation, synchronously and asynchronously", async () => {
    await open();
    await kv.put(b(1), b(1));
    const snap = kv.snapshot();
    await kv.put(b(1), b(2));
    await kv.put(b(3), b(3));
    expect(kv.getSync(b(1), snap)).toEqual(b(1));
    expect(await kv.get(b(1), snap)).toEqual(b(1));
    expect(await kv.getMany([b(1), b(3)], snap)).toEqual([b(1), undefined]);
    expect(kv.getSync(b(1))).toEqual(b(2));
    await snap.close();
  });
});
