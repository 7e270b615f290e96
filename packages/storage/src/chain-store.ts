import {
  bytesEqual,
  bytesToHex,
  bytesToInt64,
  type ChangeSet,
  createStateDigest,
  int64ToBytes,
  type StateView,
  type Table,
  Tables,
  utf8Encode,
} from "@tronode/engine/internal";
import {
  type BucketSpec,
  bucketKey,
  bucketOf,
  bucketRange,
  JOURNAL_BUCKET,
  META_BUCKET,
  MetaKeys,
  SCHEMA_VERSION,
} from "./buckets.js";
import { StorageErrorCodes, storageError } from "./errors.js";
import {
  decodeUndoRecord,
  encodeUndoRecord,
  journalKey,
  seqOfJournalKey,
  type UndoEntry,
} from "./journal.js";
import type { KvOp, KvSnapshot, KvStorage } from "./kv-controller.js";
import { Lru } from "./lru.js";

/**
 * Chain state persisted in a KvStorage, served to the engine through a synchronous StateView.
 *
 * Cache / residency policy (per table, declared in buckets.ts; see README.md):
 *   - resident tables are loaded whole, decoded, at open; `view.get` is a Map lookup.
 *   - cold (append-only history) tables keep a bounded LRU of decoded values (and of known-absent
 *     keys); a miss is answered by a synchronous point read of the database (`getSync`), then
 *     cached. The view is therefore exact for every table, and memory stays bounded for history.
 *
 * Invariants:
 *   - `commit` writes a ChangeSet as ONE atomic batch. Every key and value is encoded (and decoded
 *     back, see below) before anything is written, so a codec failure writes nothing. Caches are
 *     updated only after the batch succeeded, synchronously, so `view` never shows half a commit.
 *   - Caches hold values decoded from the bytes that were written, never the caller's objects: a
 *     running node sees exactly what a node restarted from the same database would see.
 *   - While a commit's batch is in flight, cold-table misses read from a snapshot taken just before
 *     the batch, so they agree with the (not yet updated) resident tables.
 *   - Commits are serialized in call order.
 *   - Values returned by `view.get`/`read` are shared with the cache: treat them as immutable (the
 *     engine's StateOverlay contract).
 */
export interface ChainStore {
  /** Synchronous, exact view of the committed state of every table. */
  readonly view: StateView;
  /** The chain id recorded in the database, if any. */
  readonly chainId: Uint8Array | undefined;
  /** Like `view.get`, but a cold-table miss reads the database asynchronously (for transports). */
  read<K, V>(table: Table<K, V>, key: K): Promise<V | undefined>;
  /**
   * A committed row's value as stored, not decoded and not cached: for a reader that needs a
   * small part of a large value (one transaction of a block) without decoding all of it.
   */
  readEncoded<K, V>(table: Table<K, V>, key: K): Promise<Uint8Array | undefined>;
  /** A table's committed rows in key order, read from the database (not from caches). */
  iterate<K, V>(table: Table<K, V>, range?: TableRange<K>): AsyncIterable<{ key: K; value: V }>;
  /**
   * Atomically writes a change set (value `undefined` deletes), with its journal record, then
   * updates caches. Resolves to the commit's sequence number.
   */
  commit(changes: ChangeSet, options?: CommitOptions): Promise<bigint>;
  /** Sequence number of the last commit (0 before the first). */
  readonly commitSeq: bigint;
  /** The commits that can still be undone, oldest first, with their labels. */
  journal(): readonly JournalMark[];
  /**
   * Undoes every commit after `seq` in one atomic batch (their journal records go with them).
   * Fails with STORAGE_JOURNAL_PRUNED when a needed record was pruned, writing nothing.
   */
  rewind(seq: bigint): Promise<void>;
  /** Forgets the journal records of commits ≤ `seq`: they can no longer be undone. */
  pruneJournal(seq: bigint): Promise<void>;
  /**
   * The state as it was right after commit `seq`, from the journal records of the commits since
   * (kept for the unsolidified blocks): a view valid until the next commit or rewind.
   */
  viewAt(seq: bigint): StateView;
  /** sha256 over every engine table's rows (tables by id, rows in key order) as committed now. */
  stateDigest(): Promise<Uint8Array>;
  /** Waits for pending commits, then closes the store and its KvStorage. */
  close(): Promise<void>;
}

