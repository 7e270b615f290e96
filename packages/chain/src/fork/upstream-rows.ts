/**
 * What a forked chain fetches from its upstream java-tron for a row it lacks: which wallet call
 * (or JSON-RPC call) answers it, and which rows that answer gives — one answer often fills several
 * tables (getcontractinfo: the contract, its ABI, code and state). Upstream answers are java-tron's
 * JSON in hex (visible: false); a `{}` answer means "absent upstream", which is kept as a mark too.
 */
import { create } from "@bufbuild/protobuf";
import {
  type Account,
  AccountSchema,
  AssetIssueContractSchema,
  type Block,
  BlockHeader_rawSchema,
  BlockSchema,
  blockId,
  bytesEqual,
  bytesToHex,
  ContractStateSchema,
  DelegatedResourceAccountIndexSchema,
  DelegatedResourceSchema,
  decode,
  ExchangeSchema,
  hexToBytes,
  type JsonValue,
  ProposalSchema,
  parseMessage,
  SmartContract_ABISchema,
  SmartContractSchema,
  type Table,
  Tables,
  Transaction_ResultSchema,
  Transaction_rawSchema,
  TransactionInfoSchema,
  TransactionSchema,
  TronodeError,
  utf8Encode,
} from "@tronode/engine/internal";
import "../errors.js";

/** The calls a forked chain makes upstream (served from the cache of answers when it has one). */
export interface Upstream {
  /** Names the upstream in messages (never its key). */
  readonly url: string;
  /** The upstream head the latest answer was read at (cached answers keep theirs). */
  readonly lastHead: bigint;
  post(path: string, body: unknown): Promise<unknown>;
  jsonRpc(method: string, params: readonly unknown[]): Promise<unknown>;
}

/** A row a read found absent and unmarked, or a contract slot behind a missing storage row. */
export type StateMiss =
  | { readonly kind: "row"; readonly table: Table<unknown, unknown>; readonly key: unknown }
  | {
      readonly kind: "slot";
      readonly address: Uint8Array;
      readonly slot: Uint8Array;
      readonly rowKey: Uint8Array;
    };

/** One fetched row: `value` undefined means absent upstream (only its mark is written). */
export interface FetchedRow {
  readonly table: Table<unknown, unknown>;
  readonly key: unknown;
  readonly value: unknown;
}

const T = Tables as unknown as Record<keyof typeof Tables, Table<unknown, unknown>>;

/** The tables a forked chain fills from upstream; every other table is the chain's own from the start. */
const FORKED_TABLES: ReadonlySet<string> = new Set([
  Tables.accounts.id,
  Tables.accountIdIndex.id,
  Tables.blocks.id,
  Tables.blockIndex.id,
  Tables.recentBlocks.id,
  Tables.transactionIndex.id,
  Tables.transactionInfos.id,
  Tables.contracts.id,
  Tables.contractAbis.id,
  Tables.code.id,
  Tables.contractStates.id,
  Tables.storageRows.id,
  Tables.assetIssues.id,
  Tables.assetIssuesV2.id,
  Tables.exchangesV2.id,
  Tables.proposals.id,
  Tables.delegatedResources.id,
  Tables.delegationIndex.id,
]);

/**
 * History the chain only appends to: a local row is never written over an upstream one, so local
 * writes need no mark (a rewound row is simply absent again, and upstream answers for it).
 */
const HISTORY_TABLES: ReadonlySet<string> = new Set([
  Tables.blocks.id,
  Tables.blockIndex.id,
  Tables.recentBlocks.id,
  Tables.transactionIndex.id,
  Tables.transactionInfos.id,
]);

/**
 * Transactions are fetched for the queries (gettransactionbyid & co., which read asynchronously),
 * not for the push's duplicate check: a transaction made on the fork is not upstream's, and asking
 * for every new id would cost a request per transaction.
 */
const QUERY_ONLY_TABLES: ReadonlySet<string> = new Set([
  Tables.transactionIndex.id,
  Tables.transactionInfos.id,
]);

/** Whether a synchronous read of a row the chain lacks is a miss to fetch. */
export function isForkedRead(table: Table<unknown, unknown>, key: unknown, forkNumber: bigint): boolean {
  return !QUERY_ONLY_TABLES.has(table.id) && isForkedRow(table, key, forkNumber);
}

/** Whether a row the chain lacks may exist upstream (blocks only up to the fork block). */
export function isForkedRow(table: Table<unknown, unknown>, key: unknown, forkNumber: bigint): boolean {
  if (!FORKED_TABLES.has(table.id)) return false;
  // storage rows are fetched through their slot (a read of storageSlots names it), never by key
  if (table.id === Tables.storageRows.id) return false;
  if (table.id === Tables.blocks.id) return (key as bigint) <= forkNumber;
  return true;
}

