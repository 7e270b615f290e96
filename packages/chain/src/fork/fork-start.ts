/**
 * Starting a fork: reading the upstream's network and head (or a pinned block whose answers are
 * cached), opening the cache of upstream answers, and gathering what the fork's first state needs.
 * A data directory that already holds a fork keeps its fork point (`fork.json`): a restart asks the
 * upstream nothing it asked before.
 */
import { readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import {
  type Block,
  blockId as blockIdOf,
  bytesToHex,
  hexToBytes,
  TronodeError,
} from "@tronode/engine/internal";
import "../errors.js";
import type { UpstreamChainFacts } from "./fork-anchor.js";
import {
  type CachedUpstream,
  createCachedUpstream,
  openUpstreamCache,
  type UpstreamCache,
  upstreamCacheFile,
} from "./upstream-cache.js";
import { createUpstreamClient } from "./upstream-client.js";
import { parseUpstreamBlock, type Upstream, upstreamCall } from "./upstream-rows.js";

/** `--fork` and its flags (and config keys). */
export interface ForkConfig {
  readonly url: string;
  /** Sent as TRON-PRO-API-KEY (TronGrid); never logged or cached. */
  readonly apiKey?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Upstream requests per second (default 10). */
  readonly rps?: number;
  /** Fork at this block instead of upstream's head: only when the cache holds its answers (no archive state upstream). */
  readonly blockNumber?: bigint;
  /** Where upstream answers are kept; default `<data dir>/fork-cache`, or the user cache dir for an in-memory chain. */
  readonly cacheDir?: string;
  /** false: keep no answers on disk (--no-fork-cache). */
  readonly cache?: boolean;
  /** Accounts and contracts (hex or Base58) fetched with their reachable state at start. */
  readonly prefetch?: readonly string[];
  /** Retry and timing knobs of the upstream client (tests shorten them). */
  readonly timing?: {
    readonly timeoutMs?: number;
    readonly retries?: number;
    readonly backoffMs?: number;
    readonly penaltyMs?: number;
    readonly deadlineMs?: number;
  };
}

/** Where a fork starts: the upstream network and its block the local chain continues from. */
export interface ForkPoint {
  readonly url: string;
  /** The upstream's genesis block id: names the network. */
  readonly network: Uint8Array;
  readonly number: bigint;
  readonly id: Uint8Array;
  readonly timestamp: bigint;
  /** Wall-clock ms when the fork was made. */
  readonly forkedAt: number;
}

/** How long the start may wait for the upstream's first answers before the node gives up (CLI: exits). */
const START_DEADLINE_MS = 10_000;

export interface StartedFork {
  readonly point: ForkPoint;
  readonly upstream: CachedUpstream;
  /** What the fork's first state needs from upstream (asked only for a fresh chain). */
  facts(): Promise<UpstreamChainFacts>;
  close(): Promise<void>;
}

interface SavedFork {
  url: string;
  network: string;
  number: string;
  id: string;
  timestamp: string;
  forkedAt: number;
}

const savedForkFile = (dataDir: string) => join(dataDir, "fork.json");

async function readSavedFork(dataDir: string | undefined): Promise<SavedFork | undefined> {
  if (dataDir === undefined) return undefined;
  try {
    return JSON.parse(await readFile(savedForkFile(dataDir), "utf8")) as SavedFork;
  } catch {
    return undefined;
  }
}

function sameUrl(a: string, b: string): boolean {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}

/** The default directory of upstream answers. */
export function defaultForkCacheDir(dataDir: string | undefined): string {
  if (dataDir !== undefined) return join(dataDir, "fork-cache");
  const base = process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache");
  return join(base, "tronode", "fork");
}

function headerOf(json: Record<string, unknown> | undefined, what: string, upstream: Upstream): Block {
  if (json === undefined || typeof json.blockID !== "string") {
    throw new TronodeError(
      "FORK_NOT_TRON",
      `upstream ${upstream.url} is not a TRON node: ${what} did not answer a block (${JSON.stringify(json ?? {}).slice(0, 80)})`,
    );
  }
  return parseUpstreamBlock(json, upstream);
}

/**
 * Connects to the upstream and fixes the fork point. Fails with one clear TronodeError (the CLI
 * prints it and exits) when the upstream is unreachable, not a TRON node, rejects the key, or a
 * pinned block is neither its head nor cached.
 */
export async function startFork(config: ForkConfig, dataDir: string | undefined): Promise<StartedFork> {
  const clientOf = (timing: ForkConfig["timing"]) =>
    createUpstreamClient({
      url: config.url,
      ...(config.apiKey === undefined ? {} : { apiKey: config.apiKey }),
      ...(config.headers === undefined ? {} : { headers: config.headers }),
      ...(config.rps === undefined ? {} : { rps: config.rps }),
      ...timing,
    });
  const client = clientOf(config.timing);
  // the first answers decide whether the node starts at all: a bad url fails within START_DEADLINE_MS
  const deadline = Math.min(config.timing?.deadlineMs ?? START_DEADLINE_MS, START_DEADLINE_MS);
  const starter = clientOf({
    ...config.timing,
    deadlineMs: deadline,
    timeoutMs: Math.min(config.timing?.timeoutMs ?? deadline, deadline),
  });
  try {
    const saved = await readSavedFork(dataDir);
    if (saved !== undefined && !sameUrl(saved.url, config.url)) {
      throw new TronodeError(
        "FORK_INVALID",
        `the data dir holds a fork of ${saved.url}, not of ${config.url}`,
      );
    }
    const cacheOf = (network: Uint8Array, number: bigint) =>
      openUpstreamCache({
        ...(config.cache === false ? {} : { directory: config.cacheDir ?? defaultForkCacheDir(dataDir) }),
        network: bytesToHex(network),
        url: config.url,
        forkBlock: number,
      });
    let point: ForkPoint;
    let cache: UpstreamCache;
    let head: Block | undefined;
    if (saved !== undefined) {
      point = {
        url: config.url,
        network: hexToBytes(saved.network),
        number: BigInt(saved.number),
        id: hexToBytes(saved.id),
        timestamp: BigInt(saved.timestamp),
        forkedAt: saved.forkedAt,
      };
      cache = await cacheOf(point.network, point.number);
    } else {
      const raw: Upstream = { url: starter.url, lastHead: 0n, post: starter.post, jsonRpc: starter.jsonRpc };
      const genesis = headerOf(
        await upstreamCall(raw, "/wallet/getblockbynum", { num: 0 }),
        "getblockbynum 0",
        raw,
      );
      const network = blockIdOf(genesis);
      if (config.blockNumber !== undefined) {
        const file =
          config.cache === false
            ? undefined
            : upstreamCacheFile({
                directory: config.cacheDir ?? defaultForkCacheDir(dataDir),
                network: bytesToHex(network),
                url: config.url,
                forkBlock: config.blockNumber,
              });
        cache = await cacheOf(network, config.blockNumber);
        if (cache.size === 0) {
          const now = headerOf(await upstreamCall(raw, "/wallet/getnowblock", {}), "getnowblock", raw);
          if (now.blockHeader!.rawData!.number !== config.blockNumber) {
            throw new TronodeError(
              "FORK_NO_ARCHIVE",
              `cannot fork ${config.url} at block ${config.blockNumber}: java-tron serves only its head state (block ${now.blockHeader!.rawData!.number}), and no cached fork of that block is in ${file ?? "memory"}; fork without --fork-block-number to fork at the head`,
            );
          }
          head = now;
        } else {
          head = headerOf(
            await upstreamCall(raw, "/wallet/getblockbynum", { num: Number(config.blockNumber) }),
            `getblockbynum ${config.blockNumber}`,
            raw,
          );
        }
      } else {
        head = headerOf(await upstreamCall(raw, "/wallet/getnowblock", {}), "getnowblock", raw);
        cache = await cacheOf(network, head.blockHeader!.rawData!.number);
      }
      const rawHead = head.blockHeader!.rawData!;
      point = {
        url: config.url,
        network,
        number: rawHead.number,
        id: blockIdOf(head),
        timestamp: rawHead.timestamp,
        forkedAt: Date.now(),
      };
      if (dataDir !== undefined) {
        const file: SavedFork = {
          url: config.url,
          network: bytesToHex(point.network),
          number: point.number.toString(),
          id: bytesToHex(point.id),
          timestamp: point.timestamp.toString(),
          forkedAt: point.forkedAt,
        };
        await writeFile(savedForkFile(dataDir), `${JSON.stringify(file, null, 2)}\n`);
      }
    }
    const upstream = createCachedUpstream({ client, cache, head: point.number });
    const forkBlock = head;
    return {
      point,
      upstream,
      facts: () => gatherFacts(upstream, point, forkBlock),
      async close() {
        client.close();
        await cache.flush();
      },
    };
  } catch (error) {
    client.close();
    throw error;
  } finally {
    starter.close();
  }
}

async function gatherFacts(
  upstream: Upstream,
  point: ForkPoint,
  head: Block | undefined,
): Promise<UpstreamChainFacts> {
  const block =
    head ??
    headerOf(
      await upstreamCall(upstream, "/wallet/getblockbynum", { num: Number(point.number) }),
      "getblockbynum",
      upstream,
    );
  const genesis = headerOf(
    await upstreamCall(upstream, "/wallet/getblockbynum", { num: 0 }),
    "getblockbynum 0",
    upstream,
  );
  const witness = block.blockHeader!.rawData!.witnessAddress;
  const [parameters, totals, maintenance, bandwidth, energy, memo, witnesses] = await Promise.all([
    upstreamCall(upstream, "/wallet/getchainparameters", {}),
    upstreamCall(upstream, "/wallet/getaccountresource", { address: bytesToHex(witness), visible: false }),
    upstreamCall(upstream, "/wallet/getnextmaintenancetime", {}),
    upstreamCall(upstream, "/wallet/getbandwidthprices", {}),
    upstreamCall(upstream, "/wallet/getenergyprices", {}),
    upstreamCall(upstream, "/wallet/getmemofee", {}),
    upstreamCall(upstream, "/wallet/listwitnesses", {}),
  ]);
  const text = (json: Record<string, unknown> | undefined) =>
    typeof json?.prices === "string" ? json.prices : undefined;
  return {
    block,
    parameters: (parameters?.chainParameter as UpstreamChainFacts["parameters"] | undefined) ?? [],
    totals: totals ?? {},
    nextMaintenanceTime: BigInt((maintenance?.num as number | undefined) ?? 0),
    genesisTimestamp: genesis.blockHeader!.rawData!.timestamp,
    genesisId: point.network,
    ...(text(bandwidth) === undefined ? {} : { bandwidthPrices: text(bandwidth)! }),
    ...(text(energy) === undefined ? {} : { energyPrices: text(energy)! }),
    ...(text(memo) === undefined ? {} : { memoFees: text(memo)! }),
    witnesses: (witnesses?.witnesses as unknown[] | undefined) ?? [],
  };
}