/** How `ChainStore.commit` tags and journals a commit. */
export interface CommitOptions {
  /** Tag kept with the commit's journal record (the node uses the head block number). */
  readonly label?: bigint;
  /**
   * false: rows that are no state transition and that no rewind may take back (a forked chain's
   * rows fetched from its upstream are its state before any local block). Written in one batch,
   * with no journal record and no new sequence number; a later commit's record keeps them as the
   * prior values, so rewinds and `viewAt` see them as always there. Default true.
   */
  readonly journal?: boolean;
}

/** A commit that can still be undone, as `ChainStore.journal` lists it. */
export interface JournalMark {
  readonly seq: bigint;
  readonly label: bigint;
  /** About how much heap the commit's undo record holds (its keys and prior values), bytes. */
  readonly bytes: number;
}

/** The memory an undo record holds, as JournalMark.bytes counts it. */
function undoBytes(entries: readonly UndoEntry[]): number {
  let bytes = 0;
  // each entry is an object and two byte arrays with their own buffers: ~200 bytes of heap besides the bytes
  for (const e of entries) bytes += 200 + e.key.length + (e.before?.length ?? 0);
  return bytes;
}

/** Which rows `ChainStore.iterate` reads: keys from `gte` up to `lt` (excluded), how many, in which order. */
export interface TableRange<K> {
  gte?: K;
  lt?: K;
  limit?: number;
  reverse?: boolean;
}

/** The database `createChainStore` opens, the chain it must belong to, and cache sizes. */
export interface ChainStoreOptions {
  /** The database; opened by `createChainStore`, closed by `ChainStore.close`. */
  kv: KvStorage;
  /**
   * Identifies the chain (e.g. the genesis block id). Recorded on first open; opening a database
   * recorded for another chain fails with STORAGE_CHAIN_MISMATCH.
   */
  chainId?: Uint8Array;
  /** Overrides the LRU capacity (entries) of every cold table. */
  cacheSize?: number;
}

/** Opens the KvStorage, checks its metadata and loads the resident tables. */
export async function createChainStore(options: ChainStoreOptions): Promise<ChainStore> {
  const { kv } = options;
  await kv.open();
  try {
    const chainId = await checkMeta(kv, options.chainId);
    const caches = new Map<string, TableCache>();
    for (const table of Object.values(Tables) as Table<unknown, unknown>[]) {
      const spec = bucketOf(table.id);
      const cache: TableCache = spec.resident
        ? { table, spec, resident: new Map() }
        : { table, spec, lru: new Lru(options.cacheSize ?? spec.cache, spec.cacheBytes) };
      await load(kv, cache);
      caches.set(table.id, cache);
    }
    const seqBytes = await kv.get(metaKey(MetaKeys.commitSeq));
    const commitSeq = seqBytes === undefined ? 0n : bytesToInt64(seqBytes);
    const journal: JournalMark[] = [];
    const records = new Map<bigint, readonly UndoEntry[]>();
    for await (const { key, value } of kv.entries(bucketRange(JOURNAL_BUCKET))) {
      const record = decodeUndoRecord(seqOfJournalKey(key), value);
      journal.push({ seq: record.seq, label: record.label, bytes: undoBytes(record.entries) });
      records.set(record.seq, record.entries);
    }
    return new LevelChainStore(kv, caches, chainId, commitSeq, journal, records);
  } catch (e) {
    await kv.close();
    throw e;
  }
}

const ABSENT: unique symbol = Symbol("absent");
/** A history row a commit wrote: its LRU entry goes, and the next read fills it from the database. */
const DROPPED: unique symbol = Symbol("dropped");

type TableCache =
  | { table: Table<unknown, unknown>; spec: BucketSpec; resident: Map<string, unknown>; lru?: undefined }
  | { table: Table<unknown, unknown>; spec: BucketSpec; resident?: undefined; lru: Lru<string, unknown> };

