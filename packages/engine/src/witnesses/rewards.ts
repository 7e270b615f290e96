/**
 * Block and voter rewards (java-tron's MortgageService and DelegationStore), used when
 * ALLOW_CHANGE_DELEGATION is on: a witness keeps its brokerage share of each reward, the rest goes
 * to that cycle's pool for its voters, who collect it by cycle (`withdrawReward`, `queryReward`).
 * With the flag off (a fresh private chain's default) rewards go straight to the producer's
 * allowance and voters earn nothing, as in java-tron.
 */

import { create } from "@bufbuild/protobuf";
import { withAccountFields } from "../chain/accounts.js";
import { bytesToHex, hexToBytes } from "../crypto/bytes.js";
import { type Account, AccountSchema } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { WitnessTables } from "./tables.js";

/** DelegationStore.DEFAULT_BROKERAGE (%) and REMARK (an absent figure). */
export const DEFAULT_BROKERAGE = 20n;
const REMARK = -1n;
/** The pending-brokerage cycle: UpdateBrokerage writes here, maintenance copies it forward. */
const PENDING_CYCLE = -1n;

const key = (cycle: bigint, address: Uint8Array, what: string) => `${cycle}-${bytesToHex(address)}-${what}`;

export function currentCycle(props: ChainProperties): bigint {
  return props.get("CURRENT_CYCLE_NUMBER");
}

/** DelegationStore.getBrokerage(cycle, address): default 20 %. */
export function brokerageOf(view: StateView, cycle: bigint, address: Uint8Array): bigint {
  return view.get(WitnessTables.delegation, key(cycle, address, "brokerage")) ?? DEFAULT_BROKERAGE;
}

/** The brokerage a witness has set for coming cycles (UpdateBrokerage), as getBrokerage answers it. */
export function pendingBrokerage(view: StateView, address: Uint8Array): bigint {
  return brokerageOf(view, PENDING_CYCLE, address);
}

export function setPendingBrokerage(state: StateOverlay, address: Uint8Array, brokerage: bigint): void {
  state.put(WitnessTables.delegation, key(PENDING_CYCLE, address, "brokerage"), brokerage);
}

function getNumber(view: StateView, k: string, fallback: bigint): bigint {
  return view.get(WitnessTables.delegation, k) ?? fallback;
}

function adjustAllowance(state: StateOverlay, address: Uint8Array, amount: bigint): void {
  if (amount <= 0n) return;
  const account = state.get(CoreTables.accounts, address);
  if (!account) return;
  state.put(
    CoreTables.accounts,
    address,
    withAccountFields(account, { allowance: account.allowance + amount }),
  );
}

/** payReward: the witness keeps `(long)(brokerage/100.0 · value)`; the rest feeds the cycle's voter pool. */
export function payReward(
  state: StateOverlay,
  props: MutableChainProperties,
  witness: Uint8Array,
  value: bigint,
): void {
  const cycle = currentCycle(props);
  const brokerage = brokerageOf(state, cycle, witness);
  const toWitness = BigInt(Math.trunc((Number(brokerage) / 100) * Number(value)));
  const poolKey = key(cycle, witness, "reward");
  state.put(WitnessTables.delegation, poolKey, getNumber(state, poolKey, 0n) + value - toWitness);
  adjustAllowance(state, witness, toWitness);
}

/**
 * Maintenance with ALLOW_CHANGE_DELEGATION: the next cycle starts; each witness's pending brokerage
 * and current votes are recorded for it.
 */
export function startNextCycle(
  state: StateOverlay,
  props: MutableChainProperties,
  witnesses: readonly Uint8Array[],
) {
  const next = currentCycle(props) + 1n;
  props.set("CURRENT_CYCLE_NUMBER", next);
  for (const address of witnesses) {
    state.put(WitnessTables.delegation, key(next, address, "brokerage"), pendingBrokerage(state, address));
    state.put(
      WitnessTables.delegation,
      key(next, address, "vote"),
      state.get(CoreTables.witnesses, address)?.voteCount ?? 0n,
    );
  }
}

/**
 * getOldReward for one cycle: each vote earns `userVote / witnessVotes · pool` in Java double
 * arithmetic, accumulated with `long += double` (truncating at every step).
 */
