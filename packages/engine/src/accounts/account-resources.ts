/**
 * The resource figures of an account, as java-tron's AccountCapsule derives them (frozen sums,
 * delegated and acquired amounts, tron power), and immutable updates of those fields. Accounts
 * read from state are shared: every update here returns a new Account and never touches the
 * nested messages of the one it was given.
 */

import { create } from "@bufbuild/protobuf";
import { cloneAccountResource, withAccountFields } from "../chain/accounts.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import {
  type Account,
  type Account_AccountResource,
  Account_AccountResourceSchema,
  Account_FreezeV2Schema,
  Account_FrozenSchema,
  Account_UnFreezeV2Schema,
} from "../protocol/generated/protocol/core_pb.js";

export const TRX_PRECISION = 1_000_000n;
/** One day in ms (java-tron's FROZEN_PERIOD): the unit of UNFREEZE_DELAY_DAYS and v1 durations. */
export const FROZEN_PERIOD_MS = 86_400_000n;
/** At most this many unfreezes may be pending (UnfreezeBalanceV2Actuator.UNFREEZE_MAX_TIMES). */
export const UNFREEZE_MAX_TIMES = 32;

/** The account's AccountResource, or an empty one. Never mutate the result. */
export function accountResourceOf(account: Account): Account_AccountResource {
  return account.accountResource ?? EMPTY_RESOURCE;
}
const EMPTY_RESOURCE: Account_AccountResource = create(Account_AccountResourceSchema);

/** Stake 1.0 bandwidth frozen by the account itself (sum of `frozen`). */
export function frozenV1Bandwidth(account: Account): bigint {
  let total = 0n;
  for (const f of account.frozen) total += f.frozenBalance;
  return total;
}

/** Stake 1.0 energy frozen by the account itself. */
export function frozenV1Energy(account: Account): bigint {
  return accountResourceOf(account).frozenBalanceForEnergy?.frozenBalance ?? 0n;
}

/** Stake 1.0 tron power frozen by the account itself (new resource model). */
export function frozenV1TronPower(account: Account): bigint {
  return account.tronPower?.frozenBalance ?? 0n;
}

/** Stake 2.0 amount frozen for one resource (sum of the `frozenV2` entries of that type). */
export function frozenV2(account: Account, type: ResourceCode): bigint {
  let total = 0n;
  for (const f of account.frozenV2) if (f.type === type) total += f.amount;
  return total;
}

/** Stake 2.0 amount delegated out to others for BANDWIDTH or ENERGY. */
export function delegatedV2(account: Account, type: ResourceCode): bigint {
  return type === ResourceCode.BANDWIDTH
    ? account.delegatedFrozenV2BalanceForBandwidth
    : accountResourceOf(account).delegatedFrozenV2BalanceForEnergy;
}

/** Stake 1.0 amount delegated out to others for BANDWIDTH or ENERGY. */
export function delegatedV1(account: Account, type: ResourceCode): bigint {
  return type === ResourceCode.BANDWIDTH
    ? account.delegatedFrozenBalanceForBandwidth
    : accountResourceOf(account).delegatedFrozenBalanceForEnergy;
}

/** Stake 1.0 amount acquired from others' delegations for BANDWIDTH or ENERGY. */
export function acquiredV1(account: Account, type: ResourceCode): bigint {
  return type === ResourceCode.BANDWIDTH
    ? account.acquiredDelegatedFrozenBalanceForBandwidth
    : accountResourceOf(account).acquiredDelegatedFrozenBalanceForEnergy;
}

/** Stake 2.0 amount acquired from others' delegations for BANDWIDTH or ENERGY. */
export function acquiredV2(account: Account, type: ResourceCode): bigint {
  return type === ResourceCode.BANDWIDTH
    ? account.acquiredDelegatedFrozenV2BalanceForBandwidth
    : accountResourceOf(account).acquiredDelegatedFrozenV2BalanceForEnergy;
}

/** getFrozenV2BalanceWithDelegated: own v2 stake of the type plus what of it is delegated out. */
export function frozenV2WithDelegated(account: Account, type: ResourceCode): bigint {
  return frozenV2(account, type) + delegatedV2(account, type);
}

