/**
 * getsignweight and getapprovedlist (POST only; GET answers an empty 200 as java-tron's empty doGet).
 * The body is a transaction JSON, read like broadcasttransaction's (`Util.packTransaction`, `visible`
 * from the body's top-level key); the answer is weighed against the unconfirmed state and printed in
 * java-tron's shapes (see multisig-json.ts). TronWeb's `trx.multiSign` / `getSignWeight` /
 * `getApprovedList` and `transactionBuilder.newTxID` call these.
 */
import type { Transaction } from "@tronode/engine/internal";
import { MultisigOperations } from "@tronode/operations";
import { parseTransaction } from "../engine-protocol.js";
import { printTransactionApprovedList, printTransactionSignWeight } from "../multisig-json.js";
import { defineRoute, type RouteRow, type WalletRequest, walletPaths } from "../route-row.js";

function readPostedTransaction(request: WalletRequest): Transaction {
  return parseTransaction(request.body(), { visible: request.visible() });
}

const getSignWeight = defineRoute({
  operation: MultisigOperations.getSignWeight,
  paths: walletPaths("getsignweight"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: readPostedTransaction,
  print: ({ transaction, result }, visible) => printTransactionSignWeight(result, transaction, visible),
});

const getApprovedList = defineRoute({
  operation: MultisigOperations.getApprovedList,
  paths: walletPaths("getapprovedlist"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: readPostedTransaction,
  print: ({ transaction, result }, visible) => printTransactionApprovedList(result, transaction, visible),
});

export const MULTISIG_ROUTES: readonly RouteRow[] = [getSignWeight, getApprovedList];
