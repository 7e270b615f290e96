import { create } from "@bufbuild/protobuf";
import {
  AccountSchema,
  bytesValue,
  defineTable,
  stringKey,
  type Table,
  Tables,
  TransactionInfoSchema,
  TronodeError,
  utf8Encode,
} from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import {
  bucketKey,
  bucketOf,
  type ChainStore,
  createChainStore,
  createLevelStorage,
  type KvStorage,
  META_BUCKET,
  StorageErrorCodes,
} from "../src/index.js";
import {
  addr,
  allTables,
  backends,
  blockId,
  changeSet,
  dumpKv,
  type Row,
  rowsFor,
  TempDirs,
  txid,
  wrapKv,
} from "./helpers.js";

async function expectCode(p: Promise<unknown> | (() => unknown), code: string): Promise<void> {
  let err: unknown;
  try {
    await (typeof p === "function" ? p() : p);
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(TronodeError);
  expect((err as TronodeError).code).toBe(code);
}

/** Every table's committed rows, decoded, as comparable strings (via the async iterator). */
async function dumpTables(store: ChainStore): Promise<Record<string, [string, unknown][]>> {
  const out: Record<string, [string, unknown][]> = {};
  for (const table of allTables()) {
    const rows: [string, unknown][] = [];
    for await (const { key, value } of store.iterate(table)) rows.push([table.keyId(key), value]);
    out[table.id] = rows;
  }
  return out;
}

function expectRows(store: ChainStore, rows: Row[]): void {
  for (const [table, key, value] of rows) expect(store.view.get(table, key), table.id).toEqual(value);
}

async function expectRowsAsync(store: ChainStore, rows: Row[]): Promise<void> {
  for (const [table, key, value] of rows) expect(await store.read(table, key), table.id).toEqual(value);
}

describe.each(backends)("ChainStore ($name)", (backend) => {
  const dirs = new TempDirs();
  const open: ChainStore[] = [];

  afterEach(async () => {
    for (const s of open.splice(0)) await s.close();
    await dirs.cleanup();
  });

  async function makeStore(opts: { cacheSize?: number; wrap?: (kv: KvStorage) => KvStorage } = {}) {
    const raw = await backend.make(dirs);
    const kv = opts.wrap ? opts.wrap(raw) : raw;
    const store = await createChainStore({ kv, cacheSize: opts.cacheSize });
    open.push(store);
    return { store, kv: raw };
  }

  it("commits a change set touching every table and reads it back via view and read", async () => {
    const { store } = await makeStore();
    const rows = [...rowsFor(1), ...rowsFor(2)];
    expect(new Set(rows.map(([t]) => t.id))).toEqual(new Set(allTables().map((t) => t.id)));
    for (const [table, key] of rows) expect(store.view.get(table, key)).toBeUndefined();
    await store.commit(changeSet(...rows));
    expectRows(store, rows);
    await expectRowsAsync(store, rows);
    const dump = await dumpTables(store);
    for (const table of allTables()) expect(dump[table.id], table.id).toHaveLength(2);
  });

  it("serves cold tables past the LRU from the database, exactly", async () => {
    const { store } = await makeStore({ cacheSize: 2 });
    const rows = [1, 2, 3, 4, 5, 6].flatMap(rowsFor);
    for (let i = 1; i <= 6; i++) await store.commit(changeSet(...rowsFor(i)));
    expectRows(store, rows);
    await expectRowsAsync(store, rows);
    expect(store.view.get(Tables.blocks, 99n)).toBeUndefined();
    expect(await store.read(Tables.transactionInfos, txid(99))).toBeUndefined();
    // A cached "absent" is replaced when the key is written.
    await store.commit(changeSet(...rowsFor(99)));
    expectRows(store, rowsFor(99));
  });

  it("iterates a table in key order within a range", async () => {
    const { store } = await makeStore();
    for (let i = 1; i <= 5; i++) await store.commit(changeSet(...rowsFor(i)));
    const nums: bigint[] = [];
    for await (const { key } of store.iterate(Tables.blocks, { gte: 2n, lt: 5n })) nums.push(key);
    expect(nums).toEqual([2n, 3n, 4n]);
    const latest: bigint[] = [];
    for await (const { key } of store.iterate(Tables.blocks, { reverse: true, limit: 2 })) latest.push(key);
    expect(latest).toEqual([5n, 4n]);
  });

  it("deletes", async () => {
    const { store, kv } = await makeStore({ cacheSize: 1 });
    await store.commit(changeSet(...rowsFor(1), ...rowsFor(2)));
    const deletes = rowsFor(1).map(([t, k]) => [t, k, undefined] as const);
    await store.commit(changeSet(...deletes));
    expectRows(store, [...deletes, ...rowsFor(2)]);
    await expectRowsAsync(store, [...deletes, ...rowsFor(2)]);
    for (const table of allTables()) {
      const keys: string[] = [];
      for await (const { key } of store.iterate(table)) keys.push(table.keyId(key));
      expect(keys, table.id).toHaveLength(1);
    }
    // Deleting a missing key is a no-op.
    await store.commit(changeSet([Tables.accounts, addr(77), undefined]));
    // one row per table, beside the meta rows and the journal
    const tableRows = (await dumpKv(kv)).filter((row) => !row.startsWith("00") && !row.startsWith("1c"));
    expect(tableRows.length).toBe(allTables().length);
  });

  it("returns values decoded from the stored bytes, not the caller's objects", async () => {
    const { store } = await makeStore();
    const account = create(AccountSchema, { address: addr(1), balance: 5n });
    await store.commit(changeSet([Tables.accounts, addr(1), account]));
    account.balance = 999n;
    expect(store.view.get(Tables.accounts, addr(1))?.balance).toBe(5n);
  });

  it("caches a committed state row, and reads a committed history row from the database", async () => {
    const { store, kv } = await makeStore();
    const account = create(AccountSchema, { address: addr(1), balance: 5n });
    const info = create(TransactionInfoSchema, { id: txid(1), blockNumber: 1n });
    await store.commit(
      changeSet([Tables.accounts, addr(1), account], [Tables.transactionInfos, txid(1), info]),
    );
    // rewrite both rows underneath the store: only a row read from the database shows the change
    const accountKey = bucketKey(bucketOf(Tables.accounts.id).bucket, Tables.accounts.encodeKey(addr(1)));
    const infoKey = bucketKey(
      bucketOf(Tables.transactionInfos.id).bucket,
      Tables.transactionInfos.encodeKey(txid(1)),
    );
    await kv.put(accountKey, Tables.accounts.encodeValue({ ...account, balance: 6n }));
    await kv.put(infoKey, Tables.transactionInfos.encodeValue({ ...info, blockNumber: 2n }));
    expect(store.view.get(Tables.accounts, addr(1))?.balance).toBe(5n);
    expect(store.view.get(Tables.transactionInfos, txid(1))?.blockNumber).toBe(2n);
    // the read filled the LRU: later rewrites underneath are not seen
    await kv.put(infoKey, Tables.transactionInfos.encodeValue({ ...info, blockNumber: 3n }));
    expect(store.view.get(Tables.transactionInfos, txid(1))?.blockNumber).toBe(2n);
  });

  it("writes nothing and keeps caches when a value's encode throws", async () => {
    const { store, kv } = await makeStore();
    await store.commit(changeSet(...rowsFor(1)));
    const before = await dumpKv(kv);
    const boom: Table<Uint8Array, unknown> = {
      ...Tables.witnesses,
      encodeValue: () => {
        throw new Error("boom");
      },
    };
    const changedAccount = create(AccountSchema, { address: addr(1), balance: 1n });
    // The failing table shares the witnesses bucket; rowsFor(2) brings the other tables.
    const cs = changeSet(
      ...rowsFor(2).filter(([t]) => t !== Tables.witnesses),
      [Tables.accounts, addr(1), changedAccount],
      [Tables.blocks, 1n, undefined],
      [boom, addr(3), {}],
    );
    await expect(store.commit(cs)).rejects.toThrow("boom");
    expect(await dumpKv(kv)).toEqual(before);
    expectRows(store, rowsFor(1));
    for (const [table, key] of rowsFor(2)) expect(store.view.get(table, key)).toBeUndefined();
    await expectRowsAsync(store, rowsFor(1));
    // The store is still usable.
    await store.commit(changeSet(...rowsFor(2)));
    expectRows(store, [...rowsFor(1), ...rowsFor(2)]);
  });

  it("writes nothing when a value does not decode back", async () => {
    const { store, kv } = await makeStore();
    const before = await dumpKv(kv);
    const bad: Table<Uint8Array, Uint8Array> = {
      ...Tables.accountIdIndex,
      decodeValue: () => {
        throw new Error("undecodable");
      },
    };
    const others = rowsFor(1).filter(([t]) => t !== Tables.accountIdIndex);
    await expect(store.commit(changeSet(...others, [bad, utf8Encode("x"), addr(1)]))).rejects.toThrow(
      "undecodable",
    );
    expect(await dumpKv(kv)).toEqual(before);
  });

  it("keeps caches unchanged when the database batch fails", async () => {
    let fail = false;
    const { store, kv } = await makeStore({
      wrap: (inner) =>
        wrapKv(inner, {
          batch: (ops) => (fail ? Promise.reject(new Error("disk full")) : inner.batch(ops)),
        }),
    });
    await store.commit(changeSet(...rowsFor(1)));
    const before = await dumpKv(kv);
    fail = true;
    const changed = rowsFor(1).map(([t, k]) => [t, k, undefined] as const);
    await expect(store.commit(changeSet(...changed, ...rowsFor(2)))).rejects.toThrow("disk full");
    expect(await dumpKv(kv)).toEqual(before);
    expectRows(store, rowsFor(1));
    for (const [table, key] of rowsFor(2)) expect(store.view.get(table, key)).toBeUndefined();
    fail = false;
    await store.commit(changeSet(...rowsFor(2)));
    expectRows(store, [...rowsFor(1), ...rowsFor(2)]);
  });

  it("shows the pre-commit state until the batch has landed, then all of it", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    let gated = false;
    const { store } = await makeStore({
      cacheSize: 0, // every cold read goes to the database
      wrap: (inner) =>
        wrapKv(inner, {
          batch: async (ops) => {
            await inner.batch(ops);
            if (gated) await gate; // written to disk, commit not landed yet
          },
        }),
    });
    await store.commit(changeSet(...rowsFor(1)));
    gated = true;
    const next = rowsFor(1).map(([t, k]) => [t, k, undefined] as const);
    const pending = store.commit(changeSet(...next, ...rowsFor(2)));
    await new Promise((r) => setTimeout(r, 20));
    expectRows(store, rowsFor(1));
    for (const [table, key] of rowsFor(2)) expect(store.view.get(table, key)).toBeUndefined();
    await expectRowsAsync(store, rowsFor(1));
    release();
    await pending;
    expectRows(store, [...next, ...rowsFor(2)]);
  });

  it("applies concurrent commits in call order", async () => {
    const { store } = await makeStore();
    const commits = [1n, 2n, 3n, 4n].map((v) => store.commit(changeSet([Tables.properties, "P", v])));
    await Promise.all(commits);
    expect(store.view.get(Tables.properties, "P")).toBe(4n);
    expect(await dumpTables(store).then((d) => d.properties)).toEqual([["P", 4n]]);
  });

  it("refuses an unknown table id with a typed error, writing nothing", async () => {
    const { store, kv } = await makeStore();
    const before = await dumpKv(kv);
    const unknown = defineTable("no-such-table", stringKey, bytesValue);
    await expectCode(
      store.commit(changeSet(...rowsFor(1), [unknown, "k", addr(1)])),
      StorageErrorCodes.unknownTable,
    );
    expect(await dumpKv(kv)).toEqual(before);
    await expectCode(() => store.view.get(unknown, "k"), StorageErrorCodes.unknownTable);
    await expectCode(store.read(unknown, "k"), StorageErrorCodes.unknownTable);
    await expectCode(async () => {
      for await (const _ of store.iterate(unknown)) {
        // unreachable
      }
    }, StorageErrorCodes.unknownTable);
  });

  it("refuses use after close", async () => {
    const { store } = await makeStore();
    await store.close();
    await expectCode(() => store.view.get(Tables.accounts, addr(1)), StorageErrorCodes.closed);
    await expectCode(store.commit(changeSet(...rowsFor(1))), StorageErrorCodes.closed);
    await store.close(); // idempotent
  });
});

