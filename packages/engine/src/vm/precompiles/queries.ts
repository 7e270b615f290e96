import {
  acquiredV1,
  acquiredV2,
  allFrozenForBandwidth,
  allFrozenForEnergy,
  allTronPower,
  delegatedV1,
  delegatedV2,
  frozenV1Bandwidth,
  frozenV1Energy,
  frozenV2,
  TRX_PRECISION,
  tronPower,
  UNFREEZE_MAX_TIMES,
  unfreezingV2Count,
} from "../../accounts/account-resources.js";
import { javaLongOfDouble } from "../../chain/arithmetic.js";
import { increaseUsage } from "../../chain/usage-window.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import type { Account } from "../../protocol/generated/protocol/core_pb.js";
import { delegatedResourceKeyV2 } from "../../resources/delegation.js";
import { usageOf, windowSize } from "../../resources/resource-window.js";
import { ResourceTables } from "../../resources/tables.js";
import type { PropertyName } from "../../state/chain-parameters.js";
import { ChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import type { StateView } from "../../state/state-view.js";
import { queryRewardForVm } from "../../witnesses/rewards.js";
import { longWord } from "./bytes.js";
import type { Precompile, PrecompileOutput } from "./types.js";

const WORD = 32;
const LONG_MAX = (1n << 63n) - 1n;
const zero = (): PrecompileOutput => ({ success: true, data: new Uint8Array(WORD) });
const long = (v: bigint): PrecompileOutput => ({ success: true, data: longWord(v) });

function wordAt(data: Uint8Array, i: number): Uint8Array {
  return data.subarray(i * WORD, (i + 1) * WORD);
}

function addressAt(data: Uint8Array, i: number): Uint8Array {
  const out = new Uint8Array(21);
  out[0] = 0x41;
  out.set(wordAt(data, i).subarray(12), 1);
  return out;
}

/** DataWord.longValueSafe of the i-th word. */
function longSafeAt(data: Uint8Array, i: number): bigint {
  let v = 0n;
  for (const b of wordAt(data, i)) v = (v << 8n) | BigInt(b);
  return v > LONG_MAX ? LONG_MAX : v;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

const fixed = (energy: number, execute: Precompile["execute"]): Precompile => ({
  energy: () => energy,
  execute,
});

/** 0x1000005–0x100000a (#59): reward and vote queries. */
export const votePrecompiles: Precompile[] = [
  // rewardBalance: the caller's reward (VoteRewardUtil.queryReward)
  fixed(500, (_data, { caller, state, program }) =>
    long(program.tx.config.allowTvmVote ? queryRewardForVm(state, new ChainProperties(state), caller) : 0n),
  ),
  // isSrCandidate(address)
  fixed(20, (data, { state }) => {
    if (data.length !== WORD) return zero();
    const found = state.get(CoreTables.witnesses, addressAt(data, 0)) !== undefined;
    return long(found ? 1n : 0n);
  }),
  // voteCount(from, witness)
  fixed(500, (data, { state }) => {
    if (data.length !== 2 * WORD) return long(0n);
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    const witness = addressAt(data, 1);
    let count = 0n;
    for (const vote of account?.votes ?? [])
      if (sameBytes(vote.voteAddress, witness)) count += vote.voteCount;
    return long(count);
  }),
  // usedVoteCount(address)
  fixed(20, (data, { state }) => {
    if (data.length !== WORD) return long(0n);
    let count = 0n;
    for (const vote of state.get(CoreTables.accounts, addressAt(data, 0))?.votes ?? [])
      count += vote.voteCount;
    return long(count);
  }),
  // receivedVoteCount(witness)
  fixed(20, (data, { state }) => {
    if (data.length !== WORD) return long(0n);
    return long(state.get(CoreTables.witnesses, addressAt(data, 0))?.voteCount ?? 0n);
  }),
  // totalVoteCount(address): tron power in TRX
  fixed(20, (data, { state }) => {
    if (data.length !== WORD) return long(0n);
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    if (!account) return long(0n);
    const props = new ChainProperties(state);
    const all = props.get("UNFREEZE_DELAY_DAYS") > 0n && props.isOn("ALLOW_NEW_RESOURCE_MODEL");
    return long((all ? allTronPower(account) : tronPower(account)) / TRX_PRECISION);
  }),
];

/** RepositoryImpl.getAccount{Net,Energy}UsageBalanceAndRestoreSeconds: usage as staked TRX, and seconds to restore. */
function usageBalance(
  view: StateView,
  account: Account,
  code: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
): [bigint, bigint] {
  const props = new ChainProperties(view);
  const now = props.headSlot;
  const { usage, lastTime } = usageOf(account, code);
  const window = windowSize(account, code);
  if (now >= lastTime + window) return [0n, 0n];
  const restoreSlots = lastTime + window - now;
  const recovered = increaseUsage(usage, 0n, lastTime, now, window);
  const [limit, weight] =
    code === ResourceCode.BANDWIDTH
      ? [props.get("TOTAL_NET_LIMIT"), props.get("TOTAL_NET_WEIGHT")]
      : [props.get("TOTAL_ENERGY_CURRENT_LIMIT"), props.get("TOTAL_ENERGY_WEIGHT")];
  const balance = javaLongOfDouble(
    ((Number(recovered) * Number(weight)) / Number(limit)) * Number(TRX_PRECISION),
  );
  return [balance, (restoreSlots * 3000n) / 1000n];
}

function resourceOf(type: bigint): ResourceCode.BANDWIDTH | ResourceCode.ENERGY | undefined {
  return type === 0n ? ResourceCode.BANDWIDTH : type === 1n ? ResourceCode.ENERGY : undefined;
}

function unfreezable(account: Account | undefined, type: bigint): bigint {
  if (!account) return 0n;
  if (type === 0n) return frozenV2(account, ResourceCode.BANDWIDTH);
  if (type === 1n) return frozenV2(account, ResourceCode.ENERGY);
  if (type === 2n) return frozenV2(account, ResourceCode.TRON_POWER);
  return 0n;
}

const encode = (...values: bigint[]): PrecompileOutput => {
  const out = new Uint8Array(values.length * WORD);
  for (let i = 0; i < values.length; i++) out.set(longWord(values[i]!), i * WORD);
  return { success: true, data: out };
};

/** 0x100000b–0x1000015 (Stake 2.0): chain parameters and stake queries (FreezeV2Util). */
export const freezeV2Precompiles: Precompile[] = [
  // getChainParameter(code)
  fixed(50, (data, { state }) => {
    if (data.length !== WORD) return zero();
    const props = new ChainProperties(state);
    const names: readonly PropertyName[] = [
      "TOTAL_NET_LIMIT",
      "TOTAL_NET_WEIGHT",
      "TOTAL_ENERGY_CURRENT_LIMIT",
      "TOTAL_ENERGY_WEIGHT",
      "UNFREEZE_DELAY_DAYS",
    ];
    const code = longSafeAt(data, 0);
    return long(code >= 1n && code <= 5n ? props.get(names[Number(code) - 1]!) : 0n);
  }),
  // availableUnfreezeV2Size(address)
  fixed(50, (data, { state }) => {
    if (data.length !== WORD) return zero();
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    if (!account) return long(0n);
    const now = new ChainProperties(state).headTimestamp;
    const left = BigInt(UNFREEZE_MAX_TIMES - unfreezingV2Count(account, now));
    return long(left > 0n ? left : 0n);
  }),
  // unfreezableBalanceV2(address, type)
  fixed(50, (data, { state }) => {
    if (data.length !== 2 * WORD) return zero();
    return long(unfreezable(state.get(CoreTables.accounts, addressAt(data, 0)), longSafeAt(data, 1)));
  }),
  // expireUnfreezeBalanceV2(address, time in seconds)
  fixed(50, (data, { state }) => {
    if (data.length !== 2 * WORD) return zero();
    let time = longSafeAt(data, 1);
    time = time >= LONG_MAX / 1000n ? LONG_MAX : time * 1000n;
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    if (!account) return long(0n);
    let total = 0n;
    for (const u of account.unfrozenV2) if (u.unfreezeExpireTime <= time) total += u.unfreezeAmount;
    return long(total);
  }),
  // delegatableResource(address, type)
  fixed(50, (data, { state }) => {
    if (data.length !== 2 * WORD) return zero();
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    const code = resourceOf(longSafeAt(data, 1));
    if (!account || code === undefined) return long(0n);
    const own = frozenV2(account, code);
    const [usage] = usageBalance(state, account, code);
    if (usage <= 0n) return long(own);
    const v1 = code === ResourceCode.BANDWIDTH ? frozenV1Bandwidth(account) : frozenV1Energy(account);
    let v2Usage = usage - v1 - acquiredV1(account, code) - acquiredV2(account, code);
    if (v2Usage < 0n) v2Usage = 0n;
    const left = own - v2Usage;
    return long(left > 0n ? left : 0n);
  }),
  // resourceV2(target, from, type)
  fixed(50, (data, { state }) => {
    if (data.length !== 3 * WORD) return zero();
    const target = addressAt(data, 0);
    const from = addressAt(data, 1);
    const type = longSafeAt(data, 2);
    if (sameBytes(from, target)) return long(unfreezable(state.get(CoreTables.accounts, from), type));
    const unlocked = state.get(
      ResourceTables.delegatedResources,
      delegatedResourceKeyV2(from, target, false),
    );
    const locked = state.get(ResourceTables.delegatedResources, delegatedResourceKeyV2(from, target, true));
    if (!unlocked && !locked) return long(0n);
    let amount = 0n;
    if (type === 0n)
      amount = (unlocked?.frozenBalanceForBandwidth ?? 0n) + (locked?.frozenBalanceForBandwidth ?? 0n);
    else if (type === 1n)
      amount = (unlocked?.frozenBalanceForEnergy ?? 0n) + (locked?.frozenBalanceForEnergy ?? 0n);
    return long(amount);
  }),
  // checkUnDelegateResource(target, amount, type) → (clean, dirty, restoreSeconds)
  fixed(50, (data, { state }) => {
    if (data.length !== 3 * WORD) return encode(0n, 0n, 0n);
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    let amount = longSafeAt(data, 1);
    const code = resourceOf(longSafeAt(data, 2));
    if (amount <= 0n || !account || code === undefined) return encode(0n, 0n, 0n);
    const [usage, seconds] = usageBalance(state, account, code);
    const limit =
      code === ResourceCode.BANDWIDTH ? allFrozenForBandwidth(account) : allFrozenForEnergy(account);
    if (amount > limit) amount = limit;
    if (limit <= usage) return encode(0n, amount, seconds);
    const clean = javaLongOfDouble(Number(amount) * (Number(limit - usage) / Number(limit)));
    return encode(clean, amount - clean, seconds);
  }),
  // resourceUsage(address, type) → (usage as TRX, restoreSeconds)
  fixed(50, (data, { state }) => {
    if (data.length !== 2 * WORD) return encode(0n, 0n);
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    const code = resourceOf(longSafeAt(data, 1));
    if (!account || code === undefined) return encode(0n, 0n);
    return encode(...usageBalance(state, account, code));
  }),
  // totalResource(address, type)
  fixed(50, (data, { state }) => {
    if (data.length !== 2 * WORD) return zero();
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    const type = longSafeAt(data, 1);
    if (!account) return zero();
    return long(
      type === 0n ? allFrozenForBandwidth(account) : type === 1n ? allFrozenForEnergy(account) : 0n,
    );
  }),
  // totalDelegatedResource(address, type)
  fixed(50, (data, { state }) => {
    if (data.length !== 2 * WORD) return zero();
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    const code = resourceOf(longSafeAt(data, 1));
    if (!account) return zero();
    return long(code === undefined ? 0n : delegatedV1(account, code) + delegatedV2(account, code));
  }),
  // totalAcquiredResource(address, type)
  fixed(50, (data, { state }) => {
    if (data.length !== 2 * WORD) return zero();
    const account = state.get(CoreTables.accounts, addressAt(data, 0));
    const code = resourceOf(longSafeAt(data, 1));
    if (!account) return zero();
    return long(code === undefined ? 0n : acquiredV1(account, code) + acquiredV2(account, code));
  }),
];
