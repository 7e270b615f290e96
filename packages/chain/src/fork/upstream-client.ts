/**
 * The HTTP client a fork (`tronode --fork <url>`) fetches upstream state with: java-tron's HTTP API
 * (POST /wallet/...) and its JSON-RPC (POST /jsonrpc). Public endpoints (TronGrid) budget requests
 * per second and answer excess with 403/429/503 and a ~30 s penalty, so the client starts at most
 * `rps` requests a second (a token bucket), waits out penalty windows before starting anything,
 * merges identical in-flight requests, and retries transient failures with exponential backoff
 * until the retries or the per-request deadline run out.
 */
import { parseJsonText, TronodeError } from "@tronode/engine/internal";

export interface UpstreamClientOptions {
  /** Base url, e.g. "http://127.0.0.1:8090" (a trailing slash is tolerated). */
  readonly url: string;
  /** Sent as TRON-PRO-API-KEY; never logged, never in error messages. */
  readonly apiKey?: string;
  /** Extra headers (--fork-header "Name: value"). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Requests started per second (token bucket, burst = max(1, rps)); Infinity = no limit. Default 10. */
  readonly rps?: number;
  /** Per attempt. Default 10_000. */
  readonly timeoutMs?: number;
  /** Retries after the first attempt. Default 5. */
  readonly retries?: number;
  /** First backoff, doubling, capped at 32_000. Default 1_000. */
  readonly backoffMs?: number;
  /** After a 403 (TronGrid's penalty) no request starts for this long. Default 30_000. */
  readonly penaltyMs?: number;
  /** Total time a request may take, queueing and retries included. Default 60_000. */
  readonly deadlineMs?: number;
}

export interface UpstreamClient {
  /** As given, without trailing slash. */
  readonly url: string;
  /** POSTs `body` as JSON to `path` ("/wallet/getaccount") and returns the parsed JSON answer. */
  post(path: string, body: unknown): Promise<unknown>;
  /** A JSON-RPC 2.0 call on `/jsonrpc`: the result, or throws FORK_UPSTREAM_REJECTED with the error's message. */
  jsonRpc(method: string, params: readonly unknown[]): Promise<unknown>;
  /** Requests sent (attempts), retries, merged (calls served by an identical in-flight request). */
  readonly stats: { readonly requests: number; readonly retries: number; readonly merged: number };
  /** Stops timers and aborts in-flight requests (their callers get FORK_UPSTREAM_UNAVAILABLE). */
  close(): void;
}

const MAX_BACKOFF_MS = 32_000;
/** Statuses a public endpoint answers when overloaded or rate-limited: worth another attempt. */
const RETRY_STATUSES = new Set([403, 429, 502, 503, 504]);
/** A 403 that is about the key, not the rate: retrying cannot help. */
const BAD_KEY = /invalid|unauthori[sz]ed|not exist/i;

/**
 * Why an attempt failed (a class, so no JSON answer can pass for one): `retry` says whether another
 * attempt may succeed, `waitMs` is the server's Retry-After, `penalty` makes that wait hold back every
 * request (a 429), and `error` is the final error when retrying cannot help.
 */
