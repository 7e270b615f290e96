import { concatBytes, utf8Encode } from "../crypto/bytes.js";
import { bytesKey, defineTable, int64Value, type Table } from "./table.js";

/**
 * The bookkeeping of a forked chain (tronode's --fork), whose state starts on an upstream network
 * and is filled in as it is read. Empty on every other chain.
 */
export const ForkTables = {
  /**
   * `forkRowKey(table, key)` → the upstream head number when the row was fetched, or −1 when the
   * chain wrote it first. A row with a mark is the chain's own, present or absent: reads of it
   * never go upstream again, and an absent row with a mark is absent upstream too (or was deleted).
   */
  forkRows: defineTable("fork-rows", bytesKey, int64Value),
} as const;

/** A row's mark key: the table id, a zero byte, the row's key bytes. */
export function forkRowKey<K, V>(table: Table<K, V>, key: K): Uint8Array {
  return concatBytes(utf8Encode(table.id), Uint8Array.of(0), table.encodeKey(key));
}

/** The mark written for a row the chain wrote before anything fetched it. */
export const WRITTEN_LOCALLY = -1n;
