/**
 * A small in-memory WalletApi / DevApi for unit-testing the transport: four blocks (block 2 holds one
 * signed transfer), two accounts, a pending pool, and builders/broadcast with a couple of
 * java-tron-shaped failures. Not a chain: nothing is validated beyond what the tests need.
 */
import { create, toBinary } from "@bufbuild/protobuf";
import {
  type Account,
  AccountSchema,
  addressOfPrivateKey,
  type Block,
  BlockSchema,
  type BroadcastResult,
  type BuildOptions,
  blockId,
  bytesEqual,
  bytesToHex,
  CONTRACT_PARAMETER_SCHEMAS,
  ContractType,
  checkAccountIdentifier,
  checkBlockIdentifier,
  createNobleRecoverer,
  DecryptNotesMarkedSchema,
  DecryptNotesSchema,
  DecryptNotesTRC20Schema,
  DelegatedResourceAccountIndexSchema,
  type DevAccount,
  type DevApi,
  illegalArgument,
  itemNotFound,
  JavaExceptions,
  MarketOrderListSchema,
  MarketOrderPairListSchema,
  MarketPriceListSchema,
  MetricsInfoSchema,
  NoteSchema,
  Permission_PermissionType,
  PermissionSchema,
  packContract,
  type ReadScope,
  SpendResultSchema,
  shielded,
  signHash,
  signTransaction,
  type Transaction,
  type TransactionApprovedListResult,
  type TransactionInfo,
  TransactionInfoSchema,
  TransactionSchema,
  type TransactionSignWeightResult,
  TronodeError,
  transactionId,
  type WalletApi,
  WitnessSchema,
} from "@tronode/engine/internal";

export function keyOf(n: number): Uint8Array {
  const key = new Uint8Array(32);
  new DataView(key.buffer).setUint32(28, n);
  return key;
}

export const WITNESS_KEY = keyOf(1);
export const WITNESS = addressOfPrivateKey(WITNESS_KEY);
export const ALICE_KEY = keyOf(2);
export const ALICE = addressOfPrivateKey(ALICE_KEY);
export const BOB_KEY = keyOf(3);
export const BOB = addressOfPrivateKey(BOB_KEY);
/** Above 2^53: must print exactly. */
export const WITNESS_BALANCE = 99_000_000_000_000_001n;
export const GENESIS_TIME = 1_700_000_000_000n;

/**
 * The fake's multi-signature permission (every transaction is weighed against it): Alice's active
 * permission 2, keys Alice (weight 1) and Bob (weight 2), threshold 2.
 */
export const FAKE_PERMISSION = create(PermissionSchema, {
  type: Permission_PermissionType.Active,
  id: 2,
  permissionName: "pair",
  threshold: 2n,
  operations: new Uint8Array(32).fill(0xff),
  keys: [
    { address: ALICE, weight: 1n },
    { address: BOB, weight: 2n },
  ],
});

const fakeRecoverer = createNobleRecoverer();

function transferTx(
  from: Uint8Array,
  to: Uint8Array,
  amount: bigint,
  key: Uint8Array,
  timestamp: bigint,
): Transaction {
  const tx = create(TransactionSchema, {
    rawData: {
      refBlockBytes: new Uint8Array([0, 1]),
      refBlockHash: new Uint8Array(8).fill(7),
      expiration: timestamp + 60_000n,
      timestamp,
      contract: [packContract(ContractType.TransferContract, { ownerAddress: from, toAddress: to, amount })],
    },
  });
  tx.signature = [signHash(transactionId(tx), key)];
  return tx;
}

function makeBlock(num: bigint, parent: Uint8Array, transactions: Transaction[]): Block {
  return create(BlockSchema, {
    blockHeader: {
      rawData: {
        number: num,
        timestamp: GENESIS_TIME + num * 3_000n,
        parentHash: parent,
        witnessAddress: WITNESS,
        version: 32,
        txTrieRoot: new Uint8Array(32),
      },
      witnessSignature: new Uint8Array(65).fill(9),
    },
    transactions,
  });
}

