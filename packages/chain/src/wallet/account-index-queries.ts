/**
 * The account index's reads over the committed chain (the rows engine `indexAccounts` writes with
 * each block): an address's rows are one key range in chain order, read with `ChainStore.iterate`
 * a page at a time, so a busy address costs one page of memory. A transaction is decoded alone out
 * of its block's stored bytes (by its position there; a busy block holds thousands), with its
 * TransactionInfo; a TRC-20 transfer's sides and value come from its log.
 * A fingerprint is the encoded key of the next row to return, tied to the address it was made for.
 */
import {
  type AccountIndexQueries,
  AccountRoles,
  type AccountTransactionFilter,
  type AccountTransactionKey,
  type AccountTransactionPage,
  type AccountTransactionRecord,
  blockTransactionAt,
  bytesEqual,
  ChainProperties,
  type EventConfirmation,
  type IndexPaging,
  logContractAddress,
  type Table,
  Tables,
  type TokenHolderPage,
  type TokenHolderPaging,
  type TokenTransferFilter,
  type TokenTransferKey,
  TokenTransferKinds,
  type TokenTransferPage,
  type TokenTransferRecord,
} from "@tronode/engine/internal";
import type { ChainStore, TableRange } from "@tronode/storage";
import type { ChainService } from "../chain/chain-service.js";
import { invalidFingerprint } from "./event-queries.js";

const MAX_BLOCK = 2n ** 63n - 1n;

function fingerprintOf<K>(table: Table<K, unknown>, key: K): string {
  return Buffer.from(table.encodeKey(key)).toString("base64url");
}

/** The key a fingerprint names, checked to belong to `address` (the key's first 21 bytes). */
function keyOfFingerprint<K>(
  table: Table<K, unknown>,
  fingerprint: string,
  address: Uint8Array,
  length: number,
): K {
  const bytes = new Uint8Array(Buffer.from(fingerprint, "base64url"));
  if (
    Buffer.from(bytes).toString("base64url") !== fingerprint ||
    bytes.length !== length ||
    !bytesEqual(bytes.subarray(0, 21), address)
  )
    throw invalidFingerprint();
  return table.decodeKey(bytes);
}

/** The block range a confirmation asks for, as [from, to). */
function blockRange(confirmation: EventConfirmation, solid: bigint): [bigint, bigint] {
  if (confirmation === "confirmed") return [0n, solid + 1n];
  if (confirmation === "unconfirmed") return [solid + 1n, MAX_BLOCK];
  return [0n, MAX_BLOCK];
}

function inTime(paging: IndexPaging, timestamp: bigint): boolean {
  return (
    (paging.minTimestamp === undefined || timestamp >= paging.minTimestamp) &&
    (paging.maxTimestamp === undefined || timestamp <= paging.maxTimestamp)
  );
}

/** The range of `address`'s rows in blocks [from, to), narrowed by a fingerprint in the page order. */
function pageRange<K extends { blockNumber: bigint }>(
  table: Table<K, unknown>,
  lowest: (blockNumber: bigint) => K,
  address: Uint8Array,
  paging: IndexPaging,
  solid: bigint,
  keyLength: number,
): TableRange<K> {
  const [from, to] = blockRange(paging.confirmation, solid);
  const range: { gte: K; lt: K; reverse: boolean } = {
    gte: lowest(from),
    lt: lowest(to),
    reverse: paging.order === "desc",
  };
  if (paging.fingerprint !== undefined) {
    // the fingerprint's row comes first on this page, whichever the direction
    const key = keyOfFingerprint(table, paging.fingerprint, address, keyLength);
    if (paging.order === "asc") {
      if (key.blockNumber >= from) range.gte = key;
    } else if (key.blockNumber < to) {
      range.lt = afterKey(table, key);
    }
  }
  return range;
}

/** A key that sorts right after `key` and before any other: `key` with its last index plus one. */
function afterKey<K>(table: Table<K, unknown>, key: K): K {
  const bytes = table.encodeKey(key);
  const next = bytes.slice();
  for (let i = next.length - 1; i >= 0; i--) {
    if (next[i] !== 0xff) {
      next[i]! += 1;
      return table.decodeKey(next);
    }
    next[i] = 0;
  }
  return key;
}

/** TronGrid's /v1/accounts/… answers (transactions, TRC-20 transfers, token holders) over the chain's account index. */
export class AccountIndexService implements AccountIndexQueries {
  constructor(private readonly chain: ChainService) {}

  private get store(): ChainStore {
    return this.chain.store;
  }

  private solid(): bigint {
    return new ChainProperties(this.store.view).solidifiedNumber;
  }

