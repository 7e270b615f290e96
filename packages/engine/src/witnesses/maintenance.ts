/**
 * The maintenance round (java-tron's MaintenanceManager.doMaintenance) and the per-block witness
 * rewards (Manager.payReward). Maintenance counts the votes changed since the last one, re-ranks
 * every witness (votes descending; ties by protobuf ByteString hash code, or by address with
 * CONSENSUS_LOGIC_OPTIMIZATION), keeps the first 27 as the active schedule, pays the standby
 * allowance (ALLOW_CHANGE_DELEGATION off) or starts the next reward cycle (on).
 */

import { withAccountFields } from "../chain/accounts.js";
import { MAX_ACTIVE_WITNESS_NUM } from "../chain/constants.js";
import { byteStringHashCode, packAddresses, unpackAddresses } from "../chain/witness-schedule.js";
import { bytesEqual, bytesToHex } from "../crypto/bytes.js";
import { removeThePowerOfTheGr } from "../proposals/lifecycle.js";
import type { Witness } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { allWitnessAddresses, clearPendingVoters, pendingVoters } from "./registry.js";
import { accumulateWitnessVi, payReward, startNextCycle, usesNewRewardAlgorithm } from "./rewards.js";
import { WitnessTables } from "./tables.js";

/** java-tron's WITNESS_STANDBY_LENGTH: witnesses sharing the standby rewards. */
export const WITNESS_STANDBY_LENGTH = 127;

/** WitnessStore.sortWitness: votes descending, then hash code (or hex address) descending. */
export function sortWitnessAddresses(
  view: StateView,
  addresses: readonly Uint8Array[],
  sortOpt: boolean,
): Uint8Array[] {
  const votes = (a: Uint8Array) => view.get(CoreTables.witnesses, a)?.voteCount ?? 0n;
  return [...addresses].sort((a, b) => {
    const va = votes(a);
    const vb = votes(b);
    if (va !== vb) return va > vb ? -1 : 1;
    if (sortOpt) {
      const ha = bytesToHex(a);
      const hb = bytesToHex(b);
      return ha === hb ? 0 : ha < hb ? 1 : -1;
    }
    return byteStringHashCode(b) - byteStringHashCode(a);
  });
}

function adjustAllowance(state: StateOverlay, address: Uint8Array, amount: bigint): void {
  const account = state.get(CoreTables.accounts, address);
  if (account)
    state.put(
      CoreTables.accounts,
      address,
      withAccountFields(account, { allowance: account.allowance + amount }),
    );
}

/** `(long)(votes · ((double) total / voteSum))` for each witness of `ranked`, into `pay`. */
function splitByVotes(
  view: StateView,
  ranked: readonly Uint8Array[],
  total: bigint,
  pay: (a: Uint8Array, v: bigint) => void,
) {
  let voteSum = 0n;
  for (const a of ranked) voteSum += view.get(CoreTables.witnesses, a)?.voteCount ?? 0n;
  if (voteSum <= 0n) return;
  const each = Number(total) / Number(voteSum);
  for (const a of ranked) {
    const votes = view.get(CoreTables.witnesses, a)?.voteCount ?? 0n;
    pay(a, BigInt(Math.trunc(Number(votes) * each)));
  }
}

/**
 * The block's reward (Manager.payReward): without ALLOW_CHANGE_DELEGATION the producer's allowance
 * gets WITNESS_PAY_PER_BLOCK (and the fee pool); with it, the producer's reward and
 * WITNESS_127_PAY_PER_BLOCK (split by votes over the top 127 witnesses with votes) go through
 * payReward's brokerage split.
 */
export function payBlockRewards(
  state: StateOverlay,
  props: MutableChainProperties,
  producer: Uint8Array,
): void {
  const pool = props.isOn("ALLOW_TRANSACTION_FEE_POOL") ? props.get("TRANSACTION_FEE_POOL") : 0n;
  if (pool > 0n) props.set("TRANSACTION_FEE_POOL", 0n);
  if (!props.isOn("ALLOW_CHANGE_DELEGATION")) {
    if (state.get(CoreTables.accounts, producer))
      adjustAllowance(state, producer, props.get("WITNESS_PAY_PER_BLOCK") + pool);
    return;
  }
  payReward(state, props, producer, props.get("WITNESS_PAY_PER_BLOCK"));
  const ranked = sortWitnessAddresses(
    state,
    allWitnessAddresses(props),
    props.isOn("CONSENSUS_LOGIC_OPTIMIZATION"),
  )
    .slice(0, WITNESS_STANDBY_LENGTH)
    .filter((a) => (state.get(CoreTables.witnesses, a)?.voteCount ?? 0n) >= 1n);
  splitByVotes(state, ranked, props.get("WITNESS_127_PAY_PER_BLOCK"), (a, v) =>
    payReward(state, props, a, v),
  );
  if (pool > 0n) payReward(state, props, producer, pool);
}

