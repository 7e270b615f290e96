/**
 * Delegation records and the delegation account index (java-tron's DelegatedResourceStore and
 * DelegatedResourceAccountIndexStore) over the engine's tables.
 *
 * Records use java-tron's keys. The index is stored one row per (layout, account): java-tron keeps
 * one row per pair and reads a side with a prefix scan sorted by delegation time; the engine's
 * state has point reads only, so each row here holds that side's counterparts already in that
 * order (a re-delegation moves the counterpart to the end, as its newer timestamp sorts it there).
 */
import { create } from "@bufbuild/protobuf";
import { bytesEqual, concatBytes } from "../crypto/bytes.js";
import {
  type DelegatedResource,
  type DelegatedResourceAccountIndex,
  DelegatedResourceAccountIndexSchema,
  DelegatedResourceSchema,
} from "../protocol/generated/protocol/core_pb.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { ResourceTables } from "./tables.js";

const V2_UNLOCKED_PREFIX = Uint8Array.of(0x01);
const V2_LOCKED_PREFIX = Uint8Array.of(0x02);

/** Stake 1.0 record key: `from ‖ to`. */
export function delegatedResourceKeyV1(from: Uint8Array, to: Uint8Array): Uint8Array {
  return concatBytes(from, to);
}

/** Stake 2.0 record key: `0x02 ‖ from ‖ to` when locked, `0x01 ‖ from ‖ to` otherwise. */
export function delegatedResourceKeyV2(from: Uint8Array, to: Uint8Array, locked: boolean): Uint8Array {
  return concatBytes(locked ? V2_LOCKED_PREFIX : V2_UNLOCKED_PREFIX, from, to);
}

export function emptyDelegatedResource(from: Uint8Array, to: Uint8Array): DelegatedResource {
  return create(DelegatedResourceSchema, { from, to });
}

/** Writes a record, or deletes it when both amounts are zero. */
export function putOrDeleteDelegatedResource(
  state: StateOverlay,
  key: Uint8Array,
  record: DelegatedResource,
): void {
  if (record.frozenBalanceForBandwidth === 0n && record.frozenBalanceForEnergy === 0n) {
    state.delete(ResourceTables.delegatedResources, key);
  } else {
    state.put(ResourceTables.delegatedResources, key, record);
  }
}

/**
 * DelegatedResourceStore.unLockExpireResource: the parts of the locked record whose lock expired
 * before `now` (ms) move into the unlocked record (expiry 0); an emptied locked record is deleted.
 */
export function unlockExpiredResource(
  state: StateOverlay,
  from: Uint8Array,
  to: Uint8Array,
  now: bigint,
): void {
  const lockKey = delegatedResourceKeyV2(from, to, true);
  const locked = state.get(ResourceTables.delegatedResources, lockKey);
  if (!locked) return;
  if (locked.expireTimeForEnergy >= now && locked.expireTimeForBandwidth >= now) return;
  const unlockKey = delegatedResourceKeyV2(from, to, false);
  const unlocked = {
    ...(state.get(ResourceTables.delegatedResources, unlockKey) ?? emptyDelegatedResource(from, to)),
  };
  const nextLocked = { ...locked };
  if (locked.expireTimeForEnergy < now) {
    unlocked.frozenBalanceForEnergy += locked.frozenBalanceForEnergy;
    unlocked.expireTimeForEnergy = 0n;
    nextLocked.frozenBalanceForEnergy = 0n;
    nextLocked.expireTimeForEnergy = 0n;
  }
  if (locked.expireTimeForBandwidth < now) {
    unlocked.frozenBalanceForBandwidth += locked.frozenBalanceForBandwidth;
    unlocked.expireTimeForBandwidth = 0n;
    nextLocked.frozenBalanceForBandwidth = 0n;
    nextLocked.expireTimeForBandwidth = 0n;
  }
  if (nextLocked.frozenBalanceForBandwidth === 0n && nextLocked.frozenBalanceForEnergy === 0n) {
    state.delete(ResourceTables.delegatedResources, lockKey);
  } else {
    state.put(ResourceTables.delegatedResources, lockKey, nextLocked);
  }
  state.put(ResourceTables.delegatedResources, unlockKey, unlocked);
}

// ---------------------------------------------------------------------------------------------
// Account index

/** Index layouts: java-tron's key prefixes (v1 optimized 0x01/0x02, v2 0x03/0x04). */
const V1_FROM = 0x01;
const V1_TO = 0x02;
const V2_FROM = 0x03;
const V2_TO = 0x04;

function sideKey(prefix: number, address: Uint8Array): Uint8Array {
  return concatBytes(Uint8Array.of(prefix), address);
}

function withCounterpartLast(list: readonly Uint8Array[], counterpart: Uint8Array): Uint8Array[] {
  return [...list.filter((a) => !bytesEqual(a, counterpart)), counterpart];
}

