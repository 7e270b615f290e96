import { type CodeTable, TronodeError } from "@tronode/engine/internal";

/** Stable `code`s of the TronodeErrors this package throws. */
export const StorageErrorCodes = {
  /** A table id with no bucket in buckets.ts. */
  unknownTable: "STORAGE_UNKNOWN_TABLE",
  /** The database was written by an incompatible schema version. */
  schemaMismatch: "STORAGE_SCHEMA_MISMATCH",
  /** The database belongs to another chain. */
  chainMismatch: "STORAGE_CHAIN_MISMATCH",
  /** The store or KV controller is closed. */
  closed: "STORAGE_CLOSED",
  /** A snapshot handed to a KV controller that did not create it. */
  foreignSnapshot: "STORAGE_FOREIGN_SNAPSHOT",
  /** A rewind past what the commit journal still holds. */
  journalPruned: "STORAGE_JOURNAL_PRUNED",
  /** A journal record that cannot be read back. */
  corruptJournal: "STORAGE_CORRUPT_JOURNAL",
  /** An optional package a storage backend needs is not installed. */
  missingPackage: "STORAGE_MISSING_PACKAGE",
} as const;

/** One of the `code`s in StorageErrorCodes. */
export type StorageErrorCode = (typeof StorageErrorCodes)[keyof typeof StorageErrorCodes];

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeTable<typeof StorageErrorCodes> {}
}

/** A TronodeError with one of this package's codes, keeping what caused it. */
export function storageError(code: StorageErrorCode, message: string, cause?: unknown): TronodeError {
  return new TronodeError(code, message, { cause });
}
