import { bytesToHex, type Table, Tables, TronodeError } from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ChainStore,
  createChainStore,
  createLevelStorage,
  type KvStorage,
  StorageErrorCodes,
} from "../src/index.js";
import { decodeUndoRecord, encodeUndoRecord } from "../src/journal.js";
import {
  addr,
  allTables,
  backends,
  changeSet,
  dumpKv,
  type Row,
  rowsFor,
  TempDirs,
  txid,
  wrapKv,
} from "./helpers.js";

/** Every table's committed rows, through the synchronous view (what the engine sees). */
async function viewOf(store: ChainStore, keys: Row[]): Promise<string[]> {
  return keys.map(
    ([table, key]) => `${table.id}/${table.keyId(key)}=${JSON.stringify(store.view.get(table, key), big)}`,
  );
}

function big(_: string, v: unknown): unknown {
  return typeof v === "bigint" ? `${v}n` : v instanceof Uint8Array ? bytesToHex(v) : v;
}

async function rowsOf(store: ChainStore): Promise<string[]> {
  const out: string[] = [];
  for (const table of allTables() as Table<unknown, unknown>[]) {
    for await (const { key, value } of store.iterate(table)) {
      out.push(`${table.id}/${table.keyId(key)}=${JSON.stringify(value, big)}`);
    }
  }
  return out;
}

async function expectCode(p: Promise<unknown>, code: string): Promise<void> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(TronodeError);
  expect((err as TronodeError).code).toBe(code);
}

/** Three commits with overwrites and deletes of the same keys. */
const history: Row[][] = [
  [...rowsFor(1), ...rowsFor(2)],
  [...rowsFor(3), [Tables.accounts, addr(1), undefined], [Tables.properties, "PROP_2", 99n]],
  [
    ...rowsFor(1).map(([t, k]) => [t, k, undefined] as Row),
    ...rowsFor(4),
    [Tables.transactionIndex, txid(3), 77n],
  ],
];
const touched: Row[] = history.flat();

describe.each(backends)("commit journal ($name)", (backend) => {
  const dirs = new TempDirs();
  const open: ChainStore[] = [];
  afterEach(async () => {
    for (const s of open.splice(0)) await s.close().catch(() => undefined);
    await dirs.cleanup();
  });

  async function makeStore(kv?: KvStorage) {
    const store = await createChainStore({ kv: kv ?? (await backend.make(dirs)), cacheSize: 2 });
    open.push(store);
    return store;
  }

  it("rewinds to any earlier commit: rows, view, LRU-cached history and digest as they were", async () => {
    const store = await makeStore();
    const states: { rows: string[]; view: string[]; digest: string }[] = [];
    const snap = async () =>
      states.push({
        rows: await rowsOf(store),
        view: await viewOf(store, touched),
        digest: bytesToHex(await store.stateDigest()),
      });
    await snap();
    for (const [i, rows] of history.entries()) {
      expect(await store.commit(changeSet(...rows), { label: BigInt(10 + i) })).toBe(BigInt(i + 1));
      await snap();
    }
    expect(store.journal().every((m) => m.bytes > 0)).toBe(true);
    expect(store.journal().map(({ seq, label }) => ({ seq, label }))).toEqual([
      { seq: 1n, label: 10n },
      { seq: 2n, label: 11n },
      { seq: 3n, label: 12n },
    ]);
    for (const target of [2, 1, 0]) {
      await store.rewind(BigInt(target));
      expect(store.commitSeq).toBe(BigInt(target));
      expect(await rowsOf(store)).toEqual(states[target]!.rows);
      expect(await viewOf(store, touched)).toEqual(states[target]!.view);
      expect(bytesToHex(await store.stateDigest())).toBe(states[target]!.digest);
    }
    expect(store.journal()).toEqual([]);
    // Commits continue from the rewound point.
    expect(await store.commit(changeSet(...history[0]!))).toBe(1n);
    expect(await rowsOf(store)).toEqual(states[1]!.rows);
  });

  it("refuses a rewind past a pruned record or beyond the head, writing nothing", async () => {
    const store = await makeStore();
    for (const rows of history) await store.commit(changeSet(...rows));
    await store.pruneJournal(1n);
    expect(store.journal().map((m) => m.seq)).toEqual([2n, 3n]);
    const before = await rowsOf(store);
    await expectCode(store.rewind(0n), StorageErrorCodes.journalPruned);
    await expectCode(store.rewind(4n), StorageErrorCodes.journalPruned);
    expect(await rowsOf(store)).toEqual(before);
    await store.rewind(3n); // the head itself: nothing to do
    await store.rewind(1n);
    expect(store.commitSeq).toBe(1n);
  });

  it("keeps state and journal unchanged when the rewind's batch fails", async () => {
    let fail = false;
    const raw = await backend.make(dirs);
    const kv = wrapKv(raw, {
      batch: (ops) => (fail ? Promise.reject(new Error("disk full")) : raw.batch(ops)),
    });
    const store = await makeStore(kv);
    for (const rows of history) await store.commit(changeSet(...rows));
    const before = await dumpKv(raw);
    const view = await viewOf(store, touched);
    fail = true;
    await expect(store.rewind(0n)).rejects.toThrow("disk full");
    fail = false;
    expect(await dumpKv(raw)).toEqual(before);
    expect(await viewOf(store, touched)).toEqual(view);
    expect(store.commitSeq).toBe(3n);
    await store.rewind(0n);
    expect(await rowsOf(store)).toEqual([]);
  });

  it("views the state as it was after an earlier commit, without rewinding", async () => {
    const store = await makeStore();
    const views: string[][] = [];
    views.push(await viewOf(store, touched));
    for (const rows of history) {
      await store.commit(changeSet(...rows));
      views.push(await viewOf(store, touched));
    }
    for (const target of [0, 1, 2, 3]) {
      const past = store.viewAt(BigInt(target));
      const seen = touched.map(
        ([table, key]) => `${table.id}/${table.keyId(key)}=${JSON.stringify(past.get(table, key), big)}`,
      );
      expect(seen, `after commit ${target}`).toEqual(views[target]);
    }
    expect(await viewOf(store, touched)).toEqual(views[3]); // the store itself did not move
    await store.pruneJournal(1n);
    expect(() => store.viewAt(0n)).toThrow(/no longer holds commit 1/);
  });

  it("gives equal digests for equal states reached by different commits, and different ones otherwise", async () => {
    const a = await makeStore();
    const b = await makeStore();
    await a.commit(changeSet(...rowsFor(1), ...rowsFor(2)));
    await b.commit(changeSet(...rowsFor(2)));
    await b.commit(changeSet(...rowsFor(1)));
    expect(bytesToHex(await a.stateDigest())).toBe(bytesToHex(await b.stateDigest()));
    await b.commit(changeSet([Tables.properties, "PROP_1", 4n]));
    expect(bytesToHex(await a.stateDigest())).not.toBe(bytesToHex(await b.stateDigest()));
  });
});

