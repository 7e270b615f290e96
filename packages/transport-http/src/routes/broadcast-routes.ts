/**
 * broadcasttransaction and broadcasthex (POST only; GET answers 405 as in java-tron).
 *
 * broadcasttransaction re-encodes the posted JSON (`Util.packTransaction`: `txID` and
 * `raw_data_hex` from the client are ignored) and answers the Return plus `txid`. broadcasthex takes
 * `{"transaction":"<hex of the serialized Transaction>"}` and answers its own shape:
 * `{result, code (always), message (plain text), transaction (a JSON *string*: JsonFormat.printToString, visible, the contract left packed), txid}`.
 */
import { createRegistry } from "@bufbuild/protobuf";
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
    transaction: printToString(
      printMessage(TransactionSchema, transaction, { visible: true, exactInt64: true, registry: NO_TYPES }),
    ),
    txid: bytesToHex(transactionId(transaction)),
  }),
});

/** No message types: an Any prints as its type_url and the hex of its value, unexpanded. */
const NO_TYPES = createRegistry();

/**
 * java-tron's `JsonFormat.printToString(transaction, true)`: a colon and a space after each key, a
 * bare comma between members, Any fields left packed (the oracle's generated campaigns compare it).
 */
function printToString(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(printToString).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${printToString(v)}`)
      .join(",")}}`;
  return stringifyJson(value);
}

export const BROADCAST_ROUTES: readonly RouteRow[] = [broadcastTransaction, broadcastHex];