/** Whether a local write to the table is marked, so a later read never fetches over the chain's own row. */
export function isMarkedOnWrite(tableId: string): boolean {
  return FORKED_TABLES.has(tableId) && !HISTORY_TABLES.has(tableId);
}

/** The identity of the upstream call that answers a miss: misses with one identity share one call. */
export function fetchIdentity(miss: StateMiss): string {
  if (miss.kind === "slot") return `slot:${bytesToHex(miss.address)}:${bytesToHex(miss.slot)}`;
  const { table, key } = miss;
  switch (table.id) {
    case Tables.contracts.id:
    case Tables.contractAbis.id:
    case Tables.code.id:
    case Tables.contractStates.id:
      return `contract:${bytesToHex(key as Uint8Array)}`;
    case Tables.transactionIndex.id:
    case Tables.transactionInfos.id:
      return `tx:${bytesToHex(key as Uint8Array)}`;
    default:
      return `${table.id}:${table.keyId(key)}`;
  }
}

function upstreamFailure(upstream: Upstream, path: string, answer: Record<string, unknown>): TronodeError {
  const error = String(answer.Error ?? answer.message ?? JSON.stringify(answer).slice(0, 120));
  return new TronodeError("FORK_UPSTREAM_REJECTED", `upstream ${upstream.url} answered ${path}: ${error}`);
}

/** A wallet call's JSON object answer; undefined for java-tron's `{}` (not found). */
export async function upstreamCall(
  upstream: Upstream,
  path: string,
  body: unknown,
): Promise<Record<string, unknown> | undefined> {
  const answer = await upstream.post(path, body);
  if (answer === null || typeof answer !== "object" || Array.isArray(answer)) {
    throw new TronodeError(
      "FORK_NOT_TRON",
      `upstream ${upstream.url} answered ${path} with ${JSON.stringify(answer)}`,
    );
  }
  const record = answer as Record<string, unknown>;
  if ("Error" in record) throw upstreamFailure(upstream, path, record);
  return Object.keys(record).length === 0 ? undefined : record;
}

const hex = (bytes: Uint8Array): string => bytesToHex(bytes);
const parse = { visible: false } as const;

/** A block as getblockbynum prints it, with transactions decoded from their raw bytes (so ids stay exact). */
export function parseUpstreamBlock(json: Record<string, unknown>, upstream: Upstream): Block {
  const header = json.block_header as Record<string, unknown> | undefined;
  if (header === undefined)
    throw new TronodeError("FORK_NOT_TRON", `upstream ${upstream.url} sent a block without a header`);
  const transactions = ((json.transactions as Record<string, unknown>[] | undefined) ?? []).map((tx) =>
    create(TransactionSchema, {
      rawData: decode(Transaction_rawSchema, hexToBytes(String(tx.raw_data_hex ?? ""))),
      signature: ((tx.signature as string[] | undefined) ?? []).map(hexToBytes),
      ret: ((tx.ret as JsonValue[] | undefined) ?? []).map((r) =>
        parseMessage(Transaction_ResultSchema, r, parse),
      ),
    }),
  );
  const block = create(BlockSchema, {
    transactions,
    blockHeader: {
      rawData: parseMessage(BlockHeader_rawSchema, header.raw_data ?? {}, parse),
      witnessSignature: hexToBytes(String(header.witness_signature ?? "")),
    },
  });
  if (typeof json.blockID === "string" && !bytesEqual(blockId(block), hexToBytes(json.blockID))) {
    throw new TronodeError(
      "FORK_NOT_TRON",
      `upstream ${upstream.url} sent block ${json.blockID} whose header hashes to ${bytesToHex(blockId(block))}`,
    );
  }
  return block;
}

function blockRows(block: Block): FetchedRow[] {
  const number = block.blockHeader!.rawData!.number;
  return [
    { table: T.blocks, key: number, value: block },
    { table: T.blockIndex, key: blockId(block), value: number },
  ];
}

/** What reading upstream's answers needs to know about the fork. */
export interface ForkFacts {
  /** The fork block: blocks at or below it are upstream's. */
  readonly forkNumber: bigint;
  /** The fork block's slot (its timestamp's, from genesis, in 3 s steps). */
  readonly forkSlot: bigint;
  /** The upstream genesis timestamp (getaccount prints consume times as genesis + 3000 × slot). */
  readonly genesisTimestamp: bigint;
}

/**
 * An account as getaccount prints it, back to the stored form: `asset_issued_ID` is text (java-tron's
 * Util.printAccount), consume times are milliseconds. Usage comes already decayed to upstream's head
 * (java-tron has no read of the stored figures), so a resource in use gets the fork block's slot as its
 * consume time: it decays on from there, not twice. An idle resource keeps its own time.
 */
