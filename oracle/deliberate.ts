/**
 * Differences from java-tron that tronode keeps on purpose, each with its reason. The oracle's
 * tests fail on any difference not listed here; the book's oracle page shows this list.
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
  /** Only when the two answers are the same once the deliberate part is set aside. */
  readonly same?: (javaTron: Json, tronode: Json) => boolean;
  readonly reason: string;
}

/** An account's token maps, as getaccount and getaccountresource print them (lists of key and value). */
const TOKEN_MAPS = [
  "asset",
  "assetV2",
  "latest_asset_operation_time",
  "latest_asset_operation_timeV2",
  "free_asset_net_usage",
  "free_asset_net_usageV2",
  "assetNetUsed",
  "assetNetLimit",
];

/** The answer with each token map's entries in key order. */
function tokenMapsSorted(answer: Json): string {
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return JSON.stringify(answer);
  const out: Record<string, Json> = { ...answer };
  for (const field of TOKEN_MAPS) {
    const entries = out[field];
    if (Array.isArray(entries))
      out[field] = [...entries].sort((a, b) =>
        String((a as { key?: Json })?.key).localeCompare(String((b as { key?: Json })?.key)),
      );
  }
  return canonical(out);
}

/** JSON with every object's keys in order (key order is never compared). */
function canonical(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object")
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(value[k]!)}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/** java-tron's answer is a run stopped by its CPU-time limit (the text may be printed as hex). */
function cpuTimeout(answer: Json): boolean {
  const message = (answer as { result?: { message?: Json } } | null)?.result?.message;
  if (typeof message !== "string") return false;
  const text = /^([0-9a-f]{2})+$/.test(message) ? Buffer.from(message, "hex").toString("utf8") : message;
  return text.includes("CPU timeout for");
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
  {
    operations: ["triggerconstantcontract", "estimateenergy", "triggersmartcontract"],
    path: /^\$/,
    when: cpuTimeout,
    reason:
      "java-tron stops a run when its own clock passes max_cpu_time_of_one_tx, so where a slow program (memory expanded to megabytes, deep call frames) stops depends on the machine and the JIT; tronode charges a deterministic CPU budget calibrated on java-tron 4.8.0 (oracle:deep-create), which such a program can outlast. In blocks tronode follows the producer's OUT_OF_TIME",
  },
  {
    operations: ["gettransactioninfobyid"],
    path: /^\$\.internal_transactions/,
    when: (javaTron) =>
      (javaTron as { receipt?: { result?: string } } | null)?.receipt?.result === "OUT_OF_TIME",
    reason:
      "a run that ran out of time keeps the internal transactions it made before its clock stopped (all rejected): the producer's clock decides, and a follower replays it with minTimeRatio, stopping elsewhere — two java-tron nodes differ here the same way",
  },
  {
    operations: ["getaccount", "getaccountresource"],
    path: new RegExp(`^\\$\\.(${TOKEN_MAPS.join("|")})\\[\\d+\\]\\.(key|value)$`),
    same: (javaTron, tronode) => tokenMapsSorted(javaTron) === tokenMapsSorted(tronode),
    reason:
      "java-tron prints an account's token maps (assetV2, free_asset_net_usageV2, assetNetUsed, …) in the order the account first held each token, as protobuf-java keeps a map's insertion order; tronode's maps are JavaScript objects, which order integer-like keys (token ids) ascending. The entries and their values are the same",
  },
];

export function isDeliberate(result: StepResult, difference: Difference): boolean {
  return DELIBERATE.some(
    (d) =>
      d.operations.includes(result.operation) &&
      d.path.test(difference.path) &&
      (d.when === undefined || d.when(result.javaTron)) &&
      (d.same === undefined || d.same(result.javaTron, result.tronode)),
  );
}
