import { createRequire } from "node:module";
import type { AbstractLevel, AbstractSnapshot } from "abstract-level";
import { MemoryLevel } from "memory-level";
import { StorageErrorCodes, storageError } from "./errors.js";

/**
 * A minimal byte-level key-value API (lodestar's "db controller"): everything above it (buckets,
 * typed tables, caches) is storage-agnostic. Keys sort bytewise. Values and keys handed out are
 * plain `Uint8Array`s owned by the caller.
 */
export interface KvStorage {
  /**
   * "memory" (memory-level, gone at exit), "leveldb" (classic-level on a directory) or
   * "abstract-level" (a database the caller opened: persistent unless it says otherwise).
   */
  readonly kind: "memory" | "leveldb" | "abstract-level";
  /** Idempotent. The factories return unopened controllers; ChainStore opens them. */
  open(): Promise<void>;
  /** Idempotent. */
  close(): Promise<void>;
  get(key: Uint8Array, snapshot?: KvSnapshot): Promise<Uint8Array | undefined>;
  /** Synchronous point read (blocks the event loop for the duration of one LevelDB lookup). */
  getSync(key: Uint8Array, snapshot?: KvSnapshot): Uint8Array | undefined;
  getMany(keys: readonly Uint8Array[], snapshot?: KvSnapshot): Promise<(Uint8Array | undefined)[]>;
  put(key: Uint8Array, value: Uint8Array): Promise<void>;
  del(key: Uint8Array): Promise<void>;
  /** Applies all operations atomically: either every one is written or none is. */
  batch(ops: readonly KvOp[]): Promise<void>;
  /** Entries in key order (reverse order with `reverse`), within the range. */
  entries(range?: KvRange): AsyncIterable<KvEntry>;
  /** A consistent read-only view of the database as of now. Close it when done. */
  snapshot(): KvSnapshot;
}

/** One write of a KvStorage batch: put a value under a key, or delete the key. */
export type KvOp = { type: "put"; key: Uint8Array; value: Uint8Array } | { type: "del"; key: Uint8Array };

/** A key and its value, as `KvStorage.entries` yields them. */
export interface KvEntry {
  key: Uint8Array;
  value: Uint8Array;
}

/** Key bounds, row limit and order of a `KvStorage.entries` scan (abstract-level's range options). */
export interface KvRange {
  gt?: Uint8Array;
  gte?: Uint8Array;
  lt?: Uint8Array;
  lte?: Uint8Array;
  /** Maximum number of entries; unlimited when absent or negative. */
  limit?: number;
  reverse?: boolean;
}

/** The database as of `KvStorage.snapshot()`: reads given it see no later write. Close it when done. */
export interface KvSnapshot {
  close(): Promise<void>;
}

/** An in-memory store (memory-level). Nothing persists; meant for tests and ephemeral nodes. */
export function createMemoryStorage(): KvStorage {
  const db = new MemoryLevel<Uint8Array, Uint8Array>({
    keyEncoding: "view",
    valueEncoding: "view",
    storeEncoding: "view",
  });
  // memory-level keeps the very arrays it is given and hands them back: copy both ways so that it
  // behaves like a real database (no aliasing between callers and stored bytes).
  return new LevelKvStorage("memory", db as unknown as AnyLevel, true);
}

/** Where `createLevelStorage` keeps its LevelDB database. */
export interface LevelStorageOptions {
  /** Directory of the LevelDB database; created if missing. */
  directory: string;
}

/**
 * LevelDB on a directory (classic-level, an optional peer dependency: a missing package fails
 * here with one line naming it).
 */
export function createLevelStorage(options: LevelStorageOptions): KvStorage {
  // required here, not imported: loading LevelDB's native addon took 15–25 ms of every start, and an
  // in-memory node never opens it
  let ClassicLevel: typeof import("classic-level").ClassicLevel;
  try {
    ({ ClassicLevel } = createRequire(import.meta.url)("classic-level") as typeof import("classic-level"));
  } catch (error) {
    if ((error as { code?: string }).code !== "MODULE_NOT_FOUND") throw error;
    throw storageError(
      StorageErrorCodes.missingPackage,
      "a LevelDB data directory needs the classic-level package: npm install classic-level",
    );
  }
  const db = new ClassicLevel<Uint8Array, Uint8Array>(options.directory, {
    keyEncoding: "view",
    valueEncoding: "view",
  });
  return new LevelKvStorage("leveldb", db as unknown as AnyLevel, false);
}

/**
 * Any abstract-level database the caller made (classic-level, memory-level, a sublevel, …),
 * whatever its default encodings: every read and write names the binary ("view") encoding.
 * The chain store opens and closes it.
 */
