#!/usr/bin/env node
import type { ForkConfig } from "@tronode/chain";
import { addressToBase58, bytesToHex, TronodeError } from "@tronode/engine/internal";
import { allTriggersSubscription } from "@tronode/events";
import { DEFAULT_GRPC_SOLIDITY_PORT } from "@tronode/transport-grpc";
import { Command, InvalidArgumentError } from "commander";
import {
  applyConfig,
  baseConfigOf,
  JAVA_TRON_PORTS,
  readConfigFile,
  withConfigFile,
} from "./config/load-config.js";
import { defaultNodeConfig, type NodeConfig } from "./config/node-config.js";
import { TerminalOutput } from "./dev/terminal-output.js";
import { createJsonOutput, createLogger } from "./logger.js";
import { createNode, type TronNode } from "./node.js";
import { SOLIDITY_POLL_INTERVAL_MS } from "./solidity/block-follower.js";
import { createSolidityNode, DEFAULT_SOLIDITY_HTTP_PORT } from "./solidity/solidity-node.js";

function integer(name: string, min: number, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < min || n > max) {
      throw new InvalidArgumentError(`${name} must be an integer from ${min} to ${max}`);
    }
    return n;
  };
}

function decimal(name: string) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isFinite(n) || n < 0 || n > 60)
      throw new InvalidArgumentError(`${name} must be between 0 and 60`);
    return n;
  };
}

/**
 * Refuses a block time java-tron's slot grid cannot honour, as createChain refuses its `blockTime`
 * (INVALID_BLOCK_TIME): block timestamps are multiples of 3 s from genesis, so a block time is 0 (a
 * block per transaction) or a whole number of 3-second slots.
 */
function checkBlockTime(seconds: number): void {
  if (Number.isInteger(seconds) && seconds % 3 === 0) return;
  throw new TronodeError(
    "INVALID_BLOCK_TIME",
    `--block-time ${seconds} cannot be honoured: blocks sit on java-tron's 3-second slot grid; use 0 (a block per transaction) or a multiple of 3 up to 60`,
  );
}

function trxToSun(value: string): bigint {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("balance must be a whole number of TRX");
  return BigInt(value) * 1_000_000n;
}

function peerAddress(value: string, previous: { host: string; port: number }[] = []) {
  const match = /^([^:\s]+):(\d{1,5})$/.exec(value);
  const port = match ? Number(match[2]) : Number.NaN;
  if (!match || port < 1 || port > 65535) throw new InvalidArgumentError("a peer is host:port");
  return [...previous, { host: match[1]!, port }];
}

