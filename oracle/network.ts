/**
 * The private network both nodes run in the oracle: one genesis, the witnesses and their keys, the
 * funded test accounts and the committee parameters — written once, printed as java-tron's HOCON
 * `config.conf` and as tronode's node config, so the two nodes compute the same genesis block.
 * Every peer list is empty and discovery is off: nothing leaves loopback.
 */

import type { DevAccount } from "@tronode/engine/internal";
import {
  addressOfPrivateKey,
  addressToBase58,
  bytesToHex,
  hexToBytes,
  type PropertyName,
} from "@tronode/engine/internal";
import { createLogger, DEFAULT_MNEMONIC, deriveDevAccounts } from "@tronode/node";

export interface OracleKey {
  readonly privateKey: Uint8Array;
  readonly address: Uint8Array;
}

/** One committee setting: java-tron's config key and the chain property it initialises. */
export interface CommitteeSetting {
  readonly configKey: string;
  readonly property: PropertyName;
  readonly value: bigint;
}

export interface OracleNetwork {
  /** node.p2p.version: both hellos carry it. */
  readonly networkId: number;
  readonly witnesses: readonly (OracleKey & { readonly url: string; readonly voteCount: bigint })[];
  /** Funded accounts with known keys, in genesis order before `Blackhole`. */
  readonly accounts: readonly DevAccount[];
  /** Accounts with known keys that are not in the genesis (scenarios create them). */
  readonly spares: readonly DevAccount[];
  readonly accountBalance: bigint;
  readonly committee: readonly CommitteeSetting[];
  readonly maintenanceIntervalMs: bigint;
  readonly proposalExpireMs: bigint;
}

/** java-tron's stock Blackhole account (its config's fee sink). */
export const BLACKHOLE = "THKrowiEfCe8evdbaBzDDvQjM5DGeB3s3F";

function key(hex: string): OracleKey {
  const privateKey = hexToBytes(hex);
  return { privateKey, address: addressOfPrivateKey(privateKey) };
}

/**
 * The oracle's network: java-tron's test witness key (framework's test config-localtest pairs it
 * with TEDapYSVvAZ3aYH7w8N9tMEEFKaNKUD5Bp), a second witness for the two-producer topology, eight
 * accounts from tronode's development mnemonic, and the committee switches a TRON developer
 * expects on (multi-signature, Stake 2.0, delegation, the market, the TVM through London).
 */
export function defaultOracleNetwork(options: { witnesses?: 1 | 2 } = {}): OracleNetwork {
  const witnesses = [
    {
      ...key("1234567890123456789012345678901234567890123456789012345678901234"),
      url: "http://w1.oracle",
      voteCount: 106n,
    },
    {
      ...key("2234567890123456789012345678901234567890123456789012345678901234"),
      url: "http://w2.oracle",
      voteCount: 105n,
    },
  ];
  return {
    networkId: 4242,
    witnesses: witnesses.slice(0, options.witnesses ?? 1),
    accounts: deriveDevAccounts(DEFAULT_MNEMONIC, 8),
    spares: deriveDevAccounts(DEFAULT_MNEMONIC, 12).slice(8),
    accountBalance: 1_000_000_000_000n,
    committee: [
      { configKey: "allowCreationOfContracts", property: "ALLOW_CREATION_OF_CONTRACTS", value: 1n },
      { configKey: "allowMultiSign", property: "ALLOW_MULTI_SIGN", value: 1n },
      { configKey: "allowSameTokenName", property: "ALLOW_SAME_TOKEN_NAME", value: 1n },
      { configKey: "allowDelegateResource", property: "ALLOW_DELEGATE_RESOURCE", value: 1n },
      { configKey: "allowTvmTransferTrc10", property: "ALLOW_TVM_TRANSFER_TRC10", value: 1n },
      { configKey: "allowTvmConstantinople", property: "ALLOW_TVM_CONSTANTINOPLE", value: 1n },
      { configKey: "allowTvmSolidity059", property: "ALLOW_TVM_SOLIDITY_059", value: 1n },
      { configKey: "allowTvmIstanbul", property: "ALLOW_TVM_ISTANBUL", value: 1n },
      { configKey: "allowTvmLondon", property: "ALLOW_TVM_LONDON", value: 1n },
      { configKey: "allowMarketTransaction", property: "ALLOW_MARKET_TRANSACTION", value: 1n },
      { configKey: "unfreezeDelayDays", property: "UNFREEZE_DELAY_DAYS", value: 1n },
      { configKey: "allowTvmFreeze", property: "ALLOW_TVM_FREEZE", value: 1n },
      { configKey: "allowTvmVote", property: "ALLOW_TVM_VOTE", value: 1n },
      { configKey: "allowTvmCompatibleEvm", property: "ALLOW_TVM_COMPATIBLE_EVM", value: 1n },
      { configKey: "allowTvmShangHai", property: "ALLOW_TVM_SHANGHAI", value: 1n },
      { configKey: "allowTvmCancun", property: "ALLOW_TVM_CANCUN", value: 1n },
      {
        configKey: "allowHigherLimitForMaxCpuTimeOfOneTx",
        property: "ALLOW_HIGHER_LIMIT_FOR_MAX_CPU_TIME_OF_ONE_TX",
        value: 1n,
      },
      {
        configKey: "allowOptimizedReturnValueOfChainId",
        property: "ALLOW_OPTIMIZED_RETURN_VALUE_OF_CHAIN_ID",
        value: 1n,
      },
      { configKey: "allowEnergyAdjustment", property: "ALLOW_ENERGY_ADJUSTMENT", value: 1n },
      { configKey: "allowStrictMath", property: "ALLOW_STRICT_MATH", value: 1n },
      { configKey: "memoFee", property: "MEMO_FEE", value: 1_000_000n },
      { configKey: "changedDelegation", property: "ALLOW_CHANGE_DELEGATION", value: 1n },
    ],
    maintenanceIntervalMs: 60_000n,
    proposalExpireMs: 60_000n,
  };
}

