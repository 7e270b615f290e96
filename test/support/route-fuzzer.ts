/**
 * A generative fuzzer over every path of the HTTP route table (issue 15): fast-check builds requests
 * — random methods, query strings, JSON bodies mixing TRON's field names with values of every wrong
 * kind (huge and negative numbers, number literals JSON.parse cannot keep, bad hex and Base58,
 * strings where objects go, deep nesting, unknown fields), raw garbage and random protobuf bytes for
 * broadcasthex — and checks every answer the way a java-tron client would see it:
 *   - status 200, 404 or 405, never 5xx; JSON (or the empty 200 of POST-only servlets); an `Error`
 *     is a string; no stack trace, file path or JavaScript error text;
 * and after every batch that the node is alive and nothing changed: the committed state digest and
 * the pending pool. `test/e2e/fuzz.test.ts` sends a few thousand requests in `npm test`;
 * `npm run fuzz -- 100000` the long run.
 */

import fc from "fast-check";
import { ROUTE_TABLE } from "../../packages/transport-http/src/route-table.js";
import { type RawAnswer, type RawClient, rawClient } from "./raw-http.js";

export interface FuzzReport {
  requests: number;
  byStatus: Record<string, number>;
  failures: string[];
}

export interface FuzzOptions {
  readonly url: string;
  readonly requests: number;
  readonly seed: number;
  /** Addresses that exist on the node (hex and Base58), so some requests reach deeper checks. */
  readonly addresses: readonly string[];
  readonly batch?: number;
  readonly log?: (line: string) => void;
}

const FIELDS = [
  "owner_address",
  "to_address",
  "amount",
  "address",
  "value",
  "num",
  "id",
  "visible",
  "account_address",
  "asset_name",
  "contract_address",
  "function_selector",
  "parameter",
  "data",
  "fee_limit",
  "call_value",
  "resource",
  "frozen_balance",
  "unfreeze_balance",
  "balance",
  "receiver_address",
  "lock",
  "lock_period",
  "votes",
  "vote_address",
  "vote_count",
  "url",
  "brokerage",
  "startNum",
  "endNum",
  "offset",
  "limit",
  "transaction",
  "raw_data",
  "raw_data_hex",
  "txID",
  "signature",
  "privateKey",
  "passPhrase",
  "Permission_id",
  "permission_id",
  "extra_data",
  "hash",
  "number",
  "block_identifier",
  "account_identifier",
  "detail",
  "id_or_num",
  "exchange_id",
  "token_id",
  "quant",
  "expected",
  "proposal_id",
  "is_add_approval",
  "parameters",
  "type",
  "account_name",
  "account_id",
  "contract",
  "owner",
  "actives",
  "witness",
  "keys",
  "threshold",
  "weight",
  "ref_block_bytes",
  "ref_block_hash",
  "expiration",
  "timestamp",
  "__proto__",
  "constructor",
];

/** A JSON value as text; may hold number literals no JS number keeps exactly. */
type Text = string;

const NUMBER_LITERALS = [
  "0",
  "-1",
  "1",
  "9223372036854775807",
  "9223372036854775808",
  "-9223372036854775809",
  "1e400",
  "-0",
  "1.5",
  "1e3",
  "0.0000001",
  "4294967296",
  "2147483648",
  "99999999999999999999999999",
];

function stringLiterals(addresses: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...addresses),
    fc.constantFrom("", "0x", "41", "T", "zz", "0x41", "null", "true", "TRX", "_", "%00", "\u0000", "\ud800"),
    fc.stringMatching(/^(41)?[0-9a-f]{0,44}$/),
    fc.stringMatching(/^T[1-9A-HJ-NP-Za-km-z]{20,40}$/),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 12 }),
  );
}

