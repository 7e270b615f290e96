/**
 * The network's total stake per resource in whole TRX (TOTAL_NET_WEIGHT, TOTAL_ENERGY_WEIGHT,
 * TOTAL_TRON_POWER_WEIGHT). java-tron moves them by the floor difference of the affected stake
 * (floor(new/1e6) − floor(old/1e6)), never by amount/1e6, so sub-TRX remainders are not lost.
 */

import { TRX_PRECISION } from "../accounts/account-resources.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { PropertyName } from "../state/chain-parameters.js";
import type { MutableChainProperties } from "../state/chain-properties.js";

export function totalWeightProperty(type: ResourceCode): PropertyName {
  switch (type) {
    case ResourceCode.BANDWIDTH:
      return "TOTAL_NET_WEIGHT";
    case ResourceCode.ENERGY:
      return "TOTAL_ENERGY_WEIGHT";
    default:
      return "TOTAL_TRON_POWER_WEIGHT";
  }
}

/** Adds floor(newStake/1e6) − floor(oldStake/1e6) to the resource's total weight. */
export function moveTotalWeight(
  props: MutableChainProperties,
  type: ResourceCode,
  oldStake: bigint,
  newStake: bigint,
): void {
  addTotalWeight(props, type, newStake / TRX_PRECISION - oldStake / TRX_PRECISION);
}

/**
 * DynamicPropertiesStore.addTotal*Weight: adds a whole-TRX delta; with ALLOW_NEW_REWARD the total
 * never goes below 0.
 */
export function addTotalWeight(props: MutableChainProperties, type: ResourceCode, delta: bigint): void {
  if (delta === 0n) return;
  const name = totalWeightProperty(type);
  let total = props.get(name) + delta;
  if (props.isOn("ALLOW_NEW_REWARD") && total < 0n) total = 0n;
  props.set(name, total);
}
