/**
 * java-tron's EnergyProcessor (and the caller's half of ReceiptCapsule.payEnergyBill): energy
 * limits from stake, consumption with per-account windows, the fee for energy bought with TRX, the
 * energy a fee_limit buys, and adaptive energy (TOTAL_ENERGY_CURRENT_LIMIT moving each block).
 * The TVM calls these for a contract call: `callerEnergyLimit` before running, `payEnergyBill`
 * with the energy actually used after it (unused energy is simply never consumed).
 */

import { allFrozenForEnergy, TRX_PRECISION } from "../accounts/account-resources.js";
import { addExact, javaLongOfDouble, multiplyExact } from "../chain/arithmetic.js";
import { burnFee } from "../chain/fees.js";
import { increaseUsage } from "../chain/usage-window.js";
import { bytesToHex } from "../crypto/bytes.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { consumeUsage, currentUsage, supportsUnfreezeDelay } from "./resource-window.js";

/** java-tron's Constant.SUN_PER_ENERGY: the price when ENERGY_FEE is not positive. */
export const DEFAULT_SUN_PER_ENERGY = 100n;
/** AdaptiveResourceLimitConstants: the averaging window (1 minute of slots) and the step rates. */
const ADAPTIVE_AVERAGE_WINDOW_SLOTS = 20n;
const CONTRACT_RATE = [99n, 100n] as const;
const EXPAND_RATE = [1000n, 999n] as const;

/** Sun per unit of energy bought with TRX. */
export function sunPerEnergy(props: ChainProperties): bigint {
  const fee = props.get("ENERGY_FEE");
  return fee > 0n ? fee : DEFAULT_SUN_PER_ENERGY;
}

/** calculateGlobalEnergyLimit: the account's energy limit from everything staked for energy. */
export function accountEnergyLimit(props: ChainProperties, account: Account): bigint {
  const frozen = allFrozenForEnergy(account);
  const totalLimit = props.get("TOTAL_ENERGY_CURRENT_LIMIT");
  const totalWeight = props.get("TOTAL_ENERGY_WEIGHT");
  if (supportsUnfreezeDelay(props)) {
    if (totalWeight === 0n) return 0n;
    return javaLongOfDouble(
      (Number(frozen) / Number(TRX_PRECISION)) * (Number(totalLimit) / Number(totalWeight)),
    );
  }
  if (frozen < TRX_PRECISION) return 0n;
  // java-tron asserts a positive weight here unless ALLOW_NEW_REWARD guards it; a zero weight with
  // a positive stake cannot occur, so both branches give 0 for it.
  if (totalWeight <= 0n) return 0n;
  return javaLongOfDouble(Number(frozen / TRX_PRECISION) * (Number(totalLimit) / Number(totalWeight)));
}

/** The account's energy usage decayed to `now` (slots). */
export function accountEnergyUsed(props: ChainProperties, account: Account, now: bigint): bigint {
  return currentUsage(props, account, ResourceCode.ENERGY, now);
}

/** getAccountLeftEnergyFromFreeze: staked energy still available at `now` (slots), never negative. */
export function accountLeftEnergyFromFreeze(props: ChainProperties, account: Account, now: bigint): bigint {
  const left = accountEnergyLimit(props, account) - accountEnergyUsed(props, account, now);
  return left > 0n ? left : 0n;
}

/**
 * useEnergy: consumes `energy` of the account's staked energy at `now` (slots). Without Stake 2.0
 * or TVM freeze it refuses (false) when the energy exceeds what is left; otherwise usage may go
 * above the limit, as java-tron allows.
 */
export function useEnergy(
  state: StateOverlay,
  props: MutableChainProperties,
  address: Uint8Array,
  energy: bigint,
  now: bigint,
): boolean {
  const account = state.get(CoreTables.accounts, address);
  if (!account) return false;
  if (!supportsUnfreezeDelay(props) && !props.isOn("ALLOW_TVM_FREEZE")) {
    const left = accountEnergyLimit(props, account) - accountEnergyUsed(props, account, now);
    if (energy > left) return false;
  }
  const next = consumeUsage(props, account, ResourceCode.ENERGY, energy, now);
  state.put(CoreTables.accounts, address, { ...next, latestOprationTime: props.headTimestamp });
  if (props.isOn("ALLOW_ADAPTIVE_ENERGY")) props.add("BLOCK_ENERGY_USAGE", energy);
  return true;
}

/**
 * The energy a caller can spend on one contract call (VMActuator's fix-ratio caller limit): staked
 * energy left plus what its balance beyond `callValue` buys, capped by what `feeLimit` buys.
 */
