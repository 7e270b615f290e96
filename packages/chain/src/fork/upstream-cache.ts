/**
 * The on-disk cache of a fork's upstream answers, so a restarted fork asks the upstream nothing it
 * has asked before. It is keyed by (network, url hash, fork block): the same block on another
 * endpoint can differ (Anvil cached by chain+block only and served stale data across endpoints,
 * foundry#15728), and java-tron reads only head state, so an entry means "as first fetched". Only
 * upstream answers go in, never local changes (Anvil#1531). One JSON line {k, v} per answer,
 * appended, so a crash loses at most the last line, which a reopen ignores.
 */
import { createHash } from "node:crypto";
import { appendFile, mkdir, readFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { parseJsonText, stringifyJson, TronodeError } from "@tronode/engine/internal";
import type { UpstreamClient } from "./upstream-client.js";

export interface UpstreamCacheOptions {
  /** undefined = in memory only. */
  readonly directory?: string;
  /** The upstream's genesis block id (hex). */
  readonly network: string;
  /** Only its hash is stored (sha256 hex, first 16 chars). */
  readonly url: string;
  readonly forkBlock: bigint;
}

export interface UpstreamCache {
  /** <directory>/<network>/<urlHash>/<forkBlock>.jsonl, or undefined in memory. */
  readonly file: string | undefined;
  /** A fresh copy of the answer stored under `key` (a request's identity: path + "\n" + JSON body). */
  get(key: string): unknown | undefined;
  /** Stores `answer` (plain JSON) and queues its line for the file; flush() waits for the writes. */
  set(key: string, answer: unknown): void;
  /** Resolves when every line so far is written; rejects with the first write failure. */
  flush(): Promise<void>;
  readonly size: number;
}

/** The first 16 hex chars of sha256(url), trailing slashes ignored: names the endpoint without spelling it. */
export function upstreamUrlHash(url: string): string {
  return createHash("sha256").update(url.replace(/\/+$/, "")).digest("hex").slice(0, 16);
}

/** A cache that starts empty (an existing file is appended to, not read: openUpstreamCache reads it). */
export function createUpstreamCache(options: UpstreamCacheOptions): UpstreamCache {
  return makeCache(options, new Map(), false);
}

/** Opens the cache and loads its file, if any; lines that do not parse (a torn last line) are skipped. */
export async function openUpstreamCache(options: UpstreamCacheOptions): Promise<UpstreamCache> {
  const entries = new Map<string, string>();
  const file = upstreamCacheFile(options);
  let text = "";
  if (file !== undefined) {
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  }
  for (const line of text.split("\n")) {
    if (line === "") continue;
    try {
      const entry = parseJsonText(line) as { k?: unknown; v?: unknown };
      if (typeof entry.k === "string" && entry.v !== undefined) entries.set(entry.k, stringifyJson(entry.v));
    } catch {
      // A torn line (the process died mid-write) holds nothing usable; the request is simply asked again.
    }
  }
  // Without this, the next line would be glued onto the torn one and be lost too.
  return makeCache(options, entries, text !== "" && !text.endsWith("\n"));
}

/** The file a cache with these options reads and appends (undefined: in memory). */
export function upstreamCacheFile(options: UpstreamCacheOptions): string | undefined {
  if (options.directory === undefined) return undefined;
  // The network becomes a directory name: only hex, so it cannot climb out of the cache directory.
  if (!/^[0-9a-fA-F]+$/.test(options.network)) {
    throw new TronodeError(
      "FORK_INVALID",
      `the fork network id must be hex (the genesis block id), got "${options.network}"`,
    );
  }
  if (options.forkBlock < 0n) throw new TronodeError("FORK_INVALID", `the fork block must be >= 0`);
  return join(
    options.directory,
    options.network.toLowerCase(),
    upstreamUrlHash(options.url),
    `${options.forkBlock}.jsonl`,
  );
}

function makeCache(
  options: UpstreamCacheOptions,
  entries: Map<string, string>,
  tornTail: boolean,
): UpstreamCache {
  const file = upstreamCacheFile(options);
  // Values are kept as JSON text: every get() parses a fresh copy, so a caller that mutates an
  // answer cannot change what the cache (and the file) holds.
  let pending: string[] = tornTail ? [""] : [];
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown;
  let madeDirectory = false;

  /** Writes run one after another, each taking every line queued so far, so lines stay whole and in order. */
  function write(): void {
    writing = writing.then(async () => {
      if (pending.length === 0 || file === undefined) return;
      const lines = pending;
      pending = [];
      try {
        if (!madeDirectory) await mkdir(dirname(file), { recursive: true });
        madeDirectory = true;
        await appendFile(file, `${lines.join("\n")}\n`);
      } catch (error) {
        failure ??= error;
      }
    });
  }

  return {
    file,
    get(key) {
      const text = entries.get(key);
      return text === undefined ? undefined : parseJsonText(text);
    },
    set(key, answer) {
      const text = answer === undefined ? undefined : stringifyJson(answer);
      if (text === undefined)
        throw new TronodeError("FORK_INVALID", `cannot cache an undefined answer for ${key}`);
      if (entries.get(key) === text) return;
      entries.set(key, text);
      if (file === undefined) return;
      pending.push(`{"k":${JSON.stringify(key)},"v":${text}}`);
      write();
    },
    async flush() {
      await writing;
      if (failure !== undefined) {
        throw new TronodeError("FORK_INVALID", `cannot write the fork cache ${file}: ${String(failure)}`, {
          cause: failure,
        });
      }
    },
    get size() {
      return entries.size;
    },
  };
}

export interface CachedUpstreamOptions {
  readonly client: UpstreamClient;
  readonly cache: UpstreamCache;
  /** The upstream head when the fork was made (answers asked later are stamped with a fresher one). */
  readonly head?: bigint;
}

/**
 * The upstream as the fork reads it: the cache first, the client on a miss (its answer is stored
 * with the upstream head it was read at: java-tron answers with head state only).
 */
export interface CachedUpstream {
  readonly url: string;
  readonly client: UpstreamClient;
  readonly cache: UpstreamCache;
  /** The upstream head of the latest answer used (cached answers keep the head they were read at). */
  readonly lastHead: bigint;
  post(path: string, body: unknown): Promise<unknown>;
  jsonRpc(method: string, params: readonly unknown[]): Promise<unknown>;
}

/** How long a reading of the upstream's head stamps new answers before it is read again. */
const HEAD_TTL_MS = 60_000;

export function createCachedUpstream({ client, cache, head = 0n }: CachedUpstreamOptions): CachedUpstream {
  let lastHead = head;
  let knownHead = head;
  let knownAt = Date.now();
  async function currentHead(): Promise<bigint> {
    if (Date.now() - knownAt > HEAD_TTL_MS) {
      const block = (await client.post("/wallet/getnowblock", {})) as {
        block_header?: { raw_data?: { number?: unknown } };
      };
      const n = block.block_header?.raw_data?.number;
      if (n !== undefined) knownHead = BigInt(n as number);
      knownAt = Date.now();
    }
    return knownHead;
  }
  async function through(key: string, ask: () => Promise<unknown>): Promise<unknown> {
    const hit = cache.get(key) as { h: string; v: unknown } | undefined;
    if (hit !== undefined) {
      lastHead = BigInt(hit.h);
      return hit.v;
    }
    const at = await currentHead();
    // A thrown error (upstream down, rejected, a JSON-RPC error) is not an answer: nothing is stored.
    const answer = await ask();
    cache.set(key, { h: at.toString(), v: answer ?? null });
    lastHead = at;
    return answer;
  }
  return {
    url: client.url,
    client,
    cache,
    get lastHead() {
      return lastHead;
    },
    post: (path, body) => through(`${path}\n${JSON.stringify(body ?? {})}`, () => client.post(path, body)),
    // The JSON-RPC result alone is stored, under the method and params (the envelope's id is noise).
    jsonRpc: (method, params) =>
      through(`/jsonrpc ${method}\n${JSON.stringify(params)}`, () => client.jsonRpc(method, params)),
  };
}
