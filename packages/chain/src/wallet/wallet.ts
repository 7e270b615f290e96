import { equals } from "@bufbuild/protobuf";
import {
  type Account,
  accountIdIndexKey,
  addTransactionSign,
  allWitnessAddresses,
  type Block,
  type BroadcastResult,
  type BuildOptions,
  blockId,
  bytesEqual,
  CHAIN_PARAMETERS,
  type ChainParameterEntry,
  ChainProperties,
  type Clock,
  CONTRACT_PARAMETER_SCHEMAS,
  type ContractType,
  type CoreQueries,
  contractTypeName,
  decode,
  type ForkInfo,
  isExecutableContractType,
  type MetricsInfo,
  type NetworkSummary,
  type NodeAddress,
  type NodeInfoSummary,
  PENDING_BLOCK_NUMBER,
  packContract,
  type ReadScope,
  ResponseCode,
  type StateView,
  Tables,
  type Transaction,
  type TransactionApprovedListResult,
  type TransactionInfo,
  type TransactionSignWeightResult,
  TronodeError,
  transactionApprovedList,
  transactionId,
  transactionSignWeight,
  utf8Decode,
  validateNewContract,
  type Witness,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";
import type { ConsoleLogPrinter } from "../dev/console-log-printer.js";
import { accountAsReported } from "./account-report.js";
import { consoleCallsOf } from "./console-calls.js";
import { createMachineInfo } from "./machine-info.js";
import { newTransaction } from "./new-transaction.js";

/** java-tron's limits on block range reads. */
const BLOCK_LIMIT_NUM = 100n;

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** What the Wallet reads and reports: the chain, its clock, the node's versions and ports, and its hooks. */
export interface WalletOptions {
  readonly chain: ChainService;
  readonly clock: Clock;
  readonly codeVersion: string;
  readonly p2pVersion: string;
  readonly listenPort: number;
  readonly startedAt: bigint;
  /** Called after a broadcast was accepted (the producer mines at once in instamine mode). */
  readonly afterBroadcast?: () => Promise<void>;
  /** The node's P2P network, when it is networked (broadcasts then need a synced peer). */
  readonly network?: WalletNetwork;
  /** java-tron's trx.expiration.timeInMilliseconds for the transactions the node builds. */
  readonly expirationMs?: bigint;
  /** java-tron's node.rpc.minEffectiveConnection (default 1; 0 = broadcast without peers). */
  readonly minEffectiveConnection?: number;
  /** The node's statistics now (getstatsinfo). */
  readonly statistics: () => MetricsInfo;
  /** Prints the console.log lines of accepted transactions in the node's output. */
  readonly consoleLog?: ConsoleLogPrinter;
  /** A forked chain's origin, for getnodeinfo. */
  readonly forkInfo?: () => ForkInfo | undefined;
}

/** What the wallet needs from the P2P network. */
export interface WalletNetwork {
  /** Connected peers (java-tron's getActivePeer). */
  peerCount(): number;
  /** Peers with both sync flags false (effective connections). */
  syncedPeerCount(): number;
  /** Announces an accepted transaction; how many peers it went to. */
  broadcast(tx: Transaction): number;
  summary(): NetworkSummary;
  nodes(): readonly NodeAddress[];
}

/** java-tron's node.rpc.minEffectiveConnection default. */
export const DEFAULT_MIN_EFFECTIVE_CONNECTION = 1;

/** Accounts whose getaccount report is kept between state changes. */
const REPORT_CACHE_SIZE = 10_000;

/** java-tron's Wallet over a running chain (core operations): reads by scope, builders, broadcast, multi-signature. */
export class Wallet implements CoreQueries {
  readonly #reports = new Map<string, { version: number; report: Account | undefined }>();

  readonly #machine = createMachineInfo();

  #network: WalletNetwork | undefined;
  #listenPort: number;

  constructor(private readonly options: WalletOptions) {
    this.#network = options.network;
    this.#listenPort = options.listenPort;
  }

  /** The P2P network the node joined (broadcasts then need synced peers), and its listen port. */
  attachNetwork(network: WalletNetwork, listenPort?: number): void {
    this.#network = network;
    if (listenPort !== undefined) this.#listenPort = listenPort;
  }

  get #chain(): ChainService {
    return this.options.chain;
  }

  #view(scope: ReadScope): StateView {
    return this.#chain.viewOf(scope);
  }

  #props(scope: ReadScope): ChainProperties {
    return new ChainProperties(this.#view(scope));
  }

  /** Highest block number readable in a scope (solid = the solidified block). */
  #topBlock(scope: ReadScope): bigint {
    const props = this.#props("head");
    return scope === "head" ? props.headNumber : props.solidifiedNumber;
  }

  async getNowBlock(scope: ReadScope): Promise<Block> {
    const block = await this.getBlockByNum(this.#topBlock(scope), scope);
    if (!block) throw new TronodeError("BLOCK_MISSING", "head block is missing from the store");
    return block;
  }

  async getBlockByNum(num: bigint, scope: ReadScope): Promise<Block | undefined> {
    if (num < 0n || num > this.#topBlock(scope)) return undefined;
    return this.#chain.store.read(Tables.blocks, num);
  }

  async getBlockById(id: Uint8Array, scope: ReadScope): Promise<Block | undefined> {
    const num = await this.#chain.store.read(Tables.blockIndex, id);
    if (num === undefined) return undefined;
    return this.getBlockByNum(num, scope);
  }

  async getBlocksByLimitNext(start: bigint, end: bigint, scope: ReadScope): Promise<Block[]> {
    if (start < 0n || end <= start || end - start > BLOCK_LIMIT_NUM) return [];
    const blocks: Block[] = [];
    const top = this.#topBlock(scope);
    for (let n = start; n < end && n <= top; n++) {
      const b = await this.#chain.store.read(Tables.blocks, n);
      if (b) blocks.push(b);
    }
    return blocks;
  }

  async getBlocksByLatestNum(count: bigint, scope: ReadScope): Promise<Block[]> {
    if (count <= 0n || count >= BLOCK_LIMIT_NUM) return [];
    const top = this.#topBlock(scope);
    const start = top - count + 1n < 0n ? 0n : top - count + 1n;
    return this.getBlocksByLimitNext(start, top + 1n, scope);
  }

  blockIdOf(block: Block): Uint8Array {
    return blockId(block);
  }

  async getTransactionById(id: Uint8Array, scope: ReadScope): Promise<Transaction | undefined> {
    const num = await this.#chain.store.read(Tables.transactionIndex, id);
    if (num === undefined || num === PENDING_BLOCK_NUMBER) {
      return scope === "head" ? this.#chain.pendingTransaction(id) : undefined;
    }
    const block = await this.getBlockByNum(num, scope);
    return block?.transactions.find((tx) => bytesEqual(transactionId(tx), id));
  }

  async getTransactionInfoById(id: Uint8Array, scope: ReadScope): Promise<TransactionInfo | undefined> {
    const info = await this.#chain.store.read(Tables.transactionInfos, id);
    if (!info || info.blockNumber > this.#topBlock(scope)) return undefined;
    return info;
  }

  async getTransactionCountByBlockNum(num: bigint, scope: ReadScope): Promise<number> {
    const block = await this.getBlockByNum(num, scope);
    return block ? block.transactions.length : 0;
  }

  async getTransactionInfoByBlockNum(num: bigint, scope: ReadScope): Promise<TransactionInfo[]> {
    const block = await this.getBlockByNum(num, scope);
    if (!block) return [];
    const infos: TransactionInfo[] = [];
    for (const tx of block.transactions) {
      const info = await this.#chain.store.read(Tables.transactionInfos, transactionId(tx));
      if (info) infos.push(info);
    }
    return infos;
  }

  async getAccount(address: Uint8Array, scope: ReadScope): Promise<Account | undefined> {
    // The same report object while the state is unchanged, so transports can cache its printing.
    const key = `${scope}:${String.fromCharCode(...address)}`;
    const version = this.#chain.stateVersion;
    const cached = this.#reports.get(key);
    if (cached?.version === version) return cached.report;
    const stored = this.#view(scope).get(Tables.accounts, address);
    const report = stored ? accountAsReported(this.#props(scope), stored) : undefined;
    if (this.#reports.size >= REPORT_CACHE_SIZE) this.#reports.clear();
    this.#reports.set(key, { version, report });
    return report;
  }

  async getAccountById(accountId: Uint8Array, scope: ReadScope): Promise<Account | undefined> {
    const view = this.#view(scope);
    const address = view.get(Tables.accountIdIndex, accountIdIndexKey(accountId));
    const stored = address ? view.get(Tables.accounts, address) : undefined;
    // Wallet.getAccountById: getAccount's report without the frozenV2 rebuild
    return stored ? accountAsReported(this.#props(scope), stored, { sortFrozenV2: false }) : undefined;
  }

  async createTransaction(
    type: ContractType,
    parameter: unknown,
    options: BuildOptions = {},
  ): Promise<Transaction> {
    const schema = CONTRACT_PARAMETER_SCHEMAS.get(type);
    if (!schema || !isExecutableContractType(type)) {
      throw new TronodeError("NOT_SUPPORTED", `${contractTypeName(type)} is not supported by tronode yet`, {
        javaClass: "org.tron.core.exception.ContractValidateException",
      });
    }
    const contract = packContract(type, parameter as never, options.permissionId ?? 0);
    if (options.encodedContract && contract.parameter) {
      const same = equals(
        schema,
        decode(schema, options.encodedContract),
        decode(schema, contract.parameter.value),
      );
      if (same) contract.parameter.value = options.encodedContract;
    }
    validateNewContract(this.#chain.headView, contract);
    return newTransaction(this.#chain, this.options.clock, contract, {
      ...(options.data ? { data: options.data } : {}),
      ...(this.options.expirationMs === undefined ? {} : { expirationMs: this.options.expirationMs }),
    });
  }

  async broadcastTransaction(tx: Transaction): Promise<BroadcastResult> {
    const txId = transactionId(tx);
    const network = this.#network;
    // Wallet.broadcastTransaction: a networked node needs minEffectiveConnection synced peers (0: none)
    const minEffective = this.options.minEffectiveConnection ?? DEFAULT_MIN_EFFECTIVE_CONNECTION;
    if (network && minEffective !== 0) {
      if (network.peerCount() === 0) {
        return { result: false, code: ResponseCode.NO_CONNECTION, message: "No connection.", txId };
      }
      const effective = network.syncedPeerCount();
      if (effective < minEffective) {
        return {
          result: false,
          code: ResponseCode.NOT_ENOUGH_EFFECTIVE_CONNECTION,
          message: `Effective connection:${effective} lt minEffectiveConnection:${minEffective}`,
          txId,
        };
      }
    }
    let outcome: Awaited<ReturnType<ChainService["push"]>>;
    try {
      outcome = await this.#chain.push(tx);
    } catch (e) {
      if (e instanceof TronodeError) return { result: false, code: e.code, message: e.message, txId };
      throw e;
    }
    if (network && network.broadcast(outcome.transaction) === 0 && minEffective !== 0) {
      return {
        result: false,
        code: ResponseCode.NOT_ENOUGH_EFFECTIVE_CONNECTION,
        message: "P2P broadcast failed.",
        txId,
      };
    }
    // printed before an instamine block, which shows them under the transaction's line
    const consoleCalls = consoleCallsOf(outcome.contractRun?.internalTransactions ?? []);
    this.options.consoleLog?.print({ kind: "transaction", txId }, consoleCalls);
    await this.options.afterBroadcast?.();
    return {
      result: true,
      code: "SUCCESS",
      message: "",
      txId,
      ...(consoleCalls.length > 0 ? { consoleCalls } : {}),
    };
  }

  async getTransactionSignWeight(tx: Transaction): Promise<TransactionSignWeightResult> {
    const view = this.#chain.headView;
    return transactionSignWeight(view, new ChainProperties(view), tx, this.#chain.recoverer);
  }

  async getTransactionApprovedList(tx: Transaction): Promise<TransactionApprovedListResult> {
    const view = this.#chain.headView;
    return transactionApprovedList(view, new ChainProperties(view), tx, this.#chain.recoverer);
  }

  async addTransactionSign(tx: Transaction, privateKey: Uint8Array): Promise<Transaction> {
    const view = this.#chain.headView;
    return addTransactionSign(view, new ChainProperties(view), tx, privateKey, this.#chain.recoverer);
  }

  async getChainParameters(): Promise<ChainParameterEntry[]> {
    const props = this.#props("head");
    return CHAIN_PARAMETERS.map((p) => {
      let value = props.get(p.name);
      if (p.name === "ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO") value /= 1440n;
      return { key: p.key, value };
    });
  }

  async listWitnesses(scope: ReadScope): Promise<Witness[]> {
    // WitnessStore.getAllWitnesses: every witness, in key (address) order, as the scope sees them.
    const view = this.#view(scope);
    return allWitnessAddresses(new ChainProperties(view))
      .map((address) => view.get(Tables.witnesses, address))
      .filter((w): w is Witness => w !== undefined)
      .sort((a, b) => compareBytes(a.address, b.address));
  }

  async getNextMaintenanceTime(): Promise<bigint> {
    return this.#props("head").get("NEXT_MAINTENANCE_TIME");
  }

  async getBandwidthPrices(): Promise<string> {
    return utf8Decode(this.#props("head").getBytes("BANDWIDTH_PRICE_HISTORY"));
  }

  async getEnergyPrices(): Promise<string> {
    return utf8Decode(this.#props("head").getBytes("ENERGY_PRICE_HISTORY"));
  }

  async getMemoFee(): Promise<string> {
    return utf8Decode(this.#props("head").getBytes("MEMO_FEE_HISTORY"));
  }

  async getBurnTrx(scope: ReadScope): Promise<bigint> {
    return this.#props(scope).get("BURN_TRX_AMOUNT");
  }

  async totalTransaction(): Promise<bigint> {
    return this.#props("head").get("TOTAL_TRANSACTION_COUNT");
  }

  async getPendingSize(): Promise<number> {
    return this.#chain.pendingSize;
  }

  async getTransactionFromPending(id: Uint8Array): Promise<Transaction | undefined> {
    return this.#chain.pendingTransaction(id);
  }

  async getTransactionListFromPending(): Promise<Uint8Array[]> {
    return this.#chain.pendingIds();
  }

  async getNodeInfo(): Promise<NodeInfoSummary> {
    const props = this.#chain.properties;
    const solidNumber = props.solidifiedNumber;
    const solid = await this.#chain.store.read(Tables.blocks, solidNumber);
    return {
      headNumber: props.headNumber,
      headId: props.headBlockId,
      solidNumber,
      solidId: solid ? blockId(solid) : new Uint8Array(32),
      codeVersion: this.options.codeVersion,
      p2pVersion: this.options.p2pVersion,
      listenPort: this.#listenPort,
      startedAt: this.options.startedAt,
      allowCreationOfContracts: props.get("ALLOW_CREATION_OF_CONTRACTS"),
      allowAdaptiveEnergy: props.get("ALLOW_ADAPTIVE_ENERGY"),
      ...(this.#network ? { network: this.#network.summary() } : {}),
      machine: this.#machine(),
      ...(this.options.forkInfo?.() === undefined ? {} : { fork: this.options.forkInfo()! }),
    };
  }

  async listNodes(): Promise<readonly NodeAddress[]> {
    return this.#network?.nodes() ?? [];
  }

  async getStatsInfo(): Promise<MetricsInfo> {
    return this.options.statistics();
  }
}
