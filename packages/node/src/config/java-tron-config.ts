/**
 * java-tron's `config.conf` (HOCON, read by typesafe config in java-tron) as a node config: what a
 * private-net operator sets — genesis, witness keys, ports, peers, committee switches, block, VM
 * and storage settings — mapped onto tronode's NodeConfig with java-tron's defaults and checks.
 * Keys tronode does not use are reported once (never silently ignored); a key of the wrong type is
 * an error naming it.
 */

import { join } from "node:path";
import { configError, type GenesisSettings } from "@tronode/chain";
import { decodeAddress, hexToBytes, type PropertyName } from "@tronode/engine/internal";
import { eventSubscriptionOf } from "@tronode/events";
import type { NodeConfig } from "./node-config.js";

/** java-tron's `committee.<key>` → the chain property it initialises (Args + DynamicPropertiesStore). */
export const COMMITTEE_KEYS: Readonly<Record<string, PropertyName>> = {
  allowCreationOfContracts: "ALLOW_CREATION_OF_CONTRACTS",
  allowMultiSign: "ALLOW_MULTI_SIGN",
  allowAdaptiveEnergy: "ALLOW_ADAPTIVE_ENERGY",
  allowDelegateResource: "ALLOW_DELEGATE_RESOURCE",
  allowSameTokenName: "ALLOW_SAME_TOKEN_NAME",
  allowTvmTransferTrc10: "ALLOW_TVM_TRANSFER_TRC10",
  allowTvmConstantinople: "ALLOW_TVM_CONSTANTINOPLE",
  allowTvmSolidity059: "ALLOW_TVM_SOLIDITY_059",
  forbidTransferToContract: "FORBID_TRANSFER_TO_CONTRACT",
  allowShieldedTRC20Transaction: "ALLOW_SHIELDED_TRC20_TRANSACTION",
  allowTvmIstanbul: "ALLOW_TVM_ISTANBUL",
  allowMarketTransaction: "ALLOW_MARKET_TRANSACTION",
  allowProtoFilterNum: "ALLOW_PROTO_FILTER_NUM",
  allowAccountStateRoot: "ALLOW_ACCOUNT_STATE_ROOT",
  changedDelegation: "ALLOW_CHANGE_DELEGATION",
  allowPBFT: "ALLOW_PBFT",
  allowTransactionFeePool: "ALLOW_TRANSACTION_FEE_POOL",
  allowBlackHoleOptimization: "ALLOW_BLACKHOLE_OPTIMIZATION",
  allowNewResourceModel: "ALLOW_NEW_RESOURCE_MODEL",
  allowTvmFreeze: "ALLOW_TVM_FREEZE",
  allowTvmVote: "ALLOW_TVM_VOTE",
  allowTvmLondon: "ALLOW_TVM_LONDON",
  allowTvmCompatibleEvm: "ALLOW_TVM_COMPATIBLE_EVM",
  allowHigherLimitForMaxCpuTimeOfOneTx: "ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX",
  allowOptimizedReturnValueOfChainId: "ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID",
  allowAccountAssetOptimization: "ALLOW_ACCOUNT_ASSET_OPTIMIZATION",
  allowAssetOptimization: "ALLOW_ASSET_OPTIMIZATION",
  allowNewReward: "ALLOW_NEW_REWARD",
  memoFee: "MEMO_FEE",
  allowDelegateOptimization: "ALLOW_DELEGATE_OPTIMIZATION",
  unfreezeDelayDays: "UNFREEZE_DELAY_DAYS",
  allowDynamicEnergy: "ALLOW_DYNAMIC_ENERGY",
  dynamicEnergyThreshold: "DYNAMIC_ENERGY_THRESHOLD",
  dynamicEnergyIncreaseFactor: "DYNAMIC_ENERGY_INCREASE_FACTOR",
  dynamicEnergyMaxFactor: "DYNAMIC_ENERGY_MAX_FACTOR",
  allowTvmShangHai: "ALLOW_TVM_SHANGHAI",
  allowOldRewardOpt: "ALLOW_OLD_REWARD_OPT",
  allowEnergyAdjustment: "ALLOW_ENERGY_ADJUSTMENT",
  allowStrictMath: "ALLOW_STRICT_MATH",
  consensusLogicOptimization: "CONSENSUS_LOGIC_OPTIMIZATION",
  allowTvmCancun: "ALLOW_TVM_CANCUN",
  allowTvmBlob: "ALLOW_TVM_BLOB",
};