describe("ChainStore over classic-level across restarts", () => {
  const dirs = new TempDirs();
  afterEach(() => dirs.cleanup());

  it("reopens a directory with every table's contents intact", async () => {
    const directory = await dirs.make();
    const chainId = blockId(0);
    const s1 = await createChainStore({ kv: createLevelStorage({ directory }), chainId });
    const all: Row[] = [];
    for (let i = 1; i <= 40; i++) {
      await s1.commit(changeSet(...rowsFor(i)));
      all.push(...rowsFor(i));
    }
    // Some deletes and overwrites.
    const edits: Row[] = [
      [Tables.accounts, addr(3), undefined],
      [Tables.blocks, 7n, undefined],
      [Tables.transactionInfos, txid(8), undefined],
      [Tables.properties, "PROP_1", 123n],
      [Tables.witnesses, addr(4), undefined],
    ];
    await s1.commit(changeSet(...edits));
    const expected = new Map<string, Row>();
    for (const row of [...all, ...edits]) expected.set(`${row[0].id}/${row[0].keyId(row[1])}`, row);
    const rows = [...expected.values()];
    expectRows(s1, rows);
    const before = await dumpTables(s1);
    await s1.close();

    let getSyncCalls = 0;
    const s2 = await createChainStore({
      kv: (() => {
        const inner = createLevelStorage({ directory });
        return wrapKv(inner, {
          getSync: (k, s) => {
            getSyncCalls++;
            return inner.getSync(k, s);
          },
        });
      })(),
    });
    try {
      expect(s2.chainId).toEqual(chainId);
      // The newest blocks were warmed into the LRU at open: no database read for the head block.
      expect(s2.view.get(Tables.blocks, 40n)).toEqual(
        rows.find(([t, k]) => t === Tables.blocks && k === 40n)?.[2],
      );
      expect(getSyncCalls).toBe(0);
      expect(await dumpTables(s2)).toEqual(before);
      for (const table of allTables()) expect(before[table.id].length, table.id).toBeGreaterThan(30);
      expectRows(s2, rows);
      await expectRowsAsync(s2, rows);
    } finally {
      await s2.close();
    }
  });

  it("refuses a database of another chain or schema", async () => {
    const directory = await dirs.make();
    const s1 = await createChainStore({ kv: createLevelStorage({ directory }), chainId: blockId(0) });
    await s1.commit(changeSet(...rowsFor(1)));
    await s1.close();
    await expectCode(
      createChainStore({ kv: createLevelStorage({ directory }), chainId: blockId(1) }),
      StorageErrorCodes.chainMismatch,
    );

    const kv = createLevelStorage({ directory });
    await kv.open();
    await kv.put(bucketKey(META_BUCKET, utf8Encode("schema-version")), Uint8Array.of(0, 0, 0, 99));
    await kv.close();
    await expectCode(
      createChainStore({ kv: createLevelStorage({ directory }) }),
      StorageErrorCodes.schemaMismatch,
    );

    const kv2 = createLevelStorage({ directory });
    await kv2.open();
    await kv2.del(bucketKey(META_BUCKET, utf8Encode("schema-version")));
    await kv2.close();
    await expectCode(
      createChainStore({ kv: createLevelStorage({ directory }) }),
      StorageErrorCodes.schemaMismatch,
    );
  });
});
