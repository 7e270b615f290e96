#!/usr/bin/env node
import { addressToBase58, bytesToHex, TronodeError } from "@tronode/engine";
import { Command, InvalidArgumentError } from "commander";
import { applyConfigFile } from "./config/config-file.js";
import { defaultNodeConfig, type NodeConfig } from "./config/node-config.js";
import { createLogger } from "./logger.js";
import { createNode, type TronNode } from "./node.js";

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

function trxToSun(value: string): bigint {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError("balance must be a whole number of TRX");
  return BigInt(value) * 1_000_000n;
}

const program = new Command()
  .name("tronode")
  .description("A TRON-compatible node: java-tron's HTTP API with TRE's development surface.")
  .option("-p, --port <port>", "HTTP port", integer("port", 0, 65535), 9090)
  .option("-H, --host <host>", "HTTP listen address", "127.0.0.1")
  .option(
    "--solidity-port <port>",
    "also serve /walletsolidity on this port (java-tron layout)",
    integer("port", 0, 65535),
  )
  .option("-d, --data-dir <dir>", "persist the chain in LevelDB in this directory (default: in memory)")
  .option(
    "-b, --block-time <seconds>",
    "seconds between blocks; 0 = a block per transaction",
    decimal("block time"),
    3,
  )
  .option("-a, --accounts <n>", "number of funded development accounts", integer("accounts", 0, 1000), 10)
  .option("--balance <trx>", "balance of each development account, in TRX", trxToSun)
  .option("-m, --mnemonic <words>", "mnemonic the development accounts derive from (m/44'/195'/0'/0/i)")
  .option("-c, --config <file>", "JSON config file (genesis, chain parameters, localwitness …)")
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
  .option("-l, --log-level <level>", "trace, debug, info, warn, error or silent", "info")
  .option("-q, --quiet", "do not print the account table");

async function main(): Promise<void> {
  program.parse();
  const o = program.opts();
  let config: NodeConfig = defaultNodeConfig();
  if (o.config) config = await applyConfigFile(config, o.config);
  config = {
    ...config,
    port: o.port,
    host: o.host,
    solidityPort: o.solidityPort,
    dataDir: o.dataDir ?? config.dataDir,
    blockTime: o.blockTime,
    accounts: o.accounts,
    accountBalance: o.balance ?? config.accountBalance,
    mnemonic: o.mnemonic ?? config.mnemonic,
    accountsFile: o.accountsFile,
    recovery: o.recovery,
    recoveryThreads: o.recoveryThreads ?? config.recoveryThreads,
    maxPendingSize: o.maxPending,
    historyBalanceLookup: o.historyBalanceLookup ?? config.historyBalanceLookup,
    maintenanceInterval: o.maintenanceInterval ?? config.maintenanceInterval,
    proposalExpireTime: o.proposalExpireTime ?? config.proposalExpireTime,
    witnessCount: o.witnesses ?? config.witnessCount,
    allowKeyOperations: Boolean(o.unsafeKeyOperations),
    dev: o.dev !== false,
    stateFile: o.state ?? config.stateFile,
    stateInterval: o.stateInterval,
    logLevel: o.logLevel,
  };
  if (!["auto", "native", "noble"].includes(config.recovery)) {
    throw new TronodeError("INVALID_CONFIG", "--recovery must be auto, native or noble");
  }
  const logger = createLogger(config.logLevel);
  const node = await createNode({ ...config, logger });
  if (!o.quiet) printAccounts(node);

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

function printAccounts(node: TronNode): void {
  const lines = [
    "",
    `tronode ${node.url ?? ""}  (block time ${node.config.blockTime}s, ${node.config.dataDir ? `data in ${node.config.dataDir}` : "in memory"})`,
    "",
    "Available accounts (TRX balance from genesis)",
    "  #  address                             private key",
    ...node.accounts.map(
      (a, i) => `${String(i).padStart(3)}  ${addressToBase58(a.address)}  ${bytesToHex(a.privateKey)}`,
    ),
    "",
    ...(node.witnesses.length > 1
      ? [
          "Witnesses this node produces for (private key)",
          ...node.witnesses.map(
            (w, i) => `${String(i).padStart(3)}  ${addressToBase58(w.address)}  ${bytesToHex(w.privateKey)}`,
          ),
          "",
        ]
      : []),
    `Mnemonic: ${node.config.mnemonic}`,
    `HD path:  ${node.config.hdPath}/i`,
    "",
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
}

main().catch((e: unknown) => {
  const message = e instanceof Error ? e.message : String(e);
  process.stderr.write(`tronode: ${message}\n`);
  process.exit(1);
});
