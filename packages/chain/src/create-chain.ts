import { availableParallelism } from "node:os";
import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  type Block,
  bytesToHex,
  ChainProperties,
  type ChangeSet,
  type Clock,
  createGenesis,
  createNobleRecoverer,
  DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT,
  type DevAccount,
  type DevApi,
  EMPTY_VIEW,
  type ForkInfo,
  type GenesisConfig,
  type HeadFeed,
  type Logger,
  type SignatureRecoverer,
  StateOverlay,
  slotTime,
  Tables,
  type TransactionOutcome,
  TriggerSmartContractSchema,
  TronodeError,
  type WalletApi,
} from "@tronode/engine/internal";
import type { ServableChain, TransportMetrics } from "@tronode/operations";
import {
  addressOfPrivateKeyFast,
  createBestRecoverer,
  createNativeRecoverer,
  createRecoveryPool,
} from "@tronode/secp256k1-native";
import {
  type AnyAbstractLevel,
  type ChainStore,
  createAbstractLevelStorage,
  createChainStore,
  createLevelStorage,
  createMemoryStorage,
  type KvStorage,
} from "@tronode/storage";
import { BlockProducer } from "./chain/block-producer.js";
import { ChainService, type WitnessKey } from "./chain/chain-service.js";
import { createSignaturePrefetch, type SignaturePrefetch } from "./chain/signature-prefetch.js";
import {
  type ChainConfig,
  chainSettingsOf,
  checkBlockTime,
  defaultChainConfig,
  historyBalanceLookupOf,
  WITNESS_HD_PATH,
  witnessAddressOf,
} from "./chain-config.js";
import { writeAccountsFile } from "./dev/accounts-file.js";
import { ConsoleLogPrinter, type ConsoleLogSource } from "./dev/console-log-printer.js";
import { DebugService } from "./dev/debug-service.js";
import { deriveDevAccounts } from "./dev/dev-accounts.js";
import { DevClock } from "./dev/dev-clock.js";
import { DevControls, SignatureBypass } from "./dev/dev-controls.js";
import { replacementChanges } from "./dev/state-dump.js";
import { readStateFile, startStateWriter } from "./dev/state-file.js";
import "./errors.js";
import { rebuildAccountIndex } from "./events/account-index-rebuild.js";
import { createHeadFeed } from "./events/head-feed.js";
import { forkAnchor } from "./fork/fork-anchor.js";
import { retryOnMisses } from "./fork/fork-retry.js";
import { type StartedFork, startFork } from "./fork/fork-start.js";
import { createForkedStore, type ForkedStore, untilResolved } from "./fork/forked-store.js";
import { prefetchAccounts } from "./fork/prefetch.js";
import type { ForkFacts } from "./fork/upstream-rows.js";
import { createNodeMetrics, type NodeMetrics } from "./monitor/node-metrics.js";
import { nodeStatistics } from "./monitor/node-statistics.js";
import { type TransactionConfirmation, type WaitForTransactionOptions, waitForTransaction } from "./wait.js";
import { AccountIndexService } from "./wallet/account-index-queries.js";
import { AssetQueryService } from "./wallet/asset-queries.js";
import { BalanceHistoryService, balanceHistoryStartChanges } from "./wallet/balance-history.js";
import { composeWallet } from "./wallet/compose-wallet.js";
import { ContractService } from "./wallet/contract-service.js";
import { EthStateService } from "./wallet/eth-state.js";
import { EventService } from "./wallet/event-queries.js";
import { ExchangeQueryService } from "./wallet/exchange-queries.js";
import { MarketQueryService } from "./wallet/market-queries.js";
import { ProposalQueryService } from "./wallet/proposal-queries.js";
import { ResourceQueryService } from "./wallet/resource-queries.js";
import { ShieldedService } from "./wallet/shielded-service.js";
import { Wallet, type WalletNetwork } from "./wallet/wallet.js";
import { WitnessQueryService } from "./wallet/witness-queries.js";