/** The genesis accounts in java-tron's `assets` order. */
export function genesisAssets(network: OracleNetwork) {
  return [
    ...network.accounts.map((a, i) => ({
      name: `Oracle${i}`,
      address: a.address,
      balance: network.accountBalance,
      type: "Normal",
    })),
    {
      name: "Blackhole",
      address: hexToBytes("4177944d19c052b73ee2286823aa83f8138cb7032f"),
      balance: -9_223_372_036_854_775_808n,
      type: "AssetIssue",
    },
  ];
}

export interface JavaTronPorts {
  readonly http: number;
  readonly httpSolidity: number;
  readonly httpPbft: number;
  readonly grpc: number;
  readonly grpcSolidity: number;
  readonly grpcPbft: number;
  readonly p2p: number;
  readonly jsonRpc: number;
}

/**
 * The ports of one java-tron run of the oracle, laid out from its HTTP port (`http` … `http + 2` for
 * /wallet, /walletsolidity, /walletpbft; gRPC 40 below; JSON-RPC 355 above; P2P 699 above), so the
 * runs that may follow each other take bases 100 apart and never collide.
 */
export function javaTronPorts(http: number): JavaTronPorts {
  return {
    http,
    httpSolidity: http + 1,
    httpPbft: http + 2,
    grpc: http - 40,
    grpcSolidity: http - 39,
    grpcPbft: http - 38,
    p2p: http + 699,
    jsonRpc: http + 355,
  };
}

const quote = (s: string) => JSON.stringify(s);

/**
 * java-tron's config.conf for the network: only the keys the oracle sets; java-tron's defaults for
 * the rest. `witnessKeys` are the `localwitness` keys this java-tron holds; `peers` its node.active.
 */