export interface FakeWallet extends WalletApi {
  readonly blocks: Block[];
  readonly transfer: Transaction;
  readonly broadcasts: Transaction[];
  readonly builds: {
    type: ContractType;
    parameter: unknown;
    options: BuildOptions | undefined;
    built?: Transaction;
  }[];
  readonly pending: Transaction[];
  /** Transactions passed to getTransactionSignWeight / getTransactionApprovedList / addTransactionSign. */
  readonly weighed: Transaction[];
  /** Answers the next getTransactionSignWeight / getTransactionApprovedList call with this. */
  signWeightAnswer?: TransactionSignWeightResult;
  approvedListAnswer?: TransactionApprovedListResult;
  failNextWith?: unknown;
}

export function createFakeWallet(): FakeWallet {
  const transfer = transferTx(ALICE, BOB, 1_000n, ALICE_KEY, GENESIS_TIME + 6_000n);
  const blocks: Block[] = [];
  let parent: Uint8Array = new Uint8Array(32);
  for (let n = 0n; n < 4n; n++) {
    const block = makeBlock(n, parent, n === 2n ? [transfer] : []);
    blocks.push(block);
    parent = blockId(block);
  }
  const info: TransactionInfo = create(TransactionInfoSchema, {
    id: transactionId(transfer),
    blockNumber: 2n,
    blockTimeStamp: GENESIS_TIME + 6_000n,
    fee: 100_000n,
    contractAddress: WITNESS,
    log: [{ address: WITNESS.subarray(1), topics: [new Uint8Array(32)], data: new Uint8Array([1]) }],
  });
  const accounts = new Map<string, Account>([
    [
      Buffer.from(WITNESS).toString("hex"),
      create(AccountSchema, {
        address: WITNESS,
        balance: WITNESS_BALANCE,
        accountName: new TextEncoder().encode("Zion"),
        assetIssuedID: new TextEncoder().encode("1000001"),
      }),
    ],
    [
      Buffer.from(ALICE).toString("hex"),
      create(AccountSchema, {
        address: ALICE,
        balance: 1_000_000n,
        accountId: new TextEncoder().encode("alice_id"),
      }),
    ],
  ]);
  const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
  const head = (scope: ReadScope) => blocks[scope === "solid" ? blocks.length - 2 : blocks.length - 1]!;
  const inScope = (num: bigint, scope: ReadScope) => num <= (head(scope).blockHeader?.rawData?.number ?? 0n);
  const scoped = (scope: ReadScope) => blocks.filter((_, n) => inScope(BigInt(n), scope));
  const zenReader = (scope: ReadScope): shielded.ZenChainReader => ({
    blockNumberOf: async (id) => {
      const n = scoped(scope).findIndex((b) =>
        b.transactions.some((tx) => bytesEqual(transactionId(tx), id)),
      );
      return BigInt(n);
    },
    treeAfterBlock: async (n) => {
      if (n <= 0n) throw shielded.treeIndexNotFound(n);
      return new shielded.IncrementalMerkleTree();
    },
    block: async (n) => blocks[Number(n)]!,
    headNumber: async () => BigInt(scoped(scope).length - 1),
    isNullifierRecorded: async () => false,
  });
  const pending: Transaction[] = [];
  const broadcasts: Transaction[] = [];
  const builds: FakeWallet["builds"] = [];
  const weighed: Transaction[] = [];
  const signersOf = (tx: Transaction) =>
    tx.signature.map((sig) => fakeRecoverer.recoverAddress(transactionId(tx), sig));
  const weightOf = (address: Uint8Array) =>
    FAKE_PERMISSION.keys.find((k) => bytesEqual(k.address, address))?.weight ?? 0n;

  const wallet: FakeWallet = {
    blocks,
    transfer,
    broadcasts,
    builds,
    pending,
    weighed,
    async getNowBlock(scope) {
      maybeFail();
      return head(scope);
    },
    async getBlockByNum(num, scope) {
      return inScope(num, scope) ? blocks[Number(num)] : undefined;
    },
    async getBlockById(id, scope) {
      return blocks.find(
        (block) => hex(blockId(block)) === hex(id) && inScope(block.blockHeader!.rawData!.number, scope),
      );
    },
    async getBlocksByLimitNext(start, end, scope) {
      return blocks.filter((block) => {
        const num = block.blockHeader!.rawData!.number;
        return num >= start && num < end && inScope(num, scope);
      });
    },
    async getBlocksByLatestNum(count, scope) {
      const top = head(scope).blockHeader!.rawData!.number;
      return blocks.filter(
        (block) =>
          block.blockHeader!.rawData!.number > top - count &&
          inScope(block.blockHeader!.rawData!.number, scope),
      );
    },
    blockIdOf: (block) => blockId(block),
    async getTransactionById(id) {
      return hex(id) === hex(transactionId(transfer)) ? transfer : undefined;
    },
    async getTransactionInfoById(id) {
      return hex(id) === hex(transactionId(transfer)) ? info : undefined;
    },
    async getTransactionCountByBlockNum(num) {
      return blocks[Number(num)]?.transactions.length ?? 0;
    },
    async getTransactionInfoByBlockNum(num) {
      return num === 2n ? [info] : [];
    },
    async getAccount(address) {
      maybeFail();
      return accounts.get(hex(address));
    },
    async getAccountById(accountId) {
      return [...accounts.values()].find((account) => hex(account.accountId) === hex(accountId));
    },
    async getAccountNet(address) {
      if (!accounts.has(hex(address))) return undefined;
      return {
        freeNetUsed: 0n,
        freeNetLimit: 1_500n,
        netUsed: 0n,
        netLimit: 0n,
        totalNetLimit: 43_200_000_000n,
        totalNetWeight: 0n,
      };
    },
    async getAccountResource(address) {
      if (!accounts.has(hex(address))) return undefined;
      return {
        freeNetUsed: 10n,
        freeNetLimit: 1_500n,
        netUsed: 0n,
        netLimit: 0n,
        totalNetLimit: 43_200_000_000n,
        totalNetWeight: 0n,
        totalTronPowerWeight: 0n,
        tronPowerUsed: 0n,
        tronPowerLimit: 0n,
        energyUsed: 0n,
        energyLimit: 0n,
        totalEnergyLimit: 90_000_000_000n,
        totalEnergyWeight: 0n,
      };
    },
    // Staking reads: the fake has no stakes; the real answers are tested end to end.
    async getDelegatedResource() {
      return [];
    },
    async getDelegatedResourceV2() {
      return [];
    },
    async getDelegatedResourceAccountIndex(address) {
      return create(DelegatedResourceAccountIndexSchema, { account: address });
    },
    async getDelegatedResourceAccountIndexV2(address) {
      return create(DelegatedResourceAccountIndexSchema, { account: address });
    },
    async getCanDelegatedMaxSize() {
      return 0n;
    },
    async getAvailableUnfreezeCount(owner) {
      return accounts.has(hex(owner)) ? 32n : undefined;
    },
    async getCanWithdrawUnfreezeAmount(owner, timestamp) {
      return accounts.has(hex(owner)) && timestamp >= 0n ? 0n : undefined;
    },
    // Balance history: the fake keeps none (the real one is tested end to end); java-tron's checks.
    async getBlockBalance(identifier) {
      checkBlockIdentifier(identifier);
      const block = blocks[Number(identifier.number)];
      if (!block) throw itemNotFound(`number: ${identifier.number} is not found!`);
      if (hex(blockId(block)) !== hex(identifier.hash)) throw illegalArgument("number and hash do not match");
      throw itemNotFound("This block does not exist");
    },
    async getAccountBalance(request) {
      checkAccountIdentifier(request.accountIdentifier);
      checkBlockIdentifier(request.blockIdentifier);
      throw itemNotFound("historyBalanceLookup is off: this node keeps no balance history");
    },
    async getBrokerage() {
      return 20n;
    },
    async getReward() {
      return 0n;
    },
    async getPaginatedNowWitnessList() {
      return [];
    },
    async getProposalById() {
      return undefined;
    },
    async listProposals() {
      return [];
    },
    async getPaginatedProposalList() {
      return undefined;
    },
    async getMarketOrderById() {
      return undefined;
    },
    async getMarketOrderByAccount() {
      return undefined;
    },
    async getMarketPriceByPair() {
      return create(MarketPriceListSchema);
    },
    async getMarketOrderListByPair() {
      return create(MarketOrderListSchema);
    },
    async getMarketPairList() {
      return create(MarketOrderPairListSchema);
    },
    async getAssetIssueByAccount() {
      return [];
    },
    async getAssetIssueByName() {
      return undefined;
    },
    async getAssetIssueListByName() {
      return [];
    },
    async getAssetIssueById() {
      return undefined;
    },
    async getAssetIssueList() {
      return [];
    },
    async getPaginatedAssetIssueList() {
      return undefined;
    },
    async getExchangeById() {
      return undefined;
    },
    async listExchanges() {
      return [];
    },
    async getPaginatedExchangeList() {
      return undefined;
    },
    // The shielded operations on the engine's pure functions, with fixed "randomness".
    async getSpendingKey() {
      return shielded.spendingKeyFromRandom(new Uint8Array(32).fill(0x11));
    },
    async getExpandedSpendingKey(sk) {
      return shielded.expandedSpendingKeyOf(sk);
    },
    async getAkFromAsk(ask) {
      return shielded.akOf(ask);
    },
    async getNkFromNsk(nsk) {
      return shielded.nkOf(nsk);
    },
    async getIncomingViewingKey(ak, nk) {
      return shielded.ivkOf(ak, nk);
    },
    async getDiversifier() {
      return shielded.defaultDiversifier(new Uint8Array(32).fill(0x11));
    },
    async getZenPaymentAddress(ivk, d) {
      return shielded.paymentAddressMessageOf(ivk, d);
    },
    async getRcm() {
      return shielded.rcmFromRandom(new Uint8Array(64).fill(0x22));
    },
    async getNewShieldedAddress() {
      const sk = shielded.spendingKeyFromRandom(new Uint8Array(32).fill(0x11));
      return shielded.shieldedAddressInfoOf(sk, shielded.defaultDiversifier(sk));
    },
    async createSpendAuthSig(ask, alpha, txHash) {
      return shielded.spendAuthSigOf(ask, alpha, txHash, new Uint8Array(80).fill(0x33));
    },
    async getShieldedSupport() {
      return { shieldedTransaction: false, shieldedTrc20Transaction: false };
    },
    async createShieldNullifier(params) {
      return shielded.createShieldNullifier(params);
    },
    async getShieldTransactionHash(tx) {
      return shielded.shieldTransactionHashOf(tx);
    },
    async getTriggerInputForShieldedTrc20Contract(params) {
      return shielded.triggerInputForShieldedTrc20(params);
    },
    // The note scans over the fake's blocks (none holds a shielded transfer, nor any log).
    async scanNoteByIvk(p, scope) {
      const notes = shielded.scanZenNotesByIvk(p.startBlockIndex, p.endBlockIndex, scoped(scope), p.ivk);
      return create(DecryptNotesSchema, { noteTxs: notes.map((n) => ({ ...n, txid: n.txId })) });
    },
    async scanAndMarkNoteByIvk(p, scope) {
      const notes = await shielded.scanAndMarkZenNotesByIvk(
        p.startBlockIndex,
        p.endBlockIndex,
        scoped(scope),
        p.ivk,
        p.ak,
        p.nk,
        zenReader(scope),
      );
      return create(DecryptNotesMarkedSchema, { noteTxs: notes.map((n) => ({ ...n, txid: n.txId })) });
    },
    async scanNoteByOvk(p, scope) {
      const notes = shielded.scanZenNotesByOvk(p.startBlockIndex, p.endBlockIndex, scoped(scope), p.ovk);
      return create(DecryptNotesSchema, { noteTxs: notes.map((n) => ({ ...n, txid: n.txId })) });
    },
    async getMerkleTreeVoucherInfo(request, scope) {
      return shielded.voucherInfoMessageOf(await shielded.zenMerkleVouchers(request, zenReader(scope)));
    },
    async isSpend(p, scope) {
      const result = await shielded.isZenNoteSpent(
        { note: p.note, ak: p.ak, nk: p.nk, txId: p.txid, index: p.index },
        zenReader(scope),
      );
      return create(SpendResultSchema, result);
    },
    async scanShieldedTrc20NotesByIvk(p) {
      shielded.checkScanRange(p.startBlockIndex, p.endBlockIndex);
      return create(DecryptNotesTRC20Schema, {});
    },
    async scanShieldedTrc20NotesByOvk(p) {
      shielded.checkScanRange(p.startBlockIndex, p.endBlockIndex);
      return create(DecryptNotesTRC20Schema, {});
    },
    // The fake chain has no contract: the constant call fails as java-tron's does for a missing one.
    async isShieldedTrc20ContractNoteSpent(p) {
      return shielded.isShieldedTrc20NoteSpent(
        p.note ?? create(NoteSchema),
        p.position,
        p.ak,
        p.nk,
        async () => {
          throw shielded.nullifierCallFailed();
        },
      );
    },
    // Contracts: the fake chain has none.
    async getContract() {
      return undefined;
    },
    async getContractInfo() {
      return undefined;
    },
    async deployContract(input) {
      return wallet.createTransaction(ContractType.CreateSmartContract, input.contract);
    },
    async triggerSmartContract() {
      throw new TronodeError("CONTRACT_VALIDATE_ERROR", "No contract or not a valid smart contract", {
        javaClass: JavaExceptions.contractValidate,
      });
    },
    async triggerConstantContract() {
      throw new TronodeError("CONTRACT_VALIDATE_ERROR", "Smart contract is not exist.", {
        javaClass: JavaExceptions.contractValidate,
      });
    },
    async estimateEnergy() {
      throw new TronodeError("CONTRACT_VALIDATE_ERROR", "Smart contract is not exist.", {
        javaClass: JavaExceptions.contractValidate,
      });
    },
    async createTransaction(type, parameter, options) {
      const record: FakeWallet["builds"][number] = { type, parameter, options };
      builds.push(record);
      const amount = (parameter as { amount?: bigint }).amount;
      if (type === ContractType.TransferContract && (amount ?? 0n) <= 0n) {
        throw new TronodeError("CONTRACT_VALIDATE_ERROR", "Amount must be greater than 0.", {
          javaClass: JavaExceptions.contractValidate,
        });
      }
      const tip = blocks[blocks.length - 1]!;
      const tipId = blockId(tip);
      const contract = packContract(type, parameter as never, options?.permissionId ?? 0);
      const tx = create(TransactionSchema, {
        rawData: {
          refBlockBytes: tipId.subarray(6, 8),
          refBlockHash: tipId.subarray(8, 16),
          expiration: tip.blockHeader!.rawData!.timestamp + 60_000n,
          timestamp: tip.blockHeader!.rawData!.timestamp,
          data: options?.data ?? new Uint8Array(0),
          contract: [contract],
        },
      });
      // the fake builds from protobuf-es messages; make sure callers pass one
      toBinary(contractSchemaOf(parameter), parameter as never);
      record.built = tx;
      return tx;
    },
    async broadcastTransaction(tx): Promise<BroadcastResult> {
      maybeFail();
      broadcasts.push(tx);
      if (tx.signature.length === 0) {
        return {
          result: false,
          code: "SIGERROR",
          message: "Validate signature error: miss sig or contract",
          txId: transactionId(tx),
        };
      }
      if (tx.rawData === undefined || tx.rawData.contract.length === 0) {
        return {
          result: false,
          code: "CONTRACT_VALIDATE_ERROR",
          message: "Contract validate error : No contract!",
          txId: transactionId(tx),
        };
      }
      pending.push(tx);
      return { result: true, code: "SUCCESS", message: "", txId: transactionId(tx) };
    },
    async getTransactionSignWeight(tx) {
      maybeFail();
      weighed.push(tx);
      const answer = wallet.signWeightAnswer;
      wallet.signWeightAnswer = undefined;
      if (answer !== undefined) return answer;
      const approvedList = signersOf(tx);
      const currentWeight = approvedList.reduce((sum, a) => sum + weightOf(a), 0n);
      return {
        permission: FAKE_PERMISSION,
        approvedList,
        currentWeight,
        code: currentWeight >= FAKE_PERMISSION.threshold ? "ENOUGH_PERMISSION" : "NOT_ENOUGH_PERMISSION",
      };
    },
    async getTransactionApprovedList(tx) {
      maybeFail();
      weighed.push(tx);
      const answer = wallet.approvedListAnswer;
      wallet.approvedListAnswer = undefined;
      return answer ?? { approvedList: signersOf(tx), code: "SUCCESS" };
    },
    async addTransactionSign(tx, privateKey) {
      weighed.push(tx);
      const address = addressOfPrivateKey(privateKey);
      if (signersOf(tx).some((a) => bytesEqual(a, address))) {
        throw new TronodeError("PERMISSION_ERROR", "had signed!", { javaClass: JavaExceptions.permission });
      }
      if (weightOf(address) === 0n) {
        throw new TronodeError("PERMISSION_ERROR", "it is not contained of permission.", {
          javaClass: JavaExceptions.permission,
        });
      }
      return signTransaction(tx, privateKey);
    },
    async getChainParameters() {
      return [
        { key: "getMaintenanceTimeInterval", value: 300_000n },
        { key: "getAllowUpdateAccountName", value: 0n },
        { key: "getAllowSameTokenName", value: 1n },
      ];
    },
    async listWitnesses() {
      return [
        create(WitnessSchema, {
          address: WITNESS,
          voteCount: 10_000n,
          url: "http://tronode.local",
          isJobs: true,
        }),
      ];
    },
    async getNextMaintenanceTime() {
      return GENESIS_TIME + 300_000n;
    },
    async getBandwidthPrices() {
      return "0:10,1606537680000:40,1614238080000:140,1626581880000:1000";
    },
    async getEnergyPrices() {
      return "0:100,1575871200000:10,1606537680000:40";
    },
    async getMemoFee() {
      return "0:0,1675492680000:1000000";
    },
    async getBurnTrx() {
      return 0n;
    },
    async totalTransaction() {
      return 1n;
    },
    async getPendingSize() {
      return pending.length;
    },
    async getTransactionFromPending(id) {
      return pending.find((tx) => hex(transactionId(tx)) === hex(id));
    },
    async getTransactionListFromPending() {
      return pending.map((tx) => transactionId(tx));
    },
    async listNodes() {
      return [];
    },
    async getNodeInfo() {
      const tip = blocks[blocks.length - 1]!;
      const solid = blocks[blocks.length - 2]!;
      return {
        headNumber: 3n,
        headId: blockId(tip),
        solidNumber: 2n,
        solidId: blockId(solid),
        codeVersion: "4.8.1",
        p2pVersion: "11111",
        listenPort: 18888,
        startedAt: GENESIS_TIME,
        allowCreationOfContracts: 1n,
        allowAdaptiveEnergy: 0n,
        machine: {
          threadCount: 1,
          cpuCount: 2,
          totalMemory: 8_000_000_000,
          freeMemory: 4_000_000_000,
          runtimeVersion: "v20.19.0",
          osName: "Linux 6.1",
          heapTotal: 50_000_000,
          heapFree: 10_000_000,
          processCpuRate: 0,
          memoryPools: [
            { name: "old_space", initSize: 0, useSize: 30_000_000, maxSize: 40_000_000, useRate: 0.75 },
          ],
        },
      };
    },
    async getStatsInfo() {
      const rate = {
        count: 3n,
        meanRate: 0.5,
        oneMinuteRate: 0.00012,
        fiveMinuteRate: 2,
        fifteenMinuteRate: 1e7,
      };
      return create(MetricsInfoSchema, {
        interval: 12n,
        node: { ip: "127.0.0.1", nodeType: 1, version: "4.8.1", backupStatus: 0 },
        blockchain: {
          headBlockNum: 3n,
          headBlockHash: "00",
          tps: rate,
          witnesses: [{ address: "41aa", version: 32 }],
        },
        net: {
          api: { qps: rate, detail: [{ name: "/wallet/getnowblock", qps: rate }] },
          latency: { top99: 7 },
        },
      });
    },
  };

  function maybeFail(): void {
    const failure = wallet.failNextWith;
    if (failure !== undefined) {
      wallet.failNextWith = undefined;
      throw failure;
    }
  }
  return wallet;
}