/** Args' clamps of the committee keys it reads with getLong and bounds. */
const COMMITTEE_CLAMPS: Readonly<Record<string, readonly [bigint, bigint]>> = {
  allowNewReward: [0n, 1n],
  memoFee: [0n, 1_000_000_000n],
  allowDelegateOptimization: [0n, 1n],
  unfreezeDelayDays: [0n, 365n],
  allowDynamicEnergy: [0n, 1n],
  dynamicEnergyThreshold: [0n, 100_000_000_000_000_000n],
  dynamicEnergyIncreaseFactor: [0n, 10_000n],
  dynamicEnergyMaxFactor: [0n, 100_000n],
};

/** Whether a config file's text is HOCON rather than the JSON config (by extension or content). */
export function isHoconConfig(path: string, text: string): boolean {
  if (/\.(conf|hocon)$/i.test(path)) return true;
  if (/\.json$/i.test(path)) return false;
  return !text.trimStart().startsWith("{");
}

/**
 * Unquoted numbers of 16 or more digits quoted before parsing: a JavaScript number would round
 * them (localwitness keys of digits only, 64-bit balances), and typesafe config reads them as text.
 */
function quoteLongNumbers(text: string): string {
  let out = "";
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (text.startsWith('"""', i)) {
      const end = text.indexOf('"""', i + 3);
      const stop = end < 0 ? text.length : end + 3;
      out += text.slice(i, stop);
      i = stop;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "#" || text.startsWith("//", i)) {
      const end = text.indexOf("\n", i);
      const stop = end < 0 ? text.length : end;
      out += text.slice(i, stop);
      i = stop;
    } else {
      const m = /^-?\d{16,}(?![\w.])/.exec(text.slice(i, i + 200));
      const before = i === 0 ? "" : text[i - 1]!;
      if (m && !/[\w.]/.test(before)) {
        out += `"${m[0]}"`;
        i += m[0].length;
      } else {
        out += c;
        i++;
      }
    }
  }
  return out;
}

/** Parses java-tron's HOCON into plain JSON (includes are not followed). */
export async function parseHocon(text: string, path: string): Promise<Record<string, unknown>> {
  try {
    // loaded only when a config.conf is given: it stays out of the bundle and of a plain start
    const { default: hocon } = await import("@pushcorn/hocon-parser");
    return (await hocon.parse({ text: quoteLongNumbers(text) })) as Record<string, unknown>;
  } catch (e) {
    throw configError(`cannot parse ${path} as HOCON: ${(e as Error).message}`);
  }
}

type Json = Record<string, unknown>;

/** Reads config values by dotted path, remembering which paths were used. */
class ConfigReader {
  readonly used = new Set<string>();

  constructor(private readonly root: Json) {}

  has(path: string): boolean {
    return this.raw(path) !== undefined;
  }

  raw(path: string): unknown {
    let node: unknown = this.root;
    for (const part of path.split(".")) {
      if (node === null || typeof node !== "object" || Array.isArray(node)) return undefined;
      node = (node as Json)[part];
    }
    return node;
  }

  /** Marks a path (and everything under it) as used and returns its value. */
  take(path: string): unknown {
    const value = this.raw(path);
    if (value !== undefined) this.used.add(path);
    return value;
  }

  integer(path: string): bigint | undefined {
    const v = this.take(path);
    if (v === undefined) return undefined;
    const text = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
    if (!/^-?\d+$/.test(text)) throw configError(`${path} must be a whole number, got ${JSON.stringify(v)}`);
    return BigInt(text);
  }

  number(path: string): number | undefined {
    const v = this.take(path);
    if (v === undefined) return undefined;
    const n = typeof v === "number" ? v : typeof v === "string" ? Number(v) : Number.NaN;
    if (!Number.isFinite(n)) throw configError(`${path} must be a number, got ${JSON.stringify(v)}`);
    return n;
  }

