import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { create } from "@bufbuild/protobuf";
import {
  AccountSchema,
  AccountTraceSchema,
  AssetIssueContractSchema,
  BlockBalanceTraceSchema,
  BlockSchema,
  bytesToHex,
  type ChangeSet,
  ContractStateSchema,
  concatBytes,
  DelegatedResourceAccountIndexSchema,
  DelegatedResourceSchema,
  ExchangeSchema,
  int64ToBytes,
  MarketAccountOrderSchema,
  MarketOrderIdListSchema,
  MarketOrderSchema,
  ProposalSchema,
  SmartContract_ABISchema,
  SmartContractSchema,
  type Table,
  type TableChanges,
  Tables,
  TransactionInfoSchema,
  utf8Encode,
  VotesSchema,
  WitnessSchema,
} from "@tronode/engine/internal";
import { createLevelStorage, createMemoryStorage, type KvStorage } from "../src/index.js";

// biome-ignore lint/suspicious/noExplicitAny: rows of heterogeneous tables
export type Row = readonly [Table<any, any>, unknown, unknown];

/** A ChangeSet from rows `[table, key, value]` (value undefined = delete). */
export function changeSet(...rows: Row[]): ChangeSet {
  const tables = new Map<string, TableChanges>();
  for (const [table, key, value] of rows) {
    let tc = tables.get(table.id);
    if (!tc) {
      tc = { table, entries: new Map() };
      tables.set(table.id, tc);
    }
    tc.entries.set(table.keyId(key), { key, value });
  }
  return { tables };
}

export const addr = (i: number): Uint8Array => {
  const a = new Uint8Array(21);
  a[0] = 0x41;
  a.set(int64ToBytes(BigInt(i)), 13);
  return a;
};

/** TRON-like block id: 8-byte big-endian number ++ 24 bytes. */
export const blockId = (n: number): Uint8Array => {
  const id = new Uint8Array(32).fill(0xab);
  id.set(int64ToBytes(BigInt(n)), 0);
  return id;
};

export const txid = (i: number): Uint8Array => {
  const id = new Uint8Array(32);
  id.set(int64ToBytes(BigInt(i * 7919 + 13)), 24);
  id[0] = (i * 37) & 0xff; // not in insertion order
  return id;
};