export function parseUpstreamAccount(json: Record<string, unknown>, facts: ForkFacts): Account {
  const { asset_issued_ID: assetIssuedId, ...rest } = json;
  const account = parseMessage(AccountSchema, rest, parse);
  if (typeof assetIssuedId === "string") account.assetIssuedID = utf8Encode(assetIssuedId);
  const slotOf = (ms: bigint, used: boolean) =>
    used ? facts.forkSlot : ms > facts.genesisTimestamp ? (ms - facts.genesisTimestamp) / 3000n : 0n;
  account.latestConsumeTime = slotOf(account.latestConsumeTime, account.netUsage > 0n);
  account.latestConsumeFreeTime = slotOf(account.latestConsumeFreeTime, account.freeNetUsage > 0n);
  const resource = account.accountResource;
  if (resource !== undefined) {
    resource.latestConsumeTimeForEnergy = slotOf(
      resource.latestConsumeTimeForEnergy,
      resource.energyUsage > 0n,
    );
  }
  return account;
}

/** Fetches what answers `miss` and returns the rows it gives (the missed row among them, present or absent). */
export async function fetchRows(
  upstream: Upstream,
  miss: StateMiss,
  facts: ForkFacts,
): Promise<FetchedRow[]> {
  const { forkNumber } = facts;
  if (miss.kind === "slot") {
    const result = await upstream.jsonRpc("eth_getStorageAt", [
      `0x${hex(miss.address.subarray(1))}`,
      `0x${hex(miss.slot)}`,
      "latest",
    ]);
    const word = hexToBytes(String(result).replace(/^0x/, "").padStart(64, "0"));
    return [{ table: T.storageRows, key: miss.rowKey, value: word.every((b) => b === 0) ? undefined : word }];
  }
  const { table, key } = miss;
  switch (table.id) {
    case Tables.accounts.id: {
      const json = await upstreamCall(upstream, "/wallet/getaccount", {
        address: hex(key as Uint8Array),
        visible: false,
      });
      return [{ table, key, value: json && parseUpstreamAccount(json, facts) }];
    }
    case Tables.accountIdIndex.id: {
      const json = await upstreamCall(upstream, "/wallet/getaccountbyid", {
        account_id: hex(key as Uint8Array),
        visible: false,
      });
      if (json === undefined) return [{ table, key, value: undefined }];
      const account = parseUpstreamAccount(json, facts);
      return [
        { table, key, value: account.address },
        { table: T.accounts, key: account.address, value: account },
      ];
    }
    case Tables.blocks.id: {
      const json = await upstreamCall(upstream, "/wallet/getblockbynum", { num: Number(key as bigint) });
      return json === undefined
        ? [{ table, key, value: undefined }]
        : blockRows(parseUpstreamBlock(json, upstream));
    }
    case Tables.blockIndex.id: {
      const json = await upstreamCall(upstream, "/wallet/getblockbyid", { value: hex(key as Uint8Array) });
      const block = json && parseUpstreamBlock(json, upstream);
      if (block === undefined || block.blockHeader!.rawData!.number > forkNumber)
        return [{ table, key, value: undefined }];
      return blockRows(block);
    }
    case Tables.recentBlocks.id: {
      // the newest block at or below the fork whose height ends in these two bytes
      const low = BigInt(((key as Uint8Array)[0]! << 8) | (key as Uint8Array)[1]!);
      const number = forkNumber - ((forkNumber - low) & 0xffffn);
      if (number < 0n) return [{ table, key, value: undefined }];
      const json = await upstreamCall(upstream, "/wallet/getblockbynum", { num: Number(number) });
      if (json === undefined) return [{ table, key, value: undefined }];
      const block = parseUpstreamBlock(json, upstream);
      return [...blockRows(block), { table, key, value: blockId(block).slice(8, 16) }];
    }
    case Tables.transactionIndex.id:
    case Tables.transactionInfos.id: {
      const json = await upstreamCall(upstream, "/wallet/gettransactioninfobyid", {
        value: hex(key as Uint8Array),
      });
      const info = json && parseMessage(TransactionInfoSchema, json, parse);
      const below = info !== undefined && info.blockNumber <= forkNumber;
      return [
        { table: T.transactionInfos, key, value: below ? info : undefined },
        { table: T.transactionIndex, key, value: below ? info.blockNumber : undefined },
      ];
    }
    case Tables.contracts.id:
    case Tables.contractAbis.id:
    case Tables.code.id:
    case Tables.contractStates.id: {
      const address = key as Uint8Array;
      const json = await upstreamCall(upstream, "/wallet/getcontractinfo", {
        value: hex(address),
        visible: false,
      });
      const smart = json?.smart_contract as Record<string, unknown> | undefined;
      const contract = smart && parseMessage(SmartContractSchema, smart, parse);
      const code = typeof json?.runtimecode === "string" ? hexToBytes(json.runtimecode) : undefined;
      const state = json?.contract_state
        ? parseMessage(ContractStateSchema, json.contract_state, parse)
        : undefined;
      return [
        { table: T.contracts, key: address, value: contract && { ...contract, abi: undefined } },
        {
          table: T.contractAbis,
          key: address,
          value: contract && (contract.abi ?? create(SmartContract_ABISchema)),
        },
        { table: T.code, key: address, value: code !== undefined && code.length > 0 ? code : undefined },
        { table: T.contractStates, key: address, value: state },
      ];
    }
    case Tables.assetIssuesV2.id: {
      const json = await upstreamCall(upstream, "/wallet/getassetissuebyid", { value: key as string });
      return [{ table, key, value: json && parseMessage(AssetIssueContractSchema, json, parse) }];
    }
    case Tables.assetIssues.id: {
      const json = await upstreamCall(upstream, "/wallet/getassetissuebyname", {
        value: hex(key as Uint8Array),
      });
      return [{ table, key, value: json && parseMessage(AssetIssueContractSchema, json, parse) }];
    }
    case Tables.exchangesV2.id: {
      const json = await upstreamCall(upstream, "/wallet/getexchangebyid", { id: Number(key as bigint) });
      return [{ table, key, value: json && parseMessage(ExchangeSchema, json, parse) }];
    }
    case Tables.proposals.id: {
      const json = await upstreamCall(upstream, "/wallet/getproposalbyid", { id: Number(key as bigint) });
      return [{ table, key, value: json && parseMessage(ProposalSchema, json, parse) }];
    }
    case Tables.delegatedResources.id:
      return delegationRows(upstream, key as Uint8Array);
    case Tables.delegationIndex.id:
      return delegationIndexRows(upstream, key as Uint8Array);
    default:
      throw new TronodeError("FORK_STATE_UNRESOLVED", `no upstream call answers table ${table.id}`);
  }
}

