/**
 * Deferred transactions (java-tron 3.x `delay_seconds`) were removed from TRON's protocol in 4.0;
 * the spec still lists their three operations. No deferred transaction can exist on this chain, so
 * the two reads answer "not found" (`{}`) for any well-formed id, and the cancel answers a clear
 * error.
 */
import { TronodeError } from "@tronode/engine";
import { TransportErrorCodes, TransportJavaClasses } from "../java-error-body.js";
import { readBytesValueInput } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";

const GONE = "deferred transactions are not supported: TRON removed them (delay_seconds) in java-tron 4.0";

function deferredRead(name: string): RouteRow {
  return defineRoute({
    name,
    paths: walletAndSolidityPaths(name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    availability: "served",
    note: "always {}: no deferred transaction can exist (removed from TRON in 4.0)",
    // The id is still read as java-tron read it, so malformed input gets its error.
    read: (request) => readBytesValueInput(request),
    handle: async () => undefined,
    print: () => NOT_FOUND_BODY,
  });
}

const cancelDeferred = defineRoute({
  name: "canceldeferredtransactionbyid",
  paths: walletPaths("canceldeferredtransactionbyid"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  availability: "unsupported",
  note: "not supported: deferred transactions were removed from TRON in 4.0",
  read: () => undefined,
  handle: async (): Promise<never> => {
    throw new TronodeError(TransportErrorCodes.unsupported, GONE, {
      javaClass: TransportJavaClasses.unsupportedOperation,
    });
  },
  print: () => ({}),
});

export const DEFERRED_ROUTES: readonly RouteRow[] = [
  deferredRead("getdeferredtransactionbyid"),
  deferredRead("getdeferredtransactioninfobyid"),
  cancelDeferred,
];
