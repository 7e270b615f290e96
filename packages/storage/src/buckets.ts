import { StorageErrorCodes, storageError } from "./errors.js";

/**
 * The ONE place that maps engine table ids (`Tables` in @tronode/engine) to on-disk buckets.
 *
 * Every record is stored under `[bucket byte] ++ table.encodeKey(key)`, so a table's rows form one
 * contiguous key range. Bucket ids are part of the on-disk format:
 *   - never change or reuse an id; a table that is dropped keeps its line, commented out, as
 *     "retired";
 *   - a new engine table gets the next free id (and the test in storage/test/buckets.test.ts
 *     fails until it has one);
 *   - 0xff is reserved as an escape to two-byte bucket ids should 254 ever run out.
 *
 * Residency policy (see README.md):
 *   - `resident: true` — state tables whose size is bounded by the number of accounts, witnesses or
 *     properties, and which the engine reads on (nearly) every transaction. They are loaded whole,
 *     decoded, into memory when the store opens; `view.get` answers from memory.
 *   - `resident: false` — append-only history that grows with the chain (blocks and their indexes,
 *     transaction infos). `view.get` answers from a bounded LRU of decoded values and, on a miss,
 *     with a synchronous point read of the database (`getSync`), so the view stays exact.
 *     `cache` is the LRU's default capacity in entries; `warmLatest` fills it at open with the
 *     entries whose keys sort last (only meaningful when keys sort by height); `rows` says whether
 *     a commit fills the LRU with what it writes (`state`) or only a read does (`history`).
 */
export interface ResidentBucket {
  readonly bucket: number;
  readonly resident: true;
}

/** A history table's bucket: rows stay on disk, read through a bounded LRU of decoded values. */
export interface ColdBucket {
  readonly bucket: number;
  readonly resident: false;
  /** LRU capacity in entries. */
  readonly cache: number;
  /** LRU budget in encoded bytes (for rows whose size varies widely, like blocks). */
  readonly cacheBytes?: number;
  readonly warmLatest: boolean;
  /**
   * `state`: a commit puts each written row in the LRU (accounts, contracts: read again by the next
   * transactions). `history`: a commit only drops the rows it writes from the LRU, and a read fills
   * it — most history rows are never read, and holding them decoded cost ~10× their bytes.
   */
  readonly rows: "state" | "history";
}

/** Where a table's rows live on disk (its bucket byte) and how the store caches them. */
export type BucketSpec = ResidentBucket | ColdBucket;

/** Database metadata (schema version, chain id). Not an engine table. */
export const META_BUCKET = 0x00;

/** Keys inside META_BUCKET (utf-8). */
export const MetaKeys = {
  /** uint32 big-endian: SCHEMA_VERSION of the writer. */
  schemaVersion: "schema-version",
  /** opaque bytes identifying the chain (e.g. the genesis block id). */
  chainId: "chain-id",
  /** int64 big-endian: sequence number of the last commit (the journal's head). */
  commitSeq: "commit-seq",
} as const;

/**
 * The commit journal (journal.ts): per commit, the prior bytes of every key it wrote, so commits can
 * be undone. Not an engine table; written in the same batch as the commit it undoes.
 */
export const JOURNAL_BUCKET = 0x1c;

/** Bump when the meaning of stored bytes changes incompatibly. */
export const SCHEMA_VERSION = 1;