interface CacheUpdate {
  cache: TableCache;
  keyId: string;
  /** Decoded value written, ABSENT for a delete, DROPPED for a history row written. */
  value: unknown;
  /** Its encoded size (the LRU's weight). */
  bytes: number;
}

function metaKey(name: string): Uint8Array {
  return bucketKey(META_BUCKET, utf8Encode(name));
}

function u32(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n);
  return b;
}

async function checkMeta(kv: KvStorage, chainId: Uint8Array | undefined): Promise<Uint8Array | undefined> {
  const ops: KvOp[] = [];
  const version = await kv.get(metaKey(MetaKeys.schemaVersion));
  if (version === undefined) {
    for await (const _ of kv.entries({ gt: bucketRange(META_BUCKET).lt, limit: 1 })) {
      throw storageError(StorageErrorCodes.schemaMismatch, "database holds data but no schema version");
    }
    ops.push({ type: "put", key: metaKey(MetaKeys.schemaVersion), value: u32(SCHEMA_VERSION) });
  } else {
    const found = version.length === 4 ? new DataView(version.buffer, version.byteOffset).getUint32(0) : -1;
    if (found !== SCHEMA_VERSION) {
      throw storageError(
        StorageErrorCodes.schemaMismatch,
        `database schema version ${found}, this node writes ${SCHEMA_VERSION}`,
      );
    }
  }
  let stored = await kv.get(metaKey(MetaKeys.chainId));
  if (chainId !== undefined) {
    if (stored === undefined) {
      stored = chainId.slice();
      ops.push({ type: "put", key: metaKey(MetaKeys.chainId), value: stored });
    } else if (!bytesEqual(stored, chainId)) {
      throw storageError(
        StorageErrorCodes.chainMismatch,
        `database belongs to chain ${bytesToHex(stored)}, expected ${bytesToHex(chainId)}`,
      );
    }
  }
  await kv.batch(ops);
  return stored;
}

async function load(kv: KvStorage, cache: TableCache): Promise<void> {
  const { table, spec } = cache;
  if (cache.resident) {
    for await (const { key, value } of kv.entries(bucketRange(spec.bucket))) {
      cache.resident.set(table.keyId(table.decodeKey(key.subarray(1))), table.decodeValue(value));
    }
  } else if (!spec.resident && spec.warmLatest && cache.lru.capacity > 0) {
    const newestFirst: [string, unknown, number][] = [];
    for await (const { key, value } of kv.entries({
      ...bucketRange(spec.bucket),
      reverse: true,
      limit: cache.lru.capacity,
    })) {
      newestFirst.push([
        table.keyId(table.decodeKey(key.subarray(1))),
        table.decodeValue(value),
        value.length,
      ]);
    }
    for (let i = newestFirst.length - 1; i >= 0; i--) {
      const [id, decoded, bytes] = newestFirst[i]!;
      cache.lru.set(id, decoded, bytes);
    }
  }
}

class LevelChainStore implements ChainStore {
  readonly view: StateView;
  private closed = false;
  private queue: Promise<void> = Promise.resolve();
  /** Snapshot of the state before the batch in flight, if any. */
  private inflight: KvSnapshot | undefined;
  /** Bumped when a commit starts and when it ends; guards async cache fills against races. */
  private seq = 0;
  private readonly cachesByBucket = new Map<number, TableCache>();

  constructor(
    private readonly kv: KvStorage,
    private readonly caches: Map<string, TableCache>,
    readonly chainId: Uint8Array | undefined,
    private lastCommit: bigint,
    private readonly marks: JournalMark[],
    /** The undo entries of every record still in the journal (also on disk), by commit. */
    private readonly records: Map<bigint, readonly UndoEntry[]>,
  ) {
    this.view = { get: (table, key) => this.get(table, key) };
    for (const cache of caches.values()) this.cachesByBucket.set(cache.spec.bucket, cache);
  }

