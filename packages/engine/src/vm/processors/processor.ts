/**
 * java-tron's VM processors (`vm/nativecontract/*Processor`): what the staking and vote opcodes run.
 * They are not the system-contract actuators: their checks, texts and effects differ in places
 * (each processor's file says where), so each has its own file here, built from the engine's
 * shared stake/vote rules rather than copies of them.
 */
import { TronodeError } from "../../errors.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import type { PropertyName } from "../../state/chain-parameters.js";
import { MutableChainProperties } from "../../state/chain-properties.js";
import type { StateOverlay } from "../../state/state-overlay.js";
import type { VmConfig } from "../config.js";
import type { Program } from "../program.js";

/** What a processor sees: the opcode's child repository and the transaction's VM flags. */
export interface VmProcessorContext {
  /** The child repository (committed into the frame only when validate and execute both pass). */
  readonly state: StateOverlay;
  readonly props: MutableChainProperties;
  readonly config: VmConfig;
}

export interface VmProcessor<Param, Result> {
  /** Throws a ContractValidateException (`validateError`) with java-tron's text. */
  validate(ctx: VmProcessorContext, param: Param): void;
  /** May throw a ContractExeException (`executeError`), which the opcode treats as a refusal. */
  execute(ctx: VmProcessorContext, param: Param): Result;
}

/** A processor's outcome: its result, or the refusal's reason (java-tron only logs it). */
export type ProcessorOutcome<Result> = { ok: true; result: Result } | { ok: false; reason: string };

/**
 * Runs a processor as Program does: on a child of the frame's repository, committed only when
 * validation and execution both pass. A ContractValidateException or ContractExeException is a
 * refusal, never a frame failure; so is an `undefined` param (an amount that did not fit a long:
 * java-tron catches that ArithmeticException too).
 */
export function runVmProcessor<Param, Result>(
  program: Program,
  processor: VmProcessor<Param, Result>,
  param: Param | undefined,
): ProcessorOutcome<Result> {
  if (param === undefined) return { ok: false, reason: "out of long range" };
  const state = program.childState();
  const ctx: VmProcessorContext = {
    state,
    props: new MutableChainProperties(state),
    config: program.tx.config,
  };
  try {
    processor.validate(ctx, param);
    const result = processor.execute(ctx, param);
    program.state.merge(state.changes());
    return { ok: true, result };
  } catch (e) {
    if (
      e instanceof TronodeError &&
      (e.code === "CONTRACT_VALIDATE_ERROR" || e.code === "CONTRACT_EXE_ERROR")
    ) {
      return { ok: false, reason: e.message };
    }
    throw e;
  }
}

const TOTAL_WEIGHT: Partial<Record<number, PropertyName>> = {
  [ResourceCode.BANDWIDTH]: "TOTAL_NET_WEIGHT",
  [ResourceCode.ENERGY]: "TOTAL_ENERGY_WEIGHT",
  [ResourceCode.TRON_POWER]: "TOTAL_TRON_POWER_WEIGHT",
};

/**
 * The VM repository's addTotal*Weight: a plain addition. Unlike the dynamic-properties store the
 * actuators use, it never clamps the total at 0 under ALLOW_NEW_REWARD.
 */
export function addTotalWeightInVm(props: MutableChainProperties, type: ResourceCode, delta: bigint): void {
  const name = TOTAL_WEIGHT[type];
  if (name === undefined) return;
  props.set(name, props.get(name) + delta);
}

/** Java's UNRECOGNIZED resource code (what Program.parseResourceCode* answer for anything else). */
export const UNRECOGNIZED_RESOURCE = -1 as ResourceCode;