/** Stake 1.0 `from ‖ to` or Stake 2.0 `0x01|0x02 ‖ from ‖ to`: one call gives the pair's records. */
async function delegationRows(upstream: Upstream, key: Uint8Array): Promise<FetchedRow[]> {
  const table = T.delegatedResources;
  const v2 = key.length === 43;
  const from = v2 ? key.subarray(1, 22) : key.subarray(0, 21);
  const to = v2 ? key.subarray(22, 43) : key.subarray(21, 42);
  const path = v2 ? "/wallet/getdelegatedresourcev2" : "/wallet/getdelegatedresource";
  const json = await upstreamCall(upstream, path, {
    fromAddress: hex(from),
    toAddress: hex(to),
    visible: false,
  });
  const records = ((json?.delegatedResource as JsonValue[] | undefined) ?? []).map((r) =>
    parseMessage(DelegatedResourceSchema, r, parse),
  );
  if (!v2) return [{ table, key, value: records[0] }];
  // java-tron lists the unlocked record, then the locked one (a lock sets the expire times)
  const locked = records.find((r) => r.expireTimeForBandwidth > 0n || r.expireTimeForEnergy > 0n);
  const unlocked = records.find((r) => r !== locked);
  const pair = (prefix: number) => Uint8Array.of(prefix, ...from, ...to);
  return [
    { table, key: pair(0x01), value: unlocked },
    { table, key: pair(0x02), value: locked },
  ];
}

/** The account index: v1 (bare address, 0x01/0x02) or v2 (0x03/0x04); one call gives both sides. */
async function delegationIndexRows(upstream: Upstream, key: Uint8Array): Promise<FetchedRow[]> {
  const table = T.delegationIndex;
  if (key.length === 21) return [{ table, key, value: undefined }]; // the pre-optimization layout: migrated upstream
  const prefix = key[0]!;
  const address = key.subarray(1);
  const v2 = prefix >= 0x03;
  const path = v2 ? "/wallet/getdelegatedresourceaccountindexv2" : "/wallet/getdelegatedresourceaccountindex";
  const json = await upstreamCall(upstream, path, { value: hex(address), visible: false });
  const list = (name: string) => ((json?.[name] as string[] | undefined) ?? []).map(hexToBytes);
  const side = (p: number, field: "toAccounts" | "fromAccounts", accounts: Uint8Array[]): FetchedRow => ({
    table,
    key: Uint8Array.of(p, ...address),
    value:
      accounts.length === 0
        ? undefined
        : create(DelegatedResourceAccountIndexSchema, { account: address, [field]: accounts }),
  });
  return [
    side(v2 ? 0x03 : 0x01, "toAccounts", list("toAccounts")),
    side(v2 ? 0x04 : 0x02, "fromAccounts", list("fromAccounts")),
  ];
}
