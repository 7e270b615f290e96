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
 * What a nested frame costs java-tron beyond its instructions: each call or creation at depth d
 * works through d layers of repository, so a chain of nested frames costs time quadratic in its
 * depth. The budget charges every frame entered at depth d this many steps times d. Calibrated
 * against java-tron 4.8.0 by `npm run oracle:deep-create` (nested CREATE2/CREATE under a 50 ms
 * limit, 2 cores): 48 levels pass, 60 and more run out of time, the edge falling near 56 on a warm
 * JVM; 1 500 puts the budget's edge at 56 levels (1 500 × 57 × 58 / 2 ≈ 2.5 M steps).
 */
export const STEPS_PER_FRAME_DEPTH = 1_500;

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
