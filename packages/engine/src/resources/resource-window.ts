/**
 * java-tron's ResourceProcessor with per-account windows (Stake 2.0): usage recovers linearly over
 * the account's own window, and every consumption re-weights that window between what remains of
 * the old usage and the new usage (which always gets the full 28 800 slots). With
 * ALLOW_CANCEL_ALL_UNFREEZE_V2 the window is kept ×1000 (`window_optimized`) and rounded up.
 * Time is in slots; the functions are pure and return the updated account.
 */

import { accountResourceOf, withAccountResource } from "../accounts/account-resources.js";
import { withAccountFields } from "../chain/accounts.js";
import {
  decayedAverage,
  divideCeil,
  increaseUsage,
  PRECISION,
  WINDOW_SIZE_SLOTS,
} from "../chain/usage-window.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";

/** Stake 2.0 windows are stored ×1000 once optimized. */
export const WINDOW_SIZE_PRECISION = 1000n;

/** The resource a window belongs to: BANDWIDTH uses the account's net fields, anything else energy. */
export type WindowResource = ResourceCode.BANDWIDTH | ResourceCode.ENERGY;

export function supportsUnfreezeDelay(props: ChainProperties): boolean {
  return props.get("UNFREEZE_DELAY_DAYS") > 0n;
}

/** supportAllowCancelAllUnfreezeV2: both the flag and Stake 2.0. */
export function supportsCancelAllUnfreezeV2(props: ChainProperties): boolean {
  return props.isOn("ALLOW_CANCEL_ALL_UNFREEZE_V2") && supportsUnfreezeDelay(props);
}

function rawWindow(account: Account, code: WindowResource): { size: bigint; optimized: boolean } {
  if (code === ResourceCode.BANDWIDTH)
    return { size: account.netWindowSize, optimized: account.netWindowOptimized };
  const r = accountResourceOf(account);
  return { size: r.energyWindowSize, optimized: r.energyWindowOptimized };
}

/** getWindowSize: the account's window in slots (28 800 when never set). */
export function windowSize(account: Account, code: WindowResource): bigint {
  const { size, optimized } = rawWindow(account, code);
  if (size === 0n) return WINDOW_SIZE_SLOTS;
  if (optimized) return size < WINDOW_SIZE_PRECISION ? WINDOW_SIZE_SLOTS : size / WINDOW_SIZE_PRECISION;
  return size;
}

/** getWindowSizeV2: the account's window in slots ×1000. */
export function windowSizeV2(account: Account, code: WindowResource): bigint {
  const { size, optimized } = rawWindow(account, code);
  if (size === 0n) return WINDOW_SIZE_SLOTS * WINDOW_SIZE_PRECISION;
  return optimized ? size : size * WINDOW_SIZE_PRECISION;
}

/** setNewWindowSize (keeps the optimized flag as it is unless `optimized` is given: setNewWindowSizeV2). */
export function withWindow(
  account: Account,
  code: WindowResource,
  size: bigint,
  optimized?: boolean,
): Account {
  if (code === ResourceCode.BANDWIDTH) {
    return withAccountFields(account, {
      netWindowSize: size,
      netWindowOptimized: optimized ?? account.netWindowOptimized,
    });
  }
  const r = accountResourceOf(account);
  return withAccountResource(account, {
    energyWindowSize: size,
    energyWindowOptimized: optimized ?? r.energyWindowOptimized,
  });
}

/** The account's stored usage and last consumption slot for a resource. */
export function usageOf(account: Account, code: WindowResource): { usage: bigint; lastTime: bigint } {
  if (code === ResourceCode.BANDWIDTH)
    return { usage: account.netUsage, lastTime: account.latestConsumeTime };
  const r = accountResourceOf(account);
  return { usage: r.energyUsage, lastTime: r.latestConsumeTimeForEnergy };
}

/** setUsage + setLatestTime. */
export function withUsage(account: Account, code: WindowResource, usage: bigint, time: bigint): Account {
  if (code === ResourceCode.BANDWIDTH)
    return withAccountFields(account, { netUsage: usage, latestConsumeTime: time });
  return withAccountResource(account, { energyUsage: usage, latestConsumeTimeForEnergy: time });
}

/** recovery: the usage decayed to `now` over the account's own window (no write). */
export function recoverUsage(
  account: Account,
  code: WindowResource,
  lastUsage: bigint,
  lastTime: bigint,
  now: bigint,
): bigint {
  return increaseUsage(lastUsage, 0n, lastTime, now, windowSize(account, code));
}

/** Usage decayed to `now` the way the processors read it: per-account window under Stake 2.0. */
export function currentUsage(
  props: ChainProperties,
  account: Account,
  code: WindowResource,
  now: bigint,
): bigint {
  const { usage, lastTime } = usageOf(account, code);
  return supportsUnfreezeDelay(props)
    ? recoverUsage(account, code, usage, lastTime, now)
    : increaseUsage(usage, 0n, lastTime, now);
}

export interface IncreasedUsage {
  readonly usage: bigint;
  /** The account with its window re-weighted (usage fields untouched: callers set them). */
  readonly account: Account;
}

