/**
 * broadcasttransaction / broadcasthex (gRPC BroadcastTransaction): the transaction goes through the
 * node's push pipeline; the answer is java-tron's Return (result, code, message) plus the txID.
 * Multi-signature reads getsignweight / getapprovedlist weigh a transaction against the
 * unconfirmed state without broadcasting it.
 */
import type {
  BroadcastResult,
  Transaction,
  TransactionApprovedListResult,
  TransactionSignWeightResult,
  WalletApi,
} from "@tronode/engine/internal";
import { defineOperation } from "./operation.js";

/** The transaction as it was posted, with what the node answered about it. */
export interface Answered<Result> {
  readonly transaction: Transaction;
  readonly result: Result;
}

async function broadcast(api: WalletApi, transaction: Transaction): Promise<Answered<BroadcastResult>> {
  return { transaction, result: await api.broadcastTransaction(transaction) };
}

/** Send a signed transaction through the node's push pipeline (as a message or as hex). */
export const BroadcastOperations = {
  broadcastTransaction: defineOperation<Transaction, Answered<BroadcastResult>>({
    name: "broadcasttransaction",
    availability: "served",
    run: broadcast,
  }),
  broadcastHex: defineOperation<Transaction, Answered<BroadcastResult>>({
    name: "broadcasthex",
    availability: "served",
    run: broadcast,
  }),
} as const;

/** Weigh a transaction's signatures against its permission, without broadcasting it. */
export const MultisigOperations = {
  getSignWeight: defineOperation<Transaction, Answered<TransactionSignWeightResult>>({
    name: "getsignweight",
    availability: "served",
    run: async (api, transaction) => ({
      transaction,
      result: await api.getTransactionSignWeight(transaction),
    }),
  }),
  getApprovedList: defineOperation<Transaction, Answered<TransactionApprovedListResult>>({
    name: "getapprovedlist",
    availability: "served",
    run: async (api, transaction) => ({
      transaction,
      result: await api.getTransactionApprovedList(transaction),
    }),
  }),
} as const;
