/**
 * The methods of the dev JSON-RPC (`POST /tre`): TRE's `tre_*` names with TRE's ranges and texts,
 * and the Ganache/Hardhat/Anvil aliases (`evm_*`, `hardhat_*`, `anvil_*`) with their own parameter
 * shapes, units and results (events-and-devtools.md §2.4, §4). TRON's time unit is the millisecond:
 * `tre_*` time methods take ms (OZ's TRE patch does), except `tre_increaseTime`, which takes seconds
 * like every `*_increaseTime`; the Ethereum aliases take seconds, as their tools send them.
 */
import {
  type DevApi,
  decodeAddress,
  hexToBytes,
  parseHex,
  tryAddressFromBase58,
} from "@tronode/engine/internal";
import { type JsonRpcError, JsonRpcErrorCodes, JsonRpcFailure } from "@tronode/operations";
import type { JsonObject, JsonValue } from "./engine-protocol.js";

export { type JsonRpcError, JsonRpcErrorCodes, JsonRpcFailure };

function invalidParams(detail: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.invalidParams, message: `Invalid params: ${detail}` });
}

/** A refusal with TRE's own text (jsonrpc4j reports a thrown exception with -32001). */
function refused(message: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.methodFailed, message });
}

function isPlainObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function paramsList(params: unknown): unknown[] {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params)) throw invalidParams("params must be an array");
  return params;
}

/** An integer from a JSON number, a decimal string or a 0x-hex string. */
function integerOf(value: unknown, what: string): bigint {
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "bigint") return value;
  if (typeof value === "string") {
    if (/^-?[0-9]+$/.test(value)) return BigInt(value);
    if (/^0x[0-9a-fA-F]+$/.test(value)) return BigInt(value);
  }
  throw invalidParams(`${what} must be an integer (decimal or 0x-hex)`);
}

function optionalInteger(value: unknown, what: string): bigint | undefined {
  return value === undefined || value === null ? undefined : integerOf(value, what);
}

/** A TRON address as TRE reads it: Base58Check, `41…` hex, or a 0x-prefixed 20-byte EVM address. */
function addressOf(value: unknown): Uint8Array {
  if (typeof value === "string") {
    const base58 = tryAddressFromBase58(value);
    if (base58) return base58;
    if (/^0x[0-9a-fA-F]{40}$/.test(value)) return hexToBytes(`41${value.slice(2)}`);
    if (/^41[0-9a-fA-F]{40}$/.test(value)) return decodeAddress(value);
  }
  throw invalidParams(`not a TRON address: ${JSON.stringify(value)}`);
}

function snapshotIdOf(value: unknown): bigint {
  const id = integerOf(value, "snapshot id");
  if (id < 0n) throw invalidParams("snapshot id must not be negative");
  return id;
}

function hexQuantity(n: bigint): string {
  return `0x${n.toString(16)}`;
}

function bytesParam(value: unknown, what: string): Uint8Array {
  const bytes = typeof value === "string" ? parseHex(value) : undefined;
  if (bytes === undefined) throw invalidParams(`${what} must be hex bytes`);
  return bytes;
}

const MAX_MINED_BLOCKS = 100n;
const MAX_BLOCK_TIME_SECONDS = 60;

function blockCountOf(value: unknown): number {
  const blocks = integerOf(value, "blocks");
  if (blocks <= 0n || blocks > MAX_MINED_BLOCKS) throw refused("blocks should between (0, 100]");
  return Number(blocks);
}

function secondsOf(value: unknown): number {
  const seconds =
    typeof value === "number"
      ? value
      : typeof value === "string" && value !== ""
        ? Number(value)
        : Number.NaN;
  if (!Number.isFinite(seconds)) throw invalidParams("expected [seconds]");
  if (seconds < 0 || seconds > MAX_BLOCK_TIME_SECONDS) {
    throw refused("block time should between [0, 60] in second");
  }
  return seconds;
}

/**
 * Mines `count` blocks, the clock moving `intervalMs` before each block after the first, which is
 * stamped `intervalMs` after its parent at the earliest (0: the parent's timestamp).
 */
async function mineSpaced(dev: DevApi, count: number, intervalMs: bigint): Promise<void> {
  for (let i = 0; i < count; i++) {
    if (i > 0 && intervalMs > 0n) await dev.increaseTime(intervalMs);
    await dev.mine(1, i > 0 ? intervalMs : undefined);
  }
}

export type MethodHandler = (dev: DevApi, params: unknown) => Promise<JsonValue>;

