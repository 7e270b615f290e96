/**
 * The engine's contracts with the outside world, in one place: state access, time, logging, and the
 * wallet operations a node serves to its transports (HTTP, gRPC). The engine implements none of the
 * I/O behind them; packages/node composes the implementations.
 */

import type { AssetQueries } from "./assets/asset-queries.js";
import type { BalanceHistoryQueries } from "./balance-history/balance-history-queries.js";
import type { TransactionApprovedListResult, TransactionSignWeightResult } from "./chain/sign-weight.js";
import type { ContractQueries } from "./contracts/contract-queries.js";
import type { ExchangeQueries } from "./exchanges/exchange-queries.js";
import type { MarketQueries } from "./market/market-queries.js";
import type { ProposalQueries } from "./proposals/proposal-queries.js";
import type { ContractType } from "./protocol/contract-types.js";
import type {
  Account,
  Block,
  Transaction,
  TransactionInfo,
  Witness,
} from "./protocol/generated/protocol/core_pb.js";
import type { MetricsInfo } from "./protocol/generated/protocol/node_pb.js";
import type { ResourceQueries } from "./resources/resource-queries.js";
import type { ShieldedQueries } from "./shielded/shielded-queries.js";
import type { ReadScope } from "./state/read-scope.js";
import type { WitnessQueries } from "./witnesses/witness-queries.js";

export type { BalanceHistoryQueries } from "./balance-history/balance-history-queries.js";
export type { SignatureRecoverer } from "./crypto/signature.js";
export type { MarketQueries } from "./market/market-queries.js";
export type { ProposalQueries } from "./proposals/proposal-queries.js";
export type {
  AccountNetFigures,
  AccountResourceFigures,
  ResourceQueries,
} from "./resources/resource-queries.js";
export type { ReadScope } from "./state/read-scope.js";
export type { ChangeSet, StateView, TableChanges } from "./state/state-view.js";
export type { WitnessQueries } from "./witnesses/witness-queries.js";

/** Wall-clock time in ms, injected so the engine never reads the clock. */
export interface Clock {
  now(): bigint;
}

/** The structured logger the engine's callers pass in (pino's shape: fields first, then the message). */
export interface Logger {
  debug(fields: Record<string, unknown>, message?: string): void;
  info(fields: Record<string, unknown>, message?: string): void;
  warn(fields: Record<string, unknown>, message?: string): void;
  error(fields: Record<string, unknown>, message?: string): void;
}

/** Result of a broadcast, java-tron's Return plus the txID. */
export interface BroadcastResult {
  readonly result: boolean;
  /** Response code name (SUCCESS, SIGERROR, …). */
  readonly code: string;
  /** Text clients see (printed hex unless visible). Empty on success. */
  readonly message: string;
  readonly txId: Uint8Array;
  /**
   * TRE's extension for TronBox: the call data of the transaction's internal calls to Hardhat's
   * console address (0x…636f6e736f6c652e6c6f67), printed as `internal_transactions[].data`.
   */
  readonly consoleCalls?: readonly ConsoleCall[];
}

/** An internal call to the console.log address, as TRE reports it on broadcast. */
export interface ConsoleCall {
  readonly callerAddress: Uint8Array;
  readonly transferToAddress: Uint8Array;
  readonly data: Uint8Array;
}

/** Options java-tron's builders take beyond the contract itself. */
export interface BuildOptions {
  /** Permission_id written into the contract (only when > 0). */
  readonly permissionId?: number;
  /** Memo bytes for raw_data.data. */
  readonly data?: Uint8Array;
  /**
   * The contract already encoded, used instead of re-encoding `parameter` when it decodes to the
   * same message: a map's order (ProposalCreate's parameters, in the client's insertion order, as
   * java-tron writes them) cannot survive protobuf-es's map objects.
   */
  readonly encodedContract?: Uint8Array;
}

export interface ChainParameterEntry {
  readonly key: string;
  readonly value: bigint;
}

/** A connected peer as java-tron's getnodeinfo lists it (PeerInfo). */
export interface PeerInfoSummary {
  /** The peer's IP (java-tron prints InetAddress.toString(): "/127.0.0.2"). */
  readonly host: string;
  readonly active: boolean;
  readonly connectTime: number;
  readonly avgLatency: number;
  readonly needSyncFromPeer: boolean;
  readonly needSyncFromUs: boolean;
  readonly headBlockWeBothHave: { readonly id: Uint8Array; readonly number: bigint };
  readonly lastBlockUpdateTime: number;
  readonly lastSyncBlock: { readonly id: Uint8Array; readonly number: bigint } | undefined;
  readonly remainNum: bigint;
  readonly syncToFetchSize: number;
  readonly syncToFetchSizePeekNum: bigint;
  readonly syncBlockRequestedSize: number;
  readonly blockInProcessSize: number;
  readonly isDisconnect: boolean;
  readonly disconnectTimes: number;
  readonly localDisconnectReason: string;
  readonly remoteDisconnectReason: string;
}

