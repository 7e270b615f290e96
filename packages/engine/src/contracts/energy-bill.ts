/**
 * Paying for a contract transaction's energy (java-tron's TransactionTrace.pay and
 * ReceiptCapsule.payEnergyBill): the deployer pays its share of a trigger only from staked energy
 * (min(total × (100 − percent) / 100, staked energy left, origin_energy_limit)); the caller pays the
 * rest from staked energy first and buys the shortfall at ENERGY_FEE sun per unit.
 */
import { multiplyExact } from "../chain/arithmetic.js";
import { bytesEqual } from "../crypto/bytes.js";
import { TronodeError } from "../errors.js";
import type { SmartContract } from "../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import { Transaction_Result_contractResult as ContractResult } from "../protocol/generated/protocol/core_pb.js";
import { accountLeftEnergyFromFreeze, payEnergyBill, useEnergy } from "../resources/energy.js";
import { supportsUnfreezeDelay } from "../resources/resource-window.js";
import type { MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import {
  consumeUserResourcePercent,
  type EnergyLimitReceipt,
  energyLimitHardFork,
  originEnergyLimitOf,
  resetPreMerge,
} from "./energy-limit.js";

/** The energy fields of java-tron's ResourceReceipt. */
export interface EnergyReceipt {
  readonly energyUsage: bigint;
  readonly energyFee: bigint;
  readonly originEnergyUsage: bigint;
  readonly energyUsageTotal: bigint;
  readonly energyPenaltyTotal: bigint;
}

export interface EnergyBillInput {
  readonly caller: Uint8Array;
  /** The deployer of a triggered contract (absent for a deploy: the caller is the origin). */
  readonly origin?: Uint8Array;
  /** The triggered contract's record, for its percent and origin_energy_limit. */
  readonly contract?: SmartContract;
  readonly energyUsageTotal: bigint;
  readonly energyPenaltyTotal: bigint;
  readonly result: ContractResult;
  /** The run ended without exception or revert (the pre-merges were kept and must be reset). */
  readonly succeeded: boolean;
  readonly receipt: EnergyLimitReceipt;
}

function tracksReceipt(props: MutableChainProperties): boolean {
  return props.isOn("ALLOW_TVM_FREEZE") || supportsUnfreezeDelay(props);
}

/** TransactionTrace.pay: resets the pre-merges, then charges deployer and caller. */
export function payContractEnergy(
  state: StateOverlay,
  props: MutableChainProperties,
  input: EnergyBillInput,
): EnergyReceipt {
  const now = props.headSlot;
  const callerAddress = input.caller;
  const originAddress = input.origin ?? input.caller;
  const origin = state.get(CoreTables.accounts, originAddress);
  const caller = state.get(CoreTables.accounts, callerAddress);
  const sameAccount =
    origin !== undefined && caller !== undefined && bytesEqual(origin.address, caller.address);
  // java-tron resets the accounts it read for the bill and saves them only while paying it: a run
  // that used no energy returns before paying, so its pre-merged energy stays in the usage
  if (supportsUnfreezeDelay(props) && input.succeeded && caller && input.energyUsageTotal > 0n) {
    if (origin && !sameAccount && input.receipt.originMerge) {
      state.put(CoreTables.accounts, originAddress, resetPreMerge(props, origin, input.receipt.originMerge));
    }
    if (input.receipt.callerMerge) {
      state.put(CoreTables.accounts, callerAddress, resetPreMerge(props, caller, input.receipt.callerMerge));
    }
  }
  const receipt = {
    energyUsage: 0n,
    energyFee: 0n,
    originEnergyUsage: 0n,
    energyUsageTotal: input.energyUsageTotal,
    energyPenaltyTotal: input.energyPenaltyTotal,
  };
  const total = input.energyUsageTotal;
  if (total <= 0n) return receipt;
  const outOfTime = input.result === ContractResult.OUT_OF_TIME;
  const callerLeft = (account: Account) =>
    tracksReceipt(props) ? input.receipt.callerEnergyLeft : accountLeftEnergyFromFreeze(props, account, now);
  const payCaller = (usage: bigint) => {
    const account = state.get(CoreTables.accounts, callerAddress);
    if (!account) throw new TronodeError("ACCOUNT_MISSING", "caller account is missing");
    const bill = payEnergyBill(state, props, callerAddress, usage, now, {
      outOfTime,
      energyLeft: callerLeft(account),
    });
    receipt.energyUsage = bill.energyUsage;
    receipt.energyFee = bill.energyFee;
  };
  // Without an origin (a deleted deployer) the caller pays everything.
  if (!origin && props.isOn("ALLOW_TVM_CONSTANTINOPLE")) {
    payCaller(total);
    return receipt;
  }
  if (sameAccount || input.origin === undefined) {
    payCaller(total);
    return receipt;
  }
  const contract = input.contract!;
  const percent = 100n - consumeUserResourcePercent(contract);
  let originUsage = multiplyExact(total, percent) / 100n;
  const originLimit = originEnergyLimitOf(contract);
  const min = (a: bigint, b: bigint) => (a < b ? a : b);
  if (tracksReceipt(props)) {
    originUsage = min(originUsage, min(input.receipt.originEnergyLeft, originLimit));
  } else {
    const left = origin ? accountLeftEnergyFromFreeze(props, origin, now) : 0n;
    originUsage = energyLimitHardFork(props)
      ? min(originUsage, min(left, originLimit))
      : min(originUsage, left);
  }
  useEnergy(state, props, originAddress, originUsage, now);
  receipt.originEnergyUsage = originUsage;
  payCaller(total - originUsage);
  return receipt;
}
