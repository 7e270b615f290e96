/**
 * The TransactionInfo (and `ret` entry) of a transaction that ran no contract, built as one object
 * literal: every broadcast makes one, and `create()` would build a zero message field by field
 * (a dictionary-mode object, see fast-message.ts) with a fresh empty array for each bytes field,
 * then copy the init in. The result is the same message `create(TransactionInfoSchema, …)` gives
 * for these fields (a test holds them equal); contract runs and actuator receipts still go through
 * `create`, which converts their nested inits.
 */
import type {
  ResourceReceipt,
  Transaction_Result,
  Transaction_Result_contractResult,
  TransactionInfo,
} from "../protocol/generated/protocol/core_pb.js";

/** Shared by every empty bytes field built here; frozen, so nothing can write into it. */
const EMPTY_BYTES: Uint8Array = Object.freeze(new Uint8Array(0)) as Uint8Array;

export interface PlainInfoFields {
  readonly id: Uint8Array;
  readonly fee: bigint;
  readonly blockNumber: bigint;
  readonly blockTimeStamp: bigint;
  readonly netUsage: bigint;
  readonly netFee: bigint;
}

export function plainTransactionInfo(f: PlainInfoFields): TransactionInfo {
  const receipt: ResourceReceipt = {
    $typeName: "protocol.ResourceReceipt",
    energyUsage: 0n,
    energyFee: 0n,
    originEnergyUsage: 0n,
    energyUsageTotal: 0n,
    netUsage: f.netUsage,
    netFee: f.netFee,
    result: 0,
    energyPenaltyTotal: 0n,
  };
  return {
    $typeName: "protocol.TransactionInfo",
    id: f.id,
    fee: f.fee,
    blockNumber: f.blockNumber,
    blockTimeStamp: f.blockTimeStamp,
    contractResult: [EMPTY_BYTES],
    contractAddress: EMPTY_BYTES,
    receipt,
    log: [],
    result: 0,
    resMessage: EMPTY_BYTES,
    assetIssueID: "",
    withdrawAmount: 0n,
    unfreezeAmount: 0n,
    internalTransactions: [],
    exchangeReceivedAmount: 0n,
    exchangeInjectAnotherAmount: 0n,
    exchangeWithdrawAnotherAmount: 0n,
    exchangeId: 0n,
    shieldedTransactionFee: 0n,
    orderId: EMPTY_BYTES,
    orderDetails: [],
    packingFee: 0n,
    withdrawExpireAmount: 0n,
    cancelUnfreezeV2Amount: {},
  };
}

/** The `ret` entry a block stores for a transaction: only its contract result set. */
export function transactionResult(contractRet: Transaction_Result_contractResult): Transaction_Result {
  return {
    $typeName: "protocol.Transaction.Result",
    fee: 0n,
    ret: 0,
    contractRet,
    assetIssueID: "",
    withdrawAmount: 0n,
    unfreezeAmount: 0n,
    exchangeReceivedAmount: 0n,
    exchangeInjectAnotherAmount: 0n,
    exchangeWithdrawAnotherAmount: 0n,
    exchangeId: 0n,
    shieldedTransactionFee: 0n,
    orderId: EMPTY_BYTES,
    orderDetails: [],
    withdrawExpireAmount: 0n,
    cancelUnfreezeV2Amount: {},
  };
}
