/**
 * CreateSmartContract (30) and TriggerSmartContract (31): java-tron's VMActuator. Its checks
 * happen while the run is prepared (energy limit, value transfers), so `validate` has nothing to
 * check on its own and `execute` does it all in one pass: a check failure is still a
 * ContractValidateException (the transaction is refused), a failed run is a result kept in the block.
 */

import type { Actuator, ActuatorContext } from "../../actuators/actuator.js";
import { ContractType } from "../../protocol/contract-types.js";
import {
  CreateSmartContractSchema,
  TriggerSmartContractSchema,
} from "../../protocol/generated/protocol/contracts_pb.js";
import type { BlockContext } from "../../vm/context.js";
import { type ContractCall, runContract } from "../contract-run.js";

/** java-tron's pushed transactions run against an empty block (number 0, time 0, no witness). */
const EMPTY_BLOCK: BlockContext = { number: 0n, timestamp: 0n, coinbase: new Uint8Array(0) };

function run(ctx: ActuatorContext, call: ContractCall) {
  const contractRun = runContract(ctx.state, ctx.props, call, {
    txId: ctx.txId,
    feeLimit: ctx.transaction?.rawData?.feeLimit ?? 0n,
    block: ctx.block ?? EMPTY_BLOCK,
    ...(ctx.recoverer ? { recoverer: ctx.recoverer } : {}),
  });
  return { fee: 0n, contractRun };
}

export const createSmartContractActuator: Actuator<typeof CreateSmartContractSchema> = {
  type: ContractType.CreateSmartContract,
  schema: CreateSmartContractSchema,
  typeErrorMessage: "Cannot get CreateSmartContract from transaction",
  ownerAddress: (p) => p.ownerAddress,
  validate() {},
  execute: (ctx, contract) => run(ctx, { kind: "create", contract }),
};

export const triggerSmartContractActuator: Actuator<typeof TriggerSmartContractSchema> = {
  type: ContractType.TriggerSmartContract,
  schema: TriggerSmartContractSchema,
  typeErrorMessage: "Cannot get contract address from TriggerContract",
  ownerAddress: (p) => p.ownerAddress,
  validate() {},
  execute: (ctx, contract) => run(ctx, { kind: "trigger", contract }),
};