function jsonText(addresses: readonly string[]): fc.Arbitrary<Text> {
  const leaf: fc.Arbitrary<Text> = fc.oneof(
    fc.constantFrom(...NUMBER_LITERALS),
    fc.integer().map(String),
    fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
    stringLiterals(addresses).map((s) => JSON.stringify(s)),
    fc.constantFrom("true", "false", "null"),
  );
  const { tree } = fc.letrec<{ tree: Text }>((tie) => ({
    tree: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      leaf,
      fc.array(tie("tree"), { maxLength: 4 }).map((items) => `[${items.join(",")}]`),
      fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 8 })), tie("tree")), {
          maxLength: 6,
        })
        .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`),
    ),
  }));
  return tree;
}

/** A JSON object body with TRON's keys (what servlets read), sometimes wrapped in garbage. */
function body(addresses: readonly string[]): fc.Arbitrary<string | Buffer | undefined> {
  const value = jsonText(addresses);
  const object = fc
    .array(fc.tuple(fc.constantFrom(...FIELDS), value), { minLength: 0, maxLength: 8 })
    .map((entries) => `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(",")}}`);
  return fc.oneof(
    { weight: 6, arbitrary: object },
    { weight: 1, arbitrary: value },
    { weight: 1, arbitrary: fc.nat({ max: 3000 }).map((n) => `${"[".repeat(n)}${"]".repeat(n)}`) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 200 }).map((b) => Buffer.from(b)) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

/** Percent-encodes every UTF-8 byte (lone surrogates become U+FFFD, as a client would send). */
function percentEncode(text: string): string {
  return [...Buffer.from(text, "utf8")].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("");
}

function query(addresses: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    stringLiterals(addresses).map(percentEncode),
    fc.constantFrom("%zz", "%", "%E0%A4%A", "a+b", "&&", "=", "%00"),
  );
  return fc
    .array(fc.tuple(fc.constantFrom(...FIELDS), value), { maxLength: 3 })
    .map((pairs) => (pairs.length === 0 ? "" : `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}`));
}

interface FuzzRequest {
  readonly method: string;
  readonly path: string;
  readonly body?: string | Buffer;
  readonly contentType?: string;
}

function requests(addresses: readonly string[]): fc.Arbitrary<FuzzRequest> {
  const paths = ROUTE_TABLE.flatMap((row) => row.paths);
  const hexBody = fc
    .uint8Array({ maxLength: 300 })
    .map((bytes) => JSON.stringify({ transaction: Buffer.from(bytes).toString("hex") }));
  return fc.oneof(
    {
      weight: 9,
      arbitrary: fc.record({
        method: fc.constantFrom("GET", "POST", "POST", "POST", "PUT"),
        path: fc.tuple(fc.constantFrom(...paths), query(addresses)).map(([p, q]) => `${p}${q}`),
        body: body(addresses),
        contentType: fc.constantFrom(
          "application/json",
          "application/x-www-form-urlencoded",
          "text/plain",
          "application/octet-stream",
        ),
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({
        method: fc.constant("POST"),
        path: fc.constantFrom("/wallet/broadcasthex", "/wallet/broadcasttransaction"),
        body: hexBody,
        contentType: fc.constant("application/json"),
      }),
    },
  );
}

const LEAKS: readonly [RegExp, string][] = [
  [/\n\s+at |\bat [\w.<>$]+ \(/, "a stack trace"],
  [/\/work\/|node_modules|file:\/\/|[\w-]+\.(ts|js|mjs|cjs):\d+/, "a file path"],
  [
    /Maximum call stack|Cannot read propert|Cannot convert|is not a function|is not iterable|is not defined|\[object Object\]|TypeError|RangeError|ReferenceError|SyntaxError|Unexpected token|Unexpected end of JSON/,
    "JavaScript error text",
  ],
  [/FST_|fastify/i, "framework internals"],
];

/** What is wrong with an answer, if anything. */
export function judge(answer: RawAnswer): string | undefined {
  for (const [pattern, what] of LEAKS) if (pattern.test(answer.text)) return `the body contains ${what}`;
  if (![200, 404, 405].includes(answer.status)) return `status ${answer.status}`;
  if (answer.text === "") return answer.status === 200 ? undefined : "an empty error";
  let json: unknown;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return "a body that is not JSON";
  }
  if (json !== null && typeof json === "object" && "Error" in json) {
    if (typeof (json as { Error: unknown }).Error !== "string") return "an Error that is not a string";
  }
  return undefined;
}

async function stateOf(client: RawClient): Promise<string> {
  const digest = await client.send({
    method: "POST",
    path: "/tre",
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tre_stateDigest" }),
    contentType: "application/json",
  });
  const pending = await client.send({ method: "GET", path: "/wallet/getpendingsize" });
  return `${digest.text.trim()} ${pending.text.trim()}`;
}

export async function fuzzRoutes(options: FuzzOptions): Promise<FuzzReport> {
  const client = rawClient(options.url, 16);
  const report: FuzzReport = { requests: 0, byStatus: {}, failures: [] };
  const batch = options.batch ?? 500;
  try {
    const baseline = await stateOf(client);
    const all = fc.sample(requests(options.addresses), { numRuns: options.requests, seed: options.seed });
    for (let start = 0; start < all.length; start += batch) {
      const slice = all.slice(start, start + batch);
      await Promise.all(
        slice.map(async (request) => {
          const answer = await client.send(request).catch((e: Error) => ({
            status: 0,
            contentType: undefined,
            text: `no answer: ${e.message}`,
          }));
          report.requests++;
          report.byStatus[answer.status] = (report.byStatus[answer.status] ?? 0) + 1;
          const wrong = answer.status === 0 ? answer.text : judge(answer);
          if (wrong !== undefined && report.failures.length < 50) {
            const shown =
              typeof request.body === "string"
                ? request.body.slice(0, 120)
                : `<${request.body?.length ?? 0} bytes>`;
            report.failures.push(
              `${request.method} ${request.path} ${shown} → ${answer.status} ${answer.text.slice(0, 160)}: ${wrong}`,
            );
          }
        }),
      );
      const now = await stateOf(client);
      if (now !== baseline) {
        report.failures.push(`after request ${report.requests}: the state changed (${baseline} → ${now})`);
        break;
      }
      options.log?.(`${report.requests} requests, ${report.failures.length} failures`);
    }
  } finally {
    client.close();
  }
  return report;
}
