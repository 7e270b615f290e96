/**
 * Energy billing of contract triggers, each case checked against values computed from the
 * reference's formulas (actuators-and-resources.md §4.4–§4.5, tvm.md §1.10), not from the engine:
 *
 * - staked energy: frozen_TRX × TOTAL_ENERGY_CURRENT_LIMIT / TOTAL_ENERGY_WEIGHT;
 * - deployer's share: min(total × (100 − percent) / 100, deployer's staked energy left,
 *   origin_energy_limit), paid only from stake;
 * - caller: staked energy first, the rest bought at ENERGY_FEE (100 sun);
 * - an exception charges the whole limit: min(fee_limit / 100, …) plus the deployer's share of it.
 */
import { Interface } from "ethers";
import { beforeAll, describe, expect, it } from "vitest";
import { type CompiledContract, compiledContracts } from "../../../../test/support/solidity.js";
import {
  Transaction_Result_contractResult as ContractResult,
  ContractType,
  contractAddress,
  hexToBytes,
  type MemoryState,
  ResourceCode,
  Tables,
  type TransactionInfo,
  transactionId,
} from "../../src/internal.js";
import { ALICE, ALICE_KEY, newChain, WITNESS, WITNESS_KEY } from "../support/chain-fixture.js";
import { balance, commit, pushError, tx } from "../support/tx-helpers.js";

const FLAGS: Record<string, bigint> = {
  ALLOW_CREATION_OF_CONTRACTS: 1n,
  ALLOW_TVM_TRANSFER_TRC10: 1n,
  ALLOW_TVM_CONSTANTINOPLE: 1n,
  ALLOW_TVM_SOLIDITY_059: 1n,
  ALLOW_TVM_ISTANBUL: 1n,
  ALLOW_TVM_FREEZE: 1n,
  ALLOW_TVM_LONDON: 1n,
  ALLOW_TVM_COMPATIBLE_EVM: 1n,
  ALLOW_TVM_SHANGHAI: 1n,
  ALLOW_TVM_CANCUN: 1n,
  ALLOW_DELEGATE_RESOURCE: 1n,
  UNFREEZE_DELAY_DAYS: 14n,
  ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n,
  ENERGY_LIMIT_BLOCK_NUM: 0n,
};
const PRICE = 100n; // ENERGY_FEE
const TOTAL_ENERGY_LIMIT = 50_000_000_000n;
const TRX = 1_000_000n;

let artefacts: Record<string, CompiledContract>;
let burn: string;
beforeAll(async () => {
  artefacts = await compiledContracts();
  burn = new Interface(artefacts.Reverter!.abi).encodeFunctionData("burn", [20n]).slice(2);
});

let stamp = 0n;
const next = () => {
  stamp += 1n;
  return stamp;
};

/** A chain where WITNESS deployed Reverter with the given percent and origin_energy_limit. */
function setup(
  percent: bigint,
  originEnergyLimit: bigint,
  stakes: { witness?: bigint; alice?: bigint } = {},
) {
  const state = newChain(FLAGS);
  for (const [key, owner, amount] of [
    [WITNESS_KEY, WITNESS, stakes.witness],
    [ALICE_KEY, ALICE, stakes.alice],
  ] as const) {
    if (amount === undefined) continue;
    commit(
      state,
      tx(
        state,
        ContractType.FreezeBalanceV2Contract,
        { ownerAddress: owner, frozenBalance: amount * TRX, resource: ResourceCode.ENERGY },
        [key],
        {
          timestamp: next(),
        },
      ),
    );
  }
  const deploy = tx(
    state,
    ContractType.CreateSmartContract,
    {
      ownerAddress: WITNESS,
      newContract: {
        originAddress: WITNESS,
        bytecode: hexToBytes(artefacts.Reverter!.bytecode),
        consumeUserResourcePercent: percent,
        originEnergyLimit,
      },
    },
    [WITNESS_KEY],
    { feeLimit: 1_000_000_000n, timestamp: next() },
  );
  const deployed = commit(state, deploy);
  expect(deployed.info.receipt!.result).toBe(ContractResult.SUCCESS);
  return { state, address: contractAddress(transactionId(deploy), WITNESS) };
}