/** java-tron version the chain reports (configNodeInfo.codeVersion). */
export const CODE_VERSION = "4.8.1";
/**
 * What tre_version answers. OpenZeppelin's hardhat-tron turns on its time helpers and snapshot-based
 * loadFixture when the string contains `oz-tron` (its patched TRE answers `v1.0.4-oz-tron`): tronode
 * serves every method that suffix promises.
 */
export const DEV_VERSION = `tronode/0.1.0 (java-tron ${CODE_VERSION})-oz-tron`;

/** The wall clock, in milliseconds. */
export const systemClock: Clock = { now: () => BigInt(Date.now()) };

/** What a person at a terminal is shown as the chain runs (the CLI's pretty output implements it). */
export interface ChainOutput {
  /** The chain's head, for lines that name it. */
  attach(chain: { headView(): import("@tronode/engine/internal").StateView }): void;
  /** A block this chain produced, with its transactions' outcomes. */
  blockProduced(block: Block, outcomes: readonly TransactionOutcome[]): void;
  /** The console.log lines of a transaction or constant call. */
  consoleLog(source: ConsoleLogSource, lines: readonly string[]): void;
}

/** `createChain`'s options: any chain setting (TRE's defaults otherwise) and where the chain lives. */
export interface CreateChainOptions extends Partial<ChainConfig> {
  /**
   * Where the chain's state lives: a `KvStorage` from `@tronode/storage`, or any abstract-level
   * database (classic-level, memory-level, …). Absent: LevelDB in `dataDir` when set, else memory.
   */
  readonly storage?: KvStorage | AnyAbstractLevel;
  readonly logger?: Logger;
  /** The clock the chain reads (default the wall clock); dev time travel adds to it. */
  readonly clock?: Clock;
  /** Shown what a person at a terminal sees (blocks produced, console.log lines). */
  readonly output?: ChainOutput;
  /** Start producing at once (default true); false leaves it to `chain.start()`. */
  readonly start?: boolean;
  /** The port getnodeinfo reports as the node's (the P2P port once networked; default 0). */
  readonly listenPort?: number;
  /** The IP getstatsinfo reports (default 127.0.0.1). */
  readonly ip?: string;
}

/**
 * A running TRON chain: its state, block production, java-tron's wallet and the dev controls, with
 * the services each transport serves (`serveHttp`, `serveGrpc`, `serveP2p`, `publishEvents` take it).
 */
export interface Chain extends ServableChain {
  readonly config: ChainConfig;
  /** The chain service: pending pool, fork choice, solidified view, state. */
  readonly service: ChainService;
  readonly producer: BlockProducer;
  /** The chain's clock: the given clock plus the dev chain's time-travel offset. */
  readonly clock: DevClock;
  /** The development controls (present also when the dev surface is off). */
  readonly controls: DevControls;
  /** The funded development accounts (keys as bytes and as hex). */
  readonly accounts: readonly DevAccountKeys[];
  /** The witnesses this chain produces for, with their keys. */
  readonly witnesses: readonly WitnessKey[];
  /** The genesis block id (the chain id a store is bound to). */
  readonly genesisBlockId: Uint8Array;
  readonly metrics: NodeMetrics;
  /** Tells the wallet about the P2P network (broadcast rules, getnodeinfo, listnodes). */
  attachNetwork(
    network: WalletNetwork,
    address?: { readonly listenPort?: number; readonly ip?: string },
  ): void;
  /** Starts block production (a fresh chain gets block 1 at once). Idempotent. */
  start(): Promise<void>;
  /**
   * Resolves once the transaction is in a block (or solidified, with `solidified`), with its
   * block number; refused with TRANSACTION_TIMEOUT after `timeoutMs` (default 60 s).
   */
  waitForTransaction(
    txId: string | Uint8Array,
    options?: WaitForTransactionOptions,
  ): Promise<TransactionConfirmation>;
  /**
   * Registers a close to run when the chain stops: a listener's (the default phase) before block
   * production stops; an `"after-production"` one (a publisher draining what the last blocks
   * told it) once the chain is idle, before the store closes.
   */
  onStop(close: () => Promise<void>, phase?: "listeners" | "after-production"): void;
  /** Closes the listeners, stops production, closes the rest, then the store. Idempotent. */
  stop(): Promise<void>;
}

