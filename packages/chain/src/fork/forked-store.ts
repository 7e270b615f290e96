/**
 * A forked chain's store: the chain store, with reads of rows it lacks noted as misses instead of
 * answered "absent". The engine stays synchronous and pure: a read it cannot answer gives
 * `undefined` and counts a miss; whoever ran the engine (a query, a broadcast, a block) sees the
 * count move, has the misses fetched (`resolve`) and runs again — so no result ever rests on a row
 * the chain did not hold. Fetched rows are written without a journal record (they are the state
 * before any local block: a rewind keeps them), each with a mark (ForkTables.forkRows) holding the
 * upstream head it was fetched at; the chain's own writes mark their rows too, so a row the chain
 * wrote or deleted is never fetched over.
 */
import {
  bytesToHex,
  type ChangeSet,
  type ContractState,
  ContractTables,
  ForkTables,
  forkRowKey,
  MutableChainProperties,
  StateOverlay,
  type StateView,
  storageSlotOf,
  type Table,
  TronodeError,
  WRITTEN_LOCALLY,
} from "@tronode/engine/internal";
import type { ChainStore, CommitOptions } from "@tronode/storage";
import "../errors.js";
import {
  type FetchedRow,
  type ForkFacts,
  fetchIdentity,
  fetchRows,
  isForkedRead,
  isForkedRow,
  isMarkedOnWrite,
  type StateMiss,
  type Upstream,
} from "./upstream-rows.js";

/** The misses noted since the store opened: `count` only grows, so a run compares it before and after. */
export interface MissLog {
  readonly count: number;
}

export interface ForkedStore extends ChainStore {
  readonly misses: MissLog;
  /** Fetches every pending miss (in parallel, merged per upstream call) and writes the rows. */
  resolve(): Promise<void>;
  /** Fetches the rows behind `misses` now (the prefetch list, a reset). */
  fetch(misses: readonly StateMiss[]): Promise<void>;
  /**
   * Points the store at another upstream and fork block (a reset), or at none: a fresh local chain
   * reads no row upstream. Pending misses are dropped; the caller replaces the rows.
   */
  repoint(upstream: Upstream | undefined, facts: ForkFacts | undefined): void;
  /** Whether the store reads upstream (false after a reset to a fresh local chain). */
  readonly forking: boolean;
  /** Rows written from upstream over the store's life (resets included): it only grows. */
  readonly fetchCount: number;
  /** Rows fetched for this fork and the upstream heads they were fetched at. */
  stats(): {
    readonly rows: number;
    readonly fromHead: bigint | undefined;
    readonly toHead: bigint | undefined;
  };
}

export interface ForkedStoreOptions {
  readonly store: ChainStore;
  readonly upstream: Upstream;
  /** The fork block and the upstream genesis time: reading upstream's answers needs them. */
  readonly facts: ForkFacts;
}