  get commitSeq(): bigint {
    return this.lastCommit;
  }

  journal(): readonly JournalMark[] {
    return [...this.marks];
  }

  private get<K, V>(table: Table<K, V>, key: K): V | undefined {
    const cache = this.cacheOf(table.id);
    const id = table.keyId(key);
    if (cache.resident) return cache.resident.get(id) as V | undefined;
    const hit = cache.lru.get(id);
    if (hit !== undefined) return hit === ABSENT ? undefined : (hit as V);
    const bytes = this.kv.getSync(bucketKey(cache.spec.bucket, table.encodeKey(key)), this.inflight);
    const value = bytes === undefined ? undefined : table.decodeValue(bytes);
    // Safe even mid-commit: a snapshot read is the pre-commit value, and the commit overwrites
    // every key it writes when it lands.
    cache.lru.set(id, value === undefined ? ABSENT : value, bytes?.length ?? 1);
    return value;
  }

  async read<K, V>(table: Table<K, V>, key: K): Promise<V | undefined> {
    const cache = this.cacheOf(table.id);
    const id = table.keyId(key);
    if (cache.resident) return cache.resident.get(id) as V | undefined;
    const hit = cache.lru.get(id);
    if (hit !== undefined) return hit === ABSENT ? undefined : (hit as V);
    const seq = this.seq;
    const bytes = await this.kv.get(bucketKey(cache.spec.bucket, table.encodeKey(key)), this.inflight);
    const value = bytes === undefined ? undefined : table.decodeValue(bytes);
    // Cache only if no commit started or landed meanwhile (else the value may be stale).
    if (this.seq === seq && !this.closed)
      cache.lru.set(id, value === undefined ? ABSENT : value, bytes?.length ?? 1);
    return value;
  }

  async readEncoded<K, V>(table: Table<K, V>, key: K): Promise<Uint8Array | undefined> {
    const { bucket } = this.cacheOf(table.id).spec;
    return this.kv.get(bucketKey(bucket, table.encodeKey(key)), this.inflight);
  }

  async *iterate<K, V>(table: Table<K, V>, range: TableRange<K> = {}): AsyncIterable<{ key: K; value: V }> {
    const { bucket } = this.cacheOf(table.id).spec;
    const whole = bucketRange(bucket);
    const entries = this.kv.entries({
      gte: range.gte === undefined ? whole.gte : bucketKey(bucket, table.encodeKey(range.gte)),
      lt: range.lt === undefined ? whole.lt : bucketKey(bucket, table.encodeKey(range.lt)),
      limit: range.limit,
      reverse: range.reverse,
    });
    for await (const { key, value } of entries) {
      yield { key: table.decodeKey(key.subarray(1)), value: table.decodeValue(value) };
    }
  }

  commit(changes: ChangeSet, options: CommitOptions = {}): Promise<bigint> {
    if (this.closed) return Promise.reject(this.closedError());
    let plan: { ops: KvOp[]; updates: CacheUpdate[] };
    try {
      plan = this.plan(changes);
    } catch (e) {
      return Promise.reject(e);
    }
    if (options.journal === false) {
      return this.enqueue(async () => {
        if (plan.ops.length > 0) await this.apply(plan.ops, plan.updates);
        return this.lastCommit;
      });
    }
    return this.enqueue(() => this.write(plan.ops, plan.updates, options.label ?? 0n));
  }

  rewind(target: bigint): Promise<void> {
    if (this.closed) return Promise.reject(this.closedError());
    return this.enqueue(() => this.undo(target));
  }

  pruneJournal(through: bigint): Promise<void> {
    if (this.closed) return Promise.reject(this.closedError());
    return this.enqueue(async () => {
      let n = 0;
      while (n < this.marks.length && this.marks[n]!.seq <= through) n++;
      if (n === 0) return;
      await this.kv.batch(
        this.marks.slice(0, n).map((m) => ({ type: "del" as const, key: journalKey(m.seq) })),
      );
      for (const m of this.marks.splice(0, n)) this.records.delete(m.seq);
    });
  }

