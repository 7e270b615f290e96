/**
 * Differences from java-tron that tronode keeps on purpose, each with its reason. The oracle's
 * tests fail on any difference not listed here; the README's oracle section shows this list.
 */
import type { Difference, Json } from "./compare.js";
import type { StepResult } from "./session.js";

export interface DeliberateDifference {
  /** The operations it covers. */
  readonly operations: readonly string[];
  /** The JSON path of the differing value (a RegExp over `$.a.b[0]`). */
  readonly path: RegExp;
  /** Only when java-tron's answer is such (e.g. Jetty's page for a servlet it does not register). */
  readonly when?: (javaTron: Json) => boolean;
  readonly reason: string;
}

/** Jetty's error page: java-tron has no servlet for the path. */
const notServedByJavaTron = (answer: Json) => typeof answer === "string" && /HTTP ERROR 40[45]/.test(answer);

export const DELIBERATE: readonly DeliberateDifference[] = [
  {
    operations: [
      "easytransfer",
      "easytransferbyprivate",
      "easytransferasset",
      "easytransferassetbyprivate",
      "gettransactionsign",
      "addtransactionsign",
      "createaddress",
      "generateaddress",
    ],
    path: /^\$$/,
    when: notServedByJavaTron,
    reason:
      "java-tron 4.7.1.1 unregistered these key-handling servlets (Jetty answers 405); the product spec keeps them, so tronode serves them — on loopback only, or by explicit opt-in",
  },
  {
    operations: [
      "scannotebyivk",
      "scanandmarknotebyivk",
      "scannotebyovk",
      "isspend",
      "getmerkletreevoucherinfo",
      "createshieldnullifier",
      "getshieldtransactionhash",
      "createshieldedtransaction",
      "createshieldedtransactionwithoutspendauthsig",
      "scanshieldedtrc20notesbyivk",
      "scanshieldedtrc20notesbyovk",
      "isshieldedtrc20contractnotespent",
    ],
    path: /^\$$/,
    when: notServedByJavaTron,
    reason:
      "java-tron has left the shielded TRC-10 servlets commented out since 3.x (and serves the shielded TRC-20 scans on /wallet only); the product spec keeps them, so tronode serves them (scans and vouchers over its own notes; proof creation answers a clear error)",
  },
  {
    operations: [
      "getdeferredtransactionbyid",
      "getdeferredtransactioninfobyid",
      "canceldeferredtransactionbyid",
    ],
    path: /^\$$/,
    when: notServedByJavaTron,
    reason:
      "java-tron registers no servlet for deferred transactions (TRON dropped them); the product spec lists these, and tronode answers them as java-tron did for a chain without deferred transactions (`{}`, or a clear error for cancelling)",
  },
];

export function isDeliberate(result: StepResult, difference: Difference): boolean {
  return DELIBERATE.some(
    (d) =>
      d.operations.includes(result.operation) &&
      d.path.test(difference.path) &&
      (d.when === undefined || d.when(result.javaTron)),
  );
}