function contractSchemaOf(parameter: unknown) {
  const typeName = (parameter as { $typeName?: string }).$typeName;
  const schema = CONTRACT_SCHEMAS_BY_NAME.get(typeName ?? "");
  if (schema === undefined)
    throw new TronodeError("UNSUPPORTED_CONTRACT", `not a contract message: ${String(typeName)}`);
  return schema;
}

const CONTRACT_SCHEMAS_BY_NAME = new Map(
  [...CONTRACT_PARAMETER_SCHEMAS.values()].map((schema) => [schema.typeName, schema]),
);

export interface FakeDev extends DevApi {
  readonly mined: number[];
  readonly blockTimes: number[];
  /** Every other DevApi call, with its arguments (addresses as hex). */
  readonly calls: [string, ...unknown[]][];
}

export function createFakeDev(): FakeDev {
  const genesis: DevAccount[] = [{ privateKey: keyOf(1), address: WITNESS }];
  const batches: DevAccount[][] = [];
  let next = 100;
  const mined: number[] = [];
  const blockTimes: number[] = [];
  const calls: [string, ...unknown[]][] = [];
  let snapshots = 0n;
  const record = (name: string, ...args: unknown[]) =>
    calls.push([name, ...args.map((a) => (a instanceof Uint8Array ? bytesToHex(a) : a))]);
  return {
    mined,
    blockTimes,
    calls,
    version: "tronode/test",
    instanceId: new Uint8Array(32).fill(0x5a),
    forkInfo: () => undefined,
    async reset(forking) {
      record("reset", forking?.url, forking?.blockNumber);
    },
    async storageAt(address, slot) {
      record("storageAt", address, slot);
      return slot[31] === 0 ? Uint8Array.of(0x2a) : new Uint8Array(32);
    },
    async snapshot() {
      record("snapshot");
      return ++snapshots;
    },
    async revert(id) {
      record("revert", id);
      return id <= snapshots;
    },
    async dropSnapshot(id) {
      record("dropSnapshot", id);
      return id <= snapshots;
    },
    async increaseTime(ms) {
      record("increaseTime", ms);
      return ms * 2n;
    },
    async setTime(ms) {
      record("setTime", ms);
      return 5_000n;
    },
    async setNextBlockTimestamp(ms) {
      record("setNextBlockTimestamp", ms);
    },
    async setAccountBalance(address, balance) {
      if (balance < 0n) throw new TronodeError("INVALID_BALANCE", "balance can not be less than 0");
      record("setAccountBalance", address, balance);
    },
    async setAccountCode(address, code) {
      record("setAccountCode", address, code);
    },
    async setAccountStorageAt(address, slot, value) {
      record("setAccountStorageAt", address, slot, value);
    },
    async unlockAccounts(addresses) {
      record("unlockAccounts", ...addresses);
    },
    async impersonate(address) {
      record("impersonate", address);
    },
    async stopImpersonating(address) {
      record("stopImpersonating", address);
    },
    async stateDigest() {
      record("stateDigest");
      return Uint8Array.of(0xab, 0xcd);
    },
    async dumpState() {
      record("dumpState");
      return Uint8Array.of(1, 2, 3);
    },
    async loadState(dump) {
      record("loadState", dump);
    },
    genesisAccounts: () => genesis,
    generatedAccountBatches: () => batches,
    async generateAccounts(count) {
      const batch = Array.from({ length: count }, () => {
        const privateKey = keyOf(next++);
        return { privateKey, address: addressOfPrivateKey(privateKey) };
      });
      batches.push(batch);
      return batch;
    },
    async mine(blocks) {
      mined.push(blocks);
    },
    async setBlockTime(seconds) {
      blockTimes.push(seconds);
    },
    mnemonic: "test test test test test test test test test test test junk",
    hdPath: "m/44'/195'/0'/0",
  };
}
