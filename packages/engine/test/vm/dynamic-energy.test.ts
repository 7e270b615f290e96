/**
 * Dynamic energy (#72–75) against java-tron's formulas: ContractStateCapsule.catchUpToCycle's
 * vectors (fixtures/java-tron-dynamic-energy.json, from java-tron's ContractStateCapsuleTest), and
 * the per-opcode penalty of VM.play — `energy × factor / 10000 − energy` on every opcode of a frame
 * whose context contract has a factor, the CALL family on its own base part only, the frame's base
 * energy added to the contract's usage.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  AccountSchema,
  AccountType,
  ContractResult,
  ContractStateSchema,
  ContractTables,
  hexToBytes,
  type MemoryState,
  putContract,
  SmartContractSchema,
  StateOverlay,
  Tables,
} from "../../src/internal.js";
import { catchUpToCycle } from "../../src/vm/dynamic-energy.js";
import { call, chainState, MAINNET_FLAGS } from "./helpers.js";

const fixture = JSON.parse(
  readFileSync(join(__dirname, "fixtures", "java-tron-dynamic-energy.json"), "utf8"),
) as {
  catchUp: {
    state: { energyUsage: number; energyFactor: number; updateCycle: number };
    newCycle: number;
    threshold: number;
    increaseFactor: number;
    maxFactor: number;
    strictMath: boolean;
    changed: boolean;
    expected: { updateCycle: number; energyUsage: number; energyFactor: number };
  }[];
};

describe("ContractStateCapsule.catchUpToCycle (java-tron's vectors)", () => {
  for (const [i, c] of fixture.catchUp.entries()) {
    it(`case ${i + 1}: cycle ${c.state.updateCycle} → ${c.newCycle}, increase ${c.increaseFactor}${c.strictMath ? ", StrictMath" : ""}`, () => {
      const state = create(ContractStateSchema, {
        energyUsage: BigInt(c.state.energyUsage),
        energyFactor: BigInt(c.state.energyFactor),
        updateCycle: BigInt(c.state.updateCycle),
      });
      const next = catchUpToCycle(
        state,
        BigInt(c.newCycle),
        BigInt(c.threshold),
        BigInt(c.increaseFactor),
        BigInt(c.maxFactor),
        c.strictMath,
      );
      expect(next !== undefined).toBe(c.changed);
      const after = next ?? state;
      expect(after.updateCycle).toBe(BigInt(c.expected.updateCycle));
      expect(after.energyUsage).toBe(BigInt(c.expected.energyUsage));
      expect(after.energyFactor).toBe(BigInt(c.expected.energyFactor));
    });
  }
});

const DYNAMIC = {
  ...MAINNET_FLAGS,
  ALLOW_DYNAMIC_ENERGY: 1n,
  DYNAMIC_ENERGY_THRESHOLD: 1_000_000n,
  DYNAMIC_ENERGY_INCREASE_FACTOR: 2_000n,
  DYNAMIC_ENERGY_MAX_FACTOR: 12_000n,
  CURRENT_CYCLE_NUMBER: 10n,
};
const A = hexToBytes(`41${"0a".repeat(20)}`);
const B = hexToBytes(`41${"0b".repeat(20)}`);

function install(
  state: MemoryState,
  address: Uint8Array,
  code: string,
  contractState?: { energyFactor: bigint; energyUsage: bigint; updateCycle: bigint },
): void {
  const overlay = new StateOverlay(state);
  overlay.put(Tables.accounts, address, create(AccountSchema, { address, type: AccountType.Contract }));
  putContract(
    overlay,
    create(SmartContractSchema, { contractAddress: address, consumeUserResourcePercent: 100n }),
  );
  overlay.put(ContractTables.code, address, hexToBytes(code));
  if (contractState)
    overlay.put(ContractTables.contractStates, address, create(ContractStateSchema, contractState));
  state.apply(overlay.changes());
}

/** VM.play's penalty on one opcode's energy. */
const penaltyOf = (energy: number, factor: number) => Math.floor((energy * factor) / 10_000) - energy;