/** The node's place in a TRON network, for getnodeinfo (absent on a node without P2P). */
export interface NetworkSummary {
  /** This node's libp2p node id (hex) and listen port: java-tron prints them in every PeerInfo. */
  readonly nodeId: string;
  readonly listenPort: number;
  readonly activeConnectCount: number;
  readonly passiveConnectCount: number;
  readonly peers: readonly PeerInfoSummary[];
  readonly activeNodeSize: number;
  readonly passiveNodeSize: number;
  readonly maxConnectCount: number;
  readonly sameIpMaxConnectCount: number;
  /** UDP discovery on (configNodeInfo.discoverEnable). */
  readonly discoverEnable: boolean;
}

/** A node address as listnodes prints it (NodeList.nodes[].address). */
export interface NodeAddress {
  readonly host: string;
  readonly port: number;
}

export interface NodeInfoSummary {
  readonly headNumber: bigint;
  readonly headId: Uint8Array;
  readonly solidNumber: bigint;
  readonly solidId: Uint8Array;
  readonly codeVersion: string;
  readonly p2pVersion: string;
  readonly listenPort: number;
  readonly startedAt: bigint;
  /** Chain parameters java-tron echoes in configNodeInfo. */
  readonly allowCreationOfContracts: bigint;
  readonly allowAdaptiveEnergy: bigint;
  /** Peers and P2P settings when the node is networked. */
  readonly network?: NetworkSummary;
  /** The process the node runs in (java-tron's MachineInfo, measured by the node). */
  readonly machine: MachineSummary;
  /** A forked chain's origin (tronode's --fork; not in java-tron's NodeInfo). */
  readonly fork?: ForkInfo;
}

/** One memory pool (java-tron's MemoryDescInfo: a JVM pool; tronode: a V8 heap space). */
export interface MemoryPoolSummary {
  readonly name: string;
  readonly initSize: number;
  readonly useSize: number;
  readonly maxSize: number;
  /** useSize / maxSize. */
  readonly useRate: number;
}

/** java-tron's NodeInfo.MachineInfo, as the node measures its own process. */
export interface MachineSummary {
  readonly threadCount: number;
  readonly cpuCount: number;
  readonly totalMemory: number;
  readonly freeMemory: number;
  /** The runtime's version (java-tron: the JVM's; tronode: Node.js's). */
  readonly runtimeVersion: string;
  readonly osName: string;
  readonly heapTotal: number;
  readonly heapFree: number;
  /** The process's CPU share since the last reading, 0..1. */
  readonly processCpuRate: number;
  readonly memoryPools: readonly MemoryPoolSummary[];
}

/** Blocks and the transactions in them. */
export interface BlockQueries {
  getNowBlock(scope: ReadScope): Promise<Block>;
  getBlockByNum(num: bigint, scope: ReadScope): Promise<Block | undefined>;
  getBlockById(id: Uint8Array, scope: ReadScope): Promise<Block | undefined>;
  /** Blocks with start ≤ number < end (java-tron caps the range at 100). */
  getBlocksByLimitNext(start: bigint, end: bigint, scope: ReadScope): Promise<Block[]>;
  /** The latest `count` blocks (java-tron allows 1..99). */
  getBlocksByLatestNum(count: bigint, scope: ReadScope): Promise<Block[]>;
  blockIdOf(block: Block): Uint8Array;
  getTransactionById(id: Uint8Array, scope: ReadScope): Promise<Transaction | undefined>;
  getTransactionInfoById(id: Uint8Array, scope: ReadScope): Promise<TransactionInfo | undefined>;
  getTransactionCountByBlockNum(num: bigint, scope: ReadScope): Promise<number>;
  getTransactionInfoByBlockNum(num: bigint, scope: ReadScope): Promise<TransactionInfo[]>;
}

/** Accounts as getaccount prints them. */
export interface AccountQueries {
  /** The account as getaccount prints it (usage decayed to the head, frozenV2 rebuilt). */
  getAccount(address: Uint8Array, scope: ReadScope): Promise<Account | undefined>;
  getAccountById(accountId: Uint8Array, scope: ReadScope): Promise<Account | undefined>;
}