  viewAt(target: bigint): StateView {
    if (this.closed) throw this.closedError();
    if (target >= this.lastCommit) return this.view;
    const undone = this.marks.filter((m) => m.seq > target);
    if (undone.length !== Number(this.lastCommit - target)) {
      throw storageError(
        StorageErrorCodes.journalPruned,
        `no view at commit ${target}: the journal no longer holds commit ${target + 1n}`,
      );
    }
    // table id → key id → the value before the oldest undone commit (ABSENT: it did not exist)
    const before = new Map<string, Map<string, unknown>>();
    for (let i = undone.length - 1; i >= 0; i--) {
      for (const { key, before: prior } of this.records.get(undone[i]!.seq) ?? []) {
        const cache = this.cachesByBucket.get(key[0]!);
        if (cache === undefined) continue;
        const { table } = cache;
        let rows = before.get(table.id);
        if (!rows) {
          rows = new Map();
          before.set(table.id, rows);
        }
        rows.set(
          table.keyId(table.decodeKey(key.subarray(1))),
          prior === undefined ? ABSENT : table.decodeValue(prior),
        );
      }
    }
    const current = this.view;
    return {
      get<K, V>(table: Table<K, V>, key: K): V | undefined {
        const rows = before.get(table.id);
        if (rows !== undefined) {
          const id = table.keyId(key);
          if (rows.has(id)) {
            const value = rows.get(id);
            return value === ABSENT ? undefined : (value as V);
          }
        }
        return current.get(table, key);
      },
    };
  }

  stateDigest(): Promise<Uint8Array> {
    if (this.closed) return Promise.reject(this.closedError());
    return this.enqueue(async () => {
      const digest = createStateDigest();
      const ids = [...this.caches.keys()].sort();
      for (const id of ids) {
        const { bucket } = this.caches.get(id)!.spec;
        for await (const { key, value } of this.kv.entries(bucketRange(bucket))) {
          digest.add(id, key.subarray(1), value);
        }
      }
      return digest.digest();
    });
  }

