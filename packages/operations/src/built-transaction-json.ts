/**
 * java-tron's `Util.printCreateTransaction`: how an unsigned transaction a builder returns is
 * printed — `{visible, txID, raw_data, raw_data_hex}`. The HTTP builder routes print their result
 * with it, and JSON-RPC's `buildTransaction` answers with the same object, so it lives below both.
 */
import { type JsonValue, printTransaction, type Transaction } from "@tronode/engine/internal";

/** Unsigned transactions from build endpoints print with `"visible"` (printCreateTransaction). */
export function printBuiltTransaction(tx: Transaction, visible: boolean): JsonValue {
  return printTransaction(tx, { visible, exactInt64: true, includeVisible: true });
}