function withoutCounterpart(list: readonly Uint8Array[], counterpart: Uint8Array): Uint8Array[] {
  return list.filter((a) => !bytesEqual(a, counterpart));
}

function readSide(view: StateView, prefix: number, address: Uint8Array): readonly Uint8Array[] {
  const row = view.get(ResourceTables.delegationIndex, sideKey(prefix, address));
  if (!row) return [];
  return prefix === V1_FROM || prefix === V2_FROM ? row.toAccounts : row.fromAccounts;
}

function writeSide(state: StateOverlay, prefix: number, address: Uint8Array, list: Uint8Array[]): void {
  const key = sideKey(prefix, address);
  if (list.length === 0) {
    state.delete(ResourceTables.delegationIndex, key);
    return;
  }
  const isFromSide = prefix === V1_FROM || prefix === V2_FROM;
  state.put(
    ResourceTables.delegationIndex,
    key,
    create(DelegatedResourceAccountIndexSchema, {
      account: address,
      ...(isFromSide ? { toAccounts: list } : { fromAccounts: list }),
    }),
  );
}

function delegatePair(
  state: StateOverlay,
  fromPrefix: number,
  toPrefix: number,
  from: Uint8Array,
  to: Uint8Array,
) {
  writeSide(state, fromPrefix, from, withCounterpartLast(readSide(state, fromPrefix, from), to));
  writeSide(state, toPrefix, to, withCounterpartLast(readSide(state, toPrefix, to), from));
}

function unDelegatePair(
  state: StateOverlay,
  fromPrefix: number,
  toPrefix: number,
  from: Uint8Array,
  to: Uint8Array,
) {
  writeSide(state, fromPrefix, from, withoutCounterpart(readSide(state, fromPrefix, from), to));
  writeSide(state, toPrefix, to, withoutCounterpart(readSide(state, toPrefix, to), from));
}

/** DelegatedResourceAccountIndexStore.delegateV2: `from` delegates (again) to `to`. */
export function indexDelegateV2(state: StateOverlay, from: Uint8Array, to: Uint8Array): void {
  delegatePair(state, V2_FROM, V2_TO, from, to);
}

/** DelegatedResourceAccountIndexStore.unDelegateV2. */
export function indexUnDelegateV2(state: StateOverlay, from: Uint8Array, to: Uint8Array): void {
  unDelegatePair(state, V2_FROM, V2_TO, from, to);
}

/** The optimized v1 layout (ALLOW_DELEGATE_OPTIMIZATION=1): DelegatedResourceAccountIndexStore.delegate. */
export function indexDelegateV1(state: StateOverlay, from: Uint8Array, to: Uint8Array): void {
  delegatePair(state, V1_FROM, V1_TO, from, to);
}

/** The optimized v1 layout: DelegatedResourceAccountIndexStore.unDelegate. */
export function indexUnDelegateV1(state: StateOverlay, from: Uint8Array, to: Uint8Array): void {
  unDelegatePair(state, V1_FROM, V1_TO, from, to);
}

/** The old v1 layout (one row per address, key = the bare address). */
export function oldIndexRow(view: StateView, address: Uint8Array): DelegatedResourceAccountIndex | undefined {
  return view.get(ResourceTables.delegationIndex, address);
}

export function putOldIndexRow(state: StateOverlay, row: DelegatedResourceAccountIndex): void {
  state.put(ResourceTables.delegationIndex, row.account, row);
}

/**
 * DelegatedResourceAccountIndexStore.convert: moves an address's old-layout row into the
 * optimized layout (its lists keep their order) and deletes it.
 */
export function convertOldIndexRow(state: StateOverlay, address: Uint8Array): void {
  const row = oldIndexRow(state, address);
  if (!row) return;
  for (const to of row.toAccounts) indexDelegateV1(state, address, to);
  for (const from of row.fromAccounts) indexDelegateV1(state, from, address);
  state.delete(ResourceTables.delegationIndex, address);
}

function indexOf(view: StateView, address: Uint8Array, fromPrefix: number, toPrefix: number) {
  return create(DelegatedResourceAccountIndexSchema, {
    account: address,
    fromAccounts: [...readSide(view, toPrefix, address)],
    toAccounts: [...readSide(view, fromPrefix, address)],
  });
}

/** getIndex: the old-layout row when there is one, else the optimized v1 layout. */
export function delegationIndexV1(view: StateView, address: Uint8Array): DelegatedResourceAccountIndex {
  return oldIndexRow(view, address) ?? indexOf(view, address, V1_FROM, V1_TO);
}

/** getV2Index: who `address` delegates to (toAccounts) and receives from (fromAccounts), oldest first. */
export function delegationIndexV2(view: StateView, address: Uint8Array): DelegatedResourceAccountIndex {
  return indexOf(view, address, V2_FROM, V2_TO);
}