export function createForkedStore(options: ForkedStoreOptions): ForkedStore {
  const { store } = options;
  // a reset points the store elsewhere (another fork block, or none: a fresh local chain)
  let source: { upstream: Upstream; facts: ForkFacts } | undefined = {
    upstream: options.upstream,
    facts: options.facts,
  };
  const pending = new Map<string, StateMiss>();
  let count = 0;
  let fromHead: bigint | undefined;
  let toHead: bigint | undefined;
  let fetched = 0;
  let fetchCount = 0;
  // every write (local commits, fetched rows, rewinds) in one order, so a fetched row is checked
  // against the chain's own marks right before it is written
  let writes: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const run = writes.then(work, work);
    writes = run.catch(() => undefined);
    return run;
  };

  const note = (miss: StateMiss): void => {
    count++;
    pending.set(fetchIdentity(miss), miss);
  };

  function lazy(base: StateView): StateView {
    return {
      get<K, V>(table: Table<K, V>, key: K): V | undefined {
        if (table.id === ContractTables.storageSlots.id) {
          if (source === undefined) return undefined;
          const slot = storageSlotOf(key as Uint8Array);
          if (
            base.get(ForkTables.forkRows, forkRowKey(ContractTables.storageRows, slot.rowKey)) === undefined
          ) {
            note({ kind: "slot", ...slot });
          }
          return undefined;
        }
        const value = base.get(table, key);
        if (
          value !== undefined ||
          source === undefined ||
          !isForkedRead(table as Table<unknown, unknown>, key, source.facts.forkNumber)
        )
          return value;
        if (base.get(ForkTables.forkRows, forkRowKey(table, key)) === undefined) {
          note({ kind: "row", table: table as Table<unknown, unknown>, key });
        }
        return undefined;
      },
    };
  }

  const view = lazy(store.view);

  /** Writes fetched rows the chain holds no mark for, with their marks, outside the journal. */
  function writeFetched(rows: readonly FetchedRow[], head: bigint): Promise<void> {
    return serial(async () => {
      const overlay = new StateOverlay(store.view);
      for (const row of rows) {
        const mark = forkRowKey(row.table, row.key);
        if (overlay.get(ForkTables.forkRows, mark) !== undefined) continue;
        if (row.table.id === ContractTables.contractStates.id && row.value !== undefined) {
          keepCycle(overlay, row.value as ContractState);
        }
        if (row.value !== undefined) overlay.put(row.table, row.key, row.value);
        overlay.put(ForkTables.forkRows, mark, head);
        fetched++;
        fetchCount++;
      }
      await store.commit(overlay.changes(), { journal: false });
    });
  }

  /**
   * getcontractinfo prints a contract's state caught up to upstream's current cycle, so its
   * update_cycle is that cycle — which no other java-tron call tells. The fork's cycle follows it
   * (a state from a later cycle than the chain's would be reset by the next catch-up, losing its
   * energy factor); a state from an earlier one is current as of the fork's own cycle.
   */
  function keepCycle(overlay: StateOverlay, state: ContractState): void {
    const props = new MutableChainProperties(overlay);
    const cycle = props.get("CURRENT_CYCLE_NUMBER");
    if (state.updateCycle > cycle) props.set("CURRENT_CYCLE_NUMBER", state.updateCycle);
    else state.updateCycle = cycle;
  }

  async function fetch(misses: readonly StateMiss[]): Promise<void> {
    const from = source;
    if (misses.length === 0 || from === undefined) return;
    // a slot's row key depends on its contract record: fetch contracts first, slots of a contract still
    // unknown are noted again by the next run with the right key
    const isSlot = (m: StateMiss) => m.kind === "slot";
    const first = misses.filter((m) => !isSlot(m));
    const contractsMissing = new Set(
      first
        .filter((m) => m.kind === "row" && m.table.id === ContractTables.contracts.id)
        .map((m) => bytesToHex((m as { key: Uint8Array }).key)),
    );
    const slots = misses.filter((m) => m.kind === "slot" && !contractsMissing.has(bytesToHex(m.address)));
    const rows = (
      await Promise.all([...first, ...slots].map((m) => fetchRows(from.upstream, m, from.facts)))
    ).flat();
    // a reset while the rows were on their way: they belong to the chain it replaced
    if (source !== from) return;
    // java-tron reads only its head: these rows are "as of" the head the answers were read at
    const head = from.upstream.lastHead;
    fromHead = fromHead === undefined || head < fromHead ? head : fromHead;
    toHead = toHead === undefined || head > toHead ? head : toHead;
    await writeFetched(rows, head);
  }

  /** Marks the rows of forked tables a local commit writes, unless already marked. */
  function withMarks(changes: ChangeSet): ChangeSet {
    const overlay = new StateOverlay(store.view);
    overlay.merge(changes);
    for (const [id, tc] of changes.tables) {
      if (!isMarkedOnWrite(id)) continue;
      for (const { key, value } of tc.entries.values()) {
        // a deletion needs no new mark: the row was the chain's (written, so marked) or fetched (marked)
        if (value === undefined) continue;
        const mark = forkRowKey(tc.table, key);
        if (overlay.get(ForkTables.forkRows, mark) === undefined)
          overlay.put(ForkTables.forkRows, mark, WRITTEN_LOCALLY);
      }
    }
    return overlay.changes();
  }

  return {
    get view() {
      return view;
    },
    get chainId() {
      return store.chainId;
    },
    get commitSeq() {
      return store.commitSeq;
    },
    misses: {
      get count() {
        return count;
      },
    },
    async resolve() {
      const batch = [...pending.values()];
      pending.clear();
      await fetch(batch);
    },
    fetch,
    stats: () => ({ rows: fetched, fromHead, toHead }),
    get forking() {
      return source !== undefined;
    },
    get fetchCount() {
      return fetchCount;
    },
    repoint(upstream, facts) {
      source = upstream === undefined || facts === undefined ? undefined : { upstream, facts };
      pending.clear();
      fetched = 0;
      fromHead = undefined;
      toHead = undefined;
    },
    async read<K, V>(table: Table<K, V>, key: K): Promise<V | undefined> {
      const value = await store.read(table, key);
      if (
        value !== undefined ||
        source === undefined ||
        !isForkedRow(table as Table<unknown, unknown>, key, source.facts.forkNumber)
      )
        return value;
      if (store.view.get(ForkTables.forkRows, forkRowKey(table, key)) !== undefined) return undefined;
      await fetch([{ kind: "row", table: table as Table<unknown, unknown>, key }]);
      return store.read(table, key);
    },
    async readEncoded<K, V>(table: Table<K, V>, key: K): Promise<Uint8Array | undefined> {
      await this.read(table, key);
      return store.readEncoded(table, key);
    },
    iterate: (table, range) => store.iterate(table, range),
    commit: (changes: ChangeSet, commitOptions?: CommitOptions) =>
      serial(() => store.commit(withMarks(changes), commitOptions)),
    journal: () => store.journal(),
    rewind: (seq) => serial(() => store.rewind(seq)),
    pruneJournal: (seq) => serial(() => store.pruneJournal(seq)),
    viewAt: (seq) => lazy(store.viewAt(seq)),
    stateDigest: () => store.stateDigest(),
    close: () => serial(() => store.close()),
  };
}

/** How many fetch-and-run rounds one request may take before it gives up. */
export const MAX_FORK_ROUNDS = 32;

/**
 * Runs `work` until it completes with no miss noted while it ran, fetching the misses between
 * runs. Other requests' misses may make a run start again (the count is shared): never a wrong
 * answer, at worst one more run.
 */
export async function untilResolved<T>(store: ForkedStore, work: () => Promise<T>): Promise<T> {
  for (let round = 0; round < MAX_FORK_ROUNDS; round++) {
    const before = store.misses.count;
    let result: T;
    try {
      result = await work();
    } catch (e) {
      if (store.misses.count === before) throw e;
      await store.resolve();
      continue;
    }
    if (store.misses.count === before) return result;
    await store.resolve();
  }
  throw new TronodeError(
    "FORK_STATE_UNRESOLVED",
    `the request still read state the fork does not hold after ${MAX_FORK_ROUNDS} rounds of fetching from upstream`,
  );
}