/** getAllFrozenBalanceForBandwidth: v1 own + v1 acquired + v2 own + v2 acquired. */
export function allFrozenForBandwidth(account: Account): bigint {
  return (
    frozenV1Bandwidth(account) +
    account.acquiredDelegatedFrozenBalanceForBandwidth +
    frozenV2(account, ResourceCode.BANDWIDTH) +
    account.acquiredDelegatedFrozenV2BalanceForBandwidth
  );
}

/** getAllFrozenBalanceForEnergy: v1 own + v1 acquired + v2 own + v2 acquired. */
export function allFrozenForEnergy(account: Account): bigint {
  const r = accountResourceOf(account);
  return (
    frozenV1Energy(account) +
    r.acquiredDelegatedFrozenBalanceForEnergy +
    frozenV2(account, ResourceCode.ENERGY) +
    r.acquiredDelegatedFrozenV2BalanceForEnergy
  );
}

/**
 * getTronPower: what the account staked for bandwidth and energy, v1 and v2, including what it
 * delegated out (the stake is still the owner's), excluding TRON_POWER stakes.
 */
export function tronPower(account: Account): bigint {
  const r = accountResourceOf(account);
  let tp = frozenV1Bandwidth(account);
  tp += frozenV1Energy(account);
  tp += account.delegatedFrozenBalanceForBandwidth;
  tp += r.delegatedFrozenBalanceForEnergy;
  for (const f of account.frozenV2) if (f.type !== ResourceCode.TRON_POWER) tp += f.amount;
  tp += account.delegatedFrozenV2BalanceForBandwidth;
  tp += r.delegatedFrozenV2BalanceForEnergy;
  return tp;
}

/**
 * getAllTronPower (new resource model): TRON_POWER stakes plus the "old tron power" snapshot —
 * none once invalidated (−1), the live bandwidth/energy stake while not yet initialised (0).
 */
export function allTronPower(account: Account): bigint {
  const own = frozenV1TronPower(account) + frozenV2(account, ResourceCode.TRON_POWER);
  if (account.oldTronPower === -1n) return own;
  if (account.oldTronPower === 0n) return tronPower(account) + own;
  return account.oldTronPower + own;
}

/** The tron power votes may use: getAllTronPower with the new resource model, else getTronPower. */
export function votingPower(account: Account, newResourceModel: boolean): bigint {
  return newResourceModel ? allTronPower(account) : tronPower(account);
}

/** getTronPowerUsage: the sum of the account's current votes (whole TRX). */
export function tronPowerUsage(account: Account): bigint {
  let used = 0n;
  for (const v of account.votes) used += v.voteCount;
  return used;
}

/** getUnfreezingV2Count: pending unfreezes whose expiry is still after `now` (ms). */
export function unfreezingV2Count(account: Account, now: bigint): number {
  let count = 0;
  for (const u of account.unfrozenV2) if (u.unfreezeExpireTime > now) count++;
  return count;
}

/** Sum of the pending unfreezes that have expired by `now` (ms): what can be withdrawn. */
export function expiredUnfreezeAmount(account: Account, now: bigint): bigint {
  let total = 0n;
  for (const u of account.unfrozenV2) if (u.unfreezeExpireTime <= now) total += u.unfreezeAmount;
  return total;
}

// ---------------------------------------------------------------------------------------------
// Immutable updates

/** A copy of the account with AccountResource fields replaced. */
export function withAccountResource(account: Account, patch: Partial<Account_AccountResource>): Account {
  return withAccountFields(account, {
    accountResource: Object.assign(cloneAccountResource(accountResourceOf(account)), patch),
  });
}

/**
 * addFrozenBalanceForResource: adds `delta` to the account's single `frozenV2` entry of `type`,
 * appending one when there is none (java-tron keeps one entry per type, in first-freeze order).
 */
export function withFrozenV2Added(account: Account, type: ResourceCode, delta: bigint): Account {
  const index = account.frozenV2.findIndex((f) => f.type === type);
  const frozenV2List = account.frozenV2.slice();
  if (index >= 0) {
    frozenV2List[index] = create(Account_FreezeV2Schema, {
      type,
      amount: frozenV2List[index]!.amount + delta,
    });
  } else {
    frozenV2List.push(create(Account_FreezeV2Schema, { type, amount: delta }));
  }
  return withAccountFields(account, { frozenV2: frozenV2List });
}