export function callerEnergyLimit(
  props: ChainProperties,
  account: Account,
  feeLimit: bigint,
  callValue: bigint,
  now: bigint,
): bigint {
  const price = sunPerEnergy(props);
  const leftFrozen = accountLeftEnergyFromFreeze(props, account, now);
  const spendable = account.balance - callValue;
  const fromBalance = (spendable > 0n ? spendable : 0n) / price;
  const available = addExact(leftFrozen, fromBalance);
  const fromFeeLimit = feeLimit / price;
  return available < fromFeeLimit ? available : fromFeeLimit;
}

export interface EnergyBill {
  /** Energy taken from the account's stake (receipt `energy_usage`). */
  readonly energyUsage: bigint;
  /** TRX paid for the rest (receipt `energy_fee`). */
  readonly energyFee: bigint;
}

/**
 * The caller's half of payEnergyBill: `usage` energy is taken from the stake left at `now` (slots)
 * first, the shortfall is bought at ENERGY_FEE sun each and paid from the balance into the fee pool
 * (when on, and the call did not run out of time) or burned. `<hex> insufficient balance` when the
 * balance cannot cover it.
 */
export function payEnergyBill(
  state: StateOverlay,
  props: MutableChainProperties,
  address: Uint8Array,
  usage: bigint,
  now: bigint,
  options: {
    readonly outOfTime?: boolean;
    /**
     * The staked energy java-tron's receipt captured before the call (receipt.callerEnergyLeft,
     * used once ALLOW_TVM_FREEZE or Stake 2.0 is on); computed from the account otherwise.
     */
    readonly energyLeft?: bigint;
  } = {},
): EnergyBill {
  // A zero share still goes through useEnergy (java-tron decays and stamps the usage).
  if (usage < 0n) return { energyUsage: 0n, energyFee: 0n };
  const account = state.get(CoreTables.accounts, address);
  if (!account) throw new TronodeError("ACCOUNT_MISSING", `account ${bytesToHex(address)} does not exist`);
  const left = options.energyLeft ?? accountLeftEnergyFromFreeze(props, account, now);
  if (left >= usage) {
    useEnergy(state, props, address, usage, now);
    return { energyUsage: usage, energyFee: 0n };
  }
  useEnergy(state, props, address, left, now);
  if (props.isOn("ALLOW_ADAPTIVE_ENERGY")) props.add("BLOCK_ENERGY_USAGE", usage - left);
  const fee = multiplyExact(usage - left, sunPerEnergy(props));
  const payer = state.get(CoreTables.accounts, address)!;
  if (payer.balance < fee) {
    throw new TronodeError("INSUFFICIENT_BALANCE", `${bytesToHex(address)} insufficient balance`, {
      javaClass: JavaExceptions.balanceInsufficient,
    });
  }
  state.put(CoreTables.accounts, address, { ...payer, balance: payer.balance - fee });
  if (props.isOn("ALLOW_TRANSACTION_FEE_POOL") && !options.outOfTime) {
    props.add("TRANSACTION_FEE_POOL", fee);
  } else {
    burnFee(state, props, fee);
  }
  return { energyUsage: left, energyFee: fee };
}

/**
 * End of a block with ALLOW_ADAPTIVE_ENERGY (Manager.processBlock): fold the block's energy usage
 * into the one-minute average, then move TOTAL_ENERGY_CURRENT_LIMIT down 1 % when the average is
 * above target or up 0.1 % otherwise, within [TOTAL_ENERGY_LIMIT, ×ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER].
 * BLOCK_ENERGY_USAGE is reset at the start of every block (`resetBlockEnergyUsage`).
 */
export function updateAdaptiveEnergy(props: MutableChainProperties, now: bigint): void {
  const average = increaseUsage(
    props.get("TOTAL_ENERGY_AVERAGE_USAGE"),
    props.get("BLOCK_ENERGY_USAGE"),
    props.get("TOTAL_ENERGY_AVERAGE_TIME"),
    now,
    ADAPTIVE_AVERAGE_WINDOW_SLOTS,
  );
  props.set("TOTAL_ENERGY_AVERAGE_USAGE", average);
  props.set("TOTAL_ENERGY_AVERAGE_TIME", now);

  const current = props.get("TOTAL_ENERGY_CURRENT_LIMIT");
  const [num, den] = average > props.get("TOTAL_ENERGY_TARGET_LIMIT") ? CONTRACT_RATE : EXPAND_RATE;
  let next = (current * num) / den;
  const floor = props.get("TOTAL_ENERGY_LIMIT");
  const ceiling = floor * props.get("ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER");
  if (next < floor) next = floor;
  if (next > ceiling) next = ceiling;
  props.set("TOTAL_ENERGY_CURRENT_LIMIT", next);
}

/** Manager.processBlock resets the block's energy usage before its transactions run. */
export function resetBlockEnergyUsage(props: MutableChainProperties): void {
  if (props.get("BLOCK_ENERGY_USAGE") !== 0n) props.set("BLOCK_ENERGY_USAGE", 0n);
}
