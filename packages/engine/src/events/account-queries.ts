/**
 * The account index's reads (TronGrid v1's `/v1/accounts/…` and `/v1/contracts/{a}/tokens`): an
 * address's transactions and TRC-20 transfers in chain order, the tokens it was seen holding, a
 * token's holders. Not part of java-tron's Wallet: the node implements it over the committed chain
 * (the rows `indexAccounts` writes) and the TronGrid operations use it beside the WalletApi.
 */
import type { Transaction, TransactionInfo } from "../protocol/generated/protocol/core_pb.js";
import type { EventConfirmation, EventOrder } from "./event-queries.js";

/** Paging shared by every index read. */
export interface IndexPaging {
  readonly confirmation: EventConfirmation;
  readonly order: EventOrder;
  /** 1..200 */
  readonly limit: number;
  /** Where the previous page stopped (opaque; from the page's `fingerprint`). */
  readonly fingerprint?: string;
  /** Block time bounds, ms, inclusive. */
  readonly minTimestamp?: bigint;
  readonly maxTimestamp?: bigint;
}

export interface AccountTransactionFilter extends IndexPaging {
  /** Only transactions the address owns. */
  readonly onlyFrom: boolean;
  /** Only transactions sent to, acting on, calling or creating the address. */
  readonly onlyTo: boolean;
  /** Also transactions where the address only calls or receives an internal transaction. */
  readonly searchInternal: boolean;
}

export interface AccountTransactionRecord {
  readonly txId: Uint8Array;
  readonly blockNumber: bigint;
  readonly blockTimestamp: bigint;
  /** The transaction as stored in its block (with its `ret`). */
  readonly transaction: Transaction;
  readonly info: TransactionInfo | undefined;
  /** AccountRoles bits: how the transaction touches the address. */
  readonly roles: number;
  /** In a block above the solidified one. */
  readonly unconfirmed: boolean;
}

export interface AccountTransactionPage {
  readonly transactions: readonly AccountTransactionRecord[];
  /** Present when more follow: pass it back as the filter's `fingerprint`. */
  readonly fingerprint?: string;
}

export interface TokenTransferFilter extends IndexPaging {
  readonly onlyFrom: boolean;
  readonly onlyTo: boolean;
  /** Only transfers of this token (21 bytes). */
  readonly contract?: Uint8Array;
}

export interface TokenTransferRecord {
  readonly txId: Uint8Array;
  readonly blockNumber: bigint;
  readonly blockTimestamp: bigint;
  /** The token contract (21 bytes). */
  readonly token: Uint8Array;
  readonly type: "Transfer" | "Approval";
  /** Sender (Transfer) or owner (Approval), 21 bytes. */
  readonly from: Uint8Array;
  /** Receiver (Transfer) or spender (Approval), 21 bytes. */
  readonly to: Uint8Array;
  readonly value: bigint;
  readonly unconfirmed: boolean;
}

export interface TokenTransferPage {
  readonly transfers: readonly TokenTransferRecord[];
  readonly fingerprint?: string;
}

export interface TokenHolderPaging {
  readonly confirmation: EventConfirmation;
  readonly limit: number;
  readonly fingerprint?: string;
}

export interface TokenHolderPage {
  /** Holders (21 bytes) in address order. */
  readonly holders: readonly Uint8Array[];
  readonly fingerprint?: string;
}

export interface AccountIndexQueries {
  accountTransactions(address: Uint8Array, filter: AccountTransactionFilter): Promise<AccountTransactionPage>;
  accountTokenTransfers(address: Uint8Array, filter: TokenTransferFilter): Promise<TokenTransferPage>;
  /** The TRC-20 contracts a Transfer was seen moving to or from the address (21 bytes each). */
  accountTokens(address: Uint8Array): Promise<Uint8Array[]>;
  /** The addresses a Transfer of the token was seen moving to or from. */
  tokenHolders(token: Uint8Array, paging: TokenHolderPaging): Promise<TokenHolderPage>;
}
