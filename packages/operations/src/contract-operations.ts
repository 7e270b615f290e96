/**
 * Smart contracts: getcontract / getcontractinfo, the deploy and trigger builders, constant calls
 * and energy estimation (java-tron's Wallet contract methods), and the builders of contract
 * settings (updatesetting, updateenergylimit, clearabi).
 *
 * The trigger servlets catch every failure into the answer itself (a TransactionExtention or an
 * EstimateEnergyMessage whose `result` carries the code and message), so their operations return
 * a failure rather than throwing: CONTRACT_VALIDATE_ERROR with the ContractValidateException's
 * message, OTHER_ERROR with `class <exception> : <message>` (java-tron replaces `"` by `'`).
 */
import {
  ClearABIContractSchema,
  type ContractCallAnswer,
  ContractType,
  type DeployInput,
  type EnergyEstimateAnswer,
  JavaExceptions,
  type SmartContract,
  type SmartContractDataWrapper,
  type Transaction,
  type TriggerInput,
  TronodeError,
  UpdateEnergyLimitContractSchema,
  UpdateSettingContractSchema,
} from "@tronode/engine/internal";
import { builderOperation } from "./builder-operations.js";
import { defineOperation } from "./operation.js";
import { describeFailure } from "./operation-errors.js";

/** A trigger request: the servlet's parsed input, or the failure parsing it ended with. */
export type TriggerRequest =
  | { readonly input: TriggerInput; readonly failure?: undefined }
  | { readonly input?: undefined; readonly failure: unknown };

/** A failure as the trigger servlets put it in `result` (Return.code and the message text). */
export interface ContractCallFailure {
  readonly ok: false;
  readonly code: "CONTRACT_VALIDATE_ERROR" | "OTHER_ERROR";
  readonly message: string;
}

/** A trigger's answer: the call's result, or the failure the servlet puts in `result`. */
export type ContractCallOutcome =
  | { readonly ok: true; readonly answer: ContractCallAnswer }
  | ContractCallFailure;
/** estimateenergy's answer: the energy estimate, or the failure the servlet puts in `result`. */
export type EnergyEstimateOutcome =
  | { readonly ok: true; readonly answer: EnergyEstimateAnswer }
  | ContractCallFailure;

/** The servlets' two catch blocks. */
export function contractCallFailure(error: unknown): ContractCallFailure {
  if (error instanceof TronodeError && error.javaClass === JavaExceptions.contractValidate) {
    return { ok: false, code: "CONTRACT_VALIDATE_ERROR", message: error.message };
  }
  const { javaClass, message } = describeFailure(error);
  return { ok: false, code: "OTHER_ERROR", message: `class ${javaClass} : ${message.replaceAll('"', "'")}` };
}

async function answer<T>(request: TriggerRequest, run: (input: TriggerInput) => Promise<T>) {
  if (request.input === undefined) return contractCallFailure(request.failure);
  try {
    return { ok: true as const, answer: await run(request.input) };
  } catch (e) {
    return contractCallFailure(e);
  }
}

/** Smart-contract reads, deploy, triggers, constant calls and energy estimation. */
export const ContractOperations = {
  getContract: defineOperation<Uint8Array, SmartContract | undefined>({
    name: "getcontract",
    availability: "served",
    run: (api, address) => api.getContract(address, "head"),
  }),
  getContractInfo: defineOperation<Uint8Array, SmartContractDataWrapper | undefined>({
    name: "getcontractinfo",
    availability: "served",
    run: (api, address) => api.getContractInfo(address, "head"),
  }),
  deployContract: defineOperation<DeployInput, Transaction>({
    name: "deploycontract",
    availability: "served",
    run: (api, input) => api.deployContract(input),
  }),
  triggerSmartContract: defineOperation<TriggerRequest, ContractCallOutcome>({
    name: "triggersmartcontract",
    availability: "served",
    run: (api, request) => answer(request, (input) => api.triggerSmartContract(input)),
  }),
  triggerConstantContract: defineOperation<TriggerRequest, ContractCallOutcome>({
    name: "triggerconstantcontract",
    availability: "served",
    run: (api, request, { scope }) => answer(request, (input) => api.triggerConstantContract(input, scope)),
  }),
  estimateEnergy: defineOperation<TriggerRequest, EnergyEstimateOutcome>({
    name: "estimateenergy",
    availability: "served",
    note: "on by default (java-tron's vm.estimateEnergy is off by default)",
    run: (api, request, { scope }) => answer(request, (input) => api.estimateEnergy(input, scope)),
  }),
} as const;

/** The builders of a contract's settings: updatesetting, updateenergylimit, clearabi. */
export const ContractBuilderOperations = {
  updateSetting: builderOperation({
    name: "updatesetting",
    contractType: ContractType.UpdateSettingContract,
    contractSchema: UpdateSettingContractSchema,
  }),
  updateEnergyLimit: builderOperation({
    name: "updateenergylimit",
    contractType: ContractType.UpdateEnergyLimitContract,
    contractSchema: UpdateEnergyLimitContractSchema,
  }),
  clearAbi: builderOperation({
    name: "clearabi",
    contractType: ContractType.ClearABIContract,
    contractSchema: ClearABIContractSchema,
  }),
} as const;
