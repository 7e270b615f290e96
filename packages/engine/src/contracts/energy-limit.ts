/**
 * How much energy a contract transaction may spend (java-tron's VMActuator energy limits) and the
 * receipt facts java-tron records while computing it, which the bill uses afterwards:
 *
 * - fix ratio (head block ≥ ENERGY_LIMIT_BLOCK_NUM, java-tron's `enery.limit.block.num`): the caller
 *   gets min(staked energy left + (balance − call value) / price, fee_limit / price); a trigger by
 *   someone other than the deployer adds the deployer's share by consume_user_resource_percent and
 *   origin_energy_limit;
 * - float ratio (older blocks): java-tron's legacy formulas;
 * - under Stake 2.0 the caller's (and the deployer's) staked energy is merged into its usage before
 *   the run ("pre-merge") and, on success, taken back out before the bill (TransactionTrace's
 *   resetAccountUsage), so the window arithmetic matches java-tron to the unit.
 */

import { allFrozenForEnergy } from "../accounts/account-resources.js";
import { validateError } from "../actuator/actuator.js";
import { addExact, floorDiv } from "../chain/arithmetic.js";
import { bytesEqual } from "../crypto/bytes.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { SmartContract } from "../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import { accountEnergyLimit, accountLeftEnergyFromFreeze, sunPerEnergy } from "../resources/energy.js";
import {
  increaseAccountUsage,
  refreshUsage,
  supportsCancelAllUnfreezeV2,
  supportsUnfreezeDelay,
  usageOf,
  windowSize,
  windowSizeV2,
  withUsage,
  withWindow,
} from "../resources/resource-window.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";

const ENERGY = ResourceCode.ENERGY;
const ONE_HUNDRED = 100n;
/** Constant.CREATOR_DEFAULT_ENERGY_LIMIT: what an unset (0) origin_energy_limit stands for. */
export const CREATOR_DEFAULT_ENERGY_LIMIT = 10_000_000n;

/** ReceiptCapsule's pre-merge record of one account (usage and windows before and after merging). */
export interface MergeRecord {
  readonly usage: bigint;
  readonly windowSize: bigint;
  readonly windowSizeV2: bigint;
  readonly mergedUsage: bigint;
  readonly mergedWindowSize: bigint;
}

/** What java-tron's receipt remembers from the energy-limit computation. */
export interface EnergyLimitReceipt {
  /** receipt.callerEnergyLeft (set on the fix-ratio path under ALLOW_TVM_FREEZE / Stake 2.0). */
  callerEnergyLeft: bigint;
  /** receipt.originEnergyLeft (set when the deployer shares and the freeze flags are on). */
  originEnergyLeft: bigint;
  callerMerge?: MergeRecord;
  originMerge?: MergeRecord;
}

export function newEnergyLimitReceipt(): EnergyLimitReceipt {
  return { callerEnergyLeft: 0n, originEnergyLeft: 0n };
}

/** ReceiptCapsule.checkForEnergyLimit / VMConfig's energy-limit hard fork. */
export function energyLimitHardFork(props: ChainProperties): boolean {
  return props.headNumber >= props.get("ENERGY_LIMIT_BLOCK_NUM");
}

/** java-tron's receipt is kept only when ALLOW_TVM_FREEZE or Stake 2.0 is on. */
function tracksReceipt(props: ChainProperties): boolean {
  return props.isOn("ALLOW_TVM_FREEZE") || supportsUnfreezeDelay(props);
}

/** ContractCapsule.getConsumeUserResourcePercent: the stored percent clamped to [0, 100]. */
export function consumeUserResourcePercent(contract: SmartContract): bigint {
  const p = contract.consumeUserResourcePercent;
  return p < 0n ? 0n : p > ONE_HUNDRED ? ONE_HUNDRED : p;
}

/** ContractCapsule.getOriginEnergyLimit: 0 stands for 10 000 000. */
export function originEnergyLimitOf(contract: SmartContract): bigint {
  return contract.originEnergyLimit === 0n ? CREATOR_DEFAULT_ENERGY_LIMIT : contract.originEnergyLimit;
}

/**
 * The pre-merge: the account's energy usage decayed to `now` (updateUsage), stamped with `now`,
 * then increased by `amount` — written to `state`, recorded for the reset.
 */