/** Engine table id → bucket. Keyed by `Table.id`, the engine's stable table name. */
export const BUCKETS = {
  // Accounts grow with the chain's users: a decoded Account (permissions included) takes ~5 KB, so
  // a chain of a million accounts cannot hold them all. Cold, with a large LRU: exact reads, bounded
  // memory (a 200 000-account chain took 1.1 GB and 10 s to open with accounts resident).
  accounts: {
    bucket: 0x01,
    resident: false,
    cache: 20_000,
    cacheBytes: 8 * 1024 * 1024,
    warmLatest: false,
    rows: "state",
  },
  "account-id-index": { bucket: 0x02, resident: true },
  "account-name-index": { bucket: 0x03, resident: true },
  properties: { bucket: 0x04, resident: true },
  "byte-properties": { bucket: 0x05, resident: true },
  // recent-blocks has at most 65536 rows (keyed by the low 2 bytes of the height).
  "recent-blocks": { bucket: 0x06, resident: true },
  witnesses: { bucket: 0x07, resident: true },
  // Block numbers are big-endian int64: the last keys are the newest blocks.
  // A block of a busy chain decodes to megabytes: the block cache is bounded by bytes too. The
  // byte bounds count encoded bytes, and a decoded block takes ~12× that in the heap (3.7 KB a
  // transfer): a soak at 100 tx/s grew by 100+ MB while these caches filled with 4 MiB bounds, and
  // by 7 MB more over ten minutes with 1 MiB (heap snapshots, 2026-12-01). 256 KiB keeps the
  // newest blocks of a busy chain (the ones read again) and up to 256 small ones.
  blocks: {
    bucket: 0x08,
    resident: false,
    cache: 256,
    cacheBytes: 256 * 1024,
    warmLatest: true,
    rows: "history",
  },
  // Block ids start with the big-endian block number: the last keys are the newest blocks.
  "block-index": { bucket: 0x09, resident: false, cache: 4096, warmLatest: true, rows: "history" },
  // Keyed by txID (random order): nothing useful to warm.
  "transaction-index": { bucket: 0x0a, resident: false, cache: 16384, warmLatest: false, rows: "history" },
  "transaction-infos": {
    bucket: 0x0b,
    resident: false,
    cache: 4096,
    cacheBytes: 1024 * 1024,
    warmLatest: false,
    rows: "history",
  },
  // resource model (staking): 0x0c–0x0f
  "delegated-resources": { bucket: 0x0c, resident: true },
  "delegated-resource-account-index": { bucket: 0x0d, resident: true },
  // witnesses, votes, rewards: 0x0e, then 0x10–0x17
  votes: { bucket: 0x0e, resident: true },
  delegation: { bucket: 0x10, resident: true },
  "delegation-account-votes": {
    bucket: 0x11,
    resident: false,
    cache: 4096,
    warmLatest: false,
    rows: "state",
  },
  "delegation-vi": { bucket: 0x12, resident: false, cache: 4096, warmLatest: false, rows: "state" },
  // balance history: 0x18–0x1b (append-only history, keyed by block number / address+block)
  // a block's trace lists every transaction's balance operations: bounded by bytes like blocks
  "balance-traces": {
    bucket: 0x18,
    resident: false,
    cache: 256,
    cacheBytes: 1024 * 1024,
    warmLatest: true,
    rows: "history",
  },
  "account-traces": {
    bucket: 0x19,
    resident: false,
    cache: 4096,
    cacheBytes: 1024 * 1024,
    warmLatest: false,
    rows: "history",
  },
  // contract events (an index of TransactionInfo logs by emitting contract): cold, read by range
  "contract-events": { bucket: 0x1d, resident: false, cache: 1024, warmLatest: false, rows: "history" },
  // the account index (TronGrid's /v1/accounts): history keyed by address, read by range; the
  // holder ↔ token pairs are read point-wise while indexing (is this pair new?), so they keep an LRU
  "account-transactions": { bucket: 0x50, resident: false, cache: 256, warmLatest: false, rows: "history" },
  "trc20-transfers": { bucket: 0x51, resident: false, cache: 256, warmLatest: false, rows: "history" },
  "account-trc20-tokens": { bucket: 0x52, resident: false, cache: 8192, warmLatest: false, rows: "state" },
  "trc20-holders": { bucket: 0x53, resident: false, cache: 256, warmLatest: false, rows: "history" },
  // one row per index: the last block it covers
  "index-marks": { bucket: 0x54, resident: true },
  // committee proposals and market orders: 0x2c–0x37
  proposals: { bucket: 0x2c, resident: true },
  // orders stay after they fill or are cancelled: history, read by id
  "market-orders": { bucket: 0x2d, resident: false, cache: 4096, warmLatest: false, rows: "state" },
  "market-account-orders": { bucket: 0x2e, resident: true },
  "market-pair-price-counts": { bucket: 0x2f, resident: true },
  "market-price-orders": { bucket: 0x30, resident: true },
  "market-price-directory": { bucket: 0x31, resident: true },
  "market-price-pages": { bucket: 0x32, resident: true },
  // 0x1c: the commit journal (JOURNAL_BUCKET, storage's own); 0x1e–0x1f reserved for dev-chain state
  // TRC-10 tokens and Bancor exchanges: 0x20–0x2b (bounded by the number of tokens/exchanges)
  "asset-issues": { bucket: 0x20, resident: true },
  "asset-issues-v2": { bucket: 0x21, resident: true },
  "asset-name-index": { bucket: 0x22, resident: true },
  exchanges: { bucket: 0x23, resident: true },
  "exchanges-v2": { bucket: 0x24, resident: true },
  // smart contracts (TVM): 0x38–0x3f. Code and storage grow with the chain: cold, LRU-cached.
  contracts: { bucket: 0x38, resident: false, cache: 16384, warmLatest: false, rows: "state" },
  "contract-abis": { bucket: 0x39, resident: false, cache: 1024, warmLatest: false, rows: "state" },
  code: { bucket: 0x3a, resident: false, cache: 4096, warmLatest: false, rows: "state" },
  "storage-rows": { bucket: 0x3b, resident: false, cache: 65536, warmLatest: false, rows: "state" },
  "contract-states": { bucket: 0x3c, resident: false, cache: 16384, warmLatest: false, rows: "state" },
  // a forked chain's marks of the rows it holds (fetched or its own): bounded by what it read
  "fork-rows": { bucket: 0x55, resident: true },
  // never written (a read of it names a missing storage row's contract slot, see ContractTables)
  "storage-slots": { bucket: 0x56, resident: true },
  // reserved: 0x25–0x2b TRC-10 tokens and exchanges, 0x2c–0x37 proposals and market,
  // 0x3d–0x3f smart contracts and the VM, 0x40–0x47 shielded notes, 0x48–0x4f the p2p network
  // next free: 0x57 (0x0f and 0x10–0x1b are reserved for the domains above)
  // retired: (none yet) — e.g. `// 0x0c "old-table": retired in <change>; never reuse`
} as const satisfies Record<string, BucketSpec>;

/** The engine table ids that have a bucket: the keys of BUCKETS. */
export type BucketTableId = keyof typeof BUCKETS;

/** The bucket of an engine table id; throws STORAGE_UNKNOWN_TABLE for a table with no bucket. */
export function bucketOf(tableId: string): BucketSpec {
  if (!Object.hasOwn(BUCKETS, tableId)) {
    throw storageError(
      StorageErrorCodes.unknownTable,
      `table "${tableId}" has no storage bucket; add one to packages/storage/src/buckets.ts`,
    );
  }
  return BUCKETS[tableId as BucketTableId];
}

/** `[bucket] ++ key`. */
export function bucketKey(bucket: number, key: Uint8Array): Uint8Array {
  const out = new Uint8Array(key.length + 1);
  out[0] = bucket;
  out.set(key, 1);
  return out;
}

/** Key bounds covering exactly one bucket: `gte [b]`, `lt [b + 1]`. */
export function bucketRange(bucket: number): { gte: Uint8Array; lt: Uint8Array } {
  return { gte: Uint8Array.of(bucket), lt: Uint8Array.of(bucket + 1) };
}