/** Each witness's vote change waiting for the next maintenance (VotesStore: −old +new). */
function pendingVoteDeltas(
  view: StateView,
  props: ChainProperties,
): Map<string, { address: Uint8Array; delta: bigint }> {
  const deltas = new Map<string, { address: Uint8Array; delta: bigint }>();
  const add = (address: Uint8Array, delta: bigint) => {
    const k = bytesToHex(address);
    const entry = deltas.get(k) ?? { address, delta: 0n };
    entry.delta += delta;
    deltas.set(k, entry);
  };
  for (const voter of pendingVoters(props)) {
    const row = view.get(WitnessTables.votes, voter);
    if (!row) continue;
    for (const v of row.oldVotes) add(v.voteAddress, -v.voteCount);
    for (const v of row.newVotes) add(v.voteAddress, v.voteCount);
  }
  return deltas;
}

/** Every witness with the votes the next maintenance would give it, ranked as it would rank them. */
export function witnessesWithLiveVotes(view: StateView, props: ChainProperties): Witness[] {
  const deltas = pendingVoteDeltas(view, props);
  const live = allWitnessAddresses(props)
    .map((a) => view.get(CoreTables.witnesses, a))
    .filter((w): w is Witness => w !== undefined)
    .map((w) => ({ ...w, voteCount: w.voteCount + (deltas.get(bytesToHex(w.address))?.delta ?? 0n) }));
  const byAddress = new Map(live.map((w) => [bytesToHex(w.address), w]));
  const liveView: StateView = {
    get: (table, key) =>
      (table.id === CoreTables.witnesses.id
        ? byAddress.get(bytesToHex(key as Uint8Array))
        : view.get(table, key)) as never,
  };
  const ranked = sortWitnessAddresses(
    liveView,
    live.map((w) => w.address),
    props.isOn("CONSENSUS_LOGIC_OPTIMIZATION"),
  );
  return ranked.map((a) => byAddress.get(bytesToHex(a))!);
}

/** MaintenanceManager.doMaintenance (not run for block 1, as in java-tron). */
export function doMaintenance(
  state: StateOverlay,
  props: MutableChainProperties,
  /** A forked chain's local witnesses (ChainSettings.localSchedule): they stay the active ones. */
  localSchedule?: readonly Uint8Array[],
): void {
  removeThePowerOfTheGr(state, props);
  // New reward algorithm: each witness's Vi for the cycle that ends here, from its votes in it.
  if (props.isOn("ALLOW_CHANGE_DELEGATION") && usesNewRewardAlgorithm(props)) {
    const cycle = props.get("CURRENT_CYCLE_NUMBER");
    for (const address of allWitnessAddresses(props)) {
      accumulateWitnessVi(state, cycle, address, state.get(CoreTables.witnesses, address)?.voteCount ?? 0n);
    }
  }
  // countVote: each VotesStore row moves its old votes out and its new votes in.
  const deltas = pendingVoteDeltas(state, props);
  for (const voter of pendingVoters(props)) state.delete(WitnessTables.votes, voter);
  clearPendingVoters(props);

  const all = allWitnessAddresses(props);
  if (deltas.size > 0) {
    const before = unpackAddresses(props.getBytes("ACTIVE_WITNESSES"));
    for (const { address, delta } of deltas.values()) {
      const witness = state.get(CoreTables.witnesses, address);
      if (!witness || !state.get(CoreTables.accounts, address)) continue;
      state.put(CoreTables.witnesses, address, { ...witness, voteCount: witness.voteCount + delta });
    }
    const ranked = sortWitnessAddresses(state, all, props.isOn("CONSENSUS_LOGIC_OPTIMIZATION"));
    const active = localSchedule ? [...localSchedule] : ranked.slice(0, MAX_ACTIVE_WITNESS_NUM);
    props.setBytes("ACTIVE_WITNESSES", packAddresses(active));
    if (!props.isOn("ALLOW_CHANGE_DELEGATION")) {
      splitByVotes(
        state,
        ranked.slice(0, WITNESS_STANDBY_LENGTH),
        props.get("WITNESS_STANDBY_ALLOWANCE"),
        (a, v) => adjustAllowance(state, a, v),
      );
    }
    const same = before.length === active.length && before.every((a) => active.some((b) => bytesEqual(a, b)));
    if (!same) {
      for (const a of before) {
        const w = state.get(CoreTables.witnesses, a);
        if (w) state.put(CoreTables.witnesses, a, { ...w, isJobs: false });
      }
      for (const a of active) {
        const w = state.get(CoreTables.witnesses, a);
        if (w) state.put(CoreTables.witnesses, a, { ...w, isJobs: true });
      }
    }
  }
  if (props.isOn("ALLOW_CHANGE_DELEGATION")) startNextCycle(state, props, all);
}
