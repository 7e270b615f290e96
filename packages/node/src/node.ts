import "reflect-metadata";
import {
  type BlockProducer,
  type Chain,
  type ChainService,
  createChain,
  type DevAccountKeys,
  type DevClock,
  type DevControls,
  type TransactionConfirmation,
  type WaitForTransactionOptions,
  type WitnessKey,
} from "@tronode/chain";
import { addressToBase58, type Clock, type Logger, type WalletApi } from "@tronode/engine/internal";
import { type EventPublisher, publishEvents } from "@tronode/events";
import { type GrpcService, serveGrpc } from "@tronode/transport-grpc";
import { type HttpService, serveHttp } from "@tronode/transport-http";
import { type P2pService, serveP2p } from "@tronode/transport-p2p";
import { type DependencyContainer, container as rootContainer } from "tsyringe";
import { configError, defaultNodeConfig, type NodeConfig } from "./config/node-config.js";
import type { TerminalOutput } from "./dev/terminal-output.js";
import { silentLogger } from "./logger.js";

export {
  CODE_VERSION,
  clientVersionOf,
  DEV_VERSION,
  genesisOf,
  systemClock,
  witnessKeysOf,
} from "@tronode/chain";
export const P2P_VERSION = "11111";

/** `createNode`'s options: any node setting (TRE's defaults otherwise) and what runs it. */
export interface CreateNodeOptions extends Partial<NodeConfig> {
  readonly logger?: Logger;
  readonly clock?: Clock;
  /**
   * Serve the HTTP API (default true). `false` gives a node with no HTTP listener (its `url` is
   * undefined): a chain with only the other transports the options ask for.
   */
  readonly http?: boolean;
  /** The output for a person at a terminal (the CLI's pretty log format); also pass it as the logger. */
  readonly terminal?: TerminalOutput;
}

/** A started node. `Url` is `string` once its HTTP API listens (`undefined` with `http: false`). */
export interface TronNode<Url extends string | undefined = string> {
  readonly config: NodeConfig;
  /** The composed chain the transports serve (pass it to `serveHttp`, `serveGrpc`, … for more). */
  readonly composition: Chain;
  readonly wallet: WalletApi;
  /** The witnesses this node produces for, with their keys. */
  readonly witnesses: readonly WitnessKey[];
  /** The development controls (also when the dev surface is not served over HTTP). */
  readonly dev: DevControls;
  /** The node's clock: the wall clock (or the one given) plus the dev chain's time-travel offset. */
  readonly clock: DevClock;
  readonly chain: ChainService;
  readonly producer: BlockProducer;
  /** The funded development accounts: keys as bytes and hex, addresses as base58 and hex. */
  readonly accounts: readonly DevAccountKeys[];
  /** The P2P service of a networked node. */
  readonly p2p: P2pService | undefined;
  /** Base URL of the HTTP API (e.g. http://127.0.0.1:9090). */
  readonly url: Url;
  /**
   * `host:port` of the gRPC listeners once listening (full: Wallet; solidity: WalletSolidity on the
   * solidified state; pbft: WalletSolidity on the PBFT view).
   */
  readonly grpc: { readonly full?: string; readonly solidity?: string; readonly pbft?: string };
  /** The event publisher (java-tron's event.subscribe on ZeroMQ) when it is on: its endpoint and figures. */
  readonly events: EventPublisher | undefined;
  /**
   * Resolves once the transaction (its txID, hex) is in a block — or solidified, with
   * `{ solidified: true }` — with the block's number and its gettransactioninfobyid record.
   */
  waitForTransaction(
    txId: string | Uint8Array,
    options?: WaitForTransactionOptions,
  ): Promise<TransactionConfirmation>;
  stop(): Promise<void>;
}

/**
 * The stock composition: a chain (`@tronode/chain`) with the transports the config asks for —
 * HTTP, gRPC, P2P, event subscription — built from the same public calls an app would make, the
 * pieces registered in a tsyringe container (used here and only here). `await createNode()` gives
 * a TRE-like node on 127.0.0.1:9090; `await createNode({ port: 0 })` an embedded one on a free port.
 */