class Failure {
  constructor(
    readonly text: string,
    readonly retry: boolean,
    readonly extra: {
      readonly waitMs?: number;
      readonly penalty?: boolean;
      readonly error?: TronodeError;
    } = {},
  ) {}
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const url = options.url.replace(/\/+$/, "");
  const rps = options.rps ?? 10;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const retries = options.retries ?? 5;
  const backoffMs = options.backoffMs ?? 1_000;
  const penaltyMs = options.penaltyMs ?? 30_000;
  const deadlineMs = options.deadlineMs ?? 60_000;
  const parsed = URL.canParse(url) ? new URL(url) : undefined;
  // fetch refuses urls with credentials, and the url is printed in every error: neither may hold them.
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password) {
    throw new TronodeError(
      "FORK_INVALID",
      "the fork url must be http(s)://host[:port][/path], without credentials",
    );
  }
  if (!(rps > 0)) throw new TronodeError("FORK_INVALID", `the fork request budget must be > 0 per second`);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    accept: "application/json",
    ...options.headers,
  };
  if (options.apiKey !== undefined) headers["TRON-PRO-API-KEY"] = options.apiKey;

  const stats = { requests: 0, retries: 0, merged: 0 };
  const closing = new AbortController();
  const inFlight = new Map<string, Promise<unknown>>();

  // --- the start budget: a token bucket plus the penalty window, served first come first served ---
  const burst = Math.max(1, rps);
  let tokens = burst;
  let refilledAt = Date.now();
  let penaltyUntil = 0;
  const waiters: { grant: () => void }[] = [];
  let pumpTimer: NodeJS.Timeout | undefined;

  function pump(): void {
    clearTimeout(pumpTimer);
    pumpTimer = undefined;
    const now = Date.now();
    if (Number.isFinite(rps)) {
      tokens = Math.min(burst, tokens + ((now - refilledAt) * rps) / 1000);
      refilledAt = now;
    }
    if (now < penaltyUntil) {
      if (waiters.length > 0) pumpTimer = setTimeout(pump, penaltyUntil - now);
      return;
    }
    while (waiters.length > 0 && (tokens >= 1 || !Number.isFinite(rps))) {
      if (Number.isFinite(rps)) tokens -= 1;
      waiters.shift()!.grant();
    }
    // A waiting request keeps this timer (and the process) alive until it is granted or aborted.
    if (waiters.length > 0) pumpTimer = setTimeout(pump, Math.ceil(((1 - tokens) * 1000) / rps));
  }

  /** Resolves when a request may start; rejects when `signal` aborts (deadline or close). */
  function acquire(signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const waiter = {
        grant: () => {
          signal.removeEventListener("abort", onAbort);
          resolve();
        },
      };
      const onAbort = () => {
        const index = waiters.indexOf(waiter);
        if (index >= 0) waiters.splice(index, 1);
        if (waiters.length === 0) clearTimeout(pumpTimer);
        reject(signal.reason);
      };
      signal.addEventListener("abort", onAbort, { once: true });
      waiters.push(waiter);
      pump();
    });
  }

  function sleep(ms: number, signal: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) return reject(signal.reason);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal.reason);
      };
      const timer = setTimeout(() => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      signal.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** An AbortSignal that fires after `ms` or when `parent` does; `done()` clears the timer and the link. */
  function linked(
    parent: AbortSignal,
    ms: number,
    reason: string,
  ): { signal: AbortSignal; done: () => void } {
    const controller = new AbortController();
    const onAbort = () => controller.abort(parent.reason);
    const timer = setTimeout(() => controller.abort(reason), ms);
    if (parent.aborted) onAbort();
    else parent.addEventListener("abort", onAbort, { once: true });
    return {
      signal: controller.signal,
      done: () => {
        clearTimeout(timer);
        parent.removeEventListener("abort", onAbort);
      },
    };
  }

  /** The upstream's own words, short, on one line, and without the key should it echo it. */
  function excerpt(text: string): string {
    let short = text.replace(/\s+/g, " ").trim();
    if (options.apiKey) short = short.split(options.apiKey).join("***");
    return short.length > 80 ? `${short.slice(0, 80)}…` : short || "(empty)";
  }

  function retryAfterMs(response: Response): number | undefined {
    const value = response.headers.get("retry-after");
    if (value === null) return undefined;
    const seconds = Number(value);
    if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
    const date = Date.parse(value);
    return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
  }

  /** One attempt: the parsed answer, or why it failed. */
  async function attempt(path: string, text: string, signal: AbortSignal): Promise<unknown | Failure> {
    const attemptSignal = linked(signal, timeoutMs, "timeout");
    let response: Response;
    let body: string;
    try {
      response = await fetch(url + path, {
        method: "POST",
        headers,
        body: text,
        signal: attemptSignal.signal,
      });
      body = await response.text();
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (attemptSignal.signal.aborted) return new Failure(`no answer within ${timeoutMs / 1000} s`, true);
      // undici hides the reason (ECONNREFUSED, ECONNRESET, ENOTFOUND) in the cause of "fetch failed".
      // Without a cause it is not the network (a header fetch will not send): retrying cannot help.
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      return cause
        ? new Failure(cause.code ?? cause.message ?? String(cause), true)
        : new Failure(String(error), false);
    } finally {
      attemptSignal.done();
    }
    const status = `HTTP ${response.status}`;
    if (response.status === 401 || (response.status === 403 && BAD_KEY.test(body))) {
      return rejected(path, `${status} ${excerpt(body)}`);
    }
    if (response.status === 403) {
      // TronGrid's penalty: nothing we start before it ends would be answered.
      penaltyUntil = Math.max(penaltyUntil, Date.now() + penaltyMs);
      return new Failure(status, true);
    }
    if (RETRY_STATUSES.has(response.status)) {
      return new Failure(status, true, { waitMs: retryAfterMs(response), penalty: response.status === 429 });
    }
    if (response.status >= 400 && response.status < 500) return rejected(path, `${status} ${excerpt(body)}`);
    // Other 5xx (500 and the like) are the server's own fault, not load: another attempt will not help.
    if (response.status >= 500) return new Failure(`${status} ${excerpt(body)}`, false);
    try {
      // java-tron's numbers can exceed 2^53 (balances, supplies): kept exact as bigints
      return parseJsonText(body) as unknown;
    } catch {
      const error = new TronodeError(
        "FORK_NOT_TRON",
        `upstream ${url} answered ${path} with something that is not JSON: ${excerpt(body)}`,
      );
      return new Failure("not JSON", false, { error });
    }
  }

  function rejected(path: string, what: string): Failure {
    const error = new TronodeError(
      "FORK_UPSTREAM_REJECTED",
      `upstream ${url} rejected the request ${path}: ${what}`,
    );
    return new Failure(what, false, { error });
  }

  /** The attempts of one request, until an answer, a final failure, the retries or the deadline. */
  async function send(path: string, text: string): Promise<unknown> {
    const started = Date.now();
    const deadline = linked(closing.signal, deadlineMs, "deadline");
    let attempts = 0;
    let last = "no attempt started (rate limit or penalty window)";
    const unavailable = (why: string) =>
      new TronodeError(
        "FORK_UPSTREAM_UNAVAILABLE",
        `upstream ${url} did not answer ${path}: ${why} (${attempts} attempt${attempts === 1 ? "" : "s"} in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    try {
      for (;;) {
        await acquire(deadline.signal);
        attempts += 1;
        stats.requests += 1;
        if (attempts > 1) stats.retries += 1;
        const result = await attempt(path, text, deadline.signal);
        if (!(result instanceof Failure)) return result;
        if (result.extra.error) throw result.extra.error;
        last = result.text;
        if (!result.retry || attempts > retries) throw unavailable(last);
        const waitMs = result.extra.waitMs ?? Math.min(MAX_BACKOFF_MS, backoffMs * 2 ** (attempts - 1));
        if (result.extra.penalty) penaltyUntil = Math.max(penaltyUntil, Date.now() + waitMs);
        // Waiting past the deadline only to fail then helps no one: fail now with the real reason.
        if (Math.max(Date.now() + waitMs, penaltyUntil) >= started + deadlineMs) throw unavailable(last);
        await sleep(waitMs, deadline.signal);
      }
    } catch (error) {
      if (error instanceof TronodeError) throw error;
      if (closing.signal.aborted) throw unavailable(`the client was closed (last: ${last})`);
      if (deadline.signal.aborted) throw unavailable(`${last}; deadline of ${deadlineMs / 1000} s passed`);
      throw unavailable(String(error));
    } finally {
      deadline.done();
    }
  }

  function post(path: string, body: unknown): Promise<unknown> {
    if (closing.signal.aborted) {
      return Promise.reject(
        new TronodeError("FORK_UPSTREAM_UNAVAILABLE", `upstream ${url}: the client is closed (${path})`),
      );
    }
    const normalized = path.startsWith("/") ? path : `/${path}`;
    const text = JSON.stringify(body ?? {});
    const key = `${normalized}\n${text}`;
    const pending = inFlight.get(key);
    if (pending) {
      stats.merged += 1;
      return pending;
    }
    const request = send(normalized, text).finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  }

  async function jsonRpc(method: string, params: readonly unknown[]): Promise<unknown> {
    // A constant id keeps identical calls identical, so they merge.
    const answer = (await post("/jsonrpc", { jsonrpc: "2.0", id: 1, method, params })) as {
      result?: unknown;
      error?: { code?: number; message?: string };
    } | null;
    if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
      throw new TronodeError("FORK_NOT_TRON", `upstream ${url} answered ${method} with no JSON-RPC object`);
    }
    if (answer.error !== undefined && answer.error !== null) {
      throw new TronodeError(
        "FORK_UPSTREAM_REJECTED",
        `upstream ${url} rejected ${method}: ${answer.error?.message ?? JSON.stringify(answer.error)}`,
      );
    }
    return answer.result;
  }

  return {
    url,
    post,
    jsonRpc,
    stats,
    close() {
      closing.abort("closed");
      clearTimeout(pumpTimer);
    },
  };
}