const treMine: MethodHandler = async (dev, params) => {
  const first = paramsList(params)[0];
  let blocks = 1;
  if (first !== undefined && first !== null) {
    if (!isPlainObject(first)) throw invalidParams("expected [{blocks: N}]");
    if (first.blocks !== undefined) blocks = blockCountOf(first.blocks);
  }
  await dev.mine(blocks);
  return "0x0";
};

/** Ganache's `evm_mine [timestamp | {timestamp, blocks}]` (timestamp in seconds). */
const evmMine: MethodHandler = async (dev, params) => {
  const first = paramsList(params)[0];
  let blocks = 1;
  let timestamp: bigint | undefined;
  if (isPlainObject(first)) {
    if (first.blocks !== undefined) blocks = blockCountOf(first.blocks);
    timestamp = optionalInteger(first.timestamp, "timestamp");
  } else {
    timestamp = optionalInteger(first, "timestamp");
  }
  if (timestamp !== undefined) await dev.setNextBlockTimestamp(timestamp * 1000n);
  await dev.mine(blocks);
  return "0x0";
};

/** Anvil/Hardhat `*_mine [blocks?, interval?]` (interval in seconds; Anvil's default 1). */
const anvilMine: MethodHandler = async (dev, params) => {
  const [count, interval] = paramsList(params);
  const blocks = count === undefined || count === null ? 1 : blockCountOf(count);
  const intervalSeconds = optionalInteger(interval, "interval") ?? 1n;
  if (intervalSeconds < 0n) throw invalidParams("interval must not be negative");
  await mineSpaced(dev, blocks, intervalSeconds * 1000n);
  return "0x0";
};

const treBlockTime: MethodHandler = async (dev, params) => {
  const list = paramsList(params);
  if (list.length === 0) throw invalidParams("expected [seconds]");
  await dev.setBlockTime(secondsOf(list[0]));
  return true;
};

const setAutomine: MethodHandler = async (dev, params) => {
  const on = paramsList(params)[0];
  if (typeof on !== "boolean") throw invalidParams("expected [true|false]");
  await dev.setBlockTime(on ? 0 : 3);
  return true;
};

const snapshot: MethodHandler = async (dev) => hexQuantity(await dev.snapshot());
const revert: MethodHandler = async (dev, params) => dev.revert(snapshotIdOf(paramsList(params)[0]));

/**
 * TRE's `tre_revert`: an unknown or used id is an error (-32602 `unknown snapshot id: <id>`, as OZ's
 * patched TRE answers), which hardhat-tron's loadFixture stops on; the Ethereum names answer `false`.
 */
const treRevert: MethodHandler = async (dev, params) => {
  const given = paramsList(params)[0];
  if (await dev.revert(snapshotIdOf(given))) return true;
  throw new JsonRpcFailure({
    code: JsonRpcErrorCodes.invalidParams,
    message: `unknown snapshot id: ${String(given)}`,
  });
};
const dropSnapshot: MethodHandler = async (dev, params) =>
  dev.dropSnapshot(snapshotIdOf(paramsList(params)[0]));

/** `[seconds]` → the total offset in seconds (Ganache, Anvil). */
const increaseTime: MethodHandler = async (dev, params) => {
  const seconds = integerOf(paramsList(params)[0], "seconds");
  if (seconds < 0n) throw invalidParams("seconds must not be negative");
  return Number((await dev.increaseTime(seconds * 1000n)) / 1000n);
};

function setNextBlockTimestamp(unitMs: bigint, result: JsonValue): MethodHandler {
  return async (dev, params) => {
    await dev.setNextBlockTimestamp(integerOf(paramsList(params)[0], "timestamp") * unitMs);
    return result;
  };
}

/** `[timestamp]` → the new offset in seconds. */
function setTime(unitMs: bigint): MethodHandler {
  return async (dev, params) =>
    Number((await dev.setTime(integerOf(paramsList(params)[0], "timestamp") * unitMs)) / 1000n);
}

const setBalance: MethodHandler = async (dev, params) => {
  const [address, balance] = paramsList(params);
  await dev.setAccountBalance(addressOf(address), integerOf(balance, "balance"));
  return true;
};

/**
 * A 32-byte word from hex (a shorter value is left-padded, as DataWord does) or from a JSON number
 * (Hardhat's helpers take `setStorageAt(address, 0, value)` and pass the number on).
 */