export function javaTronConfig(
  network: OracleNetwork,
  ports: JavaTronPorts,
  options: { witnessKeys: readonly OracleKey[]; peers?: readonly string[] },
): string {
  const assets = genesisAssets(network)
    .map(
      (a) =>
        `    { accountName = ${quote(a.name)}, accountType = ${quote(a.type)}, address = ${quote(addressToBase58(a.address))}, balance = ${quote(String(a.balance))} }`,
    )
    .join("\n");
  const witnesses = network.witnesses
    .map(
      (w) =>
        `    { address = ${quote(addressToBase58(w.address))}, url = ${quote(w.url)}, voteCount = ${w.voteCount} }`,
    )
    .join("\n");
  const list = (items: readonly string[]) => `[${items.map(quote).join(", ")}]`;
  return `# Written by tronode's oracle: a private network on loopback, no discovery, no public peers.
net { type = mainnet }
storage {
  db.directory = "database"
  index.directory = "index"
  db.engine = "LEVELDB"
  balance.history.lookup = true
}
node.discovery = { enable = false, persist = false }
node.backup = { port = ${ports.p2p + 1000}, priority = 8, members = [] }
node {
  trustNode = "127.0.0.1:${ports.grpc}"
  walletExtensionApi = true
  listen.port = ${ports.p2p}
  maxConnections = 30
  minConnections = 0
  minActiveConnections = 0
  maxConnectionsWithSameIp = 10
  active = ${list(options.peers ?? [])}
  passive = []
  fastForward = []
  p2p { version = ${network.networkId} }
  http { fullNodeEnable = true, fullNodePort = ${ports.http}, solidityEnable = true, solidityPort = ${ports.httpSolidity}, PBFTEnable = true, PBFTPort = ${ports.httpPbft} }
  rpc { enable = true, port = ${ports.grpc}, solidityEnable = true, solidityPort = ${ports.grpcSolidity}, PBFTEnable = true, PBFTPort = ${ports.grpcPbft}, minEffectiveConnection = 0 }
  jsonrpc { httpFullNodeEnable = true, httpFullNodePort = ${ports.jsonRpc}, httpSolidityEnable = false, httpPBFTEnable = false }
  dns { treeUrls = [] }
}
seed.node = { ip.list = [] }
genesis.block = {
  assets = [
${assets}
  ]
  witnesses = [
${witnesses}
  ]
  timestamp = "0"
  parentHash = "0x0000000000000000000000000000000000000000000000000000000000000000"
}
localwitness = ${list(options.witnessKeys.map((k) => bytesToHex(k.privateKey)))}
block = { needSyncCheck = false, maintenanceTimeInterval = ${network.maintenanceIntervalMs}, proposalExpireTime = ${network.proposalExpireMs} }
# java-tron's key is spelt this way: the fix-ratio energy limits (and UpdateEnergyLimit) from block 0
enery.limit.block.num = 0
# saveInternalTx: java-tron keeps a contract run's internal transactions in its TransactionInfo (as tronode does)
vm = { supportConstant = true, estimateEnergy = true, saveInternalTx = true, minTimeRatio = 0.0, maxTimeRatio = 5.0 }
committee = {
${network.committee.map((c) => `  ${c.configKey} = ${c.value}`).join("\n")}
}
log.level = { root = "INFO" }
`;
}

/** tronode's node options for the same network (a production node: no development surface). */
export function tronodeOptions(
  network: OracleNetwork,
  options: {
    witnessKeys: readonly OracleKey[];
    p2pPort: number;
    peers: readonly { host: string; port: number }[];
  },
) {
  // a follower holds a key that is no genesis witness: it is never scheduled
  const [first, ...rest] = options.witnessKeys;
  return {
    port: 0,
    grpcPort: 0,
    grpcSolidityPort: 0,
    blockTime: 3,
    dev: false,
    accounts: 0,
    historyBalanceLookup: true,
    networkId: network.networkId,
    maintenanceInterval: Number(network.maintenanceIntervalMs / 1000n),
    proposalExpireTime: Number(network.proposalExpireMs / 1000n),
    witnessPrivateKey: first?.privateKey ?? hexToBytes("77".repeat(32)),
    extraWitnessKeys: rest.map((k) => k.privateKey),
    genesis: {
      timestamp: 0n,
      parentHash: new Uint8Array(32),
      witnessBalance: 0n,
      witnessVotes: 0n,
      witnessUrl: "",
      accounts: [],
      witnesses: network.witnesses.map((w) => ({ address: w.address, url: w.url, voteCount: w.voteCount })),
      assets: genesisAssets(network),
      parameters: {
        ...Object.fromEntries(network.committee.map((c) => [c.property, c.value])),
        ENERGY_LIMIT_BLOCK_NUM: 0n,
      },
    },
    p2p: {
      host: "127.0.0.1",
      port: options.p2pPort,
      peers: options.peers,
      trustedIps: ["127.0.0.1"],
      discovery: false,
      seeds: [],
    },
  };
}

/**
 * tronode's options as a follower of the java-tron on `ports` (no witness key, its P2P port its only
 * peer); TRONODE_ORACLE_LOG=<level> makes it log (a refused block says why).
 */
export function followerOptions(network: OracleNetwork, ports: JavaTronPorts) {
  return {
    ...tronodeOptions(network, {
      witnessKeys: [],
      p2pPort: 0,
      peers: [{ host: "127.0.0.1", port: ports.p2p }],
    }),
    ...oracleLogging(),
  };
}

/** The logger TRONODE_ORACLE_LOG asks for, as node options (none when it is unset). */
export function oracleLogging() {
  return process.env.TRONODE_ORACLE_LOG ? { logger: createLogger(process.env.TRONODE_ORACLE_LOG) } : {};
}
