/**
 * Stake 2.0 rules shared by the staking actuators and the TVM's staking opcodes (java-tron's
 * DelegateResource/UnDelegateResource/UnfreezeBalanceV2 actuators and their VM processors).
 */

import {
  acquiredV2,
  allFrozenForBandwidth,
  allFrozenForEnergy,
  frozenV2,
  TRX_PRECISION,
  withAcquiredV2,
} from "../accounts/account-resources.js";
import { validateError } from "../actuator/actuator.js";
import { withAccountFields } from "../chain/accounts.js";
import { javaLongOfDouble } from "../chain/arithmetic.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { v2UsageInSun } from "./resource-queries.js";
import { currentUsage, refreshUsage, usageOf, withUsage } from "./resource-window.js";

/** `(long)(usage * 1e6 * ((double) weight / limit))`. */
export function usageAsStake(usage: bigint, weight: bigint, limit: bigint): bigint {
  return javaLongOfDouble(Number(usage * TRX_PRECISION) * (Number(weight) / Number(limit)));
}

/**
 * The Stake 2.0 check shared by the DelegateResource actuator and the DELEGATERESOURCE opcode: the
 * owner may lend only the part of its own stake that its current usage (plus `extraUsage`) does
 * not need, converted to sun at the network's weight/limit ratio.
 */
export function requireDelegatableV2(
  props: ChainProperties,
  owner: Account,
  resource: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
  balance: bigint,
  now: bigint,
  extraUsage = 0n,
): void {
  const bandwidth = resource === ResourceCode.BANDWIDTH;
  const usage = currentUsage(props, owner, resource, now) + extraUsage;
  const sun = bandwidth
    ? usageAsStake(usage, props.get("TOTAL_NET_WEIGHT"), props.get("TOTAL_NET_LIMIT"))
    : usageAsStake(usage, props.get("TOTAL_ENERGY_WEIGHT"), props.get("TOTAL_ENERGY_CURRENT_LIMIT"));
  if (frozenV2(owner, resource) - v2UsageInSun(owner, resource, sun) < balance) {
    throw validateError(
      `delegateBalance must be less than or equal to available ${bandwidth ? "FreezeBandwidthV2" : "FreezeEnergyV2"} balance`,
    );
  }
}

/**
 * The receiver's side of an undelegation (java-tron updates it only when it still exists): its usage
 * is decayed to now, and the share of it the returned stake was carrying — capped by what that stake
 * could produce at most — leaves with the stake. Returns the receiver and the usage transferred.
 */
export function releaseReceiver(
  receiver: Account,
  type: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
  balance: bigint,
  limit: bigint,
  weight: bigint,
  refresh: (a: Account) => Account,
  now: bigint,
): { receiver: Account; transferUsage: bigint } {
  let next = refresh(receiver);
  let transferUsage = 0n;
  const { usage } = usageOf(next, type);
  if (acquiredV2(next, type) < balance) {
    next = withAcquiredV2(next, type, 0n);
  } else {
    const maxUsage = javaLongOfDouble(
      (Number(balance) / Number(TRX_PRECISION)) * (Number(limit) / Number(weight)),
    );
    const allFrozen =
      type === ResourceCode.BANDWIDTH ? allFrozenForBandwidth(next) : allFrozenForEnergy(next);
    transferUsage = javaLongOfDouble(Number(usage) * (Number(balance) / Number(allFrozen)));
    if (maxUsage < transferUsage) transferUsage = maxUsage;
    next = withAcquiredV2(next, type, acquiredV2(next, type) - balance);
  }
  return { receiver: withUsage(next, type, usage - transferUsage, now), transferUsage };
}

/**
 * `releaseReceiver` on the receiver's stored account, when it still exists (written back), with the
 * network's limit and weight and usage refreshed to the head slot. Returns the receiver as written
 * (undefined when gone) and the usage transferred.
 * Shared by the UnDelegateResource actuator and the UNDELEGATERESOURCE opcode.
 */
export function releaseStoredReceiver(
  state: StateOverlay,
  props: MutableChainProperties,
  receiverAddress: Uint8Array,
  type: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
  balance: bigint,
): { receiver: Account | undefined; transferUsage: bigint } {
  const receiver = state.get(CoreTables.accounts, receiverAddress);
  if (!receiver) return { receiver: undefined, transferUsage: 0n };
  const bandwidth = type === ResourceCode.BANDWIDTH;
  const slot = props.headSlot;
  const released = releaseReceiver(
    receiver,
    type,
    balance,
    props.get(bandwidth ? "TOTAL_NET_LIMIT" : "TOTAL_ENERGY_CURRENT_LIMIT"),
    props.get(bandwidth ? "TOTAL_NET_WEIGHT" : "TOTAL_ENERGY_WEIGHT"),
    (a) => refreshUsage(props, a, type, slot),
    slot,
  );
  state.put(CoreTables.accounts, receiverAddress, released.receiver);
  return released;
}

/** withdraws every pending unfreeze that has expired by `now` (ms) into the balance. */
export function withdrawExpiredUnfreezes(
  account: Account,
  now: bigint,
): { account: Account; amount: bigint } {
  let amount = 0n;
  const remaining = account.unfrozenV2.filter((u) => {
    if (u.unfreezeExpireTime <= now) {
      amount += u.unfreezeAmount;
      return false;
    }
    return true;
  });
  return {
    account: withAccountFields(account, { balance: account.balance + amount, unfrozenV2: remaining }),
    amount,
  };
}
