import {
  type ChainSettings,
  DEFAULT_CHAIN_SETTINGS,
  hexToBytes,
  TronodeError,
} from "@tronode/engine/internal";
import { addressOfPrivateKeyFast } from "@tronode/secp256k1-native";
import { DEFAULT_MNEMONIC, TRON_HD_PATH } from "./dev/dev-accounts.js";
import type { ForkConfig } from "./fork/fork-start.js";

/**
 * Everything that configures a chain: its genesis, its witnesses, its dev accounts and what its
 * execution allows. Defaults reproduce TRE (tronbox/tre).
 */
export interface ChainConfig {
  /**
   * The chain's directory: its LevelDB database when no storage is given to `createChain`, and
   * where a fork keeps its upstream cache. Absent = in memory.
   */
  readonly dataDir?: string;
  /**
   * Seconds between blocks: a multiple of 3 up to 60 (blocks sit on java-tron's 3-second slot grid,
   * counted from the genesis timestamp: 6 = every second slot), or 0 = a block per transaction.
   * Any other value is refused (INVALID_BLOCK_TIME).
   */
  readonly blockTime: number;
  readonly accounts: number;
  /** Balance of each funded development account, in sun. */
  readonly accountBalance: bigint;
  readonly mnemonic: string;
  readonly hdPath: string;
  /** The witness's private key (`localwitness`). */
  readonly witnessPrivateKey: Uint8Array;
  /** `localWitnessAccountAddress`: set when the key is the witness permission's, not the account's. */
  readonly witnessAccountAddress?: Uint8Array;
  /** Further `localwitness` keys this node produces with (each for its own address). */
  readonly extraWitnessKeys?: readonly Uint8Array[];
  /**
   * `--witnesses N`: a private chain of N genesis witnesses whose keys derive from the mnemonic at
   * m/44'/195'/1'/0/i, all produced by this node (absent or 1 = TRE's single witness).
   */
  readonly witnessCount?: number;
  readonly genesis: GenesisSettings;
  /** Write the funded accounts (address + key) to this JSON file at start, before the port answers. */
  readonly accountsFile?: string;
  /**
   * java-tron's storage.balance.history.lookup: record every balance change per block
   * (getblockbalance, getaccountbalance). Absent = on for an in-memory chain, off with a data dir.
   */
  readonly historyBalanceLookup?: boolean;
  /** Seconds between maintenances (MAINTENANCE_TIME_INTERVAL of a new chain); absent = TRE's 300. */
  readonly maintenanceInterval?: number;
  /**
   * java-tron's `block.proposalExpireTime` in seconds: a proposal is decided at the first
   * maintenance at least this long after it was made; absent = java-tron's 3 days.
   */
  readonly proposalExpireTime?: number;
  /** java-tron's node.maxTransactionPendingSize: broadcasts beyond it answer SERVER_BUSY. */
  readonly maxPendingSize: number;
  /** "auto" (native when it loads), "native" or "noble". */
  readonly recovery: "auto" | "native" | "noble";
  /**
   * Worker threads that recover broadcast signatures ahead of the push (0 = all on the main
   * thread); absent = one when the native recoverer is in use and the machine has more than one core.
   */
  readonly recoveryThreads?: number;
  /**
   * The development surface (TRE's /admin and /tre with snapshots, time travel, state edits and
   * impersonation). On by default; off (`--no-dev`) for a node that must behave like java-tron.
   */
  readonly dev: boolean;
  /**
   * `--fork <url>`: start from a live java-tron network's head (its state fetched as it is read)
   * instead of a fresh genesis. See README "Fork a live network".
   */
  readonly fork?: ForkConfig;
  /** `--state <file>`: load the chain from this dump at start if it exists, dump it at exit. */
  readonly stateFile?: string;
  /** Seconds between periodic dumps to `stateFile` (0 = only at exit). */
  readonly stateInterval: number;
  /**
   * Blocks whose transactions `debug_traceTransaction` can re-run (the journal keeps their parent
   * states). Dev chains only.
   */
  readonly traceBlocks: number;
  /** Print contracts' console.log lines in the node's output (`--no-console-log`: off). Default on. */
  readonly consoleLog?: boolean;
  /** At most this many bytes of those blocks' undo records, which live in memory (default 8 MiB). */
  readonly traceBytes?: number;
  /**
   * `--local-witnesses`: with `--witnesses N`, the indexes (0-based) of the witnesses whose keys
   * this node holds and produces for; empty = none (a follower). Absent = all N.
   */
  readonly localWitnessIndexes?: readonly number[];
  /** java-tron's node.p2p.version: the network id both hellos carry (default 11111). */
  readonly networkId: number;
  /**
   * java-tron's block.needSyncCheck: a witness produces only once the next slot after its head is
   * in the future (it has caught up). Off by default, as in java-tron's code.
   */
  readonly needSyncCheck?: boolean;
  /** java-tron's vm.maxEnergyLimitForConstant: the energy cap of constant calls (default 100 000 000). */
  readonly maxEnergyLimitForConstant?: bigint;
  /** java-tron's vm.estimateEnergy: serve /wallet/estimateenergy (java-tron default off; tronode on). */
  readonly estimateEnergy?: boolean;
  /** java-tron's vm.supportConstant: serve constant calls (java-tron default off; tronode on). */
  readonly supportConstant?: boolean;
  /** java-tron's trx.expiration.timeInMilliseconds: node-built transactions expire this long after the head. */
  readonly transactionExpirationMs?: bigint;
  /** java-tron's node.rpc.minEffectiveConnection: synced peers a broadcast needs (default 1, 0 = none). */
  readonly minEffectiveConnection?: number;
}

