/**
 * Transactions: GetTransactionById, GetTransactionInfoById, GetTransactionCountByBlockNum (-1 for a
 * block the node does not have), GetTransactionInfoByBlockNum, and the pending pool
 * (GetTransactionFromPending, GetTransactionListFromPending, GetPendingSize).
 */
import {
  BytesMessageSchema,
  bytesToHex,
  EmptyMessageSchema,
  NumberMessageSchema,
  TransactionIdListSchema,
  TransactionInfoListSchema,
  TransactionInfoSchema,
  TransactionSchema,
} from "@tronode/engine/internal";
import { PendingOperations, TransactionOperations } from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

export const TRANSACTION_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetTransactionById",
    request: BytesMessageSchema,
    response: TransactionSchema,
    operation: TransactionOperations.getTransactionById,
    input: (request) => request.value,
    output: (transaction) => transaction,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetTransactionInfoById",
    request: BytesMessageSchema,
    response: TransactionInfoSchema,
    operation: TransactionOperations.getTransactionInfoById,
    input: (request) => request.value,
    output: (info) => info,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetTransactionCountByBlockNum",
    request: NumberMessageSchema,
    response: NumberMessageSchema,
    operation: TransactionOperations.getTransactionCountByBlockNum,
    input: (request) => request.num,
    output: (count) => ({ num: count === undefined ? -1n : BigInt(count) }),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetTransactionInfoByBlockNum",
    request: NumberMessageSchema,
    response: TransactionInfoListSchema,
    operation: TransactionOperations.getTransactionInfoByBlockNum,
    input: (request) => request.num,
    output: (infos) => ({ transactionInfo: infos ?? [] }),
    failure: "internal",
  }),
];

export const PENDING_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetTransactionFromPending",
    request: BytesMessageSchema,
    response: TransactionSchema,
    operation: PendingOperations.getTransactionFromPending,
    input: (request) => request.value,
    output: (transaction) => transaction,
    failure: "unknown",
  }),
  bindRpc({
    rpc: "GetTransactionListFromPending",
    request: EmptyMessageSchema,
    response: TransactionIdListSchema,
    operation: PendingOperations.getTransactionListFromPending,
    input: () => undefined,
    output: (ids) => ({ txId: ids.map((id) => bytesToHex(id)) }),
    failure: "unknown",
  }),
  bindRpc({
    rpc: "GetPendingSize",
    request: EmptyMessageSchema,
    response: NumberMessageSchema,
    operation: PendingOperations.getPendingSize,
    input: () => undefined,
    output: (size) => ({ num: BigInt(size) }),
    failure: "unknown",
  }),
];