function cycleReward(view: StateView, cycle: bigint, votes: Account["votes"]): bigint {
  let reward = 0n;
  for (const vote of votes) {
    const pool = getNumber(view, key(cycle, vote.voteAddress, "reward"), 0n);
    if (pool <= 0n) continue;
    const total = getNumber(view, key(cycle, vote.voteAddress, "vote"), REMARK);
    if (total === REMARK || total === 0n) continue;
    reward = BigInt(Math.trunc(Number(reward) + (Number(vote.voteCount) / Number(total)) * Number(pool)));
  }
  return reward;
}

/** Java's BigInteger.toByteArray for a non-negative value: big-endian, with a sign byte when needed. */
function bigIntegerToBytes(value: bigint): Uint8Array {
  let hex = value.toString(16);
  if (hex.length % 2 === 1) hex = `0${hex}`;
  if (Number.parseInt(hex.slice(0, 2), 16) >= 0x80) hex = `00${hex}`;
  return hexToBytes(hex);
}

/** `new BigInteger(bytes)`: big-endian two's complement. */
function bigIntegerFromBytes(bytes: Uint8Array): bigint {
  if (bytes.length === 0) return 0n;
  const unsigned = BigInt(`0x${bytesToHex(bytes)}`);
  return bytes[0]! >= 0x80 ? unsigned - (1n << BigInt(bytes.length * 8)) : unsigned;
}

/** DelegationStore.DECIMAL_OF_VI_REWARD. */
const DECIMAL_OF_VI_REWARD = 10n ** 18n;

function witnessVi(view: StateView, cycle: bigint, address: Uint8Array): bigint {
  const bytes = view.get(WitnessTables.delegationVi, key(cycle, address, "vi"));
  return bytes ? bigIntegerFromBytes(bytes) : 0n;
}

/**
 * DelegationStore.accumulateWitnessVi (maintenance, new reward algorithm): the witness's reward per
 * vote so far grows by this cycle's pool × 1e18 / its votes; a zero Vi is never recorded.
 */
export function accumulateWitnessVi(
  state: StateOverlay,
  cycle: bigint,
  address: Uint8Array,
  voteCount: bigint,
): void {
  const previous = witnessVi(state, cycle - 1n, address);
  const pool = getNumber(state, key(cycle, address, "reward"), 0n);
  let vi = previous;
  if (pool !== 0n && voteCount !== 0n) vi = previous + (pool * DECIMAL_OF_VI_REWARD) / voteCount;
  if (vi === 0n) return;
  state.put(WitnessTables.delegationVi, key(cycle, address, "vi"), bigIntegerToBytes(vi));
}

export function usesNewRewardAlgorithm(props: ChainProperties): boolean {
  return props.get("NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE") !== 0x7fffffffffffffffn;
}

/**
 * MortgageService.computeReward(begin, end): cycles before `newFrom` (NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE)
 * by the original per-cycle shares, later ones by the difference of the witnesses' Vi.
 */
function computeReward(
  view: StateView,
  newFrom: bigint,
  begin: bigint,
  end: bigint,
  votes: Account["votes"],
): bigint {
  if (begin >= end) return 0n;
  let reward = 0n;
  let from = begin;
  if (from < newFrom) {
    const oldEnd = end < newFrom ? end : newFrom;
    for (let cycle = from; cycle < oldEnd; cycle++) reward += cycleReward(view, cycle, votes);
    from = oldEnd;
  }
  if (from < end) {
    for (const vote of votes) {
      const delta =
        witnessVi(view, end - 1n, vote.voteAddress) - witnessVi(view, from - 1n, vote.voteAddress);
      if (delta <= 0n) continue;
      reward += BigInt.asIntN(64, (delta * vote.voteCount) / DECIMAL_OF_VI_REWARD);
    }
  }
  return reward;
}

interface Settlement {
  readonly reward: bigint;
  readonly begin: bigint;
}