function trigger(
  state: MemoryState,
  address: Uint8Array,
  feeLimit = 1_000_000_000n,
  data = burn,
): TransactionInfo {
  const t = tx(
    state,
    ContractType.TriggerSmartContract,
    { ownerAddress: ALICE, contractAddress: address, data: hexToBytes(data) },
    [ALICE_KEY],
    { feeLimit, timestamp: next() },
  );
  return commit(state, t).info;
}

/** Staked energy of `frozenTrx` when `totalTrx` is frozen for energy network-wide (§4.2, Stake 2.0). */
function stakedEnergy(frozenTrx: bigint, totalTrx: bigint): bigint {
  return BigInt(Math.trunc(Number(frozenTrx) * (Number(TOTAL_ENERGY_LIMIT) / Number(totalTrx))));
}

const min = (...xs: bigint[]) => xs.reduce((a, b) => (a < b ? a : b));

describe("energy billing of triggers (caller ALICE, deployer WITNESS)", () => {
  it("percent 100: the caller pays everything, all of it burned at ENERGY_FEE", () => {
    const { state, address } = setup(100n, 10_000_000n);
    const before = balance(state, ALICE);
    const info = trigger(state, address);
    const total = info.receipt!.energyUsageTotal;
    expect(info.receipt!.result).toBe(ContractResult.SUCCESS);
    expect(total).toBeGreaterThan(10_000n);
    expect(info.receipt!.originEnergyUsage).toBe(0n);
    expect(info.receipt!.energyUsage).toBe(0n);
    expect(info.receipt!.energyFee).toBe(total * PRICE);
    expect(info.fee).toBe(total * PRICE); // bandwidth is free
    expect(balance(state, ALICE)).toBe(before - total * PRICE);
  });

  it("percent 0 within origin_energy_limit: the deployer pays everything from its stake", () => {
    const { state, address } = setup(0n, 10_000_000n, { witness: 1_000n });
    const before = balance(state, ALICE);
    const info = trigger(state, address);
    const total = info.receipt!.energyUsageTotal;
    // the deployer's stake is the whole network's: 5e10 energy
    expect(stakedEnergy(1_000n, 1_000n)).toBe(TOTAL_ENERGY_LIMIT);
    expect(info.receipt!.originEnergyUsage).toBe(total);
    expect(info.receipt!.energyUsage).toBe(0n);
    expect(info.receipt!.energyFee).toBe(0n);
    expect(balance(state, ALICE)).toBe(before);
  });

  it("percent 30: the deployer pays 70 %, the caller burns the rest", () => {
    const { state, address } = setup(30n, 10_000_000n, { witness: 1_000n });
    const info = trigger(state, address);
    const total = info.receipt!.energyUsageTotal;
    const origin = min((total * 70n) / 100n, TOTAL_ENERGY_LIMIT, 10_000_000n);
    expect(info.receipt!.originEnergyUsage).toBe(origin);
    expect(info.receipt!.energyFee).toBe((total - origin) * PRICE);
  });

  it("percent 0 beyond origin_energy_limit: the deployer pays origin_energy_limit, the caller the rest", () => {
    const { state, address } = setup(0n, 5_000n, { witness: 1_000n });
    const info = trigger(state, address);
    const total = info.receipt!.energyUsageTotal;
    expect(total).toBeGreaterThan(5_000n);
    expect(info.receipt!.originEnergyUsage).toBe(5_000n);
    expect(info.receipt!.energyFee).toBe((total - 5_000n) * PRICE);
  });

  it("the caller's staked energy is used before any TRX is burned", () => {
    // ALICE holds 1 of 5 000 000 frozen TRX: 10 000 energy
    const { state, address } = setup(100n, 10_000_000n, { witness: 4_999_999n, alice: 1n });
    const staked = stakedEnergy(1n, 5_000_000n);
    expect(staked).toBe(10_000n);
    const info = trigger(state, address);
    const total = info.receipt!.energyUsageTotal;
    expect(total).toBeGreaterThan(staked);
    expect(info.receipt!.energyUsage).toBe(staked);
    expect(info.receipt!.energyFee).toBe((total - staked) * PRICE);
    // nothing staked is left: the next call burns all of it
    const again = trigger(state, address);
    expect(again.receipt!.energyUsage).toBe(0n);
    expect(again.receipt!.energyFee).toBe(again.receipt!.energyUsageTotal * PRICE);
  });

  it("fee_limit too low: OUT_OF_ENERGY, the whole limit charged (fee_limit / ENERGY_FEE)", () => {
    const { state, address } = setup(100n, 10_000_000n);
    const before = balance(state, ALICE);
    const feeLimit = 500_000n; // 5 000 energy
    const info = trigger(state, address, feeLimit);
    expect(info.receipt!.result).toBe(ContractResult.OUT_OF_ENERGY);
    expect(info.receipt!.energyUsageTotal).toBe(feeLimit / PRICE);
    expect(info.receipt!.energyFee).toBe(feeLimit);
    expect(balance(state, ALICE)).toBe(before - feeLimit);
    expect(Buffer.from(info.resMessage).toString()).toMatch(/^Not enough energy for/);
  });

  it("an exception with the deployer sharing: the limit includes its share, which it pays", () => {
    // percent 50: limit = caller's F/100 + min(F/100 × 50/50, stake, origin_energy_limit)
    const { state, address } = setup(50n, 10_000_000n, { witness: 1_000n });
    const feeLimit = 500_000n;
    const info = trigger(state, address, feeLimit);
    const callerLimit = feeLimit / PRICE;
    const total = callerLimit + min(callerLimit, TOTAL_ENERGY_LIMIT, 10_000_000n);
    expect(info.receipt!.result).toBe(ContractResult.OUT_OF_ENERGY);
    expect(info.receipt!.energyUsageTotal).toBe(total);
    expect(info.receipt!.originEnergyUsage).toBe(total / 2n);
    expect(info.receipt!.energyFee).toBe((total - total / 2n) * PRICE);
  });

  it("fee_limit above MAX_FEE_LIMIT and a negative call value are refused with java-tron's texts", () => {
    const { state, address } = setup(100n, 10_000_000n);
    const t = (feeLimit: bigint, callValue = 0n) =>
      tx(
        state,
        ContractType.TriggerSmartContract,
        { ownerAddress: ALICE, contractAddress: address, data: hexToBytes(burn), callValue },
        [ALICE_KEY],
        { feeLimit, timestamp: next() },
      );
    expect(pushError(state, t(1_000_000_001n))[1]).toBe(
      "Contract validate error : feeLimit must be >= 0 and <= 1000000000",
    );
    expect(pushError(state, t(1_000n, -1n))[1]).toBe("Contract validate error : callValue must be >= 0");
  });
});

