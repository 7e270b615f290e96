/**
 * Operations that answer an error instead of a result: those tronode does not serve yet
 * (`notYetOperation`, "<name> is not supported by tronode yet"), those java-tron itself no longer
 * serves (deferred-transaction cancel, /walletextension), and the deferred-transaction reads, which
 * always answer "not found" (no deferred transaction can exist since java-tron 4.0).
 */

import { defineOperation, type Operation } from "./operation.js";
import { notImplementedError, unsupportedError } from "./operation-errors.js";

/** An operation java-tron serves and tronode does not yet. Replace it by a real one to serve it. */
export function notYetOperation(
  name: string,
  message = `${name} is not supported by tronode yet`,
  extra: { readonly handlesKeys?: boolean } = {},
): Operation<void, never> {
  return defineOperation<void, never>({
    name,
    availability: "not-implemented",
    ...extra,
    run: async () => {
      throw notImplementedError(message);
    },
  });
}

function unsupportedOperation(name: string, message: string, note: string): Operation<void, never> {
  return defineOperation<void, never>({
    name,
    availability: "unsupported",
    note,
    run: async () => {
      throw unsupportedError(message);
    },
  });
}

const DEFERRED_GONE =
  "deferred transactions are not supported: TRON removed them (delay_seconds) in java-tron 4.0";
const WALLET_EXTENSION_GONE = "This api is not supported any more";

function deferredRead(name: string): Operation<Uint8Array, undefined> {
  return defineOperation<Uint8Array, undefined>({
    name,
    availability: "served",
    note: "always {}: no deferred transaction can exist (removed from TRON in 4.0)",
    run: async () => undefined,
  });
}

/** Deferred transactions (gone since java-tron 4.0): reads that answer "not found", a refused cancel. */
export const DeferredOperations = {
  getDeferredTransactionById: deferredRead("getdeferredtransactionbyid"),
  getDeferredTransactionInfoById: deferredRead("getdeferredtransactioninfobyid"),
  cancelDeferredTransactionById: unsupportedOperation(
    "canceldeferredtransactionbyid",
    DEFERRED_GONE,
    "not supported: deferred transactions were removed from TRON in 4.0",
  ),
} as const;

/** /walletextension/*: gone from java-tron (TronWeb itself answers "This api is not supported any more"). */
export function walletExtensionOperation(name: string): Operation<void, never> {
  return unsupportedOperation(
    name,
    WALLET_EXTENSION_GONE,
    "gone from java-tron (TronWeb answers the same text)",
  );
}
