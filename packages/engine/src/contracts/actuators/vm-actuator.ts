/**
 * CreateSmartContract (30) and TriggerSmartContract (31): java-tron's VMActuator. Its checks
 * happen while the run is prepared (energy limit, value transfers), so `validate` has nothing to
 * check on its own and `execute` does it all in one pass: a check failure is still a
 * ContractValidateException (the transaction is refused), a failed run is a result kept in the block.
 */

import type { DescMessage } from "@bufbuild/protobuf";
import type { Actuator, ActuatorContext, ActuatorResult } from "../../actuator/actuator.js";
import type { BlockContext } from "../../chain/block-context.js";
import { ContractType } from "../../protocol/contract-types.js";
import {
  CreateSmartContractSchema,
  TriggerSmartContractSchema,
} from "../../protocol/generated/protocol/contracts_pb.js";
import type { VmTracer } from "../../vm/context.js";
import { type ContractCall, type ContractRun, runContract } from "../contract-run.js";

/** What a contract transaction's actuator sees beyond a system contract's. */
export interface ContractActuatorContext extends ActuatorContext {
  /** Observes the TVM while the contract runs (debug_traceTransaction). */
  readonly vmTracer?: VmTracer;
  /** The CPU-limit ratio of the run (vm/cpu-budget.ts): set when a block is being verified. */
  readonly cpuTimeRatio?: number;
}

/** A contract transaction's outcome: its run (result code, receipt energy, logs, internal transactions). */
export interface ContractActuatorResult extends ActuatorResult {
  readonly contractRun?: ContractRun;
}

/** Any actuator, as the transaction pipeline calls it: the contract actuators need the wider context. */
export type PipelineActuator = Actuator<DescMessage, ContractActuatorContext, ContractActuatorResult>;

/** java-tron's pushed transactions run against an empty block (number 0, time 0, no witness). */
const EMPTY_BLOCK: BlockContext = { number: 0n, timestamp: 0n, coinbase: new Uint8Array(0) };

function run(ctx: ContractActuatorContext, call: ContractCall): ContractActuatorResult {
  const contractRun = runContract(ctx.state, ctx.props, call, {
    txId: ctx.txId,
    feeLimit: ctx.transaction?.rawData?.feeLimit ?? 0n,
    block: ctx.block ?? EMPTY_BLOCK,
    ...(ctx.recoverer ? { recoverer: ctx.recoverer } : {}),
    ...(ctx.vmTracer ? { tracer: ctx.vmTracer } : {}),
    ...(ctx.cpuTimeRatio === undefined ? {} : { cpuTimeRatio: ctx.cpuTimeRatio }),
  });
  return { fee: 0n, contractRun };
}

export const createSmartContractActuator: Actuator<
  typeof CreateSmartContractSchema,
  ContractActuatorContext,
  ContractActuatorResult
> = {
  type: ContractType.CreateSmartContract,
  schema: CreateSmartContractSchema,
  typeErrorMessage: "Cannot get CreateSmartContract from transaction",
  validate() {},
  execute: (ctx, contract) => run(ctx, { kind: "create", contract }),
};

export const triggerSmartContractActuator: Actuator<
  typeof TriggerSmartContractSchema,
  ContractActuatorContext,
  ContractActuatorResult
> = {
  type: ContractType.TriggerSmartContract,
  schema: TriggerSmartContractSchema,
  typeErrorMessage: "Cannot get contract address from TriggerContract",
  validate() {},
  execute: (ctx, contract) => run(ctx, { kind: "trigger", contract }),
};