  async accountTransactions(
    address: Uint8Array,
    filter: AccountTransactionFilter,
  ): Promise<AccountTransactionPage> {
    const solid = this.solid();
    const table = Tables.accountTransactions;
    const lowest = (blockNumber: bigint): AccountTransactionKey => ({
      address,
      blockNumber,
      transactionIndex: 0,
    });
    const range = pageRange(table, lowest, address, filter, solid, 33);
    const transactions: AccountTransactionRecord[] = [];
    // a page's rows often share a block: read each block's bytes once per page
    const blocks = new Map<bigint, Promise<Uint8Array | undefined>>();
    let fingerprint: string | undefined;
    for await (const { key, value } of this.store.iterate(table, range)) {
      if (!inTime(filter, value.blockTimestamp)) continue;
      if (filter.onlyFrom && (value.roles & AccountRoles.from) === 0) continue;
      if (filter.onlyTo && (value.roles & AccountRoles.to) === 0) continue;
      if (!filter.searchInternal && (value.roles & ~AccountRoles.internal) === 0) continue;
      if (transactions.length === filter.limit) {
        fingerprint = fingerprintOf(table, key);
        break;
      }
      // one transaction decoded out of its block's bytes: a busy block holds thousands
      if (!blocks.has(key.blockNumber))
        blocks.set(key.blockNumber, this.store.readEncoded(Tables.blocks, key.blockNumber));
      const blockBytes = await blocks.get(key.blockNumber);
      const transaction = blockBytes && blockTransactionAt(blockBytes, key.transactionIndex);
      if (!transaction) continue;
      transactions.push({
        txId: value.txId,
        blockNumber: key.blockNumber,
        blockTimestamp: value.blockTimestamp,
        transaction,
        info: await this.store.read(Tables.transactionInfos, value.txId),
        roles: value.roles,
        unconfirmed: key.blockNumber > solid,
      });
    }
    return { transactions, ...(fingerprint !== undefined ? { fingerprint } : {}) };
  }

  async accountTokenTransfers(address: Uint8Array, filter: TokenTransferFilter): Promise<TokenTransferPage> {
    const solid = this.solid();
    const table = Tables.tokenTransfers;
    const lowest = (blockNumber: bigint): TokenTransferKey => ({
      address,
      blockNumber,
      transactionIndex: 0,
      logIndex: 0,
    });
    const range = pageRange(table, lowest, address, filter, solid, 37);
    const transfers: TokenTransferRecord[] = [];
    let fingerprint: string | undefined;
    for await (const { key, value } of this.store.iterate(table, range)) {
      if (!inTime(filter, value.blockTimestamp)) continue;
      if (filter.onlyFrom && (value.roles & AccountRoles.from) === 0) continue;
      if (filter.onlyTo && (value.roles & AccountRoles.to) === 0) continue;
      if (filter.contract !== undefined && !bytesEqual(filter.contract, value.token)) continue;
      if (transfers.length === filter.limit) {
        fingerprint = fingerprintOf(table, key);
        break;
      }
      const log = (await this.store.read(Tables.transactionInfos, value.txId))?.log[key.logIndex];
      if (log?.topics.length !== 3) continue;
      transfers.push({
        txId: value.txId,
        blockNumber: key.blockNumber,
        blockTimestamp: value.blockTimestamp,
        token: value.token,
        type: value.kind === TokenTransferKinds.approval ? "Approval" : "Transfer",
        from: logContractAddress(log.topics[1]!.subarray(12)),
        to: logContractAddress(log.topics[2]!.subarray(12)),
        value: BigInt(`0x${Buffer.from(log.data).toString("hex") || "0"}`),
        unconfirmed: key.blockNumber > solid,
      });
    }
    return { transfers, ...(fingerprint !== undefined ? { fingerprint } : {}) };
  }

  async accountTokens(address: Uint8Array): Promise<Uint8Array[]> {
    const tokens: Uint8Array[] = [];
    for await (const { key } of this.store.iterate(Tables.accountTokens, {
      gte: { first: address, second: new Uint8Array(21) },
      lt: { first: address, second: new Uint8Array(21).fill(0xff) },
    })) {
      tokens.push(key.second);
    }
    // the last possible token (21 × 0xff) is no address TRON hands out
    return tokens;
  }

  async tokenHolders(token: Uint8Array, paging: TokenHolderPaging): Promise<TokenHolderPage> {
    const solid = this.solid();
    const table = Tables.tokenHolders;
    const range = {
      gte:
        paging.fingerprint !== undefined
          ? keyOfFingerprint(table, paging.fingerprint, token, 42)
          : { first: token, second: new Uint8Array(21) },
      lt: { first: token, second: new Uint8Array(21).fill(0xff) },
    };
    const holders: Uint8Array[] = [];
    let fingerprint: string | undefined;
    for await (const { key, value: firstSeen } of this.store.iterate(table, range)) {
      const unconfirmed = firstSeen > solid;
      if (paging.confirmation === "confirmed" && unconfirmed) continue;
      if (paging.confirmation === "unconfirmed" && !unconfirmed) continue;
      if (holders.length === paging.limit) {
        fingerprint = fingerprintOf(table, key);
        break;
      }
      holders.push(key.second);
    }
    return { holders, ...(fingerprint !== undefined ? { fingerprint } : {}) };
  }
}