describe("a trigger that uses no energy under Stake 2.0", () => {
  // found by the oracle's generated campaign (seed 3, #379): java-tron 4.8.0 merges the caller's
  // staked energy up to the fee limit into its usage before the run, and saves the reset of that
  // merge only while paying the bill, which a run of no energy never does
  it("leaves the caller's staked energy up to the fee limit merged into its usage", () => {
    const state = newChain(FLAGS);
    commit(
      state,
      tx(
        state,
        ContractType.FreezeBalanceV2Contract,
        { ownerAddress: ALICE, frozenBalance: 1_000n * TRX, resource: ResourceCode.ENERGY },
        [ALICE_KEY],
        { timestamp: next() },
      ),
    );
    const deploy = tx(
      state,
      ContractType.CreateSmartContract,
      {
        ownerAddress: WITNESS,
        // runtime code 00: every call stops at once, spending nothing
        newContract: {
          originAddress: WITNESS,
          bytecode: hexToBytes("6001600c60003960016000f300"),
          consumeUserResourcePercent: 100n,
          originEnergyLimit: 10_000_000n,
        },
      },
      [WITNESS_KEY],
      { feeLimit: 1_000_000_000n, timestamp: next() },
    );
    commit(state, deploy);
    const address = contractAddress(transactionId(deploy), WITNESS);
    const usage = () => state.get(Tables.accounts, ALICE)!.accountResource?.energyUsage ?? 0n;
    expect(usage()).toBe(0n);
    const info = trigger(state, address, 100_000_000n, "");
    expect(info.receipt!.result).toBe(ContractResult.SUCCESS);
    expect(info.receipt!.energyUsageTotal).toBe(0n);
    // min(staked energy left, fee_limit / ENERGY_FEE) = min(…, 1 000 000)
    expect(usage()).toBe(100_000_000n / PRICE);
  });
});