describe("commit journal on classic-level across restarts", () => {
  const dirs = new TempDirs();
  afterEach(() => dirs.cleanup());

  it("reopens with the commit sequence and journal, and rewinds after the restart", async () => {
    const directory = await dirs.make();
    const s1 = await createChainStore({ kv: createLevelStorage({ directory }) });
    await s1.commit(changeSet(...history[0]!), { label: 5n });
    const afterFirst = await rowsOf(s1);
    await s1.commit(changeSet(...history[1]!), { label: 6n });
    await s1.commit(changeSet(...history[2]!), { label: 7n });
    await s1.pruneJournal(0n);
    await s1.close();
    const s2 = await createChainStore({ kv: createLevelStorage({ directory }) });
    try {
      expect(s2.commitSeq).toBe(3n);
      expect(s2.journal().map(({ seq, label }) => ({ seq, label }))).toEqual([
        { seq: 1n, label: 5n },
        { seq: 2n, label: 6n },
        { seq: 3n, label: 7n },
      ]);
      await s2.rewind(1n);
      expect(await rowsOf(s2)).toEqual(afterFirst);
    } finally {
      await s2.close();
    }
  });
});

describe("undo records", () => {
  it("round-trip, and a malformed record is a typed error", () => {
    const entries = [
      { key: Uint8Array.of(1, 2, 3), before: new Uint8Array(300).fill(7) },
      { key: Uint8Array.of(9), before: undefined },
      { key: new Uint8Array(200).fill(1), before: new Uint8Array() },
    ];
    const bytes = encodeUndoRecord(-3n, entries);
    expect(decodeUndoRecord(1n, bytes)).toEqual({ seq: 1n, label: -3n, entries });
    for (const bad of [
      bytes.subarray(0, 5),
      bytes.subarray(0, bytes.length - 1),
      Uint8Array.of(...bytes, 0x80),
    ]) {
      expect(() => decodeUndoRecord(1n, bad)).toThrow(TronodeError);
    }
  });
});