/** A funded development account: its key as bytes and as hex (what TronWeb takes), its addresses. */
export interface DevAccountKeys extends DevAccount {
  /** The private key as 64 hex digits. */
  readonly privateKeyHex: string;
  /** The address in base58check (T…). */
  readonly base58: string;
  /** The address as 42 hex digits (41…). */
  readonly hex: string;
}

/**
 * Makes a chain on the storage given (memory by default): its genesis from the options (TRE's dev
 * chain unless told otherwise), or the state on that storage when it already holds this chain.
 * `await createChain()` is a producing in-memory dev chain with ten funded accounts.
 */
export async function createChain(options: CreateChainOptions = {}): Promise<Chain> {
  const {
    storage,
    logger: givenLogger,
    clock: givenClock,
    output,
    start,
    listenPort,
    ip: givenIp,
    ...settings
  } = options;
  const config: ChainConfig = { ...defaultChainConfig(), ...stripUndefined(settings) };
  checkBlockTime(config.blockTime);
  const logger = givenLogger ?? SILENT_LOGGER;
  const clock = new DevClock(givenClock ?? systemClock);
  const recoverer = chooseRecoverer(config.recovery, logger);

  const accounts =
    config.accounts > 0 ? deriveDevAccounts(config.mnemonic, config.accounts, config.hdPath) : [];
  // Written before any port answers: whoever waits for the node can read it at once.
  if (config.accountsFile)
    await writeAccountsFile(config.accountsFile, config.mnemonic, config.hdPath, accounts);

  const genesis = createGenesis(genesisOf(config, accounts));
  // a fork's upstream is asked first: an unreachable or wrong url fails before anything is opened
  let fork = config.fork ? await startFork(config.fork, config.dataDir) : undefined;
  const kv = storageOf(storage, config.dataDir);
  let store: ChainStore;
  let forked: ForkedStore | undefined;
  try {
    ({ store, forked } = await openStore(kv, config, genesis, accounts, fork));
  } catch (error) {
    await fork?.close();
    throw error;
  }
  const traceBalances = historyBalanceLookupOf(config, kv.kind !== "memory");
  const historyChanges = await balanceHistoryStartChanges(store, traceBalances);
  if (historyChanges) await store.commit(historyChanges);
  // a store from before the account index (or with a rebuild undone by a rewind) catches up here
  await rebuildAccountIndex(store, logger);

  const prefetch = choosePrefetch(config, recoverer, logger);
  const signatureBypass = new SignatureBypass();
  const witnesses = witnessKeysOf(config);
  const chain = new ChainService({
    store,
    recoverer,
    prefetch,
    producers: witnesses,
    logger,
    maxPendingSize: config.maxPendingSize,
    traceBalances,
    settings: forked
      ? { ...chainSettingsOf(config), localSchedule: witnesses.map((w) => w.address) }
      : chainSettingsOf(config),
    ...(forked
      ? {
          fork: {
            misses: forked.misses,
            get fetched() {
              return forked.fetchCount;
            },
            untilResolved: (work) => untilResolved(forked, work),
          },
        }
      : {}),
    ...(config.dev
      ? {
          signatureBypass: signatureBypass.test,
          traceBlocks: config.traceBlocks,
          traceBytes: config.traceBytes,
        }
      : {}),
  });
  // java-tron's block.needSyncCheck: checked every second until the next slot after the head is ahead
  let needSyncCheck = config.needSyncCheck === true;
  let syncCheckTimer: ReturnType<typeof setInterval> | undefined;
  // an upstream's head may be ahead of this machine's clock (another dev chain's time travel): the
  // fork's time starts there, so its first block follows at once instead of waiting for the clock
  if (forked) clock.advanceTo(chain.properties.headTimestamp);
  const producer = new BlockProducer({
    chain,
    clock,
    logger,
    blockTimeSeconds: config.blockTime,
    takeNextBlockTimestamp: () => clock.takeNextBlockTimestamp(),
    mayProduce: () => !needSyncCheck,
    advanceClockTo: (timestampMs) => clock.advanceTo(timestampMs),
    ...(output ? { onProduced: (produced) => output.blockProduced(produced.block, produced.outcomes) } : {}),
  });
  clock.onChange(() => producer.replan());
  // getstatsinfo's statistics; a block's latency is its age on the chain's clock when applied
  const metrics = createNodeMetrics({ now: () => Number(clock.now()) });
  output?.attach({ headView: () => chain.headView });
  // a dev chain prints console.log lines; a --no-dev chain stays as quiet as java-tron
  const consoleLog = new ConsoleLogPrinter(
    logger,
    config.dev && config.consoleLog !== false,
    output === undefined ? undefined : (source, lines) => output.consoleLog(source, lines),
  );
  const forkInfo = () => (fork && forked?.forking ? forkInfoOf(fork, forked) : undefined);
  let network: WalletNetwork | undefined;
  let ip = givenIp ?? "127.0.0.1";
  const coreWallet = new Wallet({
    consoleLog,
    forkInfo,
    chain,
    clock,
    codeVersion: CODE_VERSION,
    p2pVersion: String(config.networkId),
    listenPort: listenPort ?? 0,
    startedAt: clock.now(),
    statistics: nodeStatistics({
      metrics,
      chain,
      ip: () => ip,
      version: CODE_VERSION,
      localWitnesses: witnesses.map((w) => w.address),
      network: () => network,
    }),
    afterBroadcast: () => producer.afterTransaction(),
    ...(config.transactionExpirationMs === undefined ? {} : { expirationMs: config.transactionExpirationMs }),
    ...(config.minEffectiveConnection === undefined
      ? {}
      : { minEffectiveConnection: config.minEffectiveConnection }),
  });
  const contracts = new ContractService({
    consoleLog,
    chain,
    clock,
    maxEnergyLimitForConstant: config.maxEnergyLimitForConstant ?? DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT,
    estimateEnergy: config.estimateEnergy ?? true,
    supportConstant: config.supportConstant ?? true,
    ...(config.transactionExpirationMs === undefined ? {} : { expirationMs: config.transactionExpirationMs }),
  });
  // One service per domain, composed into java-tron's Wallet surface.
  const composed: WalletApi = composeWallet(
    coreWallet,
    new ResourceQueryService(chain),
    new BalanceHistoryService(chain),
    new WitnessQueryService(chain),
    new ProposalQueryService(chain),
    new MarketQueryService(chain),
    new AssetQueryService(chain),
    new ExchangeQueryService(chain),
    new ShieldedService({
      chain,
      // Wallet.isShieldedTRC20NoteSpent's constant call: the contract's nullifiers(nf), no owner
      callContract: async (contractAddress, data, scope) =>
        (
          await contracts.triggerConstantContract(
            { contract: create(TriggerSmartContractSchema, { contractAddress, data }) },
            scope,
          )
        ).run?.constantResult ?? new Uint8Array(0),
    }),
    contracts,
  );
  // a forked chain's reads run again once the rows they lacked are fetched from upstream
  const wallet = forked ? retryOnMisses(composed, forked) : composed;
  // Events are decoded with the ABI stored for their contract (cleared ABIs decode nothing).
  const events = new EventService({
    chain,
    abiOf: (contract) => {
      const abi = chain.store.view.get(Tables.contractAbis, contract);
      return abi && abi.entrys.length > 0 ? abi : undefined;
    },
  });
  const controls = new DevControls({
    chain,
    producer,
    clock,
    signatureBypass,
    genesisAccounts: accounts,
    mnemonic: config.mnemonic,
    hdPath: config.hdPath,
    balance: config.accountBalance,
    chainId: fork ? fork.point.network : genesis.blockId,
    version: DEV_VERSION,
    forkInfo,
    // anvil_reset: the same store gets a new fork's first state, or the fresh local chain's
    reset: async (forking) => {
      if (kv.kind !== "memory") {
        throw new TronodeError(
          "NOT_SUPPORTED",
          "reset replaces the whole chain: on a chain with --data-dir, stop the node and start it again",
        );
      }
      if (forking !== undefined && forked === undefined) {
        throw new TronodeError(
          "NOT_SUPPORTED",
          "this node was not started with --fork: start it with --fork <url> to fork (then reset re-forks)",
        );
      }
      await producer.pause(() =>
        chain.replaceState(async () => {
          if (forking === undefined) {
            forked?.repoint(undefined, undefined);
            await fork?.close();
            fork = undefined;
            return replacementChanges(store, genesis.changes);
          }
          const next = await startFork(
            {
              ...config.fork!,
              url: forking.url,
              ...(forking.blockNumber === undefined ? {} : { blockNumber: forking.blockNumber }),
            },
            undefined,
          );
          try {
            const anchor = forkAnchor(await next.facts(), genesisOf(config, accounts));
            const changes = await replacementChanges(store, anchor);
            forked!.repoint(next.upstream, forkFactsOf(next, anchorGenesisTimestamp(anchor)));
            await fork?.close();
            fork = next;
            return changes;
          } catch (error) {
            await next.close();
            throw error;
          }
        }),
      );
      clock.advanceTo(chain.properties.headTimestamp);
      // a fresh chain's clients build on block 1, as at start
      if (chain.properties.headNumber === 0n) await producer.mine(1);
    },
  });
  const dev: DevApi | undefined = config.dev
    ? forked
      ? retryOnMisses(controls, forked)
      : controls
    : undefined;
  const stateWriter = config.stateFile
    ? startStateWriter({
        file: config.stateFile,
        dev: controls,
        intervalSeconds: config.stateInterval,
        logger,
      })
    : undefined;
  let heads: HeadFeed | undefined;
  const ethState = new EthStateService(chain);
  const transportMetrics: TransportMetrics = {
    httpAnswered: (endpoint, status, bytes) => metrics.httpAnswered(endpoint, status, bytes),
    grpcCalled: (method) => metrics.grpcCalled(method, false),
  };
  const closers: (() => Promise<void>)[] = [];
  const lateClosers: (() => Promise<void>)[] = [];
  let started = false;
  let stopped = false;

  const result: Chain = {
    config,
    service: chain,
    producer,
    clock,
    controls,
    accounts: accounts.map(withHexKeys),
    witnesses,
    genesisBlockId: genesis.blockId,
    metrics,
    wallet,
    dev,
    events,
    accountIndex: new AccountIndexService(chain),
    heads: () => {
      heads ??= createHeadFeed({ chain });
      return heads;
    },
    jsonRpc: {
      state: forked ? retryOnMisses(ethState, forked) : ethState,
      logIndex: events,
      localWitnesses: witnesses.map((w) => w.address),
      clientVersion: clientVersionOf(CODE_VERSION),
    },
    trace: config.dev
      ? new DebugService({
          chain,
          settings: chainSettingsOf(config),
          traceBlocks: config.traceBlocks,
          traceBytes: config.traceBytes,
        })
      : undefined,
    logger,
    transportMetrics,
    attachNetwork(next, address) {
      network = next;
      if (address?.ip !== undefined) ip = address.ip;
      coreWallet.attachNetwork(next, address?.listenPort);
    },
    async start() {
      if (started || stopped) return;
      started = true;
      if (needSyncCheck) {
        syncCheckTimer = setInterval(() => {
          needSyncCheck = slotTime(chain.properties, 1n) < clock.now();
          if (!needSyncCheck) clearInterval(syncCheckTimer);
        }, 1000);
      }
      producer.start();
      // Clients build on the head block and need its number and timestamp, which the genesis block
      // prints without (both are 0): a fresh chain gets block 1 at once, whatever the block time.
      if (chain.properties.headNumber === 0n) await producer.mine(1);
    },
    waitForTransaction: (txId, waitOptions) => waitForTransaction(chain, wallet, txId, waitOptions),
    onStop(close, phase = "listeners") {
      (phase === "listeners" ? closers : lateClosers).push(close);
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      if (syncCheckTimer) clearInterval(syncCheckTimer);
      for (const close of closers.splice(0)) await close();
      await producer.stop();
      await chain.idle();
      for (const close of lateClosers.splice(0)) await close();
      await stateWriter?.stop();
      await prefetch?.close();
      await store.close();
      await fork?.close();
      metrics.close();
    },
  };
  if (start !== false) await result.start();
  return result;
}