/** Building, signing and broadcasting transactions; the pending pool. */
export interface TransactionQueries {
  /** Validates the contract with its actuator and returns the unsigned transaction. */
  createTransaction(type: ContractType, parameter: unknown, options?: BuildOptions): Promise<Transaction>;
  broadcastTransaction(tx: Transaction): Promise<BroadcastResult>;
  // multi-signature (against the unconfirmed state)
  /** getsignweight: the permission named by Permission_id and the weight of the signatures so far. */
  getTransactionSignWeight(tx: Transaction): Promise<TransactionSignWeightResult>;
  /** getapprovedlist: the signer of every signature, without any permission check. */
  getTransactionApprovedList(tx: Transaction): Promise<TransactionApprovedListResult>;
  /**
   * addtransactionsign: appends the key's signature after java-tron's permission checks; failures
   * throw TronodeError (PermissionException, …).
   */
  addTransactionSign(tx: Transaction, privateKey: Uint8Array): Promise<Transaction>;
  getPendingSize(): Promise<number>;
  getTransactionFromPending(id: Uint8Array): Promise<Transaction | undefined>;
  getTransactionListFromPending(): Promise<Uint8Array[]>;
}

/** The chain's parameters and totals, and the node itself. */
export interface ChainQueries {
  getChainParameters(): Promise<ChainParameterEntry[]>;
  listWitnesses(scope: ReadScope): Promise<Witness[]>;
  getNextMaintenanceTime(): Promise<bigint>;
  getBandwidthPrices(): Promise<string>;
  getEnergyPrices(): Promise<string>;
  getMemoFee(): Promise<string>;
  getBurnTrx(scope: ReadScope): Promise<bigint>;
  totalTransaction(): Promise<bigint>;
  getNodeInfo(): Promise<NodeInfoSummary>;
  /** listnodes: discovery's table (empty without discovery), as java-tron's. */
  listNodes(): Promise<readonly NodeAddress[]>;
  /** getstatsinfo: the node's statistics in java-tron's MetricsInfo shape. */
  getStatsInfo(): Promise<MetricsInfo>;
}

/** java-tron's Wallet outside the domains: blocks, accounts, transactions, the chain and the node. */
export interface CoreQueries extends BlockQueries, AccountQueries, TransactionQueries, ChainQueries {}

/**
 * The operations of java-tron's Wallet that transports serve, one interface per domain. Reads take
 * a scope; `undefined` means "not found" (printed `{}`). Failures throw TronodeError with
 * java-tron's message and class. A new domain adds its interface here and its service to the
 * node's composeWallet call; the composed object must satisfy this type.
 */
export interface WalletApi
  extends CoreQueries,
    ResourceQueries,
    BalanceHistoryQueries,
    WitnessQueries,
    ProposalQueries,
    MarketQueries,
    AssetQueries,
    ExchangeQueries,
    ShieldedQueries,
    ContractQueries {}

/** A committed head block, as a live view (the explorer's home page) is told about it. */
export interface HeadSummary {
  readonly number: bigint;
  readonly id: Uint8Array;
  readonly timestamp: bigint;
  readonly transactions: number;
}

/**
 * The heads the node commits — blocks produced or applied, and the head a rewind goes back to —
 * for transports that push them (the explorer's server-sent events). Not part of java-tron.
 */
export interface HeadFeed {
  /** Calls `listener` with each new head until the returned function is called. */
  subscribe(listener: (head: HeadSummary) => void): () => void;
}

/** A funded development account (TRE's /admin/accounts). */
export interface DevAccount {
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
}

/** TRE-compatible development controls the node offers on its HTTP port. */
/** Where a forked chain (tronode's --fork) comes from, and what it has fetched (tre_forkInfo). */
export interface ForkInfo {
  /** The upstream's url (never its key). */
  readonly url: string;
  /** The upstream's genesis block id. */
  readonly network: Uint8Array;
  readonly blockNumber: bigint;
  readonly blockId: Uint8Array;
  readonly blockTimestamp: bigint;
  /** Wall-clock ms when the fork was made. */
  readonly forkedAt: bigint;
  /** Rows fetched from upstream so far, and the range of upstream heads they were read at. */
  readonly fetchedRows: number;
  readonly fetchedFromHead: bigint | undefined;
  readonly fetchedToHead: bigint | undefined;
  /** Requests sent upstream by this process (retries included). */
  readonly upstreamRequests: number;
  /** The file of cached upstream answers (undefined: kept in memory only). */
  readonly cacheFile: string | undefined;
}