/** A chain's genesis: its time, the funded witness and accounts, and the chain parameters by java-tron name. */
export interface GenesisSettings {
  readonly timestamp: bigint;
  readonly parentHash: Uint8Array;
  /** Balance of the witness account (TRE's SR holds the chain's funds). */
  readonly witnessBalance: bigint;
  readonly witnessVotes: bigint;
  readonly witnessUrl: string;
  /** Genesis witnesses from a config file (replace the single witness of `localwitness`). */
  readonly witnesses?: readonly { address: Uint8Array; url: string; voteCount: bigint }[];
  /** Extra genesis accounts. */
  readonly accounts: readonly { name?: string; address: Uint8Array; balance: bigint }[];
  /** Chain parameters by java-tron name (ALLOW_MULTI_SIGN, MEMO_FEE, …). */
  readonly parameters: Readonly<Record<string, bigint>>;
  /**
   * java-tron's `genesis.block.assets`: when set, these are the genesis accounts, exactly — no
   * funded witness or development accounts, no default permissions — so the genesis block (and
   * the chain id) is the one java-tron computes from the same config.
   */
  readonly assets?: readonly { name?: string; address: Uint8Array; balance: bigint }[];
}

/** TRE's well-known development witness key 0x…01 (TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC). */
export const TRE_WITNESS_KEY = hexToBytes("0000000000000000000000000000000000000000000000000000000000000001");

/** java-tron's stock Blackhole account (fee sink when ALLOW_BLACKHOLE_OPTIMIZATION is off). */
export const BLACKHOLE_ADDRESS = hexToBytes("4177944d19c052b73ee2286823aa83f8138cb7032f");

/** Chain parameters a TRE user expects (java-tron private-net template used by TRE-like nodes). */
export const TRE_CHAIN_PARAMETERS: Readonly<Record<string, bigint>> = {
  MAINTENANCE_TIME_INTERVAL: 300_000n,
  ALLOW_CREATION_OF_CONTRACTS: 1n,
  ALLOW_SAME_TOKEN_NAME: 1n,
  ALLOW_MULTI_SIGN: 1n,
  ALLOW_DELEGATE_RESOURCE: 1n,
  ALLOW_TVM_TRANSFER_TRC10: 1n,
  ALLOW_TVM_CONSTANTINOPLE: 1n,
  ALLOW_TVM_SOLIDITY_059: 1n,
  ALLOW_TVM_ISTANBUL: 1n,
  ALLOW_TVM_LONDON: 1n,
  ALLOW_TVM_SHANGHAI: 1n,
  ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n,
  UNFREEZE_DELAY_DAYS: 1n,
  MEMO_FEE: 1_000_000n,
  // Every TVM flag mainnet has on today (through Cancun), so contracts compiled by today's solc /
  // TronBox defaults deploy and run unchanged.
  ALLOW_CHANGE_DELEGATION: 1n,
  ALLOW_TVM_FREEZE: 1n,
  ALLOW_TVM_VOTE: 1n,
  ALLOW_TVM_COMPATIBLE_EVM: 1n,
  ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX: 1n,
  MAX_CPU_TIME_OF_ONE_TX: 80n,
  ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID: 1n,
  ALLOW_SHIELDED_TRC20_TRANSACTION: 1n,
  ALLOW_ENERGY_ADJUSTMENT: 1n,
  ALLOW_STRICT_MATH: 1n,
  ALLOW_TVM_CANCUN: 1n,
  ALLOW_TVM_BLOB: 1n,
  // Dynamic energy as mainnet sets it (proposals 72–75).
  ALLOW_DYNAMIC_ENERGY: 1n,
  DYNAMIC_ENERGY_THRESHOLD: 5_000_000_000n,
  DYNAMIC_ENERGY_INCREASE_FACTOR: 2_000n,
  DYNAMIC_ENERGY_MAX_FACTOR: 34_000n,
  // java-tron's `enery.limit.block.num`: the fix-ratio energy limits from block 0 (mainnet is past it).
  ENERGY_LIMIT_BLOCK_NUM: 0n,
};

