import { bytesToInt64, int64ToBytes, varintLength, writeVarint } from "@tronode/engine/internal";
import { bucketKey, JOURNAL_BUCKET } from "./buckets.js";
import { StorageErrorCodes, storageError } from "./errors.js";

/**
 * The commit journal: for every commit, the value each written key had before it (or its absence),
 * so that the store can be rewound commit by commit — dev-chain snapshots revert with it and a
 * networked node undoes blocks to a fork point with it.
 *
 * Record key: `[JOURNAL_BUCKET] ++ int64 BE seq`. Record value:
 *   int64 BE label (what the committer tagged the commit with, e.g. the head block number)
 *   then per written key: varint key length, key bytes (bucket byte included), one byte 0 = absent /
 *   1 = present, and when present varint value length and the value bytes.
 */
export interface UndoEntry {
  /** Full storage key (bucket byte ++ encoded table key). */
  readonly key: Uint8Array;
  /** The stored bytes before the commit; undefined when the key did not exist. */
  readonly before: Uint8Array | undefined;
}

/** One commit's journal record, decoded: its sequence number, label and the prior value of each key. */
export interface UndoRecord {
  readonly seq: bigint;
  readonly label: bigint;
  readonly entries: readonly UndoEntry[];
}

/** The storage key of commit `seq`'s journal record (they sort by seq). */
export function journalKey(seq: bigint): Uint8Array {
  return bucketKey(JOURNAL_BUCKET, int64ToBytes(seq));
}

/** The commit sequence number a journal record's key holds: the inverse of journalKey. */
export function seqOfJournalKey(key: Uint8Array): bigint {
  return bytesToInt64(key.subarray(1));
}

/** A journal record's value: the commit's label, then each written key and the bytes it held before. */
export function encodeUndoRecord(label: bigint, entries: readonly UndoEntry[]): Uint8Array {
  let size = 8;
  for (const { key, before } of entries) {
    size += varintLength(key.length) + key.length + 1;
    if (before) size += varintLength(before.length) + before.length;
  }
  const out = new Uint8Array(size);
  out.set(int64ToBytes(label), 0);
  let at = 8;
  for (const { key, before } of entries) {
    at = writeVarint(out, at, key.length);
    out.set(key, at);
    at += key.length;
    out[at++] = before ? 1 : 0;
    if (before) {
      at = writeVarint(out, at, before.length);
      out.set(before, at);
      at += before.length;
    }
  }
  return out;
}

/** Reads back an encodeUndoRecord value; throws STORAGE_CORRUPT_JOURNAL when it is malformed. */
export function decodeUndoRecord(seq: bigint, bytes: Uint8Array): UndoRecord {
  const corrupt = () =>
    storageError(
      StorageErrorCodes.corruptJournal,
      `journal record ${seq} is malformed (${bytes.length} bytes)`,
    );
  if (bytes.length < 8) throw corrupt();
  const label = bytesToInt64(bytes.subarray(0, 8));
  const entries: UndoEntry[] = [];
  let at = 8;
  const readVarint = (): number => {
    let n = 0;
    let scale = 1;
    for (;;) {
      if (at >= bytes.length || scale > 2 ** 35) throw corrupt();
      const b = bytes[at++]!;
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 128;
    }
  };
  const take = (length: number): Uint8Array => {
    if (at + length > bytes.length) throw corrupt();
    const slice = bytes.slice(at, at + length);
    at += length;
    return slice;
  };
  while (at < bytes.length) {
    const key = take(readVarint());
    const flag = take(1)[0];
    if (flag !== 0 && flag !== 1) throw corrupt();
    entries.push({ key, before: flag === 1 ? take(readVarint()) : undefined });
  }
  return { seq, label, entries };
}
