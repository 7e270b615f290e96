import "reflect-metadata";
import { availableParallelism } from "node:os";
import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  ChainProperties,
  type ChangeSet,
  type Clock,
  createGenesis,
  createNobleRecoverer,
  DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT,
  type DevAccount,
  EMPTY_VIEW,
  type ForkInfo,
  type GenesisConfig,
  type Logger,
  type SignatureRecoverer,
  StateOverlay,
  slotTime,
  Tables,
  TriggerSmartContractSchema,
  TronodeError,
  type WalletApi,
} from "@tronode/engine";
import {
  addressOfPrivateKeyFast,
  createBestRecoverer,
  createNativeRecoverer,
  createRecoveryPool,
} from "@tronode/secp256k1-native";
import {
  type ChainStore,
  createChainStore,
  createLevelStorage,
  createMemoryStorage,
  type KvStorage,
} from "@tronode/storage";
import { createGrpcServer, type GrpcServer } from "@tronode/transport-grpc";
import { createHttpServer } from "@tronode/transport-http";
import { createP2pService, type P2pService } from "@tronode/transport-p2p";
import { type DependencyContainer, container as rootContainer } from "tsyringe";
import { BlockProducer } from "./chain/block-producer.js";
import { ChainService, type WitnessKey } from "./chain/chain-service.js";
import { createSignaturePrefetch, type SignaturePrefetch } from "./chain/signature-prefetch.js";
import {
  chainSettingsOf,
  configError,
  defaultNodeConfig,
  historyBalanceLookupOf,
  type NodeConfig,
  WITNESS_HD_PATH,
  witnessAddressOf,
} from "./config/node-config.js";
import { writeAccountsFile } from "./dev/accounts-file.js";
import { ConsoleLogPrinter } from "./dev/console-log-printer.js";
import { DebugService } from "./dev/debug-service.js";
import { deriveDevAccounts } from "./dev/dev-accounts.js";
import { DevClock } from "./dev/dev-clock.js";
import { DevControls, SignatureBypass } from "./dev/dev-controls.js";
import { replacementChanges } from "./dev/state-dump.js";
import { readStateFile, startStateWriter } from "./dev/state-file.js";
import type { TerminalOutput } from "./dev/terminal-output.js";
import { rebuildAccountIndex } from "./events/account-index-rebuild.js";
import { createEventPublisher, type EventPublisher } from "./events/event-publisher.js";
import { createHeadFeed } from "./events/head-feed.js";
import { forkAnchor } from "./fork/fork-anchor.js";
import { retryOnMisses } from "./fork/fork-retry.js";
import { type StartedFork, startFork } from "./fork/fork-start.js";
import { createForkedStore, type ForkedStore, untilResolved } from "./fork/forked-store.js";
import { prefetchAccounts } from "./fork/prefetch.js";
import type { ForkFacts } from "./fork/upstream-rows.js";
import { silentLogger } from "./logger.js";
import { createNodeMetrics } from "./monitor/node-metrics.js";
import { nodeStatistics } from "./monitor/node-statistics.js";
import { NetDelegate } from "./network/net-delegate.js";
import { walletNetworkOf } from "./network/wallet-network.js";
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
import { Wallet } from "./wallet/wallet.js";
import { WitnessQueryService } from "./wallet/witness-queries.js";

/** java-tron version the node reports (configNodeInfo.codeVersion). */
export const CODE_VERSION = "4.8.1";
/**
 * What tre_version answers. OpenZeppelin's hardhat-tron turns on its time helpers and snapshot-based
 * loadFixture when the string contains `oz-tron` (its patched TRE answers `v1.0.4-oz-tron`): tronode
 * serves every method that suffix promises.
 */
export const DEV_VERSION = `tronode/0.1.0 (java-tron ${CODE_VERSION})-oz-tron`;
export const P2P_VERSION = "11111";

export interface CreateNodeOptions extends Partial<NodeConfig> {
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** Start the HTTP server (default true). */
  readonly http?: boolean;
  /** The output for a person at a terminal (the CLI's pretty log format); also pass it as the logger. */
  readonly terminal?: TerminalOutput;
}

