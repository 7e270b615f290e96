/**
 * `createSolidityNode`: java-tron's SolidityNode as its own process. It follows a trust node (a
 * java-tron or tronode full node) over protocol.Database, re-applies every solidified block with
 * the engine into its own store (`dataDir`, or memory), and serves only confirmed state:
 * /walletsolidity/* (and /wallet/getnodeinfo) over HTTP on `port` (java-tron's 8091) and
 * protocol.WalletSolidity + Database (+ WalletExtension, unimplemented as in java-tron) over gRPC on
 * `grpcSolidityPort` (50061). It never produces blocks and has no pending pool; it resumes from
 * its data dir after a restart and rides out the trust node's restarts (1 s retries).
 *
 * It builds the same genesis as the full node from the same options (accounts, mnemonic,
 * witnesses, config file), and refuses a trust node whose block 0 differs.
 */

import {
  BalanceHistoryService,
  balanceHistoryStartChanges,
  ChainService,
  CODE_VERSION,
  composeWallet,
  createNodeMetrics,
  deriveDevAccounts,
  genesisOf,
  historyBalanceLookupOf,
  nodeStatistics,
  ResourceQueryService,
  rebuildAccountIndex,
  systemClock,
  Wallet,
  WitnessQueryService,
} from "@tronode/chain";
import {
  addressToBase58,
  type Clock,
  createGenesis,
  createNobleRecoverer,
  type Logger,
  MutableChainProperties,
  type SignatureRecoverer,
  Tables,
  type TronodeError,
  type WalletApi,
} from "@tronode/engine/internal";
import { createBestRecoverer, createNativeRecoverer } from "@tronode/secp256k1-native";
import { type ChainStore, createChainStore, createLevelStorage, createMemoryStorage } from "@tronode/storage";
import { createGrpcServer, type GrpcServer } from "@tronode/transport-grpc";
import { createHttpServer } from "@tronode/transport-http";
import { defaultNodeConfig, type NodeConfig } from "../config/node-config.js";
import { silentLogger } from "../logger.js";
import { hostPort, P2P_VERSION } from "../node.js";
import { type BlockFollower, startBlockFollower } from "./block-follower.js";
import { createTrustNodeClient } from "./trust-node-client.js";

/** java-tron's node.http.solidityPort. */
export const DEFAULT_SOLIDITY_HTTP_PORT = 8091;

/** A solidity node's settings: the full node it follows (node.trustNode), its ports and store, and the genesis options the full node was started with. */
export interface SolidityNodeOptions extends Partial<NodeConfig> {
  /** The full node to follow, `host:port` of its gRPC (java-tron's node.trustNode). */
  readonly trustNode: string;
  readonly logger?: Logger;
  readonly clock?: Clock;
  /** Wait while the trust node has nothing new (java-tron: 3000 ms). */
  readonly pollIntervalMs?: number;
  /** Wait after a failure before retrying (java-tron: 1000 ms). */
  readonly retryIntervalMs?: number;
  /** Called when the trust node turns out to be on another chain (the follower has stopped). */
  readonly onFatal?: (error: TronodeError) => void;
}

/** A running solidity node: its wallet over the followed chain, its listeners, and how to stop it. */
export interface SolidityNode {
  readonly config: NodeConfig;
  readonly wallet: WalletApi;
  readonly chain: ChainService;
  /** Base URL of the /walletsolidity HTTP API, `host:port` of the WalletSolidity gRPC. */
  readonly url: string | undefined;
  readonly grpc: string | undefined;
  stop(): Promise<void>;
}

function chooseRecoverer(kind: NodeConfig["recovery"]): SignatureRecoverer {
  if (kind === "noble") return createNobleRecoverer();
  if (kind === "native") return createNativeRecoverer();
  return createBestRecoverer();
}