const SILENT_LOGGER: Logger = { debug() {}, info() {}, warn() {}, error() {} };

function withHexKeys(account: DevAccount): DevAccountKeys {
  return {
    address: account.address,
    privateKey: account.privateKey,
    privateKeyHex: bytesToHex(account.privateKey),
    hex: bytesToHex(account.address),
    base58: addressToBase58(account.address),
  };
}

function storageOf(storage: CreateChainOptions["storage"], dataDir: string | undefined): KvStorage {
  if (storage === undefined)
    return dataDir === undefined ? createMemoryStorage() : createLevelStorage({ directory: dataDir });
  return isKvStorage(storage) ? storage : createAbstractLevelStorage(storage);
}

function isKvStorage(storage: NonNullable<CreateChainOptions["storage"]>): storage is KvStorage {
  return typeof (storage as Partial<KvStorage>).getSync === "function" && "kind" in storage;
}

/** web3_clientVersion in java-tron's shape (`TRON/v4.8.1/Linux/Java1.8`), naming the runtime it runs on. */
export function clientVersionOf(codeVersion: string): string {
  const os = process.platform === "darwin" ? "Mac OS X" : process.platform === "win32" ? "Windows" : "Linux";
  const [major, minor] = process.versions.node.split(".");
  return `TRON/v${codeVersion}/${os}/Node${major}.${minor}`;
}

