import type { VmConfig } from "./config.js";

/**
 * java-tron stops a transaction after MAX_CPU_TIME_OF_ONE_TX milliseconds of wall-clock time
 * (OUT_OF_TIME). The engine has no clock and must give every node the same answer, so the limit
 * is a deterministic instruction budget instead: this many executed opcodes per millisecond of
 * the chain's CPU time limit. 50 000 per ms (50 M instructions/s) is above what java-tron's
 * interpreter executes in the same time, so a transaction java-tron accepts is not cut here,
 * while an endless loop with an unbounded energy limit still ends with OUT_OF_TIME.
 */
export const STEPS_PER_CPU_MS = 50_000;

/**
 * java-tron's CPU-limit ratios (VMActuator.getCpuLimitInUsRatio, node settings vm.minTimeRatio and
 * vm.maxTimeRatio): a witness building a block, and a pushed transaction, get the limit as is; a
 * node verifying a block gets `max` times it — unless the block says the transaction ran out of
 * time, then `min` times it (0: the run is cut at once, so the verifier agrees with the producer
 * whatever its own speed).
 */
export const CPU_TIME_RATIOS = { min: 0, max: 5 } as const;

/** The instruction budget of one transaction under `config`, times the CPU-limit ratio. */
export function cpuBudgetSteps(config: VmConfig, ratio = 1): number {
  const ms = Number(config.maxCpuTimeOfOneTxMs > 0n ? config.maxCpuTimeOfOneTxMs : 50n);
  return Math.floor(ms * STEPS_PER_CPU_MS * ratio);
}