export interface TronNode {
  readonly config: NodeConfig;
  readonly wallet: WalletApi;
  /** The witnesses this node produces for, with their keys. */
  readonly witnesses: readonly WitnessKey[];
  /** The development controls (also when the dev surface is not served over HTTP). */
  readonly dev: DevControls;
  /** The node's clock: the wall clock (or the one given) plus the dev chain's time-travel offset. */
  readonly clock: DevClock;
  readonly chain: ChainService;
  readonly producer: BlockProducer;
  readonly accounts: readonly DevAccount[];
  /** The P2P service of a networked node. */
  readonly p2p: P2pService | undefined;
  /** Base URL of the HTTP API once listening (e.g. http://127.0.0.1:9090). */
  readonly url: string | undefined;
  /**
   * `host:port` of the gRPC listeners once listening (full: Wallet; solidity: WalletSolidity on the
   * solidified state; pbft: WalletSolidity on the PBFT view).
   */
  readonly grpc: { readonly full?: string; readonly solidity?: string; readonly pbft?: string };
  /** The event publisher (java-tron's event.subscribe on ZeroMQ) when it is on: its endpoint and figures. */
  readonly events: EventPublisher | undefined;
  stop(): Promise<void>;
}

/** web3_clientVersion in java-tron's shape (`TRON/v4.8.1/Linux/Java1.8`), naming the runtime it runs on. */
export function clientVersionOf(codeVersion: string): string {
  const os = process.platform === "darwin" ? "Mac OS X" : process.platform === "win32" ? "Windows" : "Linux";
  const [major, minor] = process.versions.node.split(".");
  return `TRON/v${codeVersion}/${os}/Node${major}.${minor}`;
}

export const systemClock: Clock = { now: () => BigInt(Date.now()) };

/**
 * The witness keys this node produces with: `--witnesses N` derives N keys from the mnemonic;
 * otherwise `localwitness` (the first for localWitnessAccountAddress when set, the rest for their
 * own addresses).
 */