/**
 * The witness keys a chain produces with: `witnessCount` N derives N keys from the mnemonic;
 * otherwise `localwitness` (the first for localWitnessAccountAddress when set, the rest for their
 * own addresses).
 */
export function witnessKeysOf(config: ChainConfig): WitnessKey[] {
  if ((config.witnessCount ?? 1) > 1) {
    const all = genesisWitnessKeysOf(config);
    const held = config.localWitnessIndexes;
    return held === undefined ? all : all.filter((_, i) => held.includes(i));
  }
  return [
    { address: witnessAddressOf(config), privateKey: config.witnessPrivateKey },
    ...(config.extraWitnessKeys ?? []).map((k) => ({ address: addressOfPrivateKeyFast(k), privateKey: k })),
  ];
}

/** The N witness keys of `--witnesses N` (all of them: the genesis lists every one). */
function genesisWitnessKeysOf(config: ChainConfig): WitnessKey[] {
  return deriveDevAccounts(config.mnemonic, config.witnessCount!, WITNESS_HD_PATH).map((a) => ({
    address: a.address,
    privateKey: a.privateKey,
  }));
}

/** The genesis of a chain config: witnesses, funded dev accounts, extra accounts, parameters. */
export function genesisOf(config: ChainConfig, devAccounts: readonly DevAccount[]): GenesisConfig {
  const witnesses =
    config.genesis.witnesses ??
    ((config.witnessCount ?? 1) > 1
      ? genesisWitnessKeysOf(config)
      : [{ address: witnessAddressOf(config) }]
    ).map((w) => ({
      address: w.address,
      url: config.genesis.witnessUrl,
      voteCount: config.genesis.witnessVotes,
    }));
  if (config.genesis.assets) {
    return {
      timestamp: config.genesis.timestamp,
      parentHash: config.genesis.parentHash,
      accounts: config.genesis.assets,
      witnesses,
      parameters: parametersOf(config),
      rules: "java-tron",
    };
  }
  return {
    timestamp: config.genesis.timestamp,
    parentHash: config.genesis.parentHash,
    accounts: [
      // the first witness holds the chain's funds, as TRE's does
      { name: "Zion", address: witnesses[0]!.address, balance: config.genesis.witnessBalance },
      ...devAccounts.map((a) => ({ address: a.address, balance: config.accountBalance })),
      ...config.genesis.accounts,
    ],
    witnesses,
    parameters: parametersOf(config),
  };
}

