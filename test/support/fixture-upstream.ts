/**
 * A stand-in TronGrid on loopback: a node:http server answering from the response-shape fixtures of
 * test/fixtures/fork/trongrid (one JSON file per answer: { source, request: { path, body }, response }),
 * so that `tronode --fork <url>` can be tested without a public endpoint.
 *
 * Matching, per request path:
 * - a fixture whose body is `{}` (getnowblock, getchainparameters, listwitnesses, …) answers any body;
 * - /wallet/getblockbynum matches on `num`;
 * - /jsonrpc matches on method and params (hex compared case-insensitively) and answers with the
 *   request's id; an unknown eth_getStorageAt slot answers 32 zero bytes, another unknown call `null`;
 * - any other fixture matches when each of its body fields equals the request's (hex and addresses
 *   compared case-insensitively, a missing `visible` taken as false);
 * - anything unmatched answers `{}` with 200, as java-tron does for an unknown account or contract.
 * GET requests are read from the query string. Every request is recorded in `requests`.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { type JsonValue, parseJsonText, stringifyJson } from "@tronode/engine/internal";

export const FIXTURE_DIR = join(import.meta.dirname, "..", "fixtures", "fork", "trongrid");

export interface Fixture {
  readonly file: string;
  readonly source: string;
  readonly request: { readonly path: string; readonly body: Record<string, unknown> };
  /** The answer, integers beyond 2^53 kept exact (bigint). */
  readonly response: JsonValue;
}

export interface FixtureUpstream {
  readonly url: string;
  readonly requests: Array<{ path: string; body: unknown }>;
  close(): Promise<void>;
}

const ZERO_WORD = `0x${"0".repeat(64)}`;

/** Every fixture of `dir`, by file name order. */
export function loadFixtures(dir: string = FIXTURE_DIR): Fixture[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const json = parseJsonText(readFileSync(join(dir, file), "utf8")) as Record<string, JsonValue>;
      const request = json.request as { path: string; body?: Record<string, unknown> };
      return {
        file,
        source: json.source as string,
        request: { path: request.path, body: request.body ?? {} },
        response: json.response as JsonValue,
      };
    });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/** Equality of JSON values, strings compared case-insensitively (hex data, addresses). */
function sameValue(a: unknown, b: unknown): boolean {
  if (typeof a === "string" && typeof b === "string") return a.toLowerCase() === b.toLowerCase();
  if ((typeof a === "number" || typeof a === "bigint") && (typeof b === "number" || typeof b === "bigint")) {
    return BigInt(a) === BigInt(b);
  }
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => sameValue(x, b[i]));
  if (isRecord(a) && isRecord(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
    for (const k of keys) if (!sameValue(a[k], b[k])) return false;
    return true;
  }
  return a === b;
}

function matches(fixture: Fixture, body: Record<string, unknown>): boolean {
  const want = fixture.request.body;
  const keys = Object.keys(want);
  if (keys.length === 0) return true;
  if (fixture.request.path === "/jsonrpc") {
    return want.method === body.method && sameValue(want.params, body.params);
  }
  if (fixture.request.path.endsWith("/getblockbynum")) {
    return Number(want.num ?? 0) === Number(body.num ?? 0);
  }
  if ((want.visible === true) !== (body.visible === true || body.visible === "true")) return false;
  return keys.filter((k) => k !== "visible").every((k) => sameValue(want[k], body[k]));
}

async function readBody(req: IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  if (req.method === "GET") return Object.fromEntries(url.searchParams);
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  try {
    const parsed = parseJsonText(text);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

function answerFor(fixtures: readonly Fixture[], path: string, body: Record<string, unknown>): JsonValue {
  const hit = fixtures.find((f) => f.request.path === path && matches(f, body));
  if (path === "/jsonrpc") {
    const id = (body.id ?? null) as JsonValue;
    if (hit && isRecord(hit.response)) return { ...(hit.response as Record<string, JsonValue>), id };
    const result = body.method === "eth_getStorageAt" ? ZERO_WORD : null;
    return { jsonrpc: "2.0", id, result };
  }
  return hit ? hit.response : {};
}

/** Starts the fixture upstream on 127.0.0.1 (a free port). */
export async function startFixtureUpstream(options: { dir?: string } = {}): Promise<FixtureUpstream> {
  const fixtures = loadFixtures(options.dir);
  const requests: Array<{ path: string; body: unknown }> = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    readBody(req, url).then(
      (body) => {
        requests.push({ path: url.pathname, body });
        const text = stringifyJson(answerFor(fixtures, url.pathname, body));
        res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
        res.end(text);
      },
      () => {
        res.writeHead(500);
        res.end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