/** The part of withdrawReward/queryReward that settles a pending last cycle (beginCycle + 1 == endCycle). */
function settleLatest(view: StateView, newFrom: bigint, address: Uint8Array, cycle: bigint): Settlement {
  let begin = getNumber(view, `begin-${bytesToHex(address)}`, 0n);
  const end = getNumber(view, `end-${bytesToHex(address)}`, REMARK);
  let reward = 0n;
  if (begin + 1n === end && begin < cycle) {
    const snapshot = view.get(WitnessTables.delegationAccountVotes, key(begin, address, "account-vote"));
    if (snapshot) reward = computeReward(view, newFrom, begin, end, snapshot.votes);
    begin += 1n;
  }
  return { reward, begin };
}

/**
 * MortgageService.withdrawReward: settles the voter rewards `address` earned in the cycles since its
 * last settlement into its allowance, then snapshots its current votes for the current cycle.
 */
export function withdrawReward(
  state: StateOverlay,
  props: MutableChainProperties,
  address: Uint8Array,
): void {
  if (!props.isOn("ALLOW_CHANGE_DELEGATION")) return;
  settleReward(state, props, address, props.get("NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE"));
}

/**
 * The TVM's VoteRewardUtil.withdrawReward (FREEZE/UNFREEZE…, VOTEWITNESS, WITHDRAWREWARD,
 * SELFDESTRUCT): the same settlement, gated by the caller on ALLOW_TVM_VOTE instead of
 * ALLOW_CHANGE_DELEGATION, and counted by the witnesses' Vi for every cycle.
 */
export function withdrawRewardForVm(state: StateOverlay, props: ChainProperties, address: Uint8Array): void {
  settleReward(state, props, address, VI_FOR_EVERY_CYCLE);
}

/** The TVM's VoteRewardUtil.queryReward (the rewardBalance precompile): Vi for every cycle. */
export function queryRewardForVm(view: StateView, props: ChainProperties, address: Uint8Array): bigint {
  return pendingReward(view, props, address, VI_FOR_EVERY_CYCLE);
}

/** A "new reward algorithm" start no cycle precedes. */
const VI_FOR_EVERY_CYCLE = -(1n << 63n);

function settleReward(
  state: StateOverlay,
  props: ChainProperties,
  address: Uint8Array,
  newFrom: bigint,
): void {
  const account = state.get(CoreTables.accounts, address);
  const cycle = currentCycle(props);
  const hex = bytesToHex(address);
  const storedBegin = getNumber(state, `begin-${hex}`, 0n);
  if (storedBegin > cycle || !account) return;
  if (
    storedBegin === cycle &&
    state.get(WitnessTables.delegationAccountVotes, key(storedBegin, address, "account-vote"))
  )
    return;
  const settled = settleLatest(state, newFrom, address, cycle);
  adjustAllowance(state, address, settled.reward);
  const current = state.get(CoreTables.accounts, address)!;
  if (current.votes.length === 0) {
    state.put(WitnessTables.delegation, `begin-${hex}`, cycle + 1n);
    return;
  }
  if (settled.begin < cycle)
    adjustAllowance(state, address, computeReward(state, newFrom, settled.begin, cycle, current.votes));
  state.put(WitnessTables.delegation, `begin-${hex}`, cycle);
  state.put(WitnessTables.delegation, `end-${hex}`, cycle + 1n);
  state.put(
    WitnessTables.delegationAccountVotes,
    key(cycle, address, "account-vote"),
    create(AccountSchema, { address, votes: current.votes }),
  );
}

/** MortgageService.queryReward (/wallet/getReward): what withdrawReward would pay, plus the allowance. */
export function queryReward(view: StateView, props: ChainProperties, address: Uint8Array): bigint {
  if (!props.isOn("ALLOW_CHANGE_DELEGATION")) return 0n;
  return pendingReward(view, props, address, props.get("NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE"));
}

function pendingReward(
  view: StateView,
  props: ChainProperties,
  address: Uint8Array,
  newFrom: bigint,
): bigint {
  const account = view.get(CoreTables.accounts, address);
  if (!account) return 0n;
  const cycle = currentCycle(props);
  const begin = getNumber(view, `begin-${bytesToHex(address)}`, 0n);
  if (begin > cycle) return account.allowance;
  const settled = settleLatest(view, newFrom, address, cycle);
  if (account.votes.length === 0) return settled.reward + account.allowance;
  let reward = settled.reward;
  if (settled.begin < cycle) reward += computeReward(view, newFrom, settled.begin, cycle, account.votes);
  return reward + account.allowance;
}
