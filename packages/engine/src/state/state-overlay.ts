import { createStateDigest } from "./state-digest.js";
import type { ChangeSet, StateView, TableChanges } from "./state-view.js";
import type { Table } from "./table.js";

/**
 * Copy-on-write layer over a StateView: reads fall through to the parent, writes stay here until
 * `changes()` hands them out. Values handed out by `get` must be treated as immutable; writers
 * `put` a fresh (cloned) value.
 */
export class StateOverlay implements StateView {
  private readonly tables = new Map<string, TableChanges>();

  constructor(private readonly parent: StateView) {}

  get<K, V>(table: Table<K, V>, key: K): V | undefined {
    return this.lookup(table, key, table.keyId(key));
  }

  /** Reads through the overlay chain computing the key id once. */
  private lookup<K, V>(table: Table<K, V>, key: K, keyId: string): V | undefined {
    const local = this.tables.get(table.id)?.entries.get(keyId);
    if (local) return local.value as V | undefined;
    const parent = this.parent;
    return parent instanceof StateOverlay ? parent.lookup(table, key, keyId) : parent.get(table, key);
  }

  /**
   * A row written somewhere in this chain of overlays, never read from the view beneath them: for
   * tables that live only in a run's overlays (the VM's transient storage and new-contract marks),
   * which committed state does not hold.
   */
  getWritten<K, V>(table: Table<K, V>, key: K): V | undefined {
    const keyId = table.keyId(key);
    let layer: StateView = this;
    while (layer instanceof StateOverlay) {
      const entry = layer.tables.get(table.id)?.entries.get(keyId);
      if (entry) return entry.value as V | undefined;
      layer = layer.parent;
    }
    return undefined;
  }

  has<K, V>(table: Table<K, V>, key: K): boolean {
    return this.get(table, key) !== undefined;
  }

  put<K, V>(table: Table<K, V>, key: K, value: V): void {
    this.entriesOf(table).set(table.keyId(key), { key, value });
  }

  delete<K, V>(table: Table<K, V>, key: K): void {
    this.entriesOf(table).set(table.keyId(key), { key, value: undefined });
  }

  /** Folds a child's changes into this layer. */
  merge(changes: ChangeSet): void {
    for (const [id, tc] of changes.tables) {
      let mine = this.tables.get(id);
      if (!mine) {
        mine = { table: tc.table, entries: new Map() };
        this.tables.set(id, mine);
      }
      for (const [k, e] of tc.entries) mine.entries.set(k, e);
    }
  }

  changes(): ChangeSet {
    return { tables: this.tables };
  }

  get size(): number {
    let n = 0;
    for (const t of this.tables.values()) n += t.entries.size;
    return n;
  }

  private entriesOf<K, V>(table: Table<K, V>): Map<string, { key: K; value: V | undefined }> {
    let tc = this.tables.get(table.id);
    if (!tc) {
      tc = { table: table as Table<unknown, unknown>, entries: new Map() };
      this.tables.set(table.id, tc);
    }
    return tc.entries as Map<string, { key: K; value: V | undefined }>;
  }
}

/** An in-memory StateView holding everything (tests, embedding without storage). */
export class MemoryState implements StateView {
  private readonly overlay = new StateOverlay({ get: () => undefined });

  get<K, V>(table: Table<K, V>, key: K): V | undefined {
    return this.overlay.get(table, key);
  }

  apply(changes: ChangeSet): void {
    this.overlay.merge(changes);
  }

  /**
   * The state digest (state-digest.ts) of everything held: the same value a ChainStore holding this
   * state answers, so an in-memory replay can be compared with a node's database.
   */
  digest(): Uint8Array {
    const digest = createStateDigest();
    const tables = [...this.overlay.changes().tables.values()].sort((a, b) =>
      a.table.id < b.table.id ? -1 : a.table.id > b.table.id ? 1 : 0,
    );
    for (const { table, entries } of tables) {
      const rows: [Uint8Array, Uint8Array][] = [];
      for (const { key, value } of entries.values()) {
        if (value !== undefined) rows.push([table.encodeKey(key), table.encodeValue(value)]);
      }
      rows.sort(([a], [b]) => compareBytes(a, b));
      for (const [key, value] of rows) digest.add(table.id, key, value);
    }
    return digest.digest();
  }
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}