function preMerge(
  state: StateOverlay,
  props: ChainProperties,
  account: Account,
  amount: bigint,
  now: bigint,
): MergeRecord {
  const refreshed = refreshUsage(props, account, ENERGY, now);
  const stamped = withUsage(refreshed, ENERGY, usageOf(refreshed, ENERGY).usage, now);
  const usage = usageOf(stamped, ENERGY).usage;
  const increased = increaseAccountUsage(props, stamped, ENERGY, usage, amount, now, now);
  const merged = withUsage(increased.account, ENERGY, increased.usage, now);
  state.put(CoreTables.accounts, merged.address, merged);
  return {
    usage,
    windowSize: windowSize(stamped, ENERGY),
    windowSizeV2: windowSizeV2(stamped, ENERGY),
    mergedUsage: increased.usage,
    mergedWindowSize: windowSize(merged, ENERGY),
  };
}

/**
 * TransactionTrace.resetAccountUsage(V2): drops the pre-merged energy from the account's usage area
 * after a successful run (the merge itself was discarded with the state of a failed one).
 */
export function resetPreMerge(props: ChainProperties, account: Account, record: MergeRecord): Account {
  const currentSize = windowSize(account, ENERGY);
  const currentUsage = usageOf(account, ENERGY).usage;
  const newArea =
    currentUsage * currentSize -
    (record.mergedUsage * record.mergedWindowSize - record.usage * record.windowSize);
  const sameWindow = record.mergedWindowSize === currentSize;
  const newSize = sameWindow ? record.windowSize : currentSize;
  let newUsage = newArea / newSize;
  if (newUsage < 0n) newUsage = 0n;
  const lastTime = usageOf(account, ENERGY).lastTime;
  const withNewUsage = withUsage(account, ENERGY, newUsage, lastTime);
  if (supportsCancelAllUnfreezeV2(props)) {
    const newSize2 = sameWindow ? record.windowSizeV2 : windowSizeV2(account, ENERGY);
    return withWindow(withNewUsage, ENERGY, newUsage === 0n ? 0n : newSize2, true);
  }
  return withWindow(withNewUsage, ENERGY, newUsage === 0n ? 0n : newSize);
}

/**
 * getAccountEnergyLimitWithFixRatio: min(left staked energy + spendable balance / price,
 * fee_limit / price); records callerEnergyLeft and, under Stake 2.0, pre-merges
 * min(left staked, fee_limit / price) into the account (written to `state` when `merge`).
 */
export function accountEnergyLimitWithFixRatio(
  state: StateOverlay,
  props: ChainProperties,
  account: Account,
  feeLimit: bigint,
  callValue: bigint,
  receipt: EnergyLimitReceipt,
  merge: boolean,
): bigint {
  const price = sunPerEnergy(props);
  const now = props.headSlot;
  const leftFrozen = accountLeftEnergyFromFreeze(props, account, now);
  if (tracksReceipt(props)) receipt.callerEnergyLeft = leftFrozen;
  const spendable = account.balance - callValue;
  const fromBalance = (spendable > 0n ? spendable : 0n) / price;
  const available = addExact(leftFrozen, fromBalance);
  const fromFeeLimit = feeLimit / price;
  if (supportsUnfreezeDelay(props) && merge) {
    receipt.callerMerge = preMerge(
      state,
      props,
      account,
      leftFrozen < fromFeeLimit ? leftFrozen : fromFeeLimit,
      now,
    );
  }
  return available < fromFeeLimit ? available : fromFeeLimit;
}

/** VMActuator.getEnergyFee: the staked sun behind `usage` of `total` energy. */
function frozenSunFor(usage: bigint, frozen: bigint, total: bigint): bigint {
  if (total <= 0n) return 0n;
  return (frozen * usage) / total;
}