/** One row in every engine table, parameterised by `i` (block `i` holding transaction `i`). */
export function rowsFor(i: number): Row[] {
  const n = BigInt(i);
  return [
    [
      Tables.accounts,
      addr(i),
      create(AccountSchema, {
        address: addr(i),
        balance: n * 1_000_000n,
        accountName: utf8Encode(`acct${i}`),
      }),
    ],
    [Tables.accountIdIndex, utf8Encode(`id${i}`), addr(i)],
    [Tables.accountNameIndex, utf8Encode(`name${i}`), addr(i)],
    [Tables.properties, `PROP_${i}`, n * 3n],
    [Tables.byteProperties, `BYTES_${i}`, blockId(i)],
    [Tables.recentBlocks, int64ToBytes(n).subarray(6), blockId(i).subarray(8, 16)],
    [
      Tables.blocks,
      n,
      create(BlockSchema, {
        blockHeader: {
          rawData: { number: n, timestamp: 1_700_000_000_000n + n * 3000n, parentHash: blockId(i - 1) },
        },
      }),
    ],
    [Tables.blockIndex, blockId(i), n],
    [Tables.transactionIndex, txid(i), n],
    [
      Tables.transactionInfos,
      txid(i),
      create(TransactionInfoSchema, { id: txid(i), fee: n + 1n, blockNumber: n }),
    ],
    [
      Tables.witnesses,
      addr(i),
      create(WitnessSchema, { address: addr(i), voteCount: n * 10n, url: `https://w${i}.example` }),
    ],
    [
      Tables.delegatedResources,
      concatBytes(Uint8Array.of(0x01), addr(i), addr(i + 1)),
      create(DelegatedResourceSchema, { from: addr(i), to: addr(i + 1), frozenBalanceForEnergy: n + 1n }),
    ],
    [
      Tables.delegationIndex,
      concatBytes(Uint8Array.of(0x03), addr(i)),
      create(DelegatedResourceAccountIndexSchema, { account: addr(i), toAccounts: [addr(i + 1)] }),
    ],
    [
      Tables.balanceTraces,
      n,
      create(BlockBalanceTraceSchema, {
        blockIdentifier: { hash: blockId(i), number: n },
        timestamp: n * 3000n,
      }),
    ],
    [
      Tables.accountTraces,
      concatBytes(addr(i), int64ToBytes(n)),
      create(AccountTraceSchema, { balance: n * 7n }),
    ],
    [Tables.delegation, `${i}-${bytesToHex(addr(i))}-reward`, n * 11n],
    [Tables.delegationVi, `${i}-${bytesToHex(addr(i))}-vi`, Uint8Array.of(0x0d, i & 0x7f, 0xe0)],
    [
      Tables.delegationAccountVotes,
      `${i}-${bytesToHex(addr(i))}-account-vote`,
      create(AccountSchema, { address: addr(i), votes: [{ voteAddress: addr(i + 1), voteCount: n + 2n }] }),
    ],
    [Tables.contractEvents, { contract: addr(i), blockNumber: n, transactionIndex: i, logIndex: 0 }, txid(i)],
    [
      Tables.accountTransactions,
      { address: addr(i), blockNumber: n, transactionIndex: i },
      { txId: txid(i), blockTimestamp: n * 3000n, roles: 1 + (i % 7) },
    ],
    [
      Tables.tokenTransfers,
      { address: addr(i), blockNumber: n, transactionIndex: i, logIndex: 1 },
      { txId: txid(i), blockTimestamp: n * 3000n, token: addr(i + 1), kind: i % 2, roles: 1 + (i % 3) },
    ],
    [Tables.accountTokens, { first: addr(i), second: addr(i + 1) }, n],
    [Tables.tokenHolders, { first: addr(i + 1), second: addr(i) }, n],
    [Tables.indexMarks, `index-${i}`, n],
    [
      Tables.votes,
      addr(i),
      create(VotesSchema, { address: addr(i), newVotes: [{ voteAddress: addr(i + 1), voteCount: n + 1n }] }),
    ],
    [
      Tables.proposals,
      n + 1n,
      {
        message: create(ProposalSchema, {
          proposalId: n + 1n,
          proposerAddress: addr(i),
          parameters: { "11": n, "3": n + 1n },
          expirationTime: n * 3000n,
        }),
        parameters: [
          [11n, n],
          [3n, n + 1n],
        ],
      },
    ],
    [
      Tables.marketOrders,
      txid(i),
      create(MarketOrderSchema, { orderId: txid(i), ownerAddress: addr(i), sellTokenQuantity: n + 1n }),
    ],
    [
      Tables.marketAccountOrders,
      addr(i),
      create(MarketAccountOrderSchema, {
        ownerAddress: addr(i),
        orders: [txid(i)],
        count: 1n,
        totalCount: n + 1n,
      }),
    ],
    [Tables.marketPairPriceCounts, concatBytes(addr(i), addr(i + 1)).subarray(0, 38), n + 1n],
    [
      Tables.marketPriceOrders,
      concatBytes(addr(i), addr(i + 1), int64ToBytes(n), int64ToBytes(n + 1n)).subarray(0, 54),
      create(MarketOrderIdListSchema, { head: txid(i), tail: txid(i) }),
    ],
    [
      Tables.marketPriceDirectory,
      concatBytes(addr(i), addr(i + 1)).subarray(0, 38),
      Uint8Array.of(0, 0, 0, 1),
    ],
    [Tables.marketPricePages, concatBytes(addr(i), addr(i + 1)).subarray(0, 42), int64ToBytes(n)],
    [
      Tables.assetIssues,
      utf8Encode(`Token${i}`),
      create(AssetIssueContractSchema, {
        ownerAddress: addr(i),
        name: utf8Encode(`Token${i}`),
        id: `${1_000_001 + i}`,
      }),
    ],
    [
      Tables.assetIssuesV2,
      `${1_000_001 + i}`,
      create(AssetIssueContractSchema, { ownerAddress: addr(i), totalSupply: n, id: `${1_000_001 + i}` }),
    ],
    [Tables.assetNameIndex, utf8Encode(`Token${i}`), [n, n + 7n]],
    [
      Tables.exchanges,
      n,
      create(ExchangeSchema, { exchangeId: n, firstTokenId: utf8Encode("_"), firstTokenBalance: n }),
    ],
    [
      Tables.exchangesV2,
      n,
      create(ExchangeSchema, { exchangeId: n, secondTokenId: utf8Encode("1000001"), secondTokenBalance: n }),
    ],
    [
      Tables.contracts,
      addr(i),
      create(SmartContractSchema, { contractAddress: addr(i), originAddress: addr(i + 1), version: i & 1 }),
    ],
    [Tables.contractAbis, addr(i), create(SmartContract_ABISchema, { entrys: [{ name: `f${i}` }] })],
    [Tables.code, addr(i), Uint8Array.of(0x60, i & 0xff, 0x00)],
    [Tables.storageRows, concatBytes(blockId(i)), blockId(i + 1)],
    [Tables.contractStates, addr(i), create(ContractStateSchema, { energyUsage: n, updateCycle: n + 1n })],
    [Tables.forkRows, concatBytes(utf8Encode("accounts"), Uint8Array.of(0), addr(i)), n],
    // the engine never writes storage-slots (a read of it only names a slot), but storage keeps any table
    [Tables.storageSlots, concatBytes(addr(i), blockId(i), blockId(i + 1)), Uint8Array.of(i & 0xff)],
  ];
}

export const allTables = (): Table<unknown, unknown>[] => Object.values(Tables) as Table<unknown, unknown>[];

/** Every row of the whole database as hex, in key order. */
export async function dumpKv(kv: KvStorage): Promise<string[]> {
  const out: string[] = [];
  for await (const { key, value } of kv.entries()) out.push(`${bytesToHex(key)}=${bytesToHex(value)}`);
  return out;
}

/** A KvStorage delegating to `inner`, with some methods replaced. */
export function wrapKv(inner: KvStorage, overrides: Partial<KvStorage>): KvStorage {
  return {
    kind: inner.kind,
    open: () => inner.open(),
    close: () => inner.close(),
    get: (k, s) => inner.get(k, s),
    getSync: (k, s) => inner.getSync(k, s),
    getMany: (ks, s) => inner.getMany(ks, s),
    put: (k, v) => inner.put(k, v),
    del: (k) => inner.del(k),
    batch: (ops) => inner.batch(ops),
    entries: (r) => inner.entries(r),
    snapshot: () => inner.snapshot(),
    ...overrides,
  };
}

/** Temp directories for classic-level, removed by `cleanup`. */
export class TempDirs {
  private readonly dirs: string[] = [];
  async make(): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), "tronode-storage-"));
    this.dirs.push(dir);
    return dir;
  }
  async cleanup(): Promise<void> {
    for (const d of this.dirs.splice(0)) await rm(d, { recursive: true, force: true });
  }
}

export interface Backend {
  name: "memory" | "leveldb";
  make(dirs: TempDirs): Promise<KvStorage>;
}

export const backends: Backend[] = [
  { name: "memory", make: async () => createMemoryStorage() },
  { name: "leveldb", make: async (dirs) => createLevelStorage({ directory: await dirs.make() }) },
];