export function witnessKeysOf(config: NodeConfig): WitnessKey[] {
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
function genesisWitnessKeysOf(config: NodeConfig): WitnessKey[] {
  return deriveDevAccounts(config.mnemonic, config.witnessCount!, WITNESS_HD_PATH).map((a) => ({
    address: a.address,
    privateKey: a.privateKey,
  }));
}

/** Builds the genesis of a node config: witnesses, funded dev accounts, extra accounts, parameters. */
export function genesisOf(config: NodeConfig, devAccounts: readonly DevAccount[]): GenesisConfig {
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

function parametersOf(config: NodeConfig): Readonly<Record<string, bigint>> {
  return {
    ...config.genesis.parameters,
    ...(config.maintenanceInterval !== undefined
      ? { MAINTENANCE_TIME_INTERVAL: BigInt(config.maintenanceInterval) * 1000n }
      : {}),
  };
}

function chooseRecoverer(kind: NodeConfig["recovery"], logger: Logger): SignatureRecoverer {
  if (kind === "noble") return createNobleRecoverer();
  if (kind === "native") return createNativeRecoverer();
  const recoverer = createBestRecoverer();
  logger.debug({ recoverer: recoverer.name }, "signature recovery");
  return recoverer;
}

/** A recovery worker idle this long exits: a node between bursts holds no worker's isolate (~15 MiB). */
const RECOVERY_WORKER_IDLE_MS = 10_000;

/** The worker-thread signature prefetch the config asks for, if any (see `NodeConfig.recoveryThreads`). */
function choosePrefetch(
  config: NodeConfig,
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
 * The composition root: wires engine, storage and transports (tsyringe is used here and only here)
 * and starts block production. `await createNode()` gives a TRE-like node on 127.0.0.1:9090;
 * `await createNode({ port: 0 })` an embedded one on a free port.
 */
export async function createNode(options: CreateNodeOptions = {}): Promise<TronNode> {
  const config: NodeConfig = { ...defaultNodeConfig(), ...stripUndefined(options) };
  if (config.p2p && config.blockTime !== 3) {
    throw configError("a networked node produces on the 3 s slot grid: use --block-time 3");
  }
  const container: DependencyContainer = rootContainer.createChildContainer();
  const logger = options.logger ?? silentLogger;
  const clock = new DevClock(options.clock ?? systemClock);
  container.register("Logger", { useValue: logger });
  container.register("Clock", { useValue: clock });
  container.register("Recoverer", { useValue: chooseRecoverer(config.recovery, logger) });

  const accounts =
    config.accounts > 0 ? deriveDevAccounts(config.mnemonic, config.accounts, config.hdPath) : [];
  // Written before the port answers: whoever waits for the node can read it at once.
  if (config.accountsFile)
    await writeAccountsFile(config.accountsFile, config.mnemonic, config.hdPath, accounts);

  const genesis = createGenesis(genesisOf(config, accounts));
  // a fork's upstream is asked first: an unreachable or wrong url fails before anything is opened
  let fork = config.fork ? await startFork(config.fork, config.dataDir) : undefined;
  const kv = config.dataDir ? createLevelStorage({ directory: config.dataDir }) : createMemoryStorage();
  let store: ChainStore;
  let forked: ForkedStore | undefined;
  try {
    ({ store, forked } = await openStore(kv, config, genesis, accounts, fork));
  } catch (error) {
    await fork?.close();
    throw error;
  }
  const traceBalances = historyBalanceLookupOf(config);
  const historyChanges = await balanceHistoryStartChanges(store, traceBalances);
  if (historyChanges) await store.commit(historyChanges);
  // a store from before the account index (or with a rebuild undone by a rewind) catches up here
  await rebuildAccountIndex(store, logger);
  container.register("ChainStore", { useValue: store });

  const recoverer = container.resolve<SignatureRecoverer>("Recoverer");
  const prefetch = choosePrefetch(config, recoverer, logger);
  const signatureBypass = new SignatureBypass();
  const chain = new ChainService({
    store,
    recoverer,
    prefetch,
    producers: witnessKeysOf(config),
    logger,
    maxPendingSize: config.maxPendingSize,
    traceBalances,
    settings: forked
      ? { ...chainSettingsOf(config), localSchedule: witnessKeysOf(config).map((w) => w.address) }
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
  container.register(ChainService, { useValue: chain });
  // java-tron's block.needSyncCheck: checked every second until the next slot after the head is ahead
  let needSyncCheck = config.needSyncCheck === true;
  const syncCheckTimer = needSyncCheck
    ? setInterval(() => {
        needSyncCheck = slotTime(chain.properties, 1n) < clock.now();
        if (!needSyncCheck) clearInterval(syncCheckTimer);
      }, 1000)
    : undefined;
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
    ...(options.terminal
      ? { onProduced: (produced) => options.terminal!.blockProduced(produced.block, produced.outcomes) }
      : {}),
  });
  clock.onChange(() => producer.replan());
  container.register(BlockProducer, { useValue: producer });
  // getstatsinfo's statistics; a block's latency is its age on the chain's clock when applied
  const metrics = createNodeMetrics({ now: () => Number(clock.now()) });
  const p2p = config.p2p
    ? createP2pService({
        chain: new NetDelegate({ chain, clock, logger }),
        networkId: config.networkId,
        listenHost: config.p2p.host,
        listenPort: config.p2p.port,
        advertisedIp: config.p2p.advertisedIp,
        peers: config.p2p.peers,
        trustedIps: config.p2p.trustedIps,
        maxConnectionsWithSameIp: config.p2p.maxConnectionsWithSameIp,
        ...(config.p2p.discovery ? { discovery: { seeds: config.p2p.seeds ?? [] } } : {}),
        codeVersion: CODE_VERSION,
        logger,
        stats: metrics,
      })
    : undefined;
  const network = p2p ? walletNetworkOf(p2p) : undefined;
  // a dev chain prints console.log lines; a --no-dev node stays as quiet as java-tron
  const terminal = options.terminal;
  terminal?.attach({ headView: () => chain.headView });
  const consoleLog = new ConsoleLogPrinter(
    logger,
    config.dev && config.consoleLog !== false,
    terminal === undefined ? undefined : (source, lines) => terminal.consoleLog(source, lines),
  );
  const forkInfo = () => (fork && forked?.forking ? forkInfoOf(fork, forked) : undefined);
  const coreWallet = new Wallet({
    consoleLog,
    forkInfo,
    chain,
    clock,
    codeVersion: CODE_VERSION,
    p2pVersion: String(config.networkId),
    listenPort: config.p2p?.port ?? config.port,
    ...(network ? { network } : {}),
    startedAt: clock.now(),
    statistics: nodeStatistics({
      metrics,
      chain,
      ip: config.p2p?.advertisedIp ?? config.host,
      version: CODE_VERSION,
      localWitnesses: witnessKeysOf(config).map((w) => w.address),
      ...(network ? { network } : {}),
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
  container.register("WalletApi", { useValue: wallet });
  // Events are decoded with the ABI stored for their contract (cleared ABIs decode nothing).
  const events = new EventService({
    chain,
    abiOf: (contract) => {
      const abi = chain.store.view.get(Tables.contractAbis, contract);
      return abi && abi.entrys.length > 0 ? abi : undefined;
    },
  });
  const dev = new DevControls({
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
      if (config.dataDir !== undefined) {
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
  container.register(DevControls, { useValue: dev });

  let url: string | undefined;
  let http: Awaited<ReturnType<typeof createHttpServer>> | undefined;
  if (options.http !== false) {
    http = createHttpServer({
      wallet,
      ...(config.dev ? { dev: forked ? retryOnMisses(dev, forked) : dev } : {}),
      events,
      accountIndex: new AccountIndexService(chain),
      ...(config.explorer ? { explorer: { heads: createHeadFeed({ chain }) } } : {}),
      ...(config.dev
        ? {
            trace: new DebugService({
              chain,
              settings: chainSettingsOf(config),
              traceBlocks: config.traceBlocks,
              traceBytes: config.traceBytes,
            }),
          }
        : {}),
      jsonRpc: {
        state: forked ? retryOnMisses(new EthStateService(chain), forked) : new EthStateService(chain),
        logIndex: events,
        localWitnesses: witnessKeysOf(config).map((w) => w.address),
        clientVersion: clientVersionOf(CODE_VERSION),
      },
      logger,
      host: config.host,
      port: config.port,
      solidityPort: config.solidityPort,
      ...(config.pbftPort === undefined ? {} : { pbftPort: config.pbftPort }),
      allowKeyOperations: config.allowKeyOperations,
      onAnswered: (endpoint, status, bytes) => metrics.httpAnswered(endpoint, status, bytes),
    });
    const listening = await http.listen();
    url = `http://${listening.address.includes(":") ? `[${listening.address}]` : listening.address}:${listening.port}`;
  }
  let grpc: GrpcServer | undefined;
  const grpcAddresses: { full?: string; solidity?: string; pbft?: string } = {};
  if (
    config.grpcPort !== undefined ||
    config.grpcSolidityPort !== undefined ||
    config.grpcPbftPort !== undefined
  ) {
    grpc = createGrpcServer({
      wallet,
      logger,
      host: config.host,
      port: config.grpcPort,
      solidityPort: config.grpcSolidityPort,
      pbftPort: config.grpcPbftPort,
      allowKeyOperations: config.allowKeyOperations,
      reflection: config.grpcReflection,
      onCall: (method) => metrics.grpcCalled(method, false),
    });
    try {
      const listening = await grpc.listen();
      if (listening.full) grpcAddresses.full = hostPort(listening.full);
      if (listening.solidity) grpcAddresses.solidity = hostPort(listening.solidity);
      if (listening.pbft) grpcAddresses.pbft = hostPort(listening.pbft);
    } catch (error) {
      await http?.close();
      await store.close();
      throw error;
    }
  }
  let publisher: EventPublisher | undefined;
  if (config.eventSubscription) {
    try {
      publisher = await createEventPublisher({ chain, config: config.eventSubscription, logger });
    } catch (error) {
      await grpc?.close();
      await http?.close();
      await store.close();
      throw error;
    }
  }
  const stateWriter = config.stateFile
    ? startStateWriter({ file: config.stateFile, dev, intervalSeconds: config.stateInterval, logger })
    : undefined;
  await p2p?.start();
  producer.start();
  // Clients build on the head block and need its number and timestamp, which the genesis block
  // prints without (both are 0): a fresh chain gets block 1 at once, whatever the block time.
  if (chain.properties.headNumber === 0n) await producer.mine(1);
  logger.info(
    {
      url,
      ...(grpcAddresses.full ? { grpc: grpcAddresses.full } : {}),
      ...(grpcAddresses.solidity ? { grpcSolidity: grpcAddresses.solidity } : {}),
      ...(grpcAddresses.pbft ? { grpcPbft: grpcAddresses.pbft } : {}),
      dataDir: config.dataDir ?? "memory",
      witnesses: witnessKeysOf(config).map((w) => addressToBase58(w.address)),
      blockTime: config.blockTime,
      ...(p2p ? { p2pPort: p2p.port, nodeId: p2p.nodeId, networkId: config.networkId } : {}),
      ...(publisher ? { events: publisher.endpoint } : {}),
      ...(fork
        ? {
            fork: `${fork.point.url} at block ${fork.point.number} (${new Date(Number(fork.point.timestamp)).toISOString()})`,
          }
        : {}),
    },
    "tronode started",
  );

  let stopped = false;
  return {
    config,
    wallet,
    witnesses: witnessKeysOf(config),
    dev,
    clock,
    chain,
    producer,
    accounts,
    p2p,
    url,
    grpc: grpcAddresses,
    events: publisher,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (syncCheckTimer) clearInterval(syncCheckTimer);
      await http?.close();
      await grpc?.close();
      await p2p?.stop();
      await producer.stop();
      await chain.idle();
      await publisher?.close();
      await stateWriter?.stop();
      await prefetch?.close();
      await store.close();
      await fork?.close();
      metrics.close();
      container.dispose?.();
    },
  };
}

/**
 * Opens the chain store: a fresh chain gets its genesis (or the state file, or a fork's first
 * state); a forked chain's store fetches what it lacks from the upstream (ForkedStore).
 */
async function openStore(
  kv: KvStorage,
  config: NodeConfig,
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

/** `host:port`, IPv6 hosts in brackets. */
export function hostPort(address: { readonly address: string; readonly port: number }): string {
  return `${address.address.includes(":") ? `[${address.address}]` : address.address}:${address.port}`;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
