/**
 * The pending pool: getpendingsize, gettransactionfrompending, gettransactionlistfrompending
 * (/wallet only, GET and POST).
 */
import { bytesToHex, type Transaction } from "@tronode/engine";
import type { JsonValue } from "../engine-protocol.js";
import { readBytesValueInput } from "../route-inputs.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";
import { printStoredTransaction } from "./transaction-routes.js";

const getPendingSize = queryOnlyRoute({
  name: "getpendingsize",
  paths: walletPaths("getpendingsize"),
  handle: (api) => api.getPendingSize(),
  // printed by hand in java-tron: always present
  print: (pendingSize) => ({ pendingSize }),
});

const getTransactionFromPending = defineRoute({
  name: "gettransactionfrompending",
  paths: walletPaths("gettransactionfrompending"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => readBytesValueInput(request),
  handle: (api, id: Uint8Array) => api.getTransactionFromPending(id),
  print: (tx: Transaction | undefined, visible) => printStoredTransaction(tx, visible),
});

/** TransactionIdList: `{"txId":["<hex>",…]}`, `{}` when the pool is empty. */
const getTransactionListFromPending = defineRoute({
  name: "gettransactionlistfrompending",
  paths: walletPaths("gettransactionlistfrompending"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => {
    if (request.method === "POST") request.body();
  },
  handle: (api) => api.getTransactionListFromPending(),
  print: (ids: Uint8Array[]): JsonValue =>
    ids.length === 0 ? {} : { txId: ids.map((id) => bytesToHex(id)) },
});

export const PENDING_ROUTES: readonly RouteRow[] = [
  getPendingSize,
  getTransactionFromPending,
  getTransactionListFromPending,
];
