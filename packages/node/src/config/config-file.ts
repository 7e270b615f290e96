import { readFile } from "node:fs/promises";
import { configError, type ForkConfig, type GenesisSettings } from "@tronode/chain";
import { addressFromBase58, decodeAddress, hexToBytes } from "@tronode/engine/internal";
import { eventSubscriptionOf } from "@tronode/events";
import type { NodeConfig } from "./node-config.js";

/** java-tron's `accountType` check (Normal, AssetIssue or Contract, any case); nothing to add. */
function checkAccountType(value: unknown, key: string): Record<string, never> {
  const names = ["normal", "assetissue", "contract"];
  if (value !== undefined && !(typeof value === "string" && names.includes(value.toLowerCase()))) {
    throw configError(`${key}: Account type error: Not a Normal/AssetIssue/Contract`);
  }
  return {};
}

/**
 * Reads a JSON config file. Keys mirror the CLI flags plus a `genesis` object:
 * `{ "port": 9090, "blockTime": 3, "genesis": { "timestamp": "0", "parameters": { "MEMO_FEE": "0" },
 *    "accounts": [{ "address": "T…", "balance": "1000000" }] }, "localwitness": ["<hex key>"],
 *    "localWitnessAccountAddress": "T…" }`. Amounts may be numbers or decimal strings.
 * `genesis.assets` (java-tron's `genesis.block.assets`: `accountName`, `accountType`, `address`,
 * `balance`) replaces the development genesis: exactly those accounts, as java-tron builds them.
 * `event.subscribe` is java-tron's block of that name (`{"event": {"subscribe": {…}}}`), read by
 * eventSubscriptionOf: event subscription on. `fork` holds the `--fork` flags (see forkOf).
 */
export async function applyConfigFile(base: NodeConfig, path: string): Promise<NodeConfig> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw configError(`cannot read config file ${path}: ${(e as Error).message}`);
  }
  return applyJsonConfig(base, text, path);
}

/** Applies a JSON config's text (read from `path`, named in errors) to `base`. */
export function applyJsonConfig(base: NodeConfig, text: string, path: string): NodeConfig {
  let json: Record<string, unknown>;
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch (e) {
    throw configError(`cannot read config file ${path}: ${(e as Error).message}`);
  }
  const g = (json.genesis ?? {}) as Record<string, unknown>;
  const genesis: GenesisSettings = {
    ...base.genesis,
    ...(g.timestamp !== undefined ? { timestamp: toBigInt(g.timestamp, "genesis.timestamp") } : {}),
    ...(typeof g.parentHash === "string" ? { parentHash: hexToBytes(g.parentHash) } : {}),
    ...(g.witnessBalance !== undefined
      ? { witnessBalance: toBigInt(g.witnessBalance, "genesis.witnessBalance") }
      : {}),
    ...(Array.isArray(g.accounts)
      ? {
          accounts: [
            ...base.genesis.accounts,
            ...(g.accounts as Record<string, unknown>[]).map((a, i) => ({
              name: typeof a.name === "string" ? a.name : undefined,
              address: decodeAddress(String(a.address)),
              balance: toBigInt(a.balance, `genesis.accounts[${i}].balance`),
            })),
          ],
        }
      : {}),
    ...(Array.isArray(g.assets)
      ? {
          // accountType is validated as java-tron validates it, then ignored as its initAccount does
          assets: (g.assets as Record<string, unknown>[]).map((a, i) => ({
            ...checkAccountType(a.accountType, `genesis.assets[${i}].accountType`),
            ...(typeof a.accountName === "string" ? { name: a.accountName } : {}),
            address: decodeAddress(String(a.address)),
            balance: toBigInt(a.balance, `genesis.assets[${i}].balance`),
          })),
        }
      : {}),
    ...(Array.isArray(g.witnesses)
      ? {
          witnesses: (g.witnesses as Record<string, unknown>[]).map((w, i) => ({
            address: decodeAddress(String(w.address)),
            url: typeof w.url === "string" ? w.url : "",
            voteCount: toBigInt(w.voteCount ?? 0, `genesis.witnesses[${i}].voteCount`),
          })),
        }
      : {}),
    parameters: {
      ...base.genesis.parameters,
      ...Object.fromEntries(
        Object.entries((g.parameters ?? {}) as Record<string, unknown>).map(([k, v]) => [k, toBigInt(v, k)]),
      ),
    },
  };
  const localwitness = Array.isArray(json.localwitness) ? (json.localwitness as unknown[]) : [];
  return {
    ...base,
    ...(typeof json.host === "string" ? { host: json.host } : {}),
    ...(typeof json.port === "number" ? { port: json.port } : {}),
    ...(typeof json.blockTime === "number" ? { blockTime: json.blockTime } : {}),
    ...(typeof json.trustNode === "string" ? { trustNode: json.trustNode } : {}),
    ...(typeof json.dataDir === "string" ? { dataDir: json.dataDir } : {}),
    ...(typeof json.accounts === "number"
      ? { accounts: json.accounts }
      : Array.isArray(g.assets)
        ? { accounts: 0 } // java-tron's genesis: no development accounts
        : {}),
    ...(json.accountBalance !== undefined
      ? { accountBalance: toBigInt(json.accountBalance, "accountBalance") }
      : {}),
    ...(typeof json.mnemonic === "string" ? { mnemonic: json.mnemonic } : {}),
    ...(typeof json.maintenanceInterval === "number"
      ? { maintenanceInterval: json.maintenanceInterval }
      : {}),
    ...(json.proposalExpireTime !== undefined
      ? { proposalExpireTime: seconds(json.proposalExpireTime, "proposalExpireTime") }
      : {}),
    ...(typeof json.historyBalanceLookup === "boolean"
      ? { historyBalanceLookup: json.historyBalanceLookup }
      : {}),
    ...(localwitness.length > 0 ? { witnessPrivateKey: hexToBytes(String(localwitness[0])) } : {}),
    ...(localwitness.length > 1
      ? { extraWitnessKeys: localwitness.slice(1).map((k) => hexToBytes(String(k))) }
      : {}),
    ...(json.fork !== undefined ? { fork: forkOf(json.fork) } : {}),
    ...(eventSubscribeOf(json) !== undefined
      ? { eventSubscription: eventSubscriptionOf(eventSubscribeOf(json), "event.subscribe") }
      : {}),
    ...(typeof json.localWitnessAccountAddress === "string" && json.localWitnessAccountAddress !== ""
      ? { witnessAccountAddress: addressFromBase58OrHex(json.localWitnessAccountAddress) }
      : {}),
    genesis,
  };
}