/** Starts java-tron's SolidityNode: follows the trust node's solidified blocks into its own store and serves /walletsolidity and WalletSolidity. */
export async function createSolidityNode(options: SolidityNodeOptions): Promise<SolidityNode> {
  const config: NodeConfig = {
    ...defaultNodeConfig(),
    port: DEFAULT_SOLIDITY_HTTP_PORT,
    ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)),
  };
  const logger = options.logger ?? silentLogger;
  const clock = options.clock ?? systemClock;
  const accounts =
    config.accounts > 0 ? deriveDevAccounts(config.mnemonic, config.accounts, config.hdPath) : [];
  const genesis = createGenesis(genesisOf(config, accounts));
  const kv = config.dataDir ? createLevelStorage({ directory: config.dataDir }) : createMemoryStorage();
  const store: ChainStore = await createChainStore({ kv, chainId: genesis.blockId });
  if ((await store.read(Tables.blocks, 0n)) === undefined) await store.commit(genesis.changes);
  const traceBalances = historyBalanceLookupOf(config, config.dataDir !== undefined);
  const historyChanges = await balanceHistoryStartChanges(store, traceBalances);
  if (historyChanges) await store.commit(historyChanges);
  await rebuildAccountIndex(store, logger);

  const chain = new ChainService({
    store,
    recoverer: chooseRecoverer(config.recovery),
    producers: [],
    logger,
    traceBalances,
  });
  // java-tron: a data dir whose solidified number lags its head (a full node's copy) is solid to the head
  const props = chain.properties;
  if (props.solidifiedNumber < props.headNumber) {
    const head = props.headNumber;
    await chain.adminWrite((state) =>
      new MutableChainProperties(state).set("LATEST_SOLIDIFIED_BLOCK_NUM", head),
    );
  }

  const metrics = createNodeMetrics({ now: () => Number(clock.now()) });
  const wallet: WalletApi = composeWallet(
    new Wallet({
      chain,
      clock,
      codeVersion: CODE_VERSION,
      p2pVersion: P2P_VERSION,
      listenPort: config.port,
      startedAt: clock.now(),
      statistics: nodeStatistics({
        metrics,
        chain,
        ip: () => config.host,
        version: CODE_VERSION,
        localWitnesses: [],
      }),
    }),
    new ResourceQueryService(chain),
    new BalanceHistoryService(chain),
    new WitnessQueryService(chain),
  );

  const http = createHttpServer({
    wallet,
    logger,
    host: config.host,
    port: config.port,
    solidityOnly: true,
    onAnswered: (endpoint, status, bytes) => metrics.httpAnswered(endpoint, status, bytes),
  });
  let grpc: GrpcServer | undefined;
  let url: string | undefined;
  let grpcAddress: string | undefined;
  try {
    url = `http://${hostPort(await http.listen())}`;
    if (config.grpcSolidityPort !== undefined) {
      grpc = createGrpcServer({
        wallet,
        logger,
        host: config.host,
        solidityPort: config.grpcSolidityPort,
        walletExtension: true,
        allowKeyOperations: config.allowKeyOperations,
        reflection: config.grpcReflection,
      });
      const listening = await grpc.listen();
      grpcAddress = listening.solidity ? hostPort(listening.solidity) : undefined;
    }
  } catch (error) {
    await http.close();
    await grpc?.close();
    await store.close();
    throw error;
  }

  const trustNode = createTrustNodeClient(options.trustNode);
  const follower: BlockFollower = startBlockFollower({
    chain,
    trustNode,
    logger,
    pollIntervalMs: options.pollIntervalMs,
    retryIntervalMs: options.retryIntervalMs,
    onFatal: (error) => {
      logger.error({ error: error.message }, "solidity node stopped following");
      options.onFatal?.(error);
    },
  });
  logger.info(
    {
      url,
      ...(grpcAddress ? { grpcSolidity: grpcAddress } : {}),
      trustNode: options.trustNode,
      dataDir: config.dataDir ?? "memory",
      solidified: String(chain.properties.solidifiedNumber),
      genesisWitness: addressToBase58(genesisOf(config, accounts).witnesses[0]!.address),
    },
    "tronode solidity node started",
  );

  let stopped = false;
  return {
    config,
    wallet,
    chain,
    url,
    grpc: grpcAddress,
    async stop() {
      if (stopped) return;
      stopped = true;
      await follower.stop();
      trustNode.close();
      await http.close();
      await grpc?.close();
      await chain.idle();
      await store.close();
      metrics.close();
    },
  };
}
