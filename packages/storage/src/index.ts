/**
 * @tronode/storage — persistent chain state for tronode: the engine's tables in stable on-disk
 * buckets over a byte-level key-value store (LevelDB via classic-level, memory-level, or any
 * abstract-level database), served to the engine as a synchronous view, with a commit journal that
 * rewinds commits.
 *
 * @packageDocumentation
 */

// --- the on-disk layout ---
export {
  BUCKETS,
  type BucketSpec,
  type BucketTableId,
  bucketKey,
  bucketOf,
  bucketRange,
  type ColdBucket,
  JOURNAL_BUCKET,
  META_BUCKET,
  MetaKeys,
  type ResidentBucket,
  SCHEMA_VERSION,
} from "./buckets.js";
// --- the chain store ---
export {
  type ChainStore,
  type ChainStoreOptions,
  type CommitOptions,
  createChainStore,
  type JournalMark,
  type TableRange,
} from "./chain-store.js";
// --- errors ---
export { type StorageErrorCode, StorageErrorCodes } from "./errors.js";
// --- key-value backends ---
export {
  type AnyAbstractLevel,
  createAbstractLevelStorage,
  createLevelStorage,
  createMemoryStorage,
  type KvEntry,
  type KvOp,
  type KvRange,
  type KvSnapshot,
  type KvStorage,
  type LevelStorageOptions,
} from "./kv-controller.js";