  boolean(path: string): boolean | undefined {
    const v = this.take(path);
    if (v === undefined) return undefined;
    if (typeof v === "boolean") return v;
    if (v === "true" || v === "false") return v === "true";
    throw configError(`${path} must be true or false, got ${JSON.stringify(v)}`);
  }

  string(path: string): string | undefined {
    const v = this.take(path);
    if (v === undefined) return undefined;
    if (typeof v === "string" || typeof v === "number") return String(v);
    throw configError(`${path} must be a string, got ${JSON.stringify(v)}`);
  }

  list(path: string): unknown[] | undefined {
    const v = this.take(path);
    if (v === undefined) return undefined;
    if (!Array.isArray(v)) throw configError(`${path} must be a list, got ${JSON.stringify(v)}`);
    return v;
  }

  /** Every leaf path of the config not covered by a used path. */
  unused(): string[] {
    const out: string[] = [];
    const walk = (node: unknown, path: string) => {
      if (path !== "" && this.isUsed(path)) return;
      if (node !== null && typeof node === "object" && !Array.isArray(node)) {
        for (const [k, v] of Object.entries(node as Json)) walk(v, path === "" ? k : `${path}.${k}`);
      } else out.push(path);
    };
    walk(this.root, "");
    return out;
  }

  private isUsed(path: string): boolean {
    for (let p = path; p !== ""; p = p.includes(".") ? p.slice(0, p.lastIndexOf(".")) : "") {
      if (this.used.has(p)) return true;
    }
    return false;
  }
}

function hostPort(value: unknown, key: string): { host: string; port: number } {
  const text = String(value);
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(text);
  if (!m) throw configError(`${key}: "${text}" is not host:port`);
  return { host: m[1]!, port: Number(m[2]) };
}

function privateKey(value: unknown, key: string): Uint8Array {
  const text = String(value).replace(/^0x/i, "");
  if (!/^[0-9a-fA-F]{64}$/.test(text)) {
    throw configError(`${key}: private key must be 64-bits hex string, actual: ${text.length}`);
  }
  return hexToBytes(text);
}

function genesisOf(r: ConfigReader, base: GenesisSettings): GenesisSettings {
  if (!r.has("genesis.block")) return base;
  const timestampText = r.string("genesis.block.timestamp");
  const parentHashText = r.string("genesis.block.parentHash");
  if (timestampText === undefined || parentHashText === undefined) {
    throw configError("genesis.block needs timestamp and parentHash");
  }
  if (!/^\d+$/.test(timestampText))
    throw configError(`genesis.block.timestamp: Timestamp(${timestampText}) must be a Long type.`);
  let hash = parentHashText.replace(/^0x/i, "");
  if (hash.length % 2 === 1) hash = `0${hash}`;
  const assets = (r.list("genesis.block.assets") ?? []).map((a, i) => {
    const key = `genesis.block.assets[${i}]`;
    const o = a as Json;
    const name = String(o.accountName ?? "");
    if (name.trim() === "") throw configError(`${key}.accountName: Account name must be not be empty.`);
    const type = String(o.accountType ?? "").toLowerCase();
    if (!["normal", "assetissue", "contract"].includes(type)) {
      throw configError(`${key}.accountType: Account type error: Not a Normal/AssetIssue/Contract`);
    }
    const balance = String(o.balance ?? "");
    if (!/^-?\d+$/.test(balance))
      throw configError(`${key}.balance: Balance(${balance}) must be a Long type.`);
    return { name, address: decodeAddress(String(o.address)), balance: BigInt(balance) };
  });
  const witnesses = (r.list("genesis.block.witnesses") ?? []).map((w, i) => {
    const o = w as Json;
    const url = String(o.url ?? "");
    if (url.trim() === "")
      throw configError(`genesis.block.witnesses[${i}].url: The url(${url}) format error.`);
    return { address: decodeAddress(String(o.address)), url, voteCount: BigInt(String(o.voteCount ?? 0)) };
  });
  return {
    ...base,
    timestamp: BigInt(timestampText),
    parentHash: hexToBytes(hash),
    assets,
    witnesses,
  };
}