// PUSH1 1 PUSH1 2 ADD PUSH1 0 SSTORE STOP: 3, 3, 3, 3, 20000 (new row), 0
const STORE = "6001600201600055" + "00";
const STORE_ENERGIES = [3, 3, 3, 3, 20_000, 0];

describe("dynamic-energy penalty (VM.play)", () => {
  it("every opcode pays energy × factor / 10000 − energy; usage grows by the base energy only", () => {
    const state = chainState(DYNAMIC);
    install(state, A, STORE, { energyFactor: 5_000n, energyUsage: 0n, updateCycle: 10n });
    const r = call(state, A);
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    const base = STORE_ENERGIES.reduce((a, b) => a + b, 0);
    const penalty = STORE_ENERGIES.reduce((a, e) => a + penaltyOf(e, 15_000), 0);
    expect(r.energyPenalty).toBe(BigInt(penalty));
    expect(r.energyUsed).toBe(BigInt(base + penalty));
    expect(state.get(ContractTables.contractStates, A)!.energyUsage).toBe(BigInt(base));
  });

  it("the factor is caught up at the frame's start: above-threshold usage raises it, idle cycles decay it", () => {
    const state = chainState(DYNAMIC);
    // last cycle (9) used more than the threshold: factor (0 + 10000) × 1.2 − 10000 = 2000, then
    // one idle cycle: (2000 + 10000) × (1 − 2000/4/10000) − 10000 = 1400
    install(state, A, STORE, { energyFactor: 0n, energyUsage: 2_000_000n, updateCycle: 8n });
    const r = call(state, A);
    const penalty = STORE_ENERGIES.reduce((a, e) => a + penaltyOf(e, 11_400), 0);
    expect(r.energyPenalty).toBe(BigInt(penalty));
    const after = state.get(ContractTables.contractStates, A)!;
    expect(after.energyFactor).toBe(1_400n);
    expect(after.updateCycle).toBe(10n);
  });

  it("a contract without a state gets one (factor 0) and pays no penalty", () => {
    const state = chainState(DYNAMIC);
    install(state, A, STORE);
    const r = call(state, A);
    expect(r.energyPenalty).toBe(0n);
    expect(r.energyUsed).toBe(20_012n);
    expect(state.get(ContractTables.contractStates, A)).toMatchObject({
      updateCycle: 10n,
      energyUsage: 20_012n,
    });
  });

  it("CALL pays the penalty on its own base part only; the callee frame pays its own factor (penalties add up, as ProgramResult.merge does)", () => {
    const state = chainState(DYNAMIC);
    // A: CALL(gas 100000, B, 0, 0, 0, 0, 0) then STOP
    const addrB = Buffer.from(B.subarray(1)).toString("hex");
    const caller = `600060006000600060007f${"00".repeat(12)}${addrB}620186a0f100`;
    install(state, A, caller, { energyFactor: 10_000n, energyUsage: 0n, updateCycle: 10n });
    install(state, B, STORE, { energyFactor: 5_000n, energyUsage: 0n, updateCycle: 10n });
    const r = call(state, A);
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    // A: 6 pushes (3 each) at ×2, CALL base 40 at ×2, POP-less STOP; B: as above at ×1.5
    const aOps = [3, 3, 3, 3, 3, 3, 3];
    const aPenalty = aOps.reduce((a, e) => a + penaltyOf(e, 20_000), 0) + penaltyOf(40, 20_000);
    const bPenalty = STORE_ENERGIES.reduce((a, e) => a + penaltyOf(e, 15_000), 0);
    const bBase = STORE_ENERGIES.reduce((a, b) => a + b, 0);
    expect(r.energyPenalty).toBe(BigInt(aPenalty + bPenalty));
    const aBase = aOps.reduce((a, b) => a + b, 0) + 40;
    expect(r.energyUsed).toBe(BigInt(aBase + aPenalty + bBase + bPenalty));
    expect(state.get(ContractTables.contractStates, A)!.energyUsage).toBe(BigInt(aBase));
    expect(state.get(ContractTables.contractStates, B)!.energyUsage).toBe(BigInt(bBase));
  });
});