export function createNode(
  options: CreateNodeOptions & { readonly http: false },
): Promise<TronNode<undefined>>;
export function createNode(options?: CreateNodeOptions): Promise<TronNode>;
export async function createNode(options: CreateNodeOptions = {}): Promise<TronNode<string | undefined>> {
  const { logger: givenLogger, clock, http: serveHttpApi, terminal, ...settings } = options;
  const config: NodeConfig = { ...defaultNodeConfig(), ...stripUndefined(settings) };
  if (config.p2p && config.blockTime !== 3) {
    throw configError("a networked node produces on the 3 s slot grid: use --block-time 3");
  }
  const container: DependencyContainer = rootContainer.createChildContainer();
  const logger = givenLogger ?? silentLogger;
  container.register("Logger", { useValue: logger });

  const chain = await createChain({
    ...config,
    logger,
    ...(clock ? { clock } : {}),
    ...(terminal ? { output: terminal } : {}),
    start: false,
    listenPort: config.p2p?.port ?? config.port,
    ip: config.p2p?.advertisedIp ?? config.host,
  });
  container.register("Chain", { useValue: chain });
  container.register("Clock", { useValue: chain.clock });

  let http: HttpService | undefined;
  let grpc: GrpcService | undefined;
  let publisher: EventPublisher | undefined;
  let p2p: P2pService | undefined;
  try {
    if (serveHttpApi !== false) {
      http = await serveHttp(chain, {
        host: config.host,
        port: config.port,
        dev: config.dev,
        explorer: config.explorer,
        allowKeyOperations: config.allowKeyOperations,
        ...(config.solidityPort === undefined ? {} : { solidityPort: config.solidityPort }),
        ...(config.pbftPort === undefined ? {} : { pbftPort: config.pbftPort }),
      });
    }
    if (
      config.grpcPort !== undefined ||
      config.grpcSolidityPort !== undefined ||
      config.grpcPbftPort !== undefined
    ) {
      grpc = await serveGrpc(chain, {
        host: config.host,
        ...(config.grpcPort === undefined ? {} : { port: config.grpcPort }),
        ...(config.grpcSolidityPort === undefined ? {} : { solidityPort: config.grpcSolidityPort }),
        ...(config.grpcPbftPort === undefined ? {} : { pbftPort: config.grpcPbftPort }),
        allowKeyOperations: config.allowKeyOperations,
        ...(config.grpcReflection === undefined ? {} : { reflection: config.grpcReflection }),
      });
    }
    if (config.eventSubscription) publisher = await publishEvents(chain, config.eventSubscription);
    if (config.p2p) {
      p2p = await serveP2p(chain, {
        host: config.p2p.host,
        port: config.p2p.port,
        peers: config.p2p.peers,
        ...(config.p2p.trustedIps === undefined ? {} : { trustedIps: config.p2p.trustedIps }),
        ...(config.p2p.advertisedIp === undefined ? {} : { advertisedIp: config.p2p.advertisedIp }),
        ...(config.p2p.maxConnectionsWithSameIp === undefined
          ? {}
          : { maxConnectionsWithSameIp: config.p2p.maxConnectionsWithSameIp }),
        ...(config.p2p.discovery ? { discovery: { seeds: config.p2p.seeds ?? [] } } : {}),
      });
    }
    await chain.start();
  } catch (error) {
    await chain.stop();
    throw error;
  }
  const fork = chain.controls.forkInfo();
  logger.info(
    {
      url: http?.url,
      ...(grpc?.full ? { grpc: grpc.full } : {}),
      ...(grpc?.solidity ? { grpcSolidity: grpc.solidity } : {}),
      ...(grpc?.pbft ? { grpcPbft: grpc.pbft } : {}),
      dataDir: config.dataDir ?? "memory",
      witnesses: chain.witnesses.map((w) => addressToBase58(w.address)),
      blockTime: config.blockTime,
      ...(p2p ? { p2pPort: p2p.port, nodeId: p2p.nodeId, networkId: config.networkId } : {}),
      ...(publisher ? { events: publisher.endpoint } : {}),
      ...(fork
        ? {
            fork: `${fork.url} at block ${fork.blockNumber} (${new Date(Number(fork.blockTimestamp)).toISOString()})`,
          }
        : {}),
    },
    "tronode started",
  );

  let stopped = false;
  return {
    config,
    composition: chain,
    wallet: chain.wallet,
    witnesses: chain.witnesses,
    dev: chain.controls,
    clock: chain.clock,
    chain: chain.service,
    producer: chain.producer,
    accounts: chain.accounts,
    p2p,
    url: http?.url,
    grpc: {
      ...(grpc?.full ? { full: grpc.full } : {}),
      ...(grpc?.solidity ? { solidity: grpc.solidity } : {}),
      ...(grpc?.pbft ? { pbft: grpc.pbft } : {}),
    },
    events: publisher,
    waitForTransaction: (txId, waitOptions) => chain.waitForTransaction(txId, waitOptions),
    async stop() {
      if (stopped) return;
      stopped = true;
      await chain.stop();
      container.dispose?.();
    },
  };
}

/** `host:port`, IPv6 hosts in brackets. */
export function hostPort(address: { readonly address: string; readonly port: number }): string {
  return `${address.address.includes(":") ? `[${address.address}]` : address.address}:${address.port}`;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