function parametersOf(config: ChainConfig): Readonly<Record<string, bigint>> {
  return {
    ...config.genesis.parameters,
    ...(config.maintenanceInterval !== undefined
      ? { MAINTENANCE_TIME_INTERVAL: BigInt(config.maintenanceInterval) * 1000n }
      : {}),
  };
}

function chooseRecoverer(kind: ChainConfig["recovery"], logger: Logger): SignatureRecoverer {
  if (kind === "noble") return createNobleRecoverer();
  if (kind === "native") return createNativeRecoverer();
  const recoverer = createBestRecoverer();
  logger.debug({ recoverer: recoverer.name }, "signature recovery");
  return recoverer;
}

/** A recovery worker idle this long exits: a node between bursts holds no worker's isolate (~15 MiB). */
const RECOVERY_WORKER_IDLE_MS = 10_000;

/** The worker-thread signature prefetch the config asks for, if any (see `ChainConfig.recoveryThreads`). */
function choosePrefetch(
  config: ChainConfig,
  recoverer: SignatureRecoverer,
  logger: Logger,
): SignaturePrefetch | undefined {
  const native = recoverer.name === "native";
  const threads = config.recoveryThreads ?? (native && availableParallelism() > 1 ? 1 : 0);
  if (threads === 0) return undefined;
  const pool = createRecoveryPool({ threads, useNative: native, idleMs: RECOVERY_WORKER_IDLE_MS });
  logger.debug({ threads, recoverer: pool.recovererName }, "signature prefetch");
  return createSignaturePrefetch({ pool, fallback: recoverer, logger });
}

