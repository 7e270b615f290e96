import { javaLongOfDouble } from "../chain/arithmetic.js";
import { strictPow } from "../chain/strict-math.js";
import { javaMathPow } from "../exchanges/bancor.js";
import type { ContractState } from "../protocol/generated/protocol/contracts_pb.js";
import { ContractTables, newContractState } from "../state/contract-tables.js";
import { DYNAMIC_ENERGY_FACTOR_DECIMAL } from "./opcodes.js";
import type { Program } from "./program.js";

/** Constant.DYNAMIC_ENERGY_DECREASE_DIVISION: an idle cycle decays by a quarter of the increase factor. */
const DECREASE_DIVISION = 4;
const DECIMAL = BigInt(DYNAMIC_ENERGY_FACTOR_DECIMAL);

/**
 * ContractStateCapsule.catchUpToCycle: brings a contract's energy factor to `newCycle` — one step up
 * by the increase factor if the last cycle's usage exceeded the threshold, then a decay for each
 * idle cycle (`(1 − increase/4/10000)^cycles`, with StrictMath under ALLOW_STRICT_MATH). Returns
 * undefined when nothing changes (already updated this cycle).
 */
export function catchUpToCycle(
  state: ContractState,
  newCycle: bigint,
  threshold: bigint,
  increaseFactor: bigint,
  maxFactor: bigint,
  useStrictMath: boolean,
): ContractState | undefined {
  let lastCycle = state.updateCycle;
  if (lastCycle === newCycle) return undefined;
  if (lastCycle > newCycle || lastCycle === 0n) return newContractState(newCycle);
  let current = state;
  if (current.energyUsage > threshold) {
    lastCycle += 1n;
    const increasePercent = 1 + Number(increaseFactor) / DYNAMIC_ENERGY_FACTOR_DECIMAL;
    const raised = javaLongOfDouble(Number(current.energyFactor + DECIMAL) * increasePercent) - DECIMAL;
    current = { ...newContractState(lastCycle), energyFactor: raised < maxFactor ? raised : maxFactor };
  }
  const cycleCount = newCycle - lastCycle;
  if (cycleCount <= 0n) return current;
  // Maths.pow(base, cycles, allowStrictMath): StrictMath's fdlibm pow, or java-tron's Math.pow
  const base = 1 - Number(increaseFactor) / DECREASE_DIVISION / DYNAMIC_ENERGY_FACTOR_DECIMAL;
  const decreasePercent = useStrictMath
    ? strictPow(base, Number(cycleCount))
    : javaMathPow(base, Number(cycleCount));
  const lowered = javaLongOfDouble(Number(current.energyFactor + DECIMAL) * decreasePercent) - DECIMAL;
  return { ...newContractState(newCycle), energyFactor: lowered > 0n ? lowered : 0n };
}

/** Program.updateContextContractFactor: the context contract's factor (×10000, 10000 = none), caught up. */
export function updateContextContractFactor(program: Program): number {
  const state = program.state;
  const address = program.invoke.address;
  const cycle = program.props.get("CURRENT_CYCLE_NUMBER");
  const config = program.tx.config;
  let contractState = state.get(ContractTables.contractStates, address);
  if (contractState === undefined) {
    contractState = newContractState(cycle);
    state.put(ContractTables.contractStates, address, contractState);
  } else {
    const next = catchUpToCycle(
      contractState,
      cycle,
      config.dynamicEnergyThreshold,
      config.dynamicEnergyIncreaseFactor,
      config.dynamicEnergyMaxFactor,
      config.allowStrictMath,
    );
    if (next !== undefined) {
      contractState = next;
      state.put(ContractTables.contractStates, address, next);
    }
  }
  return Number(contractState.energyFactor) + DYNAMIC_ENERGY_FACTOR_DECIMAL;
}

/** Program.addContextContractUsage: energy the frame spent (penalties excluded) counts toward the next cycle. */
export function addContextContractUsage(program: Program, energy: number): void {
  const address = program.invoke.address;
  const contractState = program.state.get(ContractTables.contractStates, address);
  if (contractState === undefined) return;
  program.state.put(ContractTables.contractStates, address, {
    ...contractState,
    energyUsage: contractState.energyUsage + BigInt(energy),
  });
}