  /** Runs `step` after every queued write, in call order. */
  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    const run = this.queue.then(step);
    this.queue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.queue;
    await this.kv.close();
    for (const c of this.caches.values()) c.resident ? c.resident.clear() : c.lru.clear();
  }

  /** Encodes the whole change set (and decodes state rows back for the caches); writes nothing. */
  private plan(changes: ChangeSet): { ops: KvOp[]; updates: CacheUpdate[] } {
    const ops: KvOp[] = [];
    const updates: CacheUpdate[] = [];
    for (const { table, entries } of changes.tables.values()) {
      const cache = this.cacheOf(table.id);
      for (const { key, value } of entries.values()) {
        const k = bucketKey(cache.spec.bucket, table.encodeKey(key));
        const keyId = table.keyId(key);
        if (value === undefined) {
          ops.push({ type: "del", key: k });
          updates.push({ cache, keyId, value: ABSENT, bytes: 1 });
        } else {
          const bytes = table.encodeValue(value);
          ops.push({ type: "put", key: k, value: bytes });
          updates.push(
            cache.lru !== undefined && cache.spec.resident === false && cache.spec.rows === "history"
              ? { cache, keyId, value: DROPPED, bytes: 0 }
              : { cache, keyId, value: table.decodeValue(bytes), bytes: bytes.length },
          );
        }
      }
    }
    return { ops, updates };
  }

  /**
   * Writes one commit: its ops, the journal record holding the bytes each key had before (read
   * now, after every earlier commit landed), and the new commit sequence number.
   */
  private async write(ops: KvOp[], updates: CacheUpdate[], label: bigint): Promise<bigint> {
    if (ops.length === 0) return this.lastCommit;
    const seq = this.lastCommit + 1n;
    const undo: UndoEntry[] = ops.map((op) => ({ key: op.key, before: this.kv.getSync(op.key) }));
    const all: KvOp[] = [
      ...ops,
      { type: "put", key: journalKey(seq), value: encodeUndoRecord(label, undo) },
      { type: "put", key: metaKey(MetaKeys.commitSeq), value: int64ToBytes(seq) },
    ];
    await this.apply(all, updates);
    this.lastCommit = seq;
    this.marks.push({ seq, label, bytes: undoBytes(undo) });
    this.records.set(seq, undo);
    return seq;
  }

  /** Restores the bytes every commit after `target` overwrote, newest commit first, in one batch. */
  private async undo(target: bigint): Promise<void> {
    if (target > this.lastCommit || target < 0n) {
      throw storageError(
        StorageErrorCodes.journalPruned,
        `cannot rewind to commit ${target}: the store is at commit ${this.lastCommit}`,
      );
    }
    if (target === this.lastCommit) return;
    const undone = this.marks.filter((m) => m.seq > target);
    if (
      undone.length === 0 ||
      undone[0]!.seq !== target + 1n ||
      undone.length !== Number(this.lastCommit - target)
    ) {
      throw storageError(
        StorageErrorCodes.journalPruned,
        `cannot rewind to commit ${target}: the journal no longer holds commit ${target + 1n}`,
      );
    }
    // Oldest record last, so each key ends with the bytes it had before the first undone commit.
    const restore = new Map<string, UndoEntry>();
    for (let i = undone.length - 1; i >= 0; i--) {
      const seq = undone[i]!.seq;
      const entries = this.records.get(seq);
      if (entries === undefined) {
        throw storageError(StorageErrorCodes.corruptJournal, `journal record ${seq} is missing`);
      }
      for (const entry of entries) restore.set(bytesToHex(entry.key), entry);
    }
    const ops: KvOp[] = [];
    const updates: CacheUpdate[] = [];
    for (const { key, before } of restore.values()) {
      const cache = this.cachesByBucket.get(key[0]!);
      if (cache === undefined) {
        throw storageError(StorageErrorCodes.corruptJournal, `journal names unknown bucket ${key[0]}`);
      }
      const keyId = cache.table.keyId(cache.table.decodeKey(key.subarray(1)));
      if (before === undefined) {
        ops.push({ type: "del", key });
        updates.push({ cache, keyId, value: ABSENT, bytes: 1 });
      } else {
        ops.push({ type: "put", key, value: before });
        updates.push({ cache, keyId, value: cache.table.decodeValue(before), bytes: before.length });
      }
    }
    for (const m of undone) ops.push({ type: "del", key: journalKey(m.seq) });
    ops.push({ type: "put", key: metaKey(MetaKeys.commitSeq), value: int64ToBytes(target) });
    await this.apply(ops, updates);
    this.lastCommit = target;
    for (const m of this.marks.splice(this.marks.length - undone.length, undone.length))
      this.records.delete(m.seq);
  }

  private async apply(ops: KvOp[], updates: CacheUpdate[]): Promise<void> {
    const snapshot = this.kv.snapshot();
    this.inflight = snapshot;
    this.seq++;
    try {
      await this.kv.batch(ops);
      // Landed: switch every cache over in one synchronous step.
      this.inflight = undefined;
      for (const { cache, keyId, value, bytes } of updates) {
        if (cache.resident) {
          if (value === ABSENT) cache.resident.delete(keyId);
          else cache.resident.set(keyId, value);
        } else if (value === DROPPED) {
          cache.lru.delete(keyId);
        } else {
          cache.lru.set(keyId, value, bytes);
        }
      }
    } finally {
      this.inflight = undefined;
      this.seq++;
      // The commit's outcome is decided by the batch; a failure to release the snapshot changes no data.
      await snapshot.close().catch(() => undefined);
    }
  }

  private cacheOf(tableId: string): TableCache {
    if (this.closed) throw this.closedError();
    const cache = this.caches.get(tableId);
    if (cache === undefined) {
      bucketOf(tableId); // throws STORAGE_UNKNOWN_TABLE for ids with no bucket
      throw storageError(StorageErrorCodes.unknownTable, `table "${tableId}" is not an engine table`);
    }
    return cache;
  }

  private closedError() {
    return storageError(StorageErrorCodes.closed, "chain store is closed");
  }
}
