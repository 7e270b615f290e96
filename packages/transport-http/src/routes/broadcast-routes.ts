/**
 * broadcasttransaction and broadcasthex (POST only; GET answers 405 as in java-tron).
 *
 * broadcasttransaction re-encodes the posted JSON (`Util.packTransaction`: `txID` and
 * `raw_data_hex` from the client are ignored) and answers the Return plus `txid`. broadcasthex takes
 * `{"transaction":"<hex of the serialized Transaction>"}` and answers its own shape:
 * `{result, code (always), message (plain text), transaction (a JSON *string*, visible=true), txid}`.
 */
import { bytesToHex, decodeTransaction, TransactionSchema, transactionId } from "@tronode/engine/internal";
import { BroadcastOperations } from "@tronode/operations";
import { type JsonValue, parseTransaction, printMessage, stringifyJson } from "../engine-protocol.js";
import { javaStringOf, parseJavaHex } from "../java-value-readers.js";
import { printBroadcastResult } from "../return-message.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";

const broadcastTransaction = defineRoute({
  operation: BroadcastOperations.broadcastTransaction,
  paths: walletPaths("broadcasttransaction"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  read: (request) => parseTransaction(request.body(), { visible: request.visible() }),
  print: ({ transaction, result }, visible) =>
    printBroadcastResult(result, transactionId(transaction), visible),
});

const broadcastHex = defineRoute({
  operation: BroadcastOperations.broadcastHex,
  paths: walletPaths("broadcasthex"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  read: (request) => decodeTransaction(parseJavaHex(javaStringOf(request.body().transaction))),
  print: ({ transaction, result }): JsonValue => ({
    result: result.result,
    code: result.code,
    message: result.message,
    transaction: stringifyJson(
      printMessage(TransactionSchema, transaction, { visible: true, exactInt64: true }),
    ),
    txid: bytesToHex(transactionId(transaction)),
  }),
});

export const BROADCAST_ROUTES: readonly RouteRow[] = [broadcastTransaction, broadcastHex];