/**
 * Opens the chain store: a fresh chain gets its genesis (or the state file, or a fork's first
 * state); a forked chain's store fetches what it lacks from the upstream (ForkedStore).
 */
async function openStore(
  kv: KvStorage,
  config: ChainConfig,
  genesis: ReturnType<typeof createGenesis>,
  accounts: readonly DevAccount[],
  fork: StartedFork | undefined,
): Promise<{ store: ChainStore; forked: ForkedStore | undefined }> {
  if (fork !== undefined) {
    const base = await createChainStore({ kv, chainId: fork.point.network });
    try {
      // the first commit is the fork's first state; fetched rows (no journal) never count as one
      if (base.commitSeq === 0n)
        await base.commit(forkAnchor(await fork.facts(), genesisOf(config, accounts)));
    } catch (error) {
      await base.close();
      throw error;
    }
    const forked = createForkedStore({
      store: base,
      upstream: fork.upstream,
      facts: forkFactsOf(fork, new ChainProperties(base.view).genesisTimestamp),
    });
    if (config.fork?.prefetch?.length) await prefetchAccounts(forked, config.fork.prefetch);
    return { store: forked, forked };
  }
  const store = await createChainStore({ kv, chainId: genesis.blockId });
  const fresh = store.view.get(Tables.blocks, 0n) === undefined;
  const savedState =
    fresh && config.stateFile ? await readStateFile(config.stateFile, genesis.blockId) : undefined;
  if (savedState) await store.commit(savedState);
  else if (fresh) await store.commit(genesis.changes);
  return { store, forked: undefined };
}

/** What reading a fork's upstream answers needs: its fork block and the upstream's genesis time. */
function forkFactsOf(fork: StartedFork, genesisTimestamp: bigint): ForkFacts {
  return {
    forkNumber: fork.point.number,
    genesisTimestamp,
    forkSlot: (fork.point.timestamp - genesisTimestamp) / 3000n,
  };
}

/** The upstream genesis time a fork's first state records (GENESIS_TIMESTAMP). */
function anchorGenesisTimestamp(anchor: ChangeSet): bigint {
  const overlay = new StateOverlay(EMPTY_VIEW);
  overlay.merge(anchor);
  return new ChainProperties(overlay).genesisTimestamp;
}

function forkInfoOf(fork: StartedFork, forked: ForkedStore): ForkInfo {
  const stats = forked.stats();
  return {
    url: fork.point.url,
    network: fork.point.network,
    blockNumber: fork.point.number,
    blockId: fork.point.id,
    blockTimestamp: fork.point.timestamp,
    forkedAt: BigInt(fork.point.forkedAt),
    fetchedRows: stats.rows,
    fetchedFromHead: stats.fromHead,
    fetchedToHead: stats.toHead,
    upstreamRequests: fork.upstream.client.stats.requests,
    cacheFile: fork.upstream.cache.file,
  };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
