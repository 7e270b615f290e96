import type { VmResult } from "../vm/execute.js";

/** How a traced execution ended: what the tracers' results report at the top level. */
export interface ExecutionOutcome {
  readonly returnData: Uint8Array;
  readonly energyUsed: bigint;
  readonly revert: boolean;
  /** The exception's text when it failed otherwise than by REVERT. */
  readonly error?: string;
}

export function outcomeOfVm(vm: VmResult): ExecutionOutcome {
  return {
    returnData: vm.returnData,
    energyUsed: vm.energyUsed,
    revert: vm.revert,
    ...(vm.exception !== undefined ? { error: vm.exception.message } : {}),
  };
}