/** TRE's chain: one witness, ten funded accounts from the default mnemonic, 3 s blocks. */
export function defaultChainConfig(): ChainConfig {
  return {
    blockTime: 3,
    accounts: 10,
    accountBalance: 100_000_000_000n,
    mnemonic: DEFAULT_MNEMONIC,
    hdPath: TRON_HD_PATH,
    witnessPrivateKey: TRE_WITNESS_KEY,
    genesis: {
      timestamp: 0n,
      parentHash: hexToBytes("957dc2d350daecc7bb6a38f3938ebde0a0c1cedafe15f0edae4256a2907449f6"),
      witnessBalance: 99_000_000_000_000_000n,
      witnessVotes: 10_000n,
      witnessUrl: "http://tronode.local",
      accounts: [{ name: "Blackhole", address: BLACKHOLE_ADDRESS, balance: -9_223_372_036_854_775_808n }],
      parameters: TRE_CHAIN_PARAMETERS,
    },
    maxPendingSize: 2000,
    recovery: "auto",
    dev: true,
    stateInterval: 60,
    traceBlocks: 256,
    networkId: 11111,
  };
}

/** The execution settings of a node config (java-tron's CommonParameter values). */
export function chainSettingsOf(config: ChainConfig): ChainSettings {
  return config.proposalExpireTime === undefined
    ? DEFAULT_CHAIN_SETTINGS
    : { ...DEFAULT_CHAIN_SETTINGS, proposalExpireTime: BigInt(config.proposalExpireTime) * 1000n };
}

/** Whether the chain records balance history: the setting, else on unless the chain is persisted. */
export function historyBalanceLookupOf(config: ChainConfig, persistent: boolean): boolean {
  return config.historyBalanceLookup ?? !persistent;
}

/** HD path of the witness keys `--witnesses N` derives. */
export const WITNESS_HD_PATH = "m/44'/195'/1'/0";

/** The address blocks are produced for. */
export function witnessAddressOf(config: ChainConfig): Uint8Array {
  return config.witnessAccountAddress ?? addressOfPrivateKeyFast(config.witnessPrivateKey);
}

/**
 * Refuses a block time the slot grid cannot honour (INVALID_BLOCK_TIME): blocks are stamped on
 * java-tron's 3-second slots counted from genesis (DposSlot), so a block time is 0 (a block per
 * transaction) or a whole number of slots, 3 to 60 seconds (TRE's tre_blockTime range). `name` is
 * how the caller spells the setting (`blockTime`, `--block-time`).
 */
export function checkBlockTime(seconds: number, name = "blockTime"): void {
  if (Number.isInteger(seconds) && seconds % 3 === 0 && seconds >= 0 && seconds <= 60) return;
  throw new TronodeError(
    "INVALID_BLOCK_TIME",
    `${name} ${seconds} cannot be honoured: blocks sit on java-tron's 3-second slot grid; use 0 (a block per transaction) or a multiple of 3 up to 60`,
  );
}

/** An INVALID_CONFIG error with the message naming the setting at fault. */
export function configError(message: string): TronodeError {
  return new TronodeError("INVALID_CONFIG", message);
}