/** addUnfrozenV2List: appends a pending unfreeze. */
export function withUnfrozenV2Added(
  account: Account,
  type: ResourceCode,
  amount: bigint,
  expireTime: bigint,
): Account {
  return withAccountFields(account, {
    unfrozenV2: [
      ...account.unfrozenV2,
      create(Account_UnFreezeV2Schema, { type, unfreezeAmount: amount, unfreezeExpireTime: expireTime }),
    ],
  });
}

/** Adds `delta` to the v2 amount delegated out for BANDWIDTH or ENERGY. */
export function withDelegatedV2Added(account: Account, type: ResourceCode, delta: bigint): Account {
  if (type === ResourceCode.BANDWIDTH) {
    return withAccountFields(account, {
      delegatedFrozenV2BalanceForBandwidth: account.delegatedFrozenV2BalanceForBandwidth + delta,
    });
  }
  return withAccountResource(account, {
    delegatedFrozenV2BalanceForEnergy: accountResourceOf(account).delegatedFrozenV2BalanceForEnergy + delta,
  });
}

/** Sets the v2 amount acquired from others for BANDWIDTH or ENERGY. */
export function withAcquiredV2(account: Account, type: ResourceCode, value: bigint): Account {
  if (type === ResourceCode.BANDWIDTH) {
    return withAccountFields(account, { acquiredDelegatedFrozenV2BalanceForBandwidth: value });
  }
  return withAccountResource(account, { acquiredDelegatedFrozenV2BalanceForEnergy: value });
}

/** Adds `delta` to the v1 amount delegated out for BANDWIDTH or ENERGY. */
export function withDelegatedV1Added(account: Account, type: ResourceCode, delta: bigint): Account {
  if (type === ResourceCode.BANDWIDTH) {
    return withAccountFields(account, {
      delegatedFrozenBalanceForBandwidth: account.delegatedFrozenBalanceForBandwidth + delta,
    });
  }
  return withAccountResource(account, {
    delegatedFrozenBalanceForEnergy: accountResourceOf(account).delegatedFrozenBalanceForEnergy + delta,
  });
}

/** Sets the v1 amount acquired from others for BANDWIDTH or ENERGY. */
export function withAcquiredV1(account: Account, type: ResourceCode, value: bigint): Account {
  if (type === ResourceCode.BANDWIDTH) {
    return withAccountFields(account, { acquiredDelegatedFrozenBalanceForBandwidth: value });
  }
  return withAccountResource(account, { acquiredDelegatedFrozenBalanceForEnergy: value });
}

/** setFrozenForBandwidth: the single v1 `frozen` entry becomes (balance, expire). */
export function withFrozenV1Bandwidth(account: Account, balance: bigint, expireTime: bigint): Account {
  const entry = create(Account_FrozenSchema, { frozenBalance: balance, expireTime });
  const frozen = account.frozen.length === 0 ? [entry] : [entry, ...account.frozen.slice(1)];
  return withAccountFields(account, { frozen });
}

/** setFrozenForEnergy: the v1 energy stake becomes (balance, expire). */
export function withFrozenV1Energy(account: Account, balance: bigint, expireTime: bigint): Account {
  return withAccountResource(account, {
    frozenBalanceForEnergy: create(Account_FrozenSchema, { frozenBalance: balance, expireTime }),
  });
}

/** setFrozenForTronPower: the v1 tron-power stake becomes (balance, expire). */
export function withFrozenV1TronPower(account: Account, balance: bigint, expireTime: bigint): Account {
  return withAccountFields(account, {
    tronPower: create(Account_FrozenSchema, { frozenBalance: balance, expireTime }),
  });
}

/**
 * initializeOldTronPower (new resource model, first stake change): snapshot the current tron
 * power, or −1 when there is none.
 */
export function withOldTronPowerInitialized(account: Account): Account {
  const value = tronPower(account);
  return withAccountFields(account, { oldTronPower: value === 0n ? -1n : value });
}

/** Under the new resource model, the first stake change snapshots the old tron power. */
export function initOldTronPowerIfNeeded(account: Account, newResourceModel: boolean): Account {
  return newResourceModel && account.oldTronPower === 0n ? withOldTronPowerInitialized(account) : account;
}
