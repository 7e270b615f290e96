/**
 * The pending pool: getpendingsize, gettransactionfrompending, gettransactionlistfrompending
 * (/wallet only, GET and POST).
 */
import { bytesToHex } from "@tronode/engine/internal";
import { PendingOperations } from "@tronode/operations";
import type { JsonValue } from "../engine-protocol.js";
import { readBytesValueInput } from "../route-inputs.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";
import { printStoredTransaction } from "./transaction-routes.js";

const getPendingSize = queryOnlyRoute({
  operation: PendingOperations.getPendingSize,
  paths: walletPaths("getpendingsize"),
  // printed by hand in java-tron: always present
  print: (pendingSize) => ({ pendingSize }),
});

const getTransactionFromPending = defineRoute({
  operation: PendingOperations.getTransactionFromPending,
  paths: walletPaths("gettransactionfrompending"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readBytesValueInput(request),
  print: (tx, visible) => printStoredTransaction(tx, visible),
});

/** TransactionIdList: `{"txId":["<hex>",…]}`, `{}` when the pool is empty. */
const getTransactionListFromPending = defineRoute({
  operation: PendingOperations.getTransactionListFromPending,
  paths: walletPaths("gettransactionlistfrompending"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => {
    if (request.method === "POST") request.body();
  },
  print: (ids): JsonValue => (ids.length === 0 ? {} : { txId: ids.map((id) => bytesToHex(id)) }),
});

export const PENDING_ROUTES: readonly RouteRow[] = [
  getPendingSize,
  getTransactionFromPending,
  getTransactionListFromPending,
];
