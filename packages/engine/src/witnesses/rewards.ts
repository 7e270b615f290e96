/**
 * Voter rewards (java-tron's MortgageService). Stake changes call `withdrawReward` first, as
 * java-tron does, so that rewards earned under the old stake are settled before it changes.
 */
import type { MutableChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";

/**
 * MortgageService.withdrawReward: moves the voter rewards `address` has earned in the cycles since
 * its last settlement into its allowance. Until the witnesses domain keeps per-cycle vote rewards
 * (vote counting, the DelegationStore), no voter has earned any, so there is nothing to settle.
 */
export function withdrawReward(
  _state: StateOverlay,
  _props: MutableChainProperties,
  _address: Uint8Array,
): void {}
