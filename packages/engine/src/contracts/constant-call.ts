/**
 * Constant calls (java-tron's Wallet.callConstantContract): a contract transaction run on a copy of
 * the head state with the constant energy cap, never kept — triggerconstantcontract, the view/pure
 * branch of triggersmartcontract, and estimateenergy's binary search over fee_limit.
 */
import { create } from "@bufbuild/protobuf";
import type { BlockContext } from "../chain/block-context.js";
import type { SignatureRecoverer } from "../crypto/signature.js";
import { TronodeError } from "../errors.js";
import { transactionId, unpackContract } from "../protocol/codec.js";
import { ContractType } from "../protocol/contract-types.js";
import type {
  CreateSmartContract,
  TriggerSmartContract,
} from "../protocol/generated/protocol/contracts_pb.js";
import {
  Transaction_Result_contractResult as ContractResult,
  type Transaction,
  Transaction_Result_code,
  Transaction_ResultSchema,
  type TransactionInfo_Log,
  TransactionSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { MutableChainProperties } from "../state/chain-properties.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import type { VmInternalTransaction } from "../vm/context.js";
import { constantEnergyLimit, logsOf, runContract } from "./contract-run.js";

/** java-tron's default vm.maxEnergyLimitForConstant. */
export const DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT = 100_000_000n;
/** Constant.TRX_PRECISION: estimateenergy's binary search stops within 1 TRX of fee_limit. */
const TRX_PRECISION = 1_000_000n;

/** How a constant call (triggerconstantcontract) runs: its energy cap, the block it sees and the recoverer. */
export interface ConstantCallOptions {
  /** The node's vm.maxEnergyLimitForConstant. */
  readonly maxEnergyLimit: bigint;
  /** The head block (java-tron runs constant calls against it). */
  readonly block: BlockContext;
  readonly recoverer?: SignatureRecoverer;
  /** estimateenergy: VM exceptions other than OUT_OF_TIME are a result, not an error. */
  readonly estimating?: boolean;
}

/** What a constant call answers (TransactionExtention without the framing). */
export interface ConstantCallResult {
  /** The transaction with `ret[0].ret` SUCESS or FAILED. */
  readonly transaction: Transaction;
  readonly constantResult: Uint8Array;
  readonly energyUsed: bigint;
  readonly energyPenalty: bigint;
  readonly logs: TransactionInfo_Log[];
  /** Every internal transaction, with its call data (TronBox reads console.log from it). */
  readonly internalTransactions: readonly VmInternalTransaction[];
  readonly failed: boolean;
  readonly contractResult: ContractResult;
  /** "REVERT opcode executed" or the runtime error (Return.message); empty on success. */
  readonly message: string;
}

/**
 * Wallet.callConstantContract on `view`: runs the transaction's Create/TriggerSmartContract and
 * returns the result. Check failures throw ContractValidateException; a VM exception is re-thrown
 * as java-tron does (its Program$…Exception class), except while estimating.
 */
export function callConstantContract(
  view: StateView,
  tx: Transaction,
  options: ConstantCallOptions,
): ConstantCallResult {
  const state = new StateOverlay(view);
  const props = new MutableChainProperties(state);
  const contract = tx.rawData?.contract[0];
  if (!contract) throw new TronodeError("CONTRACT_VALIDATE_ERROR", "No contract!");
  const { value } = unpackContract(contract);
  const call =
    contract.type === ContractType.CreateSmartContract
      ? ({ kind: "create", contract: value as CreateSmartContract } as const)
      : ({ kind: "trigger", contract: value as TriggerSmartContract } as const);
  const feeLimit = tx.rawData?.feeLimit ?? 0n;
  const run = runContract(state, props, call, {
    txId: transactionId(tx),
    feeLimit,
    block: options.block,
    ...(options.recoverer ? { recoverer: options.recoverer } : {}),
    constantEnergyLimit: constantEnergyLimit(props, options.maxEnergyLimit, feeLimit),
  });
  if ((run.exception && !options.estimating) || run.contractRet === ContractResult.OUT_OF_TIME) {
    throw new TronodeError("VM_EXCEPTION", run.runtimeError, {
      javaClass: run.exceptionClass ?? "java.lang.RuntimeException",
    });
  }
  const failed = run.runtimeError !== "" || run.revert;
  const message = run.revert ? "REVERT opcode executed" : run.runtimeError;
  return {
    transaction: create(TransactionSchema, {
      ...tx,
      ret: [
        create(Transaction_ResultSchema, {
          ret: failed ? Transaction_Result_code.FAILED : Transaction_Result_code.SUCESS,
        }),
      ],
    }),
    constantResult: run.returnData,
    energyUsed: run.energyUsed,
    energyPenalty: run.energyPenalty,
    logs: logsOf(run.logs),
    internalTransactions: run.internalTransactions,
    failed,
    contractResult: run.contractRet,
    message,
  };
}

/** What estimateenergy answers: the last run, and the energy needed when it succeeded. */
export interface EnergyEstimate {
  readonly result: ConstantCallResult;
  /** ceil(fee_limit / ENERGY_FEE) of the smallest fee_limit that succeeds; absent when the call fails. */
  readonly energyRequired?: bigint;
}

/**
 * Wallet.estimateEnergy: a constant run at MAX_FEE_LIMIT, then a binary search (to within 1 TRX)
 * for the smallest fee_limit with which the call still succeeds, starting from twice the energy
 * the first run used.
 */
export function estimateEnergy(
  view: StateView,
  tx: Transaction,
  options: ConstantCallOptions,
): EnergyEstimate {
  const props = new MutableChainProperties(new StateOverlay(view));
  const energyFee = props.get("ENERGY_FEE");
  const withFeeLimit = (feeLimit: bigint) =>
    callConstantContract(
      view,
      create(TransactionSchema, { ...tx, rawData: { ...tx.rawData!, feeLimit }, ret: [] }),
      { ...options, estimating: true },
    );
  let high = props.get("MAX_FEE_LIMIT");
  let result = withFeeLimit(high);
  if (result.failed) return { result };
  let low = energyFee * result.energyUsed;
  const twoTimes = low * 2n;
  if (twoTimes < high) {
    result = withFeeLimit(twoTimes);
    if (result.failed) low = twoTimes;
    else high = twoTimes;
  }
  while (low + TRX_PRECISION < high) {
    const mid = (low + high) / 2n;
    result = withFeeLimit(mid);
    if (result.failed) low = mid;
    else high = mid;
  }
  result = withFeeLimit(high);
  if (result.failed) return { result };
  // (long) Math.ceil((double) high / energyFee)
  return { result, energyRequired: BigInt(Math.ceil(Number(high) / Number(energyFee))) };
}
