/**
 * How java-tron prints the multi-signature answers (`Util.printTransactionSignWeight` /
 * `Util.printTransactionApprovedList`, wire-and-http.md §3.4): the api.proto message through
 * JsonFormat — so defaults disappear (an owner permission shows no `type`/`id`, a zero
 * `current_weight` is omitted, result code 0 prints the result as `{}`), `approved_list` is hex, or
 * Base58Check when visible, and `result.message` is plain text (a `string` field) — plus the
 * `transaction` extension java-tron always sets: `{result:{result:true}, txid, transaction}` where the
 * inner transaction is printed like gettransactionbyid (txID, raw_data, raw_data_hex, signature; no
 * `visible`).
 */
import { create } from "@bufbuild/protobuf";
import {
  bytesToHex,
  type Transaction,
  type TransactionApprovedListResult,
  type TransactionSignWeightResult,
  transactionId,
} from "@tronode/engine/internal";
import {
  type JsonObject,
  printMessage,
  printTransaction,
  TransactionApprovedList_Result_response_code,
  TransactionApprovedListSchema,
  TransactionSignWeight_Result_response_code,
  TransactionSignWeightSchema,
} from "./engine-protocol.js";

/** The TransactionExtention java-tron attaches: Return{result:true, code:SUCCESS}, txid = sha256(raw_data). */
function printTransactionExtension(tx: Transaction, visible: boolean): JsonObject {
  return {
    result: { result: true },
    txid: bytesToHex(transactionId(tx)),
    transaction: printTransaction(tx, { visible, exactInt64: true, includeVisible: false }),
  };
}

export function printTransactionSignWeight(
  result: TransactionSignWeightResult,
  tx: Transaction,
  visible: boolean,
): JsonObject {
  const printed = printMessage(
    TransactionSignWeightSchema,
    create(TransactionSignWeightSchema, {
      permission: result.permission,
      approvedList: result.approvedList,
      currentWeight: result.currentWeight,
      result: {
        code: TransactionSignWeight_Result_response_code[result.code],
        message: result.message ?? "",
      },
    }),
    { visible, exactInt64: true },
  );
  return { ...printed, transaction: printTransactionExtension(tx, visible) };
}

export function printTransactionApprovedList(
  result: TransactionApprovedListResult,
  tx: Transaction,
  visible: boolean,
): JsonObject {
  const printed = printMessage(
    TransactionApprovedListSchema,
    create(TransactionApprovedListSchema, {
      approvedList: result.approvedList,
      result: {
        code: TransactionApprovedList_Result_response_code[result.code],
        message: result.message ?? "",
      },
    }),
    { visible, exactInt64: true },
  );
  return { ...printed, transaction: printTransactionExtension(tx, visible) };
}
