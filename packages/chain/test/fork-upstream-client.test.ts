/**
 * The fork's upstream client and cache against real loopback HTTP servers: headers, merging, the
 * request budget, retries and penalty windows, the errors a user sees, and the on-disk cache.
 * Timing is asserted on when the server saw requests start, not on our own clocks.
 */
import { appendFile, mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TronodeError } from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import { createCachedUpstream, openUpstreamCache, upstreamUrlHash } from "../src/fork/upstream-cache.js";
import { createUpstreamClient, type UpstreamClient } from "../src/fork/upstream-client.js";

interface Hit {
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  readonly at: number;
}

interface Upstream {
  readonly url: string;
  readonly hits: Hit[];
}

type Handler = (hit: Hit, response: ServerResponse, index: number) => void;

const servers: Server[] = [];
const clients: UpstreamClient[] = [];

afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: Handler): Promise<Upstream> {
  const hits: Hit[] = [];
  const server = createServer((request, response) => {
    const at = performance.now();
    let body = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      body += chunk;
    });
    request.on("end", () => {
      const hit = { path: request.url ?? "", headers: request.headers, body, at };
      hits.push(hit);
      handler(hit, response, hits.length - 1);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

function json(response: ServerResponse, value: unknown, status = 200, headers: Record<string, string> = {}) {
  response.writeHead(status, { "content-type": "application/json", ...headers });
  response.end(JSON.stringify(value));
}

function client(options: Parameters<typeof createUpstreamClient>[0]): UpstreamClient {
  const created = createUpstreamClient(options);
  clients.push(created);
  return created;
}

async function failure(promise: Promise<unknown>): Promise<TronodeError> {
  try {
    await promise;
  } catch (error) {
    return error as TronodeError;
  }
  throw new Error("expected a rejection");
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createUpstreamClient", () => {
  it("sends the key and extra headers, POSTs JSON and returns the JSON answer", async () => {
    const upstream = await serve((hit, response) => json(response, { echo: JSON.parse(hit.body) }));
    const api = client({ url: `${upstream.url}/`, apiKey: "secret-key", headers: { "X-Fork": "yes" } });
    expect(api.url).toBe(upstream.url);
    expect(await api.post("/wallet/getaccount", { address: "41ab", visible: false })).toEqual({
      echo: { address: "41ab", visible: false },
    });
    const [hit] = upstream.hits;
    expect(hit.path).toBe("/wallet/getaccount");
    expect(hit.headers["tron-pro-api-key"]).toBe("secret-key");
    expect(hit.headers["x-fork"]).toBe("yes");
    expect(hit.headers["content-type"]).toBe("application/json");
    expect(api.stats).toEqual({ requests: 1, retries: 0, merged: 0 });
  });

  it("returns java-tron's {Error} bodies as answers", async () => {
    const upstream = await serve((_hit, response) =>
      json(response, { Error: "class java.lang.Exception : x" }),
    );
    expect(await client({ url: upstream.url }).post("/wallet/getaccount", {})).toEqual({
      Error: "class java.lang.Exception : x",
    });
  });

  it("merges identical in-flight requests into one", async () => {
    const upstream = await serve((hit, response) =>
      setTimeout(() => json(response, { body: hit.body }), 100),
    );
    const api = client({ url: upstream.url });
    const answers = await Promise.all([
      api.post("/wallet/getaccount", { address: "41aa" }),
      api.post("/wallet/getaccount", { address: "41aa" }),
      api.post("/wallet/getaccount", { address: "41aa" }),
      api.post("/wallet/getaccount", { address: "41bb" }),
    ]);
    expect(upstream.hits).toHaveLength(2);
    expect(answers[0]).toEqual(answers[2]);
    expect(answers[3]).not.toEqual(answers[0]);
    expect(api.stats).toEqual({ requests: 2, retries: 0, merged: 2 });
    // Once settled, the same request is asked again (merging is not caching).
    await api.post("/wallet/getaccount", { address: "41aa" });
    expect(upstream.hits).toHaveLength(3);
  });

  it("starts at most rps requests a second after a burst of rps", async () => {
    const upstream = await serve((_hit, response) => json(response, {}));
    const api = client({ url: upstream.url, rps: 5 });
    await Promise.all(Array.from({ length: 10 }, (_, i) => api.post("/wallet/getblockbynum", { num: i })));
    const starts = upstream.hits.map((hit) => hit.at).sort((a, b) => a - b);
    // 5 at once (the burst), then one per 200 ms: the 10th starts about 1 s after the 1st.
    expect(starts[9] - starts[0]).toBeGreaterThanOrEqual(900);
    for (let i = 6; i < 10; i++) expect(starts[i] - starts[i - 1]).toBeGreaterThanOrEqual(150);
  });

  it("retries 503s with backoff and counts the retries", async () => {
    const upstream = await serve((_hit, response, index) =>
      index < 3 ? json(response, { message: "busy" }, 503) : json(response, { blockID: "00" }),
    );
    const api = client({ url: upstream.url, backoffMs: 20 });
    expect(await api.post("/wallet/getnowblock", {})).toEqual({ blockID: "00" });
    expect(api.stats).toEqual({ requests: 4, retries: 3, merged: 0 });
    const at = upstream.hits.map((hit) => hit.at);
    // 20, 40, 80 ms: doubling.
    expect(at[3] - at[2]).toBeGreaterThanOrEqual(70);
  });

  it("honours a 429's Retry-After, for every request", async () => {
    const upstream = await serve((hit, response, index) =>
      index === 0 ? json(response, {}, 429, { "retry-after": "1" }) : json(response, { path: hit.path }),
    );
    const api = client({ url: upstream.url, backoffMs: 20 });
    const first = api.post("/wallet/getnowblock", {});
    await delay(100);
    const second = api.post("/wallet/getchainparameters", {});
    await Promise.all([first, second]);
    const [limited, ...rest] = upstream.hits;
    for (const hit of rest) expect(hit.at - limited.at).toBeGreaterThanOrEqual(950);
    expect(api.stats.retries).toBe(1);
  });

  it("starts nothing during a 403's penalty window", async () => {
    const upstream = await serve((_hit, response, index) =>
      index === 0
        ? json(
            response,
            { Error: "The key exceeds the frequency limit(15), and the query server is suspended for 30s" },
            403,
          )
        : json(response, {}),
    );
    const api = client({ url: upstream.url, backoffMs: 10, penaltyMs: 400 });
    const first = api.post("/wallet/getnowblock", {});
    await delay(50);
    const other = api.post("/wallet/listwitnesses", {});
    await Promise.all([first, other]);
    const [penalized, ...rest] = upstream.hits;
    expect(rest).toHaveLength(2);
    for (const hit of rest) expect(hit.at - penalized.at).toBeGreaterThanOrEqual(380);
  });

  it("gives up with FORK_UPSTREAM_UNAVAILABLE within the deadline when the server never answers", async () => {
    const upstream = await serve(() => {});
    const api = client({ url: upstream.url, timeoutMs: 100, backoffMs: 20, deadlineMs: 500 });
    const started = performance.now();
    const error = await failure(api.post("/wallet/getaccount", { address: "41aa" }));
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(error.code).toBe("FORK_UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain(
      `upstream ${upstream.url} did not answer /wallet/getaccount: no answer within 0.1 s`,
    );
    expect(upstream.hits.length).toBeGreaterThan(1);
  });

  it("retries a refused port, then answers FORK_UPSTREAM_UNAVAILABLE naming the url and the cause", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const api = client({ url: `http://127.0.0.1:${port}`, retries: 2, backoffMs: 10 });
    const error = await failure(api.post("/wallet/getnowblock", {}));
    expect(error.code).toBe("FORK_UPSTREAM_UNAVAILABLE");
    expect(error.message).toMatch(
      new RegExp(
        `^upstream http://127\\.0\\.0\\.1:${port} did not answer /wallet/getnowblock: ECONNREFUSED \\(3 attempts in [0-9.]+ s\\)$`,
      ),
    );
    expect(api.stats).toEqual({ requests: 3, retries: 2, merged: 0 });
  });

  it("answers a 401 with FORK_UPSTREAM_REJECTED at once, without the key", async () => {
    const upstream = await serve((_hit, response) => json(response, { Error: "unauthorized" }, 401));
    const api = client({ url: upstream.url, apiKey: "secret-key", backoffMs: 10 });
    const error = await failure(api.post("/wallet/getnowblock", {}));
    expect(error.code).toBe("FORK_UPSTREAM_REJECTED");
    expect(error.message).toContain(
      `upstream ${upstream.url} rejected the request /wallet/getnowblock: HTTP 401`,
    );
    expect(error.message).not.toContain("secret-key");
    expect(api.stats).toEqual({ requests: 1, retries: 0, merged: 0 });
  });

  it("answers a 403 about an invalid key with FORK_UPSTREAM_REJECTED, and redacts an echoed key", async () => {
    const upstream = await serve((_hit, response) =>
      json(response, { Error: "ApiKey secret-key is invalid" }, 403),
    );
    const api = client({ url: upstream.url, apiKey: "secret-key", backoffMs: 10 });
    const error = await failure(api.post("/wallet/getnowblock", {}));
    expect(error.code).toBe("FORK_UPSTREAM_REJECTED");
    expect(error.message).not.toContain("secret-key");
    expect(api.stats.requests).toBe(1);
  });

  it("answers an HTML page with FORK_NOT_TRON", async () => {
    const upstream = await serve((_hit, response) => {
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html><body>Welcome to nginx!</body></html>");
    });
    const error = await failure(client({ url: upstream.url }).post("/wallet/getnowblock", {}));
    expect(error.code).toBe("FORK_NOT_TRON");
    expect(error.message).toBe(
      `upstream ${upstream.url} answered /wallet/getnowblock with something that is not JSON: <html><body>Welcome to nginx!</body></html>`,
    );
  });

  it("makes JSON-RPC calls on /jsonrpc and throws their errors as FORK_UPSTREAM_REJECTED", async () => {
    const upstream = await serve((hit, response) => {
      const call = JSON.parse(hit.body) as { id: number; method: string };
      if (call.method === "eth_getStorageAt") json(response, { jsonrpc: "2.0", id: call.id, result: "0x01" });
      else
        json(response, { jsonrpc: "2.0", id: call.id, error: { code: -32601, message: "method not found" } });
    });
    const api = client({ url: upstream.url });
    expect(await api.jsonRpc("eth_getStorageAt", ["0x41", "0x0", "latest"])).toBe("0x01");
    expect(upstream.hits[0].path).toBe("/jsonrpc");
    expect(JSON.parse(upstream.hits[0].body)).toMatchObject({ jsonrpc: "2.0", method: "eth_getStorageAt" });
    const error = await failure(api.jsonRpc("eth_getTransactionCount", ["0x41", "latest"]));
    expect(error.code).toBe("FORK_UPSTREAM_REJECTED");
    expect(error.message).toContain("method not found");
  });

  it("refuses a url it cannot use, or that would print credentials in errors", () => {
    for (const url of ["127.0.0.1:8090", "ftp://example.org", "https://user:pass@example.org"]) {
      expect(() => createUpstreamClient({ url })).toThrow(expect.objectContaining({ code: "FORK_INVALID" }));
    }
  });

  it("close() aborts in-flight requests with FORK_UPSTREAM_UNAVAILABLE", async () => {
    const upstream = await serve(() => {});
    const api = client({ url: upstream.url });
    const pending = failure(api.post("/wallet/getnowblock", {}));
    await delay(50);
    api.close();
    const error = await pending;
    expect(error.code).toBe("FORK_UPSTREAM_UNAVAILABLE");
    expect(error.message).toContain("closed");
  });
});

describe("the upstream cache", () => {
  it("round-trips answers through a file, and a reopened cache answers without requests", async () => {
    const directory = await mkdtemp(join(tmpdir(), "tronode-fork-cache-"));
    try {
      const upstream = await serve((hit, response) =>
        hit.path === "/jsonrpc"
          ? json(response, { jsonrpc: "2.0", id: 1, result: "0x2a" })
          : json(response, { balance: 7, asked: JSON.parse(hit.body) }),
      );
      const options = { directory, network: "00".repeat(32), url: upstream.url, forkBlock: 1234n };
      const cache = await openUpstreamCache(options);
      expect(cache.file).toBe(join(directory, "00".repeat(32), upstreamUrlHash(upstream.url), "1234.jsonl"));
      const cached = createCachedUpstream({
        client: client({ url: upstream.url, apiKey: "secret-key" }),
        cache,
      });
      const answer = await cached.post("/wallet/getaccount", { address: "41aa" });
      expect(await cached.post("/wallet/getaccount", { address: "41aa" })).toEqual(answer);
      expect(await cached.jsonRpc("eth_getStorageAt", ["0x41", "0x0", "latest"])).toBe("0x2a");
      expect(upstream.hits).toHaveLength(2);
      await cache.flush();
      const text = await readFile(cache.file!, "utf8");
      expect(text.trim().split("\n")).toHaveLength(2);
      expect(text).not.toContain("secret-key");
      expect(text).not.toContain(upstream.url);

      // A process killed mid-write leaves a torn last line: it is skipped, and the next line is not glued to it.
      await appendFile(cache.file!, '{"k":"/wallet/getcontract\\n{}","v":{"by');
      const reopened = await openUpstreamCache(options);
      expect(reopened.size).toBe(2);
      const offline = createCachedUpstream({ client: client({ url: upstream.url }), cache: reopened });
      expect(await offline.post("/wallet/getaccount", { address: "41aa" })).toEqual(answer);
      expect(await offline.jsonRpc("eth_getStorageAt", ["0x41", "0x0", "latest"])).toBe("0x2a");
      expect(upstream.hits).toHaveLength(2);
      await offline.post("/wallet/getcontract", { value: "41bb" });
      await reopened.flush();
      expect((await openUpstreamCache(options)).size).toBe(3);

      // Another fork block (or endpoint) is another file.
      expect((await openUpstreamCache({ ...options, forkBlock: 1235n })).size).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it("stores nothing for a request the client could not answer", async () => {
    const upstream = await serve((_hit, response) => json(response, {}, 401));
    const cache = await openUpstreamCache({ network: "ab", url: upstream.url, forkBlock: 1n });
    expect(cache.file).toBeUndefined();
    const cached = createCachedUpstream({ client: client({ url: upstream.url }), cache });
    await failure(cached.post("/wallet/getnowblock", {}));
    expect(cache.size).toBe(0);
  });

  it("hands out copies, so a caller's edits do not change the cache", async () => {
    const cache = await openUpstreamCache({ network: "ab", url: "http://x", forkBlock: 1n });
    cache.set("k", { balance: 1 });
    (cache.get("k") as { balance: number }).balance = 2;
    expect(cache.get("k")).toEqual({ balance: 1 });
  });
});
