/**
 * java-tron's `GrpcAPI.Return` as JsonFormat prints it: defaults omitted (so a failure has no
 * `result` key and SUCCESS has no `code`), `message` is hex of the UTF-8 text unless visible.
 */
import { type BroadcastResult, bytesToHex, utf8Encode } from "@tronode/engine/internal";
import type { JsonObject } from "./engine-protocol.js";

const SUCCESS_CODE = "SUCCESS";

export interface ReturnFields {
  readonly result: boolean;
  readonly code: string;
  readonly message: string;
}

export function printReturn(fields: ReturnFields, visible: boolean): JsonObject {
  const out: JsonObject = {};
  if (fields.result) out.result = true;
  if (fields.code !== SUCCESS_CODE && fields.code !== "") out.code = fields.code;
  if (fields.message !== "") out.message = visible ? fields.message : bytesToHex(utf8Encode(fields.message));
  return out;
}

/** BroadcastServlet: the Return plus `txid` (lowercase key), e.g. `{"result":true,"txid":"…"}`. */
export function printBroadcastResult(
  result: BroadcastResult,
  txId: Uint8Array,
  visible: boolean,
): JsonObject {
  const printed = printReturn(result, visible);
  const out: JsonObject = {};
  if (printed.result !== undefined) out.result = printed.result;
  if (printed.code !== undefined) out.code = printed.code;
  out.txid = bytesToHex(txId);
  if (printed.message !== undefined) out.message = printed.message;
  // TRE's extension for TronBox's console.log: the console calls of a contract transaction.
  if (result.consoleCalls !== undefined && result.consoleCalls.length > 0) {
    out.internal_transactions = result.consoleCalls.map((call) => ({
      caller_address: bytesToHex(call.callerAddress),
      transferTo_address: bytesToHex(call.transferToAddress),
      data: bytesToHex(call.data),
    }));
  }
  return out;
}
