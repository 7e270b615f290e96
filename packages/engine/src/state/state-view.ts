import type { Table } from "./table.js";

/** Read-only access to chain state. Storage implements it over a database; tests over a Map. */
export interface StateView {
  get<K, V>(table: Table<K, V>, key: K): V | undefined;
}

/** One table's pending writes: keyId → entry (`value` undefined means deleted). */
export interface TableChanges<K = unknown, V = unknown> {
  readonly table: Table<K, V>;
  readonly entries: Map<string, { key: K; value: V | undefined }>;
}

/** All writes a state transition produces; applied atomically by the caller. */
export interface ChangeSet {
  readonly tables: ReadonlyMap<string, TableChanges>;
}

/** A state with no rows: the base of a genesis or of a state built up from change sets. */
export const EMPTY_VIEW: StateView = { get: () => undefined };
