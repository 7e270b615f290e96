/**
 * Deferred transactions (java-tron 3.x `delay_seconds`) were removed from TRON's protocol in 4.0;
 * the spec still lists their three operations. No deferred transaction can exist on this chain, so
 * the two reads answer "not found" (`{}`) for any well-formed id, and the cancel answers a clear
 * error.
 */
import { DeferredOperations } from "@tronode/operations";
import { readBytesValueInput } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";

function deferredRead(operation: typeof DeferredOperations.getDeferredTransactionById): RouteRow {
  return defineRoute({
    operation,
    paths: walletAndSolidityPaths(operation.name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    // The id is still read as java-tron read it, so malformed input gets its error.
    read: (request) => readBytesValueInput(request),
    print: () => NOT_FOUND_BODY,
  });
}

const cancelDeferred = defineRoute({
  operation: DeferredOperations.cancelDeferredTransactionById,
  paths: walletPaths("canceldeferredtransactionbyid"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  read: () => undefined,
  print: () => ({}),
});

export const DEFERRED_ROUTES: readonly RouteRow[] = [
  deferredRead(DeferredOperations.getDeferredTransactionById),
  deferredRead(DeferredOperations.getDeferredTransactionInfoById),
  cancelDeferred,
];