function wordParam(value: unknown, what: string): Uint8Array {
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value) || value < 0)
      throw invalidParams(`${what} must be a non-negative integer`);
    return hexToBytes(value.toString(16).padStart(64, "0"));
  }
  const bytes = bytesParam(value, what);
  if (bytes.length > 32) throw invalidParams(`${what} must be at most 32 bytes`);
  const word = new Uint8Array(32);
  word.set(bytes, 32 - bytes.length);
  return word;
}

const setCode: MethodHandler = async (dev, params) => {
  const [address, code] = paramsList(params);
  await dev.setAccountCode(addressOf(address), bytesParam(code, "code"));
  return true;
};

const setStorageAt: MethodHandler = async (dev, params) => {
  const [address, slot, value] = paramsList(params);
  await dev.setAccountStorageAt(addressOf(address), wordParam(slot, "slot"), wordParam(value, "value"));
  return true;
};

const unlockedAccounts: MethodHandler = async (dev, params) => {
  const list = paramsList(params)[0];
  if (!Array.isArray(list)) throw invalidParams("expected [[address, …]]");
  await dev.unlockAccounts(list.map(addressOf));
  return true;
};

const impersonate: MethodHandler = async (dev, params) => {
  await dev.impersonate(addressOf(paramsList(params)[0]));
  return true;
};

const stopImpersonating: MethodHandler = async (dev, params) => {
  await dev.stopImpersonating(addressOf(paramsList(params)[0]));
  return true;
};

const dumpState: MethodHandler = async (dev) => {
  const bytes = await dev.dumpState();
  return `0x${Buffer.from(bytes).toString("hex")}`;
};

const loadState: MethodHandler = async (dev, params) => {
  await dev.loadState(bytesParam(paramsList(params)[0], "state"));
  return true;
};

const stateDigest: MethodHandler = async (dev) => `0x${Buffer.from(await dev.stateDigest()).toString("hex")}`;

const noOp: MethodHandler = async () => true;

const hex = (bytes: Uint8Array) => `0x${Buffer.from(bytes).toString("hex")}`;

/** tronode's tre_forkInfo: the fork's upstream, fork block and what it fetched; null when not a fork. */
const forkInfo: MethodHandler = async (dev) => {
  const info = dev.forkInfo();
  if (info === undefined) return null;
  return {
    url: info.url,
    network: hex(info.network),
    forkBlockNumber: Number(info.blockNumber),
    forkBlockHash: hex(info.blockId),
    forkBlockTimestamp: Number(info.blockTimestamp),
    forkedAt: Number(info.forkedAt),
    fetchedRows: info.fetchedRows,
    fetchedFromHead: info.fetchedFromHead === undefined ? null : Number(info.fetchedFromHead),
    fetchedToHead: info.fetchedToHead === undefined ? null : Number(info.fetchedToHead),
    upstreamRequests: info.upstreamRequests,
    cacheFile: info.cacheFile ?? null,
  };
};

/**
 * Anvil's anvil_reset / Hardhat's hardhat_reset: `[{forking: {jsonRpcUrl | url, blockNumber?}}]` re-forks
 * (the url is a java-tron HTTP API); no params (or no `forking`) gives a fresh local chain.
 */
const reset: MethodHandler = async (dev, params) => {
  const [options] = paramsList(params);
  if (options !== undefined && options !== null && !isPlainObject(options)) {
    throw invalidParams("reset takes an object: {forking: {jsonRpcUrl, blockNumber?}}");
  }
  const forking = (options as Record<string, JsonValue> | undefined | null)?.forking;
  if (forking === undefined || forking === null) {
    await dev.reset();
    return true;
  }
  if (!isPlainObject(forking)) throw invalidParams("forking must be an object: {jsonRpcUrl, blockNumber?}");
  const url = forking.jsonRpcUrl ?? forking.url;
  if (typeof url !== "string" || url === "")
    throw invalidParams("forking.jsonRpcUrl must be the upstream's url");
  const number = forking.blockNumber;
  await dev.reset({
    url,
    ...(number === undefined || number === null ? {} : { blockNumber: integerOf(number, "blockNumber") }),
  });
  return true;
};

/** Anvil's anvil_nodeInfo, the part a TRON chain has: the fork's config (forkUrl, forkBlockNumber). */
const anvilNodeInfo: MethodHandler = async (dev) => {
  const info = dev.forkInfo();
  const forkConfig: JsonObject =
    info === undefined
      ? {}
      : { forkUrl: info.url, forkBlockNumber: Number(info.blockNumber), forkRetryBackoff: null };
  return { forkConfig };
};

const instanceId: MethodHandler = async (dev) => `0x${Buffer.from(dev.instanceId).toString("hex")}`;

const MAX_STORAGE_RANGE = 1024;