/**
 * ResourceProcessor.increase(account, …): decays the last usage over the account's window, adds
 * `usage` over the full window, and (Stake 2.0) re-weights the account's window.
 */
export function increaseAccountUsage(
  props: ChainProperties,
  account: Account,
  code: WindowResource,
  lastUsage: bigint,
  usage: bigint,
  lastTime: bigint,
  now: bigint,
): IncreasedUsage {
  const optimizedWindows = supportsCancelAllUnfreezeV2(props);
  const oldWindow = windowSize(account, code);
  const averageLast = decayedAverage(lastUsage, lastTime, now, oldWindow);
  const averageNew = divideCeil(usage * PRECISION, WINDOW_SIZE_SLOTS);
  const newUsage = (averageLast * oldWindow + averageNew * WINDOW_SIZE_SLOTS) / PRECISION;
  const remainUsage = (averageLast * oldWindow) / PRECISION;

  if (optimizedWindows) {
    const full = WINDOW_SIZE_SLOTS * WINDOW_SIZE_PRECISION;
    if (remainUsage === 0n) return { usage: newUsage, account: withWindow(account, code, full, true) };
    const remainWindow = windowSizeV2(account, code) - (now - lastTime) * WINDOW_SIZE_PRECISION;
    let newWindow = divideCeil(remainUsage * remainWindow + usage * full, newUsage);
    if (newWindow > full) newWindow = full;
    return { usage: newUsage, account: withWindow(account, code, newWindow, true) };
  }
  if (!supportsUnfreezeDelay(props)) return { usage: newUsage, account };
  if (remainUsage === 0n) return { usage: newUsage, account: withWindow(account, code, WINDOW_SIZE_SLOTS) };
  const remainWindow = oldWindow - (now - lastTime);
  const newWindow = (remainUsage * remainWindow + usage * WINDOW_SIZE_SLOTS) / newUsage;
  return { usage: newUsage, account: withWindow(account, code, newWindow) };
}

/**
 * Consumes `amount` of a resource now: the stored usage is increased the way the processors do it
 * (Stake 1.0: decay then add at `now`; Stake 2.0: one re-weighting step) and stamped with `now`.
 */
export function consumeUsage(
  props: ChainProperties,
  account: Account,
  code: WindowResource,
  amount: bigint,
  now: bigint,
): Account {
  const { usage, lastTime } = usageOf(account, code);
  if (!supportsUnfreezeDelay(props)) {
    const decayed = increaseUsage(usage, 0n, lastTime, now);
    return withUsage(account, code, increaseUsage(decayed, amount, now, now), now);
  }
  const increased = increaseAccountUsage(props, account, code, usage, amount, lastTime, now);
  return withUsage(increased.account, code, increased.usage, now);
}

/**
 * updateUsage(account): decays the stored usage to `now` through the account-aware increase (the
 * window is re-weighted under Stake 2.0) without moving the consumption time, as java-tron's
 * updateUsage / updateUsageForDelegated do before a delegation changes the stake.
 */
export function refreshUsage(
  props: ChainProperties,
  account: Account,
  code: WindowResource,
  now: bigint,
): Account {
  const { usage, lastTime } = usageOf(account, code);
  const increased = increaseAccountUsage(props, account, code, usage, 0n, lastTime, now);
  return withUsage(increased.account, code, increased.usage, lastTime);
}

/**
 * unDelegateIncrease: after an undelegation, `transferUsage` moves from the receiver to the owner;
 * the owner's window becomes the usage-weighted mean of both windows. Returns the new owner.
 */
export function unDelegateIncrease(
  props: ChainProperties,
  owner: Account,
  receiver: Account,
  transferUsage: bigint,
  code: WindowResource,
  now: bigint,
): Account {
  const { usage: storedUsage, lastTime } = usageOf(owner, code);
  const updated = increaseAccountUsage(props, owner, code, storedUsage, 0n, lastTime, now);
  const ownerUsage = updated.usage;
  let next = updated.account;
  const newOwnerUsage = ownerUsage + transferUsage;
  if (supportsCancelAllUnfreezeV2(props)) {
    const full = WINDOW_SIZE_SLOTS * WINDOW_SIZE_PRECISION;
    if (newOwnerUsage === 0n) return withUsage(withWindow(next, code, full, true), code, 0n, now);
    const ownerWindow = maxZero(windowSizeV2(next, code));
    const receiverWindow = maxZero(windowSizeV2(receiver, code));
    let newWindow = divideCeil(ownerUsage * ownerWindow + transferUsage * receiverWindow, newOwnerUsage);
    if (newWindow > full) newWindow = full;
    next = withWindow(next, code, newWindow, true);
    return withUsage(next, code, newOwnerUsage, now);
  }
  if (newOwnerUsage === 0n) return withUsage(withWindow(next, code, WINDOW_SIZE_SLOTS), code, 0n, now);
  const ownerWindow = maxZero(windowSize(next, code));
  const receiverWindow = maxZero(windowSize(receiver, code));
  const newWindow = (ownerUsage * ownerWindow + transferUsage * receiverWindow) / newOwnerUsage;
  return withUsage(withWindow(next, code, newWindow), code, newOwnerUsage, now);
}

function maxZero(x: bigint): bigint {
  return x < 0n ? 0n : x;
}