export function createAbstractLevelStorage(db: AnyAbstractLevel): KvStorage {
  return new LevelKvStorage("abstract-level", db as unknown as AnyLevel, true, VIEW_ENCODINGS);
}

const VIEW_ENCODINGS = { keyEncoding: "view", valueEncoding: "view" } as const;

/** An abstract-level database of any encodings and format (classic-level, memory-level, a sublevel). */
// biome-ignore lint/suspicious/noExplicitAny: a database of any encodings is accepted; reads and writes name theirs
export type AnyAbstractLevel = AbstractLevel<any, any, any>;

type AnyLevel = AbstractLevel<unknown, Uint8Array, Uint8Array>;

class LevelSnapshot implements KvSnapshot {
  constructor(
    readonly owner: LevelKvStorage,
    readonly inner: AbstractSnapshot,
  ) {}
  close(): Promise<void> {
    return this.inner.close();
  }
}

class LevelKvStorage implements KvStorage {
  constructor(
    readonly kind: KvStorage["kind"],
    private readonly db: AnyLevel,
    private readonly copy: boolean,
    /** Per-call encodings, for a database whose defaults may not be binary. */
    private readonly encodings: Partial<typeof VIEW_ENCODINGS> = {},
  ) {}

  async open(): Promise<void> {
    await this.db.open();
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  async get(key: Uint8Array, snapshot?: KvSnapshot): Promise<Uint8Array | undefined> {
    const v = await this.db.get(this.in(key), this.readOptions(snapshot));
    return v === undefined ? undefined : this.out(v);
  }

  getSync(key: Uint8Array, snapshot?: KvSnapshot): Uint8Array | undefined {
    const v = this.db.getSync(this.in(key), this.readOptions(snapshot));
    return v === undefined ? undefined : this.out(v);
  }

  async getMany(keys: readonly Uint8Array[], snapshot?: KvSnapshot): Promise<(Uint8Array | undefined)[]> {
    const vs = await this.db.getMany(
      keys.map((k) => this.in(k)),
      this.readOptions(snapshot),
    );
    return vs.map((v) => (v === undefined ? undefined : this.out(v)));
  }

  async put(key: Uint8Array, value: Uint8Array): Promise<void> {
    await this.db.put(this.in(key), this.in(value), this.encodings);
  }

  async del(key: Uint8Array): Promise<void> {
    await this.db.del(this.in(key), this.encodings);
  }

  async batch(ops: readonly KvOp[]): Promise<void> {
    if (ops.length === 0) return;
    await this.db.batch(
      ops.map((op) =>
        op.type === "put"
          ? { type: "put" as const, key: this.in(op.key), value: this.in(op.value) }
          : { type: "del" as const, key: this.in(op.key) },
      ),
      this.encodings,
    );
  }

  async *entries(range: KvRange = {}): AsyncIterable<KvEntry> {
    const options: Record<string, unknown> = { ...this.encodings };
    for (const k of ["gt", "gte", "lt", "lte"] as const) {
      const bound = range[k];
      if (bound !== undefined) options[k] = bound;
    }
    if (range.limit !== undefined) options.limit = range.limit;
    if (range.reverse) options.reverse = true;
    const it = this.db.iterator(options);
    try {
      for (;;) {
        const chunk = await it.nextv(1024);
        if (chunk.length === 0) return;
        for (const [k, v] of chunk) yield { key: this.out(k), value: this.out(v) };
      }
    } finally {
      await it.close();
    }
  }

  snapshot(): KvSnapshot {
    return new LevelSnapshot(this, this.db.snapshot());
  }

  private readOptions(snapshot: KvSnapshot | undefined): {
    snapshot?: AbstractSnapshot;
    keyEncoding?: "view";
    valueEncoding?: "view";
  } {
    if (snapshot === undefined) return this.encodings;
    if (!(snapshot instanceof LevelSnapshot) || snapshot.owner !== this) {
      throw storageError(StorageErrorCodes.foreignSnapshot, "snapshot was not created by this KV controller");
    }
    return { ...this.encodings, snapshot: snapshot.inner };
  }

  private in(bytes: Uint8Array): Uint8Array {
    return this.copy ? new Uint8Array(bytes) : bytes;
  }

  /** Plain Uint8Array (classic-level hands out Buffers), copied when the backend keeps references. */
  private out(bytes: Uint8Array): Uint8Array {
    if (this.copy) return new Uint8Array(bytes);
    return bytes.constructor === Uint8Array
      ? bytes
      : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
}
