/**
 * The resource model's shared rules: per-account windows (ResourceProcessor), the energy processor
 * the TVM will call (limits, consumption, the fee_limit conversion, paying the bill, adaptive
 * energy) and the staking reads (getcandelegatedmaxsize and its size estimate, unfreeze counts).
 * Expected values are worked out from java-tron's formulas by hand, or taken from java-tron's tests.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  type Account,
  Account_AccountResourceSchema,
  AccountSchema,
  accountEnergyLimit,
  accountLeftEnergyFromFreeze,
  availableUnfreezeCount,
  callerEnergyLimit,
  canDelegatedMaxSize,
  canWithdrawUnfreezeAmount,
  consumeUsage,
  estimateDelegateBandwidthSize,
  increaseAccountUsage,
  increaseUsage,
  MemoryState,
  MutableChainProperties,
  type PropertyName,
  payEnergyBill,
  ResourceCode,
  StateOverlay,
  Tables,
  unDelegateIncrease,
  updateAdaptiveEnergy,
  useEnergy,
  windowSize,
  windowSizeV2,
} from "../../src/internal.js";
import { ALICE } from "../support/chain-fixture.js";

const TRX = 1_000_000n;

function propsWith(values: Record<string, bigint>): { state: StateOverlay; props: MutableChainProperties } {
  const state = new StateOverlay(new MemoryState());
  const props = new MutableChainProperties(state);
  for (const [name, value] of Object.entries(values) as [PropertyName, bigint][]) props.set(name, value);
  return { state, props };
}

function account(fields: Omit<Partial<Account>, "$typeName"> = {}): Account {
  return create(AccountSchema, { address: ALICE, ...fields });
}

const STAKE_1 = { UNFREEZE_DELAY_DAYS: 0n };
const STAKE_2 = { UNFREEZE_DELAY_DAYS: 14n };
const STAKE_2_OPTIMIZED = { UNFREEZE_DELAY_DAYS: 14n, ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n };

describe("per-account usage windows", () => {
  it("reads the window in slots and ×1000, defaulting to 28 800", () => {
    expect(windowSize(account(), ResourceCode.BANDWIDTH)).toBe(28_800n);
    expect(windowSizeV2(account(), ResourceCode.ENERGY)).toBe(28_800_000n);
    expect(windowSize(account({ netWindowSize: 14_400n }), ResourceCode.BANDWIDTH)).toBe(14_400n);
    expect(windowSizeV2(account({ netWindowSize: 14_400n }), ResourceCode.BANDWIDTH)).toBe(14_400_000n);
    const optimized = account({ netWindowSize: 14_400_500n, netWindowOptimized: true });
    expect(windowSize(optimized, ResourceCode.BANDWIDTH)).toBe(14_400n);
    expect(windowSizeV2(optimized, ResourceCode.BANDWIDTH)).toBe(14_400_500n);
    // An optimized window below the precision falls back to the full window.
    expect(
      windowSize(account({ netWindowSize: 999n, netWindowOptimized: true }), ResourceCode.BANDWIDTH),
    ).toBe(28_800n);
  });

  it("Stake 1.0 adds usage without touching the window", () => {
    const { props } = propsWith(STAKE_1);
    const a = account({ netUsage: 1000n, latestConsumeTime: 100n });
    const r = increaseAccountUsage(props, a, ResourceCode.BANDWIDTH, 1000n, 500n, 100n, 14_500n);
    expect(r.usage).toBe(increaseUsage(1000n, 500n, 100n, 14_500n));
    expect(r.account.netWindowSize).toBe(0n);
  });

  it("Stake 2.0 re-weights the window between the remaining and the new usage", () => {
    const { props } = propsWith(STAKE_2);
    // 28 800 usage, half decayed after 14 400 slots: remain 14 400 over the remaining 14 400 slots,
    // plus 14 400 new usage over the full 28 800 → window (14400·14400 + 14400·28800) / 28800 = 21 600.
    const a = account({ netUsage: 28_800n, latestConsumeTime: 0n });
    const r = increaseAccountUsage(props, a, ResourceCode.BANDWIDTH, 28_800n, 14_400n, 0n, 14_400n);
    expect(r.usage).toBe(28_800n);
    expect(r.account.netWindowSize).toBe(21_600n);
    expect(r.account.netWindowOptimized).toBe(false);
  });

  it("Stake 2.0 resets the window once the old usage has fully recovered", () => {
    const { props } = propsWith(STAKE_2);
    const a = account({ netUsage: 500n, latestConsumeTime: 0n, netWindowSize: 10_000n });
    const r = increaseAccountUsage(props, a, ResourceCode.BANDWIDTH, 500n, 100n, 0n, 10_000n);
    expect(r.account.netWindowSize).toBe(28_800n);
    expect(r.usage).toBe(100n);
  });

  it("with CancelAllUnfreezeV2 the window is kept ×1000, rounded up, and marked optimized", () => {
    const { props } = propsWith(STAKE_2_OPTIMIZED);
    const withUsage = account({
      accountResource: create(Account_AccountResourceSchema, {
        energyUsage: 3n,
        latestConsumeTimeForEnergy: 0n,
      }),
    });
    const r = increaseAccountUsage(props, withUsage, ResourceCode.ENERGY, 3n, 7n, 0n, 1n);
    // remain usage after 1 slot of 28 800: ceil(3e6/28800)=105 → round(105·28799/28800)=105 → 105·28800/1e6 = 3.
    // new window = ceil((3·(28 800 000 − 1000) + 7·28 800 000) / 10) = 28 799 700.
    expect(r.usage).toBe(10n);
    expect(r.account.accountResource?.energyWindowSize).toBe(28_799_700n);
    expect(r.account.accountResource?.energyWindowOptimized).toBe(true);
  });

  it("consumption stamps the usage and the slot", () => {
    const { props } = propsWith(STAKE_2);
    const next = consumeUsage(props, account(), ResourceCode.ENERGY, 1234n, 50n);
    expect(next.accountResource?.energyUsage).toBe(1234n);
    expect(next.accountResource?.latestConsumeTimeForEnergy).toBe(50n);
    expect(next.accountResource?.energyWindowSize).toBe(28_800n);
  });

  it("an undelegation moves usage to the owner with a usage-weighted window", () => {
    const { props } = propsWith(STAKE_2);
    const owner = account({ netUsage: 1000n, latestConsumeTime: 10n, netWindowSize: 28_800n });
    const receiver = account({ netWindowSize: 7200n });
    const next = unDelegateIncrease(props, owner, receiver, 3000n, ResourceCode.BANDWIDTH, 10n);
    expect(next.netUsage).toBe(4000n);
    expect(next.latestConsumeTime).toBe(10n);
    expect(next.netWindowSize).toBe((1000n * 28_800n + 3000n * 7200n) / 4000n);
    const emptied = unDelegateIncrease(props, account(), receiver, 0n, ResourceCode.BANDWIDTH, 10n);
    expect(emptied.netUsage).toBe(0n);
    expect(emptied.netWindowSize).toBe(28_800n);
  });
});

describe("energy processor", () => {
  const stakedForEnergy = (amount: bigint) =>
    account({ frozenV2: [{ $typeName: "protocol.Account.FreezeV2", type: ResourceCode.ENERGY, amount }] });

  it("Stake 2.0 limits use fractional TRX; a zero total weight gives 0", () => {
    const { props } = propsWith({
      ...STAKE_2,
      TOTAL_ENERGY_WEIGHT: 3n,
      TOTAL_ENERGY_CURRENT_LIMIT: 90_000_000_000n,
    });
    expect(accountEnergyLimit(props, stakedForEnergy(1_500_000n))).toBe(45_000_000_000n);
    expect(accountEnergyLimit(props, stakedForEnergy(500_000n))).toBe(15_000_000_000n);
    props.set("TOTAL_ENERGY_WEIGHT", 0n);
    expect(accountEnergyLimit(props, stakedForEnergy(TRX))).toBe(0n);
  });

  it("Stake 1.0 limits truncate to whole TRX and need at least 1 TRX", () => {
    const { props } = propsWith({
      ...STAKE_1,
      TOTAL_ENERGY_WEIGHT: 3n,
      TOTAL_ENERGY_CURRENT_LIMIT: 90_000_000_000n,
    });
    expect(accountEnergyLimit(props, stakedForEnergy(1_500_000n))).toBe(30_000_000_000n);
    expect(accountEnergyLimit(props, stakedForEnergy(999_999n))).toBe(0n);
  });

  it("uses Java double arithmetic for the limit", () => {
    const { props } = propsWith({
      ...STAKE_2,
      TOTAL_ENERGY_WEIGHT: 7n,
      TOTAL_ENERGY_CURRENT_LIMIT: 50_000_000_000n,
    });
    // (long)(1.0 * (5e10 / 7)) = 7142857142
    expect(accountEnergyLimit(props, stakedForEnergy(TRX))).toBe(7_142_857_142n);
  });

  it("the caller's limit is staked energy left plus what the balance buys, capped by fee_limit", () => {
    const { props } = propsWith({
      ...STAKE_2,
      TOTAL_ENERGY_WEIGHT: 1n,
      TOTAL_ENERGY_CURRENT_LIMIT: 50_000n,
      ENERGY_FEE: 420n,
    });
    const a = { ...stakedForEnergy(TRX), balance: 42_000n };
    expect(accountLeftEnergyFromFreeze(props, a, 0n)).toBe(50_000n);
    expect(callerEnergyLimit(props, a, 1_000_000_000n, 0n, 0n)).toBe(50_100n);
    expect(callerEnergyLimit(props, a, 1_000_000_000n, 42_000n, 0n)).toBe(50_000n);
    expect(callerEnergyLimit(props, a, 4_200_000n, 0n, 0n)).toBe(10_000n); // fee_limit caps frozen energy too
    props.set("ENERGY_FEE", 0n); // not positive: 100 sun per energy
    expect(callerEnergyLimit(props, { ...a, balance: 1000n }, 1_000_000_000n, 0n, 0n)).toBe(50_010n);
  });

  it("pays from staked energy first, then burns ENERGY_FEE per missing unit", () => {
    const { state, props } = propsWith({
      ...STAKE_2,
      TOTAL_ENERGY_WEIGHT: 1n,
      TOTAL_ENERGY_CURRENT_LIMIT: 1000n,
      ENERGY_FEE: 420n,
      ALLOW_BLACKHOLE_OPTIMIZATION: 1n,
    });
    state.put(Tables.accounts, ALICE, { ...stakedForEnergy(TRX), balance: 1_000_000n });
    expect(payEnergyBill(state, props, ALICE, 600n, 0n)).toEqual({ energyUsage: 600n, energyFee: 0n });
    expect(payEnergyBill(state, props, ALICE, 600n, 0n)).toEqual({ energyUsage: 400n, energyFee: 84_000n });
    expect(state.get(Tables.accounts, ALICE)?.balance).toBe(916_000n);
    expect(state.get(Tables.accounts, ALICE)?.accountResource?.energyUsage).toBe(1000n);
    expect(props.get("BURN_TRX_AMOUNT")).toBe(84_000n);
    expect(() => payEnergyBill(state, props, ALICE, 10_000n, 0n)).toThrow(
      `${Buffer.from(ALICE).toString("hex")} insufficient balance`,
    );
  });

  it("sends the energy fee to the fee pool when it is on", () => {
    const { state, props } = propsWith({ ...STAKE_2, ALLOW_TRANSACTION_FEE_POOL: 1n, ENERGY_FEE: 100n });
    state.put(Tables.accounts, ALICE, account({ balance: 10_000n }));
    expect(payEnergyBill(state, props, ALICE, 50n, 0n)).toEqual({ energyUsage: 0n, energyFee: 5000n });
    expect(props.get("TRANSACTION_FEE_POOL")).toBe(5000n);
    payEnergyBill(state, props, ALICE, 10n, 0n, { outOfTime: true });
    expect(props.get("TRANSACTION_FEE_POOL")).toBe(5000n);
  });

  it("Stake 1.0 without TVM freeze refuses to use more energy than is left", () => {
    const { state, props } = propsWith({
      ...STAKE_1,
      TOTAL_ENERGY_WEIGHT: 1n,
      TOTAL_ENERGY_CURRENT_LIMIT: 1000n,
    });
    state.put(Tables.accounts, ALICE, stakedForEnergy(TRX));
    expect(useEnergy(state, props, ALICE, 1001n, 0n)).toBe(false);
    expect(useEnergy(state, props, ALICE, 1000n, 0n)).toBe(true);
  });

  it("adaptive energy moves the current limit down 1 % above target, up 0.1 % below, within its bounds", () => {
    const { props } = propsWith({
      ALLOW_ADAPTIVE_ENERGY: 1n,
      TOTAL_ENERGY_LIMIT: 50_000_000_000n,
      TOTAL_ENERGY_CURRENT_LIMIT: 60_000_000_000n,
      TOTAL_ENERGY_TARGET_LIMIT: 100n,
      ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER: 1000n,
      BLOCK_ENERGY_USAGE: 1_000_000n,
    });
    updateAdaptiveEnergy(props, 5n);
    expect(props.get("TOTAL_ENERGY_AVERAGE_USAGE")).toBe(increaseUsage(0n, 1_000_000n, 0n, 5n, 20n));
    expect(props.get("TOTAL_ENERGY_CURRENT_LIMIT")).toBe(59_400_000_000n);
    props.set("BLOCK_ENERGY_USAGE", 0n);
    updateAdaptiveEnergy(props, 100n); // the average has decayed to 0: expand
    expect(props.get("TOTAL_ENERGY_CURRENT_LIMIT")).toBe((59_400_000_000n * 1000n) / 999n);
    props.set("TOTAL_ENERGY_CURRENT_LIMIT", 50_000_000_000n);
    props.set("BLOCK_ENERGY_USAGE", 1_000_000n);
    updateAdaptiveEnergy(props, 101n);
    expect(props.get("TOTAL_ENERGY_CURRENT_LIMIT")).toBe(50_000_000_000n); // never below TOTAL_ENERGY_LIMIT
    props.set("ADAPTIVE_RESOURCE_LIMIT_MULTIPLIER", 1n);
    props.set("BLOCK_ENERGY_USAGE", 0n);
    updateAdaptiveEnergy(props, 500n);
    expect(props.get("TOTAL_ENERGY_CURRENT_LIMIT")).toBe(50_000_000_000n); // nor above limit × multiplier
  });
});

describe("staking reads", () => {
  it("estimates a delegation's bandwidth from its contract size (java-tron's WalletTest figures)", () => {
    const { props } = propsWith(STAKE_2);
    expect(estimateDelegateBandwidthSize(props, 1_000_000n)).toBe(277n);
    expect(estimateDelegateBandwidthSize(props, 1_000_000_000n)).toBe(279n);
    expect(estimateDelegateBandwidthSize(props, 1_000_000_000_000n)).toBe(280n);
    props.set("MAX_DELEGATE_LOCK_PERIOD", 864_000n); // the lock period is then part of the estimate
    expect(estimateDelegateBandwidthSize(props, 1_000_000n)).toBe(281n);
  });

  it("getcandelegatedmaxsize reserves the delegation's own bandwidth (java-tron's WalletTest)", () => {
    const { props } = propsWith({ ...STAKE_2, TOTAL_NET_WEIGHT: 1000n + 43_100_000_000n });
    const owner = account({
      frozenV2: [
        { $typeName: "protocol.Account.FreezeV2", type: ResourceCode.BANDWIDTH, amount: 1_000_000_000n },
      ],
    });
    expect(canDelegatedMaxSize(props, owner, ResourceCode.BANDWIDTH) / TRX).toBe(1000n - 279n);
    expect(canDelegatedMaxSize(props, owner, ResourceCode.ENERGY)).toBe(0n);
    expect(canDelegatedMaxSize(props, owner, 7)).toBe(0n);
  });

  it("getcandelegatedmaxsize subtracts used energy not covered by v1 or acquired stakes, and reports under 1 TRX as 0", () => {
    const { props } = propsWith({
      ...STAKE_2,
      TOTAL_ENERGY_WEIGHT: 10n,
      TOTAL_ENERGY_CURRENT_LIMIT: 10_000n,
    });
    const owner = account({
      frozenV2: [{ $typeName: "protocol.Account.FreezeV2", type: ResourceCode.ENERGY, amount: 10n * TRX }],
    });
    expect(canDelegatedMaxSize(props, owner, ResourceCode.ENERGY)).toBe(10n * TRX);
    const busy = { ...owner, accountResource: create(Account_AccountResourceSchema, { energyUsage: 4000n }) };
    // 4000 energy ≙ 4000·1e6·(10/10000) = 4 TRX of stake
    expect(canDelegatedMaxSize(props, busy, ResourceCode.ENERGY)).toBe(6n * TRX);
    const tiny = { ...busy, frozenV2: [{ ...owner.frozenV2[0]!, amount: 4_500_000n }] } as Account;
    expect(canDelegatedMaxSize(props, tiny, ResourceCode.ENERGY)).toBe(0n);
  });

  it("counts pending unfreezes at the head time and what can be withdrawn by a timestamp", () => {
    const { props } = propsWith({ LATEST_BLOCK_HEADER_TIMESTAMP: 1000n });
    const unfreeze = (amount: bigint, expire: bigint) => ({
      $typeName: "protocol.Account.UnFreezeV2" as const,
      type: ResourceCode.BANDWIDTH,
      unfreezeAmount: amount,
      unfreezeExpireTime: expire,
    });
    const a = account({ unfrozenV2: [unfreeze(5n, 1000n), unfreeze(7n, 1001n), unfreeze(11n, 5000n)] });
    expect(availableUnfreezeCount(props, a)).toBe(30n);
    expect(canWithdrawUnfreezeAmount(props, a, 0n)).toBe(5n);
    expect(canWithdrawUnfreezeAmount(props, a, 1001n)).toBe(12n);
    expect(canWithdrawUnfreezeAmount(props, a, 999_999n)).toBe(23n);
    expect(canWithdrawUnfreezeAmount(props, a, -1n)).toBeUndefined();
  });
});
