/**
 * Transaction reads: gettransactionbyid, gettransactioninfobyid, gettransactioncountbyblocknum,
 * gettransactioninfobyblocknum (head or solid).
 */
import type { Transaction, TransactionInfo } from "@tronode/engine/internal";
import { defineOperation } from "./operation.js";

/** The transaction reads: by id, its info or receipt, and a block's transactions and infos by number. */
export const TransactionOperations = {
  getTransactionById: defineOperation<Uint8Array, Transaction | undefined>({
    name: "gettransactionbyid",
    availability: "served",
    run: (api, id, { scope }) => api.getTransactionById(id, scope),
  }),
  getTransactionInfoById: defineOperation<Uint8Array, TransactionInfo | undefined>({
    name: "gettransactioninfobyid",
    availability: "served",
    run: (api, id, { scope }) => api.getTransactionInfoById(id, scope),
  }),
  /** The fullnode's receipt read: the same TransactionInfo, printed as `{"Receipt": …}`. */
  getTransactionReceiptById: defineOperation<Uint8Array, TransactionInfo | undefined>({
    name: "gettransactionreceiptbyid",
    availability: "served",
    run: (api, id) => api.getTransactionInfoById(id, "head"),
  }),
  /** The block's transaction count; undefined when there is no such block (HTTP prints 0, gRPC -1). */
  getTransactionCountByBlockNum: defineOperation<bigint, number | undefined>({
    name: "gettransactioncountbyblocknum",
    availability: "served",
    run: async (api, num, { scope }) => (await api.getBlockByNum(num, scope))?.transactions.length,
  }),
  /** Not found for num ≤ 0. */
  getTransactionInfoByBlockNum: defineOperation<bigint, TransactionInfo[] | undefined>({
    name: "gettransactioninfobyblocknum",
    availability: "served",
    run: async (api, num, { scope }) => (num > 0n ? api.getTransactionInfoByBlockNum(num, scope) : undefined),
  }),
} as const;