/**
 * `"fork": {"url": …, "prefetch": ["T…"], "rps": 10, "apiKey": …, "headers": {…}, "cacheDir": …,
 * "cache": false, "blockNumber": …}`: the `--fork` flags as a config key (a flag given wins).
 */
function forkOf(value: unknown): ForkConfig {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw configError("fork: expected an object with a url");
  }
  const f = value as Record<string, unknown>;
  if (typeof f.url !== "string" || f.url === "") throw configError("fork.url: expected the upstream's url");
  const strings = (v: unknown, key: string): string[] => {
    if (!Array.isArray(v) || v.some((x) => typeof x !== "string"))
      throw configError(`${key}: expected a list of strings`);
    return v as string[];
  };
  return {
    url: f.url,
    ...(typeof f.apiKey === "string" ? { apiKey: f.apiKey } : {}),
    ...(f.headers !== undefined ? { headers: f.headers as Record<string, string> } : {}),
    ...(typeof f.rps === "number" ? { rps: f.rps } : {}),
    ...(f.blockNumber !== undefined ? { blockNumber: toBigInt(f.blockNumber, "fork.blockNumber") } : {}),
    ...(typeof f.cacheDir === "string" ? { cacheDir: f.cacheDir } : {}),
    ...(f.cache === false ? { cache: false } : {}),
    ...(f.prefetch !== undefined ? { prefetch: strings(f.prefetch, "fork.prefetch") } : {}),
  };
}

/** `event.subscribe`, nested (`{"event": {"subscribe": …}}`) as a HOCON file's JSON form has it. */
function eventSubscribeOf(json: Record<string, unknown>): unknown {
  const event = json.event;
  if (event === undefined || event === null) return undefined;
  if (typeof event !== "object" || Array.isArray(event)) throw configError("event must be an object");
  const subscribe = (event as Record<string, unknown>).subscribe;
  return subscribe === null ? undefined : subscribe;
}

function addressFromBase58OrHex(text: string): Uint8Array {
  return text.startsWith("T") ? addressFromBase58(text) : hexToBytes(text);
}

function seconds(value: unknown, name: string): number {
  if (typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 31_536_000) return value;
  throw configError(`${name} must be a whole number of seconds from 0 to 31536000`);
}

function toBigInt(value: unknown, name: string): bigint {
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "string" && /^-?\d+$/.test(value)) return BigInt(value);
  throw configError(`${name} must be an integer (number or decimal string)`);
}