/** A java-tron config.conf read into a node config, with the keys tronode does not act on (each logged). */
export interface JavaTronConfigResult {
  readonly config: NodeConfig;
  /** Keys tronode does not use, for one warning at start. */
  readonly unused: readonly string[];
}

/**
 * Applies a parsed config.conf to `base`. `dataRoot` is what java-tron's `-d` would be (tronode's
 * --data-dir, else the working directory): the LevelDB lives at `<dataRoot>/<storage.db.directory>`.
 */
export function applyJavaTronConfig(
  base: NodeConfig,
  parsed: Json,
  options: {
    dataRoot: string;
    /** java-tron's --es: the event.subscribe block starts the event subscription. */
    eventSubscription?: boolean;
  },
): JavaTronConfigResult {
  const r = new ConfigReader(parsed);
  let config: NodeConfig = { ...base };
  const set = (patch: Partial<NodeConfig>) => {
    config = { ...config, ...patch };
  };
  const genesis = genesisOf(r, base.genesis);

  // witness keys
  const keys = (r.list("localwitness") ?? []).map((k, i) => privateKey(k, `localwitness[${i}]`));
  if (keys.length === 0 && r.list("localwitnesskeystore")?.length) {
    throw configError(
      "localwitnesskeystore: tronode does not read keystore files; put the witness key in localwitness (or pass it with --config in a JSON config)",
    );
  }
  if (keys.length > 0) set({ witnessPrivateKey: keys[0]!, extraWitnessKeys: keys.slice(1) });
  const account = r.string("localWitnessAccountAddress");
  if (account !== undefined && keys.length === 1) set({ witnessAccountAddress: decodeAddress(account) });

  // HTTP and gRPC
  if (r.boolean("node.http.fullNodeEnable") !== false) {
    const port = r.integer("node.http.fullNodePort");
    if (port !== undefined) set({ port: Number(port) });
  }
  if (r.boolean("node.http.solidityEnable") !== false) {
    const port = r.integer("node.http.solidityPort");
    if (port !== undefined) set({ solidityPort: Number(port) });
  } else set({ solidityPort: undefined });
  if (r.boolean("node.http.PBFTEnable") !== false) {
    const port = r.integer("node.http.PBFTPort");
    if (port !== undefined) set({ pbftPort: Number(port) });
  } else set({ pbftPort: undefined });
  const rpcOn = r.boolean("node.rpc.enable") !== false;
  const rpcPort = r.integer("node.rpc.port");
  const rpcSolidityOn = r.boolean("node.rpc.solidityEnable") !== false;
  const rpcSolidityPort = r.integer("node.rpc.solidityPort");
  const rpcPbftOn = r.boolean("node.rpc.PBFTEnable") !== false;
  const rpcPbftPort = r.integer("node.rpc.PBFTPort");
  set({
    grpcPort: rpcOn ? Number(rpcPort ?? 50051n) : undefined,
    grpcSolidityPort: rpcSolidityOn ? Number(rpcSolidityPort ?? 50061n) : undefined,
    grpcPbftPort: rpcPbftOn ? Number(rpcPbftPort ?? 50071n) : undefined,
  });

  // P2P
  const listen = r.integer("node.listen.port");
  const active = (r.list("node.active") ?? []).map((p, i) => hostPort(p, `node.active[${i}]`));
  const fastForward = (r.list("node.fastForward") ?? []).map((p, i) => hostPort(p, `node.fastForward[${i}]`));
  const passive = (r.list("node.passive") ?? []).map((p) => String(p).replace(/:\d+$/, ""));
  const seeds = (r.list("seed.node.ip.list") ?? []).map((p, i) => hostPort(p, `seed.node.ip.list[${i}]`));
  const discovery = r.boolean("node.discovery.enable") ?? false;
  const trees = r.list("node.dns.treeUrls") ?? [];
  if (trees.length > 0)
    throw configError("node.dns.treeUrls: tronode does not discover peers through DNS trees");
  const version = r.integer("node.p2p.version");
  if (version !== undefined) set({ networkId: Number(version) });
  const networked =
    active.length + fastForward.length + seeds.length > 0 || discovery || listen !== undefined;
  if (networked) {
    set({
      p2p: {
        host: "0.0.0.0",
        port: listen === undefined ? 18888 : Number(listen),
        peers: [...active, ...fastForward],
        trustedIps: passive,
        discovery,
        seeds,
      },
    });
  }
  const minEffective = r.integer("node.rpc.minEffectiveConnection");
  if (minEffective !== undefined) set({ minEffectiveConnection: Number(minEffective) });
  const pending = r.integer("node.maxTransactionPendingSize");
  if (pending !== undefined) set({ maxPendingSize: Number(pending) });
  const trustNode = r.string("node.trustNode");
  if (trustNode !== undefined && trustNode !== "") set({ trustNode });

  // storage
  const dbDirectory = r.string("storage.db.directory");
  if (dbDirectory !== undefined) {
    // java-tron joins the output directory and db.directory, even an absolute db.directory
    set({ dataDir: join(options.dataRoot, dbDirectory) });
  }
  const history = r.boolean("storage.balance.history.lookup");
  if (history !== undefined) set({ historyBalanceLookup: history });

  // block, VM, transactions. The chain starts from java-tron's own defaults (the engine's
  // CHAIN_PARAMETERS and INTERNAL_PROPERTIES), never the dev chain's: only what the file names is set.
  const parameters: Record<string, bigint> = {};
  const interval = r.integer("block.maintenanceTimeInterval");
  if (interval !== undefined) parameters.MAINTENANCE_TIME_INTERVAL = interval;
  const expire = r.integer("block.proposalExpireTime");
  if (expire !== undefined) set({ proposalExpireTime: Number(expire / 1000n) });
  const syncCheck = r.boolean("block.needSyncCheck");
  if (syncCheck !== undefined) set({ needSyncCheck: syncCheck });
  const energyLimitBlock = r.integer("enery.limit.block.num");
  if (energyLimitBlock !== undefined) parameters.ENERGY_LIMIT_BLOCK_NUM = energyLimitBlock;
  const maxConstant = r.integer("vm.maxEnergyLimitForConstant");
  if (maxConstant !== undefined)
    set({ maxEnergyLimitForConstant: maxConstant < 3_000_000n ? 3_000_000n : maxConstant });
  // java-tron's defaults for a config that does not say: both off
  set({
    estimateEnergy: r.boolean("vm.estimateEnergy") ?? false,
    supportConstant: r.boolean("vm.supportConstant") ?? false,
  });
  r.number("vm.minTimeRatio");
  r.number("vm.maxTimeRatio");
  const expiration = r.integer("trx.expiration.timeInMilliseconds");
  if (expiration !== undefined && expiration > 0n) set({ transactionExpirationMs: expiration });

  // committee
  for (const [key, property] of Object.entries(COMMITTEE_KEYS)) {
    let value = r.integer(`committee.${key}`);
    if (value === undefined) continue;
    const clamp = COMMITTEE_CLAMPS[key];
    if (clamp) value = value < clamp[0] ? clamp[0] : value > clamp[1] ? clamp[1] : value;
    parameters[property] = value;
  }
  if (
    parameters.ALLOW_OLD_REWARD_OPT === 1n &&
    r.integer("committee.allowNewRewardAlgorithm") !== 1n &&
    parameters.ALLOW_NEW_REWARD !== 1n &&
    parameters.ALLOW_TVM_VOTE !== 1n
  ) {
    throw configError(
      "At least one of the following proposals is required to be opened first: committee.allowNewRewardAlgorithm = 1 or committee.allowNewReward = 1 or committee.allowTvmVote = 1.",
    );
  }
  // allowNewRewardAlgorithm has no property of its own: it starts Vi rewards from the first cycle
  if (r.integer("committee.allowNewRewardAlgorithm") === 1n)
    parameters.NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE = 0n;

  // events: java-tron reads event.subscribe only when started with --es (its stock config has one)
  const subscribe = r.take("event.subscribe");
  if (options.eventSubscription === true) {
    if (subscribe === undefined) throw configError("--es: the config has no event.subscribe");
    set({ eventSubscription: eventSubscriptionOf(subscribe, "event.subscribe") });
  }

  set({ genesis: { ...genesis, parameters } });
  return { config, unused: r.unused() };
}
