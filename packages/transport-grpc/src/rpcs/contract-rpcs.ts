/**
 * Smart contracts over gRPC (RpcApiService): GetContract / GetContractInfo (the empty message for
 * "not found"), DeployContract and the settings builders (TransactionExtention with Return),
 * TriggerContract / TriggerConstantContract (callContract: a check failure is
 * CONTRACT_VALIDATE_ERROR "Contract validate error : …", a VM exception — a RuntimeException —
 * CONTRACT_EXE_ERROR "class … : …") and EstimateEnergy. The trigger bindings take the request's
 * TriggerSmartContract as it is: the rpcs have no fee_limit, Permission_id or memo.
 */
import type { MessageInitShape } from "@bufbuild/protobuf";
import {
  BytesMessageSchema,
  CONTRACT_VALIDATE_PREFIX,
  type ConstantCallResult,
  CreateSmartContractSchema,
  EstimateEnergyMessageSchema,
  internalTransactionOf,
  Return_response_code,
  SmartContractDataWrapperSchema,
  SmartContractSchema,
  TransactionExtentionSchema,
  TriggerSmartContractSchema,
  transactionId,
  utf8Encode,
} from "@tronode/engine/internal";
import {
  ContractBuilderOperations,
  type ContractCallFailure,
  type ContractCallOutcome,
  ContractOperations,
  type EnergyEstimateOutcome,
} from "@tronode/operations";
import { failedReturn, type ReturnInit, transactionExtention } from "../response-messages.js";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";
import { builderRpcs } from "./builder-rpcs.js";

function failureReturn(failure: ContractCallFailure): ReturnInit {
  return failure.code === "CONTRACT_VALIDATE_ERROR"
    ? failedReturn(Return_response_code.CONTRACT_VALIDATE_ERROR, CONTRACT_VALIDATE_PREFIX + failure.message)
    : failedReturn(Return_response_code.CONTRACT_EXE_ERROR, failure.message);
}

function runFields(run: ConstantCallResult) {
  return {
    constantResult: [run.constantResult],
    energyUsed: run.energyUsed,
    logs: run.logs,
    internalTransactions: run.internalTransactions.map(internalTransactionOf),
    energyPenalty: run.energyPenalty,
  };
}

function callOutput(outcome: ContractCallOutcome): MessageInitShape<typeof TransactionExtentionSchema> {
  if (!outcome.ok) return { result: failureReturn(outcome) };
  const { transaction, run } = outcome.answer;
  const result: ReturnInit = {
    result: true,
    code: Return_response_code.SUCCESS,
    message: utf8Encode(run?.message ?? ""),
  };
  return {
    transaction: transactionExtention(transaction).transaction,
    txid: transactionId(transaction),
    ...(run ? runFields(run) : {}),
    result,
  };
}

function estimateOutput(
  outcome: EnergyEstimateOutcome,
): MessageInitShape<typeof EstimateEnergyMessageSchema> {
  if (!outcome.ok) return { result: failureReturn(outcome) };
  const { run, energyRequired } = outcome.answer;
  if (energyRequired === undefined) {
    return { result: failedReturn(Return_response_code.CONTRACT_EXE_ERROR, run.message) };
  }
  return { result: { result: true, code: Return_response_code.SUCCESS }, energyRequired };
}

const trigger = (rpc: string, operation: typeof ContractOperations.triggerSmartContract) =>
  bindRpc({
    rpc,
    request: TriggerSmartContractSchema,
    response: TransactionExtentionSchema,
    operation,
    input: (contract) => ({ input: { contract } }),
    output: callOutput,
    failure: "return",
  });

/** Served on Wallet and WalletSolidity (the server passes the scope). */
export const CONTRACT_CONSTANT_RPCS: readonly RpcBinding[] = [
  trigger("TriggerConstantContract", ContractOperations.triggerConstantContract),
  bindRpc({
    rpc: "EstimateEnergy",
    request: TriggerSmartContractSchema,
    response: EstimateEnergyMessageSchema,
    operation: ContractOperations.estimateEnergy,
    input: (contract) => ({ input: { contract } }),
    output: estimateOutput,
    failure: "return",
  }),
];

export const CONTRACT_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetContract",
    request: BytesMessageSchema,
    response: SmartContractSchema,
    operation: ContractOperations.getContract,
    input: (message) => message.value,
    output: (contract) => contract,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetContractInfo",
    request: BytesMessageSchema,
    response: SmartContractDataWrapperSchema,
    operation: ContractOperations.getContractInfo,
    input: (message) => message.value,
    output: (info) => info,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "DeployContract",
    request: CreateSmartContractSchema,
    response: TransactionExtentionSchema,
    operation: ContractOperations.deployContract,
    input: (contract) => ({ contract, feeLimit: 0n }),
    output: transactionExtention,
    failure: "return",
  }),
  trigger("TriggerContract", ContractOperations.triggerSmartContract),
  ...builderRpcs(ContractBuilderOperations.updateSetting, { extention: "UpdateSetting" }),
  ...builderRpcs(ContractBuilderOperations.updateEnergyLimit, { extention: "UpdateEnergyLimit" }),
  ...builderRpcs(ContractBuilderOperations.clearAbi, { extention: "ClearContractABI" }),
];