/**
 * TRE's `debug_storageRangeAt [block, txIndex, address, startKey, limit]` on the head state (the
 * block and index are ignored, as TRE ignores them): the slots `startKey`, `startKey + 1`, … (at
 * most `limit`), the start slot first even when unset, so hardhat-tron's `getStorageAt` (limit 1)
 * reads exactly that slot. The slot is hex (`0x…`), decimal, or a JSON number (the helper sends a
 * number it was given as one). Values are 64 hex digits without `0x`, as TRE answers them.
 */
const storageRangeAt: MethodHandler = async (dev, params) => {
  const [, , address, startKey, limit] = paramsList(params);
  const start = startKey === undefined || startKey === null ? 0n : integerOf(startKey, "startKey");
  if (start < 0n || start >= 1n << 256n) throw invalidParams("startKey must be a 32-byte slot");
  const count = limit === undefined || limit === null ? 1n : integerOf(limit, "limit");
  if (count < 1n || count > BigInt(MAX_STORAGE_RANGE)) {
    throw invalidParams(`limit must be from 1 to ${MAX_STORAGE_RANGE}`);
  }
  const contract = addressOf(address);
  const storage: Record<string, JsonValue> = {};
  let slot = start;
  for (let i = 0n; i < count && slot < 1n << 256n; i++, slot++) {
    const key = slot.toString(16).padStart(64, "0");
    const value = await dev.storageAt(contract, hexToBytes(key));
    if (value === undefined) return { storage: {}, nextKey: null };
    storage[key] = { key, value: Buffer.from(value).toString("hex").padStart(64, "0") };
  }
  return { storage, nextKey: slot < 1n << 256n ? `0x${slot.toString(16).padStart(64, "0")}` : null };
};

/** Every dev method by name, aliases included. */
export const DEV_RPC_METHODS: ReadonlyMap<string, MethodHandler> = new Map<string, MethodHandler>([
  // TRE
  ["tre_mine", treMine],
  ["tre_blockTime", treBlockTime],
  ["tre_setAccountBalance", setBalance],
  ["tre_setAccountCode", setCode],
  ["tre_setAccountStorageAt", setStorageAt],
  ["tre_unlockedAccounts", unlockedAccounts],
  ["tre_version", async (dev) => dev.version],
  ["tre_instanceId", instanceId],
  ["debug_storageRangeAt", storageRangeAt],
  ["miner_start", noOp],
  ["miner_stop", noOp],
  // snapshots
  ["tre_snapshot", snapshot],
  ["evm_snapshot", snapshot],
  ["anvil_snapshot", snapshot],
  ["tre_revert", treRevert],
  ["evm_revert", revert],
  ["anvil_revert", revert],
  ["tre_dropSnapshot", dropSnapshot],
  // mining
  ["evm_mine", evmMine],
  ["anvil_mine", anvilMine],
  ["hardhat_mine", anvilMine],
  ["evm_setAutomine", setAutomine],
  ["evm_setIntervalMining", treBlockTime],
  // time
  ["tre_increaseTime", increaseTime],
  ["evm_increaseTime", increaseTime],
  ["anvil_increaseTime", increaseTime],
  ["tre_setNextBlockTimestamp", setNextBlockTimestamp(1n, true)],
  ["evm_setNextBlockTimestamp", setNextBlockTimestamp(1000n, null)],
  ["anvil_setNextBlockTimestamp", setNextBlockTimestamp(1000n, null)],
  ["tre_setTime", setTime(1n)],
  ["evm_setTime", setTime(1000n)],
  ["anvil_setTime", setTime(1000n)],
  // state edits
  ["anvil_setBalance", setBalance],
  ["hardhat_setBalance", setBalance],
  // impersonation
  ["tre_impersonateAccount", impersonate],
  ["anvil_impersonateAccount", impersonate],
  ["hardhat_impersonateAccount", impersonate],
  ["tre_stopImpersonatingAccount", stopImpersonating],
  ["anvil_stopImpersonatingAccount", stopImpersonating],
  ["hardhat_stopImpersonatingAccount", stopImpersonating],
  // state
  ["tre_dumpState", dumpState],
  ["anvil_dumpState", dumpState],
  ["tre_loadState", loadState],
  ["anvil_loadState", loadState],
  ["tre_stateDigest", stateDigest],
  // forking
  ["tre_forkInfo", forkInfo],
  ["tre_reset", reset],
  ["anvil_reset", reset],
  ["hardhat_reset", reset],
  ["anvil_nodeInfo", anvilNodeInfo],
]);