/** `--fork` and its flags over the config file's `fork` key (a flag given wins); undefined: no fork. */
function forkConfigOf(o: Record<string, unknown>, fromFile: ForkConfig | undefined): ForkConfig | undefined {
  const url = (o.fork as string | undefined) ?? fromFile?.url;
  if (url === undefined) return undefined;
  const headers: Record<string, string> = {};
  for (const line of (o.forkHeader as string[] | undefined) ?? []) {
    const colon = line.indexOf(":");
    if (colon <= 0) throw new TronodeError("INVALID_CONFIG", `--fork-header "${line}" is not "Name: value"`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return {
    ...fromFile,
    url,
    ...(o.forkApiKey === undefined ? {} : { apiKey: o.forkApiKey as string }),
    ...(Object.keys(headers).length === 0 ? {} : { headers }),
    ...(o.forkRps === undefined ? {} : { rps: o.forkRps as number }),
    ...(o.forkBlockNumber === undefined ? {} : { blockNumber: BigInt(o.forkBlockNumber as number) }),
    ...(o.forkCache === false
      ? { cache: false }
      : typeof o.forkCache === "string"
        ? { cacheDir: o.forkCache }
        : {}),
    ...(o.forkPrefetch === undefined ? {} : { prefetch: o.forkPrefetch as string[] }),
  };
}

function witnessIndexes(value: string): number[] {
  if (value === "none") return [];
  const indexes = value.split(",").map((v) => Number(v.trim()));
  if (indexes.some((i) => !Number.isInteger(i) || i < 0 || i > 26)) {
    throw new InvalidArgumentError("--local-witnesses is a list of witness indexes (0-based), or none");
  }
  return indexes;
}

const program = new Command()
  .name("tronode")
  .enablePositionalOptions()
  .description("A TRON-compatible node: java-tron's HTTP and gRPC APIs with TRE's development surface.")
  .option(
    "-p, --port <port>",
    // no commander default: it depends on --no-dev and the config file (baseConfigOf), so --help says it once
    "HTTP port (default: 9090, TRE's, on a dev chain; 8090, java-tron's, with --no-dev)",
    integer("port", 0, 65535),
  )
  .option("-H, --host <host>", "HTTP listen address", "127.0.0.1")
  .option(
    "--solidity-port <port>",
    "also serve /walletsolidity on this port (java-tron layout; default 8091 with --no-dev)",
    integer("port", 0, 65535),
  )
  .option(
    "--pbft-port <port>",
    "also serve /walletpbft on this port (java-tron's node.http.PBFTPort; default 8092 with --no-dev)",
    integer("port", 0, 65535),
  )
  .option(
    "--grpc-port <port>",
    "gRPC port of protocol.Wallet + Database (default 50051; a free port with --port 0)",
    integer("grpc port", 0, 65535),
  )
  .option(
    "--grpc-solidity-port <port>",
    "gRPC port of protocol.WalletSolidity + Database on the solidified state (default 50061; a free port with --port 0)",
    integer("grpc solidity port", 0, 65535),
  )
  .option(
    "--grpc-pbft-port <port>",
    "gRPC port of protocol.WalletSolidity + Database on the PBFT view (java-tron's node.rpc.PBFTPort; default 50071 with --no-dev)",
    integer("grpc pbft port", 0, 65535),
  )
  .option("--no-grpc", "do not serve gRPC")
  .option("--grpc-reflection", "serve gRPC server reflection (grpcurl without a .proto; java-tron: off)")
  .option("-d, --data-dir <dir>", "persist the chain in LevelDB in this directory (default: in memory)")
  .option(
    "-b, --block-time <seconds>",
    "seconds between blocks: a multiple of 3 up to 60 (java-tron's 3-second slot grid); 0 = a block per transaction",
    decimal("block time"),
    3,
  )
  .option("-a, --accounts <n>", "number of funded development accounts", integer("accounts", 0, 1000), 10)
  .option("--balance <trx>", "balance of each development account, in TRX", trxToSun)
  .option("-m, --mnemonic <words>", "mnemonic the development accounts derive from (m/44'/195'/0'/0/i)")
  .option(
    "-c, --config <file>",
    "java-tron's config.conf (HOCON: genesis, witness keys, ports, peers, committee, vm, storage …) or tronode's JSON config",
  )
  .option("--accounts-file <file>", "write the development accounts (address, private key) to this JSON file")
  .option(
    "--max-pending <n>",
    "pending transactions accepted before SERVER_BUSY (java-tron's maxTransactionPendingSize)",
    integer("max pending", 1, 1_000_000),
    2000,
  )
  .option(
    "--witnesses <n>",
    "a private chain of n genesis witnesses (keys from the mnemonic at m/44'/195'/1'/0/i) producing in turn",
    integer("witnesses", 1, 27),
  )
  .option(
    "--maintenance-interval <seconds>",
    "seconds between maintenances, where votes are counted (a new chain's MAINTENANCE_TIME_INTERVAL; default 300)",
    integer("maintenance interval", 3, 86_400),
  )
  .option(
    "--proposal-expire-time <seconds>",
    "how long a committee proposal stays open before the maintenance that decides it (java-tron's block.proposalExpireTime; default 259200 = 3 days)",
    integer("proposal expire time", 0, 31_536_000),
  )
  .option(
    "--history-balance-lookup",
    "record balance history for getblockbalance/getaccountbalance (default: on in memory, off with --data-dir)",
  )
  .option("--no-history-balance-lookup", "do not record balance history")
  .option("--recovery <kind>", "signature recovery: auto, native or noble", "auto")
  .option(
    "--recovery-threads <n>",
    "worker threads recovering broadcast signatures (0 = on the main thread; default: 1 with native recovery on a multi-core machine)",
    integer("recovery threads", 0, 64),
  )
  .option(
    "--unsafe-key-operations",
    "serve key-handling operations (gettransactionsign, easytransfer …) on a non-loopback listener",
  )
  .option(
    "--no-dev",
    "no development surface (/admin, /tre: snapshots, time travel, state edits, impersonation), like a production java-tron",
  )
  .option("--no-explorer", "do not serve the built-in explorer (/explorer/, and / on a dev chain)")
  .option(
    "--state <file>",
    "load the chain from this state dump at start if the file exists; dump it there at exit and every --state-interval seconds",
  )
  .option(
    "--state-interval <seconds>",
    "seconds between state dumps to --state (0 = only at exit)",
    integer("state interval", 0, 86_400),
    60,
  )
  .option(
    "--trace-blocks <n>",
    "blocks whose transactions debug_traceTransaction can re-run, within 8 MiB of undo records (dev chains)",
    integer("trace blocks", 0, 100_000),
    256,
  )
  .option(
    "--p2p",
    "join a TRON network: speak java-tron's peer-to-peer protocol (implied by the flags below)",
  )
  .option(
    "--p2p-port <port>",
    "TCP port of the P2P protocol (java-tron's node.listen.port, default 18888)",
    integer("p2p port", 0, 65535),
  )
  .option(
    "--p2p-host <ip>",
    "address the P2P protocol listens on and announces (default 0.0.0.0, announced as 127.0.0.1)",
  )
  .option(
    "--peer <host:port>",
    "a peer to dial and keep connected (java-tron's node.active; repeatable)",
    peerAddress,
  )
  .option("--discovery", "find peers by UDP discovery on the P2P port (java-tron's node.discovery.enable)")
  .option(
    "--seed <host:port>",
    "a discovery boot node (java-tron's seed.node.ip.list; implies --discovery; repeatable)",
    peerAddress,
  )
  .option(
    "--trusted-ip <ip>",
    "an IP whose inbound connections skip bans and limits (java-tron's node.passive; repeatable)",
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option(
    "--network-id <n>",
    "the network id both hellos carry (java-tron's node.p2p.version)",
    integer("network id", 0, 2_147_483_647),
  )
  .option(
    "--local-witnesses <list>",
    "with --witnesses N: which of the N witnesses this node holds keys for (0-based, e.g. 0,2), or none for a follower",
    witnessIndexes,
  )
  .option(
    "--need-sync-check",
    "a witness produces only once it has caught up with the network (java-tron's block.needSyncCheck)",
  )
  .option(
    "--event-zmq <port>",
    "publish java-tron's event triggers (every one, no filter) on a ZeroMQ PUB socket on 127.0.0.1:<port> (java-tron's event.subscribe on its native queue; 0 = a free port)",
    integer("event port", 0, 65535),
  )
  .option(
    "--es",
    "start the event subscription configured by a config.conf's event.subscribe (java-tron's --es)",
  )
  .option("--no-console-log", "do not print contracts' console.log lines")
  .option(
    "--fork <url>",
    "fork a live java-tron network (HTTP API, e.g. https://api.trongrid.io or http://10.0.0.5:8090): continue from its head block, fetching its state as it is read",
  )
  .option("--fork-api-key <key>", "the upstream's API key, sent as TRON-PRO-API-KEY (TronGrid); never logged")
  .option(
    "--fork-header <header>",
    'an extra header sent upstream, "Name: value" (repeatable)',
    (value: string, previous: string[] = []) => [...previous, value],
  )
  .option(
    "--fork-rps <n>",
    "upstream requests per second at most (default 10)",
    integer("fork rps", 1, 100_000),
  )
  .option(
    "--fork-block-number <n>",
    "fork at this upstream block instead of the head: only when its fork is in the cache (java-tron keeps no past state)",
    integer("fork block number", 0, Number.MAX_SAFE_INTEGER),
  )
  .option(
    "--fork-cache <dir>",
    "where upstream answers are kept (default: <data dir>/fork-cache, or ~/.cache/tronode/fork in memory)",
  )
  .option("--no-fork-cache", "keep no upstream answers on disk")
  .option(
    "--fork-prefetch <addresses...>",
    "accounts and contracts (Base58 or hex) fetched at start, pinning their state to the fork's start",
  )
  .option(
    "--log-format <format>",
    "pretty (a line per block and transaction, for a person) or json (pino's JSON lines); default: pretty on a terminal, json otherwise",
  )
  .option("-l, --log-level <level>", "trace, debug, info, warn, error or silent", "info")
  .option("-q, --quiet", "do not print the account table");

async function runFullNode(): Promise<void> {
  const o = program.opts();
  /** A flag's value when the user gave it, else the config's (a flag's default must not override the file). */
  const given = <T>(name: string, fromConfig: T): T =>
    program.getOptionValueSource(name) === "cli" ? (o[name] as T) : fromConfig;
  // a block time the slot grid cannot honour is refused, not silently rounded up to 3 s
  if (program.getOptionValueSource("blockTime") === "cli") checkBlockTime(o.blockTime);
  // java-tron's config.conf starts what java-tron starts: a production node on java-tron's ports
  const file = o.config === undefined ? undefined : await readConfigFile(o.config);
  const production = o.dev === false || file?.kind === "java-tron";
  let config = baseConfigOf(production);
  let unused: readonly string[] = [];
  if (file) ({ config, unused } = await applyConfig(config, file, o.dataDir ?? process.cwd(), Boolean(o.es)));
  // --port 0 (what tests ask) also gives the listeners not named a free port
  const freePorts = given("port", config.port) === 0;
  config = {
    ...config,
    port: given("port", config.port),
    host: o.host,
    solidityPort: given("solidityPort", freePorts ? undefined : config.solidityPort),
    pbftPort: given("pbftPort", freePorts ? undefined : config.pbftPort),
    grpcPort: o.grpc === false ? undefined : given("grpcPort", freePorts ? 0 : config.grpcPort),
    grpcSolidityPort:
      o.grpc === false ? undefined : given("grpcSolidityPort", freePorts ? 0 : config.grpcSolidityPort),
    grpcPbftPort:
      o.grpc === false ? undefined : given("grpcPbftPort", freePorts ? undefined : config.grpcPbftPort),
    grpcReflection: Boolean(o.grpcReflection),
    dataDir: o.config && config.dataDir ? config.dataDir : (o.dataDir ?? config.dataDir),
    blockTime: given("blockTime", config.blockTime),
    accounts: given("accounts", config.accounts),
    accountBalance: o.balance ?? config.accountBalance,
    mnemonic: o.mnemonic ?? config.mnemonic,
    accountsFile: o.accountsFile,
    recovery: o.recovery,
    recoveryThreads: o.recoveryThreads ?? config.recoveryThreads,
    maxPendingSize: given("maxPending", config.maxPendingSize),
    historyBalanceLookup: o.historyBalanceLookup ?? config.historyBalanceLookup,
    maintenanceInterval: o.maintenanceInterval ?? config.maintenanceInterval,
    proposalExpireTime: o.proposalExpireTime ?? config.proposalExpireTime,
    witnessCount: o.witnesses ?? config.witnessCount,
    allowKeyOperations: Boolean(o.unsafeKeyOperations),
    dev: !production,
    explorer: o.explorer !== false,
    stateFile: o.state ?? config.stateFile,
    stateInterval: o.stateInterval,
    traceBlocks: o.traceBlocks,
    consoleLog: o.consoleLog !== false,
    logLevel: o.logLevel,
    localWitnessIndexes: o.localWitnesses ?? config.localWitnessIndexes,
    networkId: o.networkId ?? config.networkId,
    needSyncCheck: o.needSyncCheck ?? config.needSyncCheck,
    eventSubscription:
      o.eventZmq !== undefined ? allTriggersSubscription(o.eventZmq) : config.eventSubscription,
    fork: forkConfigOf(o, config.fork),
    p2p:
      o.p2p ||
      o.p2pPort !== undefined ||
      o.p2pHost !== undefined ||
      o.peer !== undefined ||
      o.trustedIp !== undefined ||
      o.discovery !== undefined ||
      o.seed !== undefined
        ? {
            host: o.p2pHost ?? config.p2p?.host ?? "0.0.0.0",
            port: o.p2pPort ?? config.p2p?.port ?? JAVA_TRON_PORTS.p2p,
            peers: o.peer ?? config.p2p?.peers ?? [],
            trustedIps: o.trustedIp ?? config.p2p?.trustedIps ?? [],
            discovery: Boolean(o.discovery || o.seed || config.p2p?.discovery),
            seeds: o.seed ?? config.p2p?.seeds ?? [],
            ...(o.p2pHost !== undefined && o.p2pHost !== "0.0.0.0" ? { advertisedIp: o.p2pHost } : {}),
          }
        : config.p2p,
  };
  if (!["auto", "native", "noble"].includes(config.recovery)) {
    throw new TronodeError("INVALID_CONFIG", "--recovery must be auto, native or noble");
  }
  const format = o.logFormat ?? (process.stdout.isTTY ? "pretty" : "json");
  if (format !== "pretty" && format !== "json") {
    throw new TronodeError("INVALID_CONFIG", "--log-format must be pretty or json");
  }
  const terminal =
    format === "pretty"
      ? new TerminalOutput({
          write: (text) => process.stdout.write(text),
          level: config.logLevel,
          color: process.stdout.isTTY === true,
        })
      : undefined;
  // JSON lines: the banner is one of them too, so that everything on stdout parses
  const json = terminal ? undefined : createJsonOutput(config.logLevel);
  const logger = terminal ?? json!.logger;
  // a key of java-tron's config.conf tronode does not use is said once, never silently ignored
  if (unused.length > 0) logger.warn({ keys: unused }, "config keys tronode does not use");
  const node = await createNode({ ...config, logger, ...(terminal ? { terminal } : {}) });
  if (!o.quiet) {
    if (json) json.banner(bannerRecord(node), "tronode banner");
    else process.stdout.write(bannerText(node));
  }

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing the block in hand and closing the database");
    await node.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

const solidity = program
  .command("solidity")
  .description(
    "A solidity node (java-tron's SolidityNode) in its own process: follows a full node over gRPC " +
      "(Database.GetDynamicProperties / GetBlockByNum), re-applies each solidified block into its own " +
      "store and serves /walletsolidity over HTTP and protocol.WalletSolidity over gRPC. Give it the " +
      "full node's genesis options (--accounts, --balance, --mnemonic, --witnesses, --config).",
  )
  .option("--trust-node <host:port>", "the full node's gRPC address to follow (java-tron's node.trustNode)")
  .option(
    "-p, --port <port>",
    "HTTP port of /walletsolidity",
    integer("port", 0, 65535),
    DEFAULT_SOLIDITY_HTTP_PORT,
  )
  .option("-H, --host <host>", "listen address", "127.0.0.1")
  .option(
    "--grpc-solidity-port <port>",
    "gRPC port of protocol.WalletSolidity + Database (default 50061; a free port with --port 0)",
    integer("grpc solidity port", 0, 65535),
  )
  .option("--no-grpc", "do not serve gRPC")
  .option(
    "-d, --data-dir <dir>",
    "persist the followed chain in LevelDB in this directory (default: in memory)",
  )
  .option(
    "-a, --accounts <n>",
    "the full node's number of development accounts",
    integer("accounts", 0, 1000),
    10,
  )
  .option("--balance <trx>", "the full node's development account balance, in TRX", trxToSun)
  .option("-m, --mnemonic <words>", "the full node's mnemonic")
  .option("-c, --config <file>", "the full node's JSON config file (genesis, chain parameters; trustNode)")
  .option("--witnesses <n>", "the full node's number of genesis witnesses", integer("witnesses", 1, 27))
  .option(
    "--maintenance-interval <seconds>",
    "the full node's maintenance interval",
    integer("maintenance interval", 3, 86_400),
  )
  .option("--history-balance-lookup", "record balance history (default: on in memory, off with --data-dir)")
  .option("--no-history-balance-lookup", "do not record balance history")
  .option("--recovery <kind>", "signature recovery: auto, native or noble", "auto")
  .option(
    "--poll-interval <ms>",
    "milliseconds to wait while the trust node has no new solidified block (java-tron waits as long)",
    integer("poll interval", 10, 600_000),
    SOLIDITY_POLL_INTERVAL_MS,
  )
  .option("-l, --log-level <level>", "trace, debug, info, warn, error or silent", "info");

async function runSolidityNode(): Promise<void> {
  const o = solidity.opts();
  let config: NodeConfig = defaultNodeConfig();
  if (o.config) ({ config } = await withConfigFile(config, o.config, o.dataDir ?? process.cwd()));
  const trustNode: string | undefined = o.trustNode ?? config.trustNode;
  if (trustNode === undefined || !/^[^\s:]+:\d+$|^\[[^\]]+\]:\d+$/.test(trustNode)) {
    throw new TronodeError(
      "INVALID_CONFIG",
      trustNode === undefined
        ? "Trust node is not set: pass --trust-node host:port (the full node's gRPC)"
        : `--trust-node must be host:port, got ${trustNode}`,
    );
  }
  if (!["auto", "native", "noble"].includes(o.recovery)) {
    throw new TronodeError("INVALID_CONFIG", "--recovery must be auto, native or noble");
  }
  const freePorts = o.port === 0;
  const logger = createLogger(o.logLevel);
  const node = await createSolidityNode({
    ...config,
    trustNode,
    port: o.port,
    host: o.host,
    grpcSolidityPort:
      o.grpc === false ? undefined : (o.grpcSolidityPort ?? (freePorts ? 0 : DEFAULT_GRPC_SOLIDITY_PORT)),
    grpcReflection: Boolean(o.grpcReflection),
    dataDir: o.dataDir ?? config.dataDir,
    accounts: o.accounts,
    accountBalance: o.balance ?? config.accountBalance,
    mnemonic: o.mnemonic ?? config.mnemonic,
    witnessCount: o.witnesses ?? config.witnessCount,
    maintenanceInterval: o.maintenanceInterval ?? config.maintenanceInterval,
    historyBalanceLookup: o.historyBalanceLookup ?? config.historyBalanceLookup,
    recovery: o.recovery,
    logLevel: o.logLevel,
    logger,
    pollIntervalMs: o.pollInterval,
    onFatal: (error) => {
      process.stderr.write(`tronode solidity: ${error.message}\n`);
      void node.stop().finally(() => process.exit(1));
    },
  });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "stopping: finishing the block in hand and closing the database");
    await node.stop();
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
}

program.action(runFullNode);
solidity.action(runSolidityNode);

/** TRE's HTTP port, a dev chain's default. */
const TRE_PORT = defaultNodeConfig().port;

/** The HTTP port the node listens on (read from its URL: `--port 0` has it pick a free one). */
function httpPort(node: TronNode): number {
  return Number(/:(\d+)$/.exec(node.url)?.[1] ?? node.config.port);
}

/**
 * The ports of a production node, `/wallet 8090, /walletsolidity 8091, …`, and whether they are
 * all java-tron's (the banner names their origin only then).
 */
function productionPorts(node: TronNode): { text: string; javaTrons: boolean } {
  const ports: [string, number | undefined, number][] = [
    ["/wallet", httpPort(node), JAVA_TRON_PORTS.http],
    ["/walletsolidity", node.config.solidityPort, JAVA_TRON_PORTS.solidityHttp],
    ["/walletpbft", node.config.pbftPort, JAVA_TRON_PORTS.pbftHttp],
    ["P2P", node.p2p?.port, JAVA_TRON_PORTS.p2p],
  ];
  const listening = ports.filter(([, port]) => port !== undefined);
  return {
    text: listening.map(([name, port]) => `${name} ${port}`).join(", "),
    javaTrons: listening.every(([, port, javaTron]) => port === javaTron),
  };
}

/** The port line of the banner: TRE's or java-tron's named only when the port is theirs. */
function portLine(node: TronNode): string {
  if (node.config.dev) {
    const port = httpPort(node);
    return port === TRE_PORT
      ? `dev chain on TRE's port ${port} (--no-dev: java-tron's ports 8090/8091/8092, gRPC 50051/50061)`
      : `dev chain on port ${port}`;
  }
  const { text, javaTrons } = productionPorts(node);
  return `production node on ${javaTrons ? "java-tron's ports" : "ports"}: ${text}`;
}

/** The witnesses the banner lists with their keys: those of a private chain of several. */
function listedWitnesses(node: TronNode): readonly TronNode["witnesses"][number][] {
  return node.witnesses.length > 1 ? node.witnesses : [];
}

/** The start banner for a person (a terminal, or `--log-format pretty`). */
function bannerText(node: TronNode): string {
  const witnesses = listedWitnesses(node);
  const lines = [
    "",
    `tronode ${node.url}  (block time ${node.config.blockTime}s, ${node.config.dataDir ? `data in ${node.config.dataDir}` : "in memory"})`,
    portLine(node),
    ...(node.grpc.full || node.grpc.solidity
      ? [
          `gRPC    ${[
            ...(node.grpc.full ? [`${node.grpc.full} (Wallet, Database)`] : []),
            ...(node.grpc.solidity ? [`${node.grpc.solidity} (WalletSolidity, Database)`] : []),
          ].join("  ")}`,
        ]
      : []),
    ...(node.events ? [`events  ${node.events.endpoint} (ZeroMQ: java-tron's event triggers)`] : []),
    "",
    // a config's genesis (genesis.block.assets) funds its own accounts, not the development ones
    ...(node.config.genesis.assets
      ? [
          "Genesis accounts (from the config; TRX)",
          ...node.config.genesis.assets.map(
            (a, i) =>
              `${String(i).padStart(3)}  ${addressToBase58(a.address)}  ${(a.name ?? "").padEnd(12)} ${a.balance / 1_000_000n}`,
          ),
        ]
      : [
          "Available accounts (TRX balance from genesis)",
          "  #  address                             private key",
          ...node.accounts.map(
            (a, i) => `${String(i).padStart(3)}  ${addressToBase58(a.address)}  ${bytesToHex(a.privateKey)}`,
          ),
          "",
          `Mnemonic: ${node.config.mnemonic}`,
          `HD path:  ${node.config.hdPath}/i`,
        ]),
    "",
    ...(witnesses.length > 0
      ? [
          "Witnesses this node produces for (private key)",
          ...witnesses.map(
            (w, i) => `${String(i).padStart(3)}  ${addressToBase58(w.address)}  ${bytesToHex(w.privateKey)}`,
          ),
          "",
        ]
      : []),
  ];
  return `${lines.join("\n")}\n`;
}

/**
 * The start banner's facts as one JSON record (`--log-format json`, stdout not a terminal): the
 * same facts and the same keys as the text banner, nothing more.
 */
function bannerRecord(node: TronNode): Record<string, unknown> {
  const witnesses = listedWitnesses(node);
  return {
    url: node.url,
    port: httpPort(node),
    dev: node.config.dev,
    ...(node.config.dev || node.config.solidityPort === undefined
      ? {}
      : { solidityPort: node.config.solidityPort }),
    ...(node.config.dev || node.config.pbftPort === undefined ? {} : { pbftPort: node.config.pbftPort }),
    ...(node.config.dev || node.p2p === undefined ? {} : { p2pPort: node.p2p.port }),
    ...(node.grpc.full ? { grpc: node.grpc.full } : {}),
    ...(node.grpc.solidity ? { grpcSolidity: node.grpc.solidity } : {}),
    ...(node.events ? { events: node.events.endpoint } : {}),
    dataDir: node.config.dataDir ?? "memory",
    blockTime: node.config.blockTime,
    ...(node.config.genesis.assets
      ? {
          // balances in sun, as genesis.block.assets gives them
          genesisAccounts: node.config.genesis.assets.map((a) => ({
            address: addressToBase58(a.address),
            ...(a.name === undefined ? {} : { name: a.name }),
            balance: a.balance,
          })),
        }
      : {
          accounts: node.accounts.map((a) => ({
            address: addressToBase58(a.address),
            privateKey: bytesToHex(a.privateKey),
          })),
          mnemonic: node.config.mnemonic,
          hdPath: node.config.hdPath,
        }),
    ...(witnesses.length > 0
      ? {
          witnesses: witnesses.map((w) => ({
            address: addressToBase58(w.address),
            privateKey: bytesToHex(w.privateKey),
          })),
        }
      : {}),
  };
}

program.parseAsync().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`tronode: ${message}\n`);
  process.exit(1);
});