/** getAccountEnergyLimitWithFloatRatio (blocks before ENERGY_LIMIT_BLOCK_NUM). */
export function accountEnergyLimitWithFloatRatio(
  props: ChainProperties,
  account: Account,
  feeLimit: bigint,
  callValue: bigint,
): bigint {
  const price = sunPerEnergy(props);
  const now = props.headSlot;
  const leftFrozen = accountLeftEnergyFromFreeze(props, account, now);
  const value = callValue > 0n ? callValue : 0n;
  const spendable = account.balance - value;
  const fromBalance = floorDiv(spendable > 0n ? spendable : 0n, price);
  const frozenBalance = allFrozenForEnergy(account);
  let fromFeeLimit: bigint;
  if (frozenBalance === 0n) {
    fromFeeLimit = feeLimit / price;
  } else {
    const totalFromFreeze = accountEnergyLimit(props, account);
    const leftFrozenSun = frozenSunFor(frozenBalance, leftFrozen, totalFromFreeze);
    fromFeeLimit =
      leftFrozenSun >= feeLimit
        ? (totalFromFreeze * feeLimit) / frozenBalance
        : addExact(leftFrozen, (feeLimit - leftFrozenSun) / price);
  }
  const available = addExact(leftFrozen, fromBalance);
  return available < fromFeeLimit ? available : fromFeeLimit;
}

/** The energy limit of a CreateSmartContract (the deployer is the caller). */
export function createEnergyLimit(
  state: StateOverlay,
  props: ChainProperties,
  creator: Account,
  feeLimit: bigint,
  callValue: bigint,
  receipt: EnergyLimitReceipt,
  merge: boolean,
): bigint {
  return energyLimitHardFork(props)
    ? accountEnergyLimitWithFixRatio(state, props, creator, feeLimit, callValue, receipt, merge)
    : accountEnergyLimitWithFloatRatio(props, creator, feeLimit, callValue);
}

/**
 * getTotalEnergyLimit for a TriggerSmartContract: the caller's limit plus the deployer's share
 * (fix ratio: min(caller limit × (100 − percent) / percent, deployer's staked energy left,
 * origin_energy_limit); all of the latter two at percent 0; nothing at 100 or when the deployer
 * calls). Under Stake 2.0 the deployer's share is pre-merged too.
 */
export function triggerEnergyLimit(
  state: StateOverlay,
  props: ChainProperties,
  creator: Account | undefined,
  caller: Account,
  contract: SmartContract,
  feeLimit: bigint,
  callValue: bigint,
  receipt: EnergyLimitReceipt,
  merge: boolean,
): bigint {
  if (creator === undefined && props.isOn("ALLOW_TVM_CONSTANTINOPLE")) {
    return accountEnergyLimitWithFixRatio(state, props, caller, feeLimit, callValue, receipt, merge);
  }
  if (creator === undefined) {
    // java-tron dereferences the missing creator: a NullPointerException refuses the transaction.
    throw validateError("");
  }
  if (!energyLimitHardFork(props)) {
    const callerLimit = accountEnergyLimitWithFloatRatio(props, caller, feeLimit, callValue);
    if (bytesEqual(creator.address, caller.address)) return callerLimit;
    const creatorLimit = accountLeftEnergyFromFreeze(props, creator, props.headSlot);
    const percent = consumeUserResourcePercent(contract);
    if (creatorLimit * percent > (ONE_HUNDRED - percent) * callerLimit) {
      return floorDiv(callerLimit * ONE_HUNDRED, percent);
    }
    return addExact(callerLimit, creatorLimit);
  }
  const callerLimit = accountEnergyLimitWithFixRatio(
    state,
    props,
    caller,
    feeLimit,
    callValue,
    receipt,
    merge,
  );
  if (bytesEqual(creator.address, caller.address)) return callerLimit;
  const percent = consumeUserResourcePercent(contract);
  const originLimit = originEnergyLimitOf(contract);
  if (originLimit < 0n) throw validateError("originEnergyLimit can't be < 0");
  let originLeft = 0n;
  if (percent < ONE_HUNDRED) {
    originLeft = accountLeftEnergyFromFreeze(props, creator, props.headSlot);
    if (tracksReceipt(props)) receipt.originEnergyLeft = originLeft;
  }
  const originCap = originLeft < originLimit ? originLeft : originLimit;
  let creatorLimit = 0n;
  if (percent <= 0n) {
    creatorLimit = originCap;
  } else if (percent < ONE_HUNDRED) {
    const share = (callerLimit * (ONE_HUNDRED - percent)) / percent;
    creatorLimit = share < originCap ? share : originCap;
  }
  if (supportsUnfreezeDelay(props) && merge) {
    receipt.originMerge = preMerge(state, props, creator, creatorLimit, props.headSlot);
  }
  return addExact(callerLimit, creatorLimit);
}