/** TRE's development controls (/admin, /tre): mining, time travel, snapshots, state edits, impersonation, reset. */
export interface DevApi {
  /** A forked chain's origin and fetch figures; undefined on a chain that is not a fork. */
  forkInfo(): ForkInfo | undefined;
  /**
   * Anvil's anvil_reset / Hardhat's hardhat_reset: with `forking`, a fork of that upstream at its head
   * (or at `blockNumber` when its fork is cached); without, a fresh local chain. Drops every snapshot.
   */
  reset(forking?: { readonly url: string; readonly blockNumber?: bigint }): Promise<void>;
  /** The accounts funded at genesis, in derivation order. */
  genesisAccounts(): readonly DevAccount[];
  /** Batches created later by temporary-accounts-generation, oldest first. */
  generatedAccountBatches(): readonly (readonly DevAccount[])[];
  /** Creates and funds `count` fresh accounts by a state write; returns them. */
  generateAccounts(count: number): Promise<readonly DevAccount[]>;
  /**
   * Mines exactly `blocks` blocks now (tre_mine). Unless a next-block timestamp is set, each is
   * stamped at least `spacingMs` (default 1000) after its parent, the clock moving along with it.
   */
  mine(blocks: number, spacingMs?: bigint): Promise<void>;
  /** Sets the block interval in seconds; 0 = a block per transaction (tre_blockTime). */
  setBlockTime(seconds: number): Promise<void>;
  readonly mnemonic: string | undefined;
  readonly hdPath: string;
  /** The dev node's version string (tre_version). */
  readonly version: string;
  /** A random 32-byte id, fixed for the life of the process (tre_instanceId). */
  readonly instanceId: Uint8Array;
  /** A contract's 32-byte storage slot on the head state (zeros when unset); undefined for no contract. */
  storageAt(address: Uint8Array, slot: Uint8Array): Promise<Uint8Array | undefined>;

  // Snapshots, with Ganache/Anvil semantics: ids are single-use; a revert drops that snapshot and
  // every newer one, undoes every block, transaction and state edit since, restores the pending
  // pool, and puts the clock back to the snapshot's head block time.
  /** Takes a snapshot; returns its id (1, 2, …). */
  snapshot(): Promise<bigint>;
  /** Reverts to a snapshot; false for an unknown (or already used) id. */
  revert(id: bigint): Promise<boolean>;
  /** Forgets a snapshot and every newer one without reverting; false for an unknown id. */
  dropSnapshot(id: bigint): Promise<boolean>;

  // Time travel (milliseconds, TRON's unit). The block producer and every time rule follow it.
  /** Moves the clock forward; returns the total offset from the wall clock in ms. */
  increaseTime(ms: bigint): Promise<bigint>;
  /** Sets the clock to a timestamp; returns the new offset in ms. */
  setTime(timestampMs: bigint): Promise<bigint>;
  /** The timestamp of the next block (once); later blocks continue from it. */
  setNextBlockTimestamp(timestampMs: bigint): Promise<void>;

  // State edits (TRE's tre_setAccount*), written at once without a block.
  /** Sets an account's balance, creating the account when missing. */
  setAccountBalance(address: Uint8Array, balance: bigint): Promise<void>;
  /**
   * TRE's tre_setAccountCode: the account becomes a Contract account named `CreatedByTre` (permissions
   * cleared) with a contract record (consume_user_resource_percent 100), the code and its hash.
   */
  setAccountCode(address: Uint8Array, code: Uint8Array): Promise<void>;
  /** TRE's tre_setAccountStorageAt: one 32-byte storage slot, under java-tron's row key. */
  setAccountStorageAt(address: Uint8Array, slot: Uint8Array, value: Uint8Array): Promise<void>;

  // Signatures: transactions owned by these accounts are accepted without a valid signature.
  /** TRE's tre_unlockedAccounts. */
  unlockAccounts(addresses: readonly Uint8Array[]): Promise<void>;
  impersonate(address: Uint8Array): Promise<void>;
  stopImpersonating(address: Uint8Array): Promise<void>;

  /** sha256 over the whole committed state (every table in key order). */
  stateDigest(): Promise<Uint8Array>;
  /** The whole chain (state and blocks) in tronode's gzip-compressed state format. */
  dumpState(): Promise<Uint8Array>;
  /** Replaces the whole chain with a dump of the same chain (same genesis). */
  loadState(dump: Uint8Array): Promise<void>;
}
