/**
 * BroadcastTransaction (→ Return, no txid: clients compute it) and the multi-signature reads
 * GetTransactionSignWeight / GetTransactionApprovedList (with the TransactionExtention java-tron
 * attaches to both).
 */
import {
  ReturnSchema,
  TransactionApprovedList_Result_response_code,
  TransactionApprovedListSchema,
  TransactionSchema,
  TransactionSignWeight_Result_response_code,
  TransactionSignWeightSchema,
} from "@tronode/engine/internal";
import { BroadcastOperations, MultisigOperations } from "@tronode/operations";
import { broadcastReturn, transactionExtention } from "../response-messages.js";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

export const BROADCAST_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "BroadcastTransaction",
    request: TransactionSchema,
    response: ReturnSchema,
    operation: BroadcastOperations.broadcastTransaction,
    input: (transaction) => transaction,
    output: ({ result }) => broadcastReturn(result),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetTransactionSignWeight",
    request: TransactionSchema,
    response: TransactionSignWeightSchema,
    operation: MultisigOperations.getSignWeight,
    input: (transaction) => transaction,
    output: ({ transaction, result }) => ({
      ...(result.permission !== undefined ? { permission: result.permission } : {}),
      approvedList: result.approvedList,
      currentWeight: result.currentWeight,
      result: {
        code: TransactionSignWeight_Result_response_code[result.code],
        message: result.message ?? "",
      },
      transaction: transactionExtention(transaction),
    }),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetTransactionApprovedList",
    request: TransactionSchema,
    response: TransactionApprovedListSchema,
    operation: MultisigOperations.getApprovedList,
    input: (transaction) => transaction,
    output: ({ transaction, result }) => ({
      approvedList: result.approvedList,
      result: {
        code: TransactionApprovedList_Result_response_code[result.code],
        message: result.message ?? "",
      },
      transaction: transactionExtention(transaction),
    }),
    failure: "uncaught",
  }),
];
