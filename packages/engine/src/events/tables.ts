import {
  bytesValue,
  defineTable,
  int64Value,
  type KeyCodec,
  stringKey,
  type ValueCodec,
} from "../state/table.js";

/**
 * Where a contract's event (a TransactionInfo log) is: the emitting contract, the block, the
 * transaction's position in the block and the log's position in the transaction. Keys sort by
 * contract, then block, then position, so a contract's events are one key range in chain order.
 */
export interface ContractEventKey {
  /** The emitting contract (21 bytes, 0x41 …). */
  readonly contract: Uint8Array;
  readonly blockNumber: bigint;
  readonly transactionIndex: number;
  readonly logIndex: number;
}

const KEY_LENGTH = 21 + 8 + 4 + 4;

export const contractEventKey: KeyCodec<ContractEventKey> = {
  id: (k) => `${String.fromCharCode(...k.contract)}${k.blockNumber}/${k.transactionIndex}/${k.logIndex}`,
  encode(k) {
    const out = new Uint8Array(KEY_LENGTH);
    out.set(k.contract, 0);
    const view = new DataView(out.buffer);
    view.setBigUint64(21, BigInt.asUintN(64, k.blockNumber));
    view.setUint32(29, k.transactionIndex);
    view.setUint32(33, k.logIndex);
    return out;
  },
  decode(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return {
      contract: bytes.slice(0, 21),
      blockNumber: view.getBigUint64(21),
      transactionIndex: view.getUint32(29),
      logIndex: view.getUint32(33),
    };
  },
};

/** A transaction touching an address: the address, then the transaction's place in the chain. */
export interface AccountTransactionKey {
  /** 21 bytes, 0x41 … */
  readonly address: Uint8Array;
  readonly blockNumber: bigint;
  readonly transactionIndex: number;
}

/** How a transaction touches an address (bits; one row per address and transaction). */
export const AccountRoles = {
  /** The address owns (signs for) the contract. */
  from: 1,
  /** The contract sends to it, acts on it, calls it or creates it. */
  to: 2,
  /** It calls or receives an internal transaction (a TVM call or transfer). */
  internal: 4,
} as const;

export interface AccountTransactionRow {
  readonly txId: Uint8Array;
  readonly blockTimestamp: bigint;
  /** AccountRoles bits. */
  readonly roles: number;
}

export const accountTransactionKey: KeyCodec<AccountTransactionKey> = {
  id: (k) => `${String.fromCharCode(...k.address)}${k.blockNumber}/${k.transactionIndex}`,
  encode(k) {
    const out = new Uint8Array(21 + 8 + 4);
    out.set(k.address, 0);
    const view = new DataView(out.buffer);
    view.setBigUint64(21, BigInt.asUintN(64, k.blockNumber));
    view.setUint32(29, k.transactionIndex);
    return out;
  },
  decode(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return {
      address: bytes.slice(0, 21),
      blockNumber: view.getBigUint64(21),
      transactionIndex: view.getUint32(29),
    };
  },
};

const accountTransactionRow: ValueCodec<AccountTransactionRow> = {
  encode(v) {
    const out = new Uint8Array(32 + 8 + 1);
    out.set(v.txId, 0);
    new DataView(out.buffer).setBigInt64(32, v.blockTimestamp);
    out[40] = v.roles;
    return out;
  },
  decode(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return { txId: bytes.slice(0, 32), blockTimestamp: view.getBigInt64(32), roles: bytes[40]! };
  },
};

/** A TRC-20 `Transfer` or `Approval` log touching an address: the address, then the log's place. */
export interface TokenTransferKey {
  readonly address: Uint8Array;
  readonly blockNumber: bigint;
  readonly transactionIndex: number;
  readonly logIndex: number;
}

export const TokenTransferKinds = { transfer: 0, approval: 1 } as const;

export interface TokenTransferRow {
  readonly txId: Uint8Array;
  readonly blockTimestamp: bigint;
  /** The token contract (21 bytes). */
  readonly token: Uint8Array;
  /** TokenTransferKinds. */
  readonly kind: number;
  /** AccountRoles.from (sender or owner) and/or AccountRoles.to (receiver or spender). */
  readonly roles: number;
}

const tokenTransferKey: KeyCodec<TokenTransferKey> = {
  id: (k) => contractEventKey.id({ contract: k.address, ...k }),
  encode: (k) => contractEventKey.encode({ contract: k.address, ...k }),
  decode(bytes) {
    const { contract, ...rest } = contractEventKey.decode(bytes);
    return { address: contract, ...rest };
  },
};

const tokenTransferRow: ValueCodec<TokenTransferRow> = {
  encode(v) {
    const out = new Uint8Array(32 + 8 + 21 + 2);
    out.set(v.txId, 0);
    new DataView(out.buffer).setBigInt64(32, v.blockTimestamp);
    out.set(v.token, 40);
    out[61] = v.kind;
    out[62] = v.roles;
    return out;
  },
  decode(bytes) {
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return {
      txId: bytes.slice(0, 32),
      blockTimestamp: view.getBigInt64(32),
      token: bytes.slice(40, 61),
      kind: bytes[61]!,
      roles: bytes[62]!,
    };
  },
};

/** Two addresses (21 bytes each): a holder and a token, or a token and a holder. */
export interface AddressPair {
  readonly first: Uint8Array;
  readonly second: Uint8Array;
}

export const addressPairKey: KeyCodec<AddressPair> = {
  id: (k) => String.fromCharCode(...k.first, ...k.second),
  encode(k) {
    const out = new Uint8Array(42);
    out.set(k.first, 0);
    out.set(k.second, 21);
    return out;
  },
  decode: (bytes) => ({ first: bytes.slice(0, 21), second: bytes.slice(21, 42) }),
};

/**
 * The account index (TronGrid's `/v1/accounts/…` and `/v1/contracts/{a}/tokens`): derived from each
 * block's transactions and TransactionInfos when the block is finished, like the contract event
 * index, so it commits, persists and rewinds with its block. Rows are keyed by address first and
 * then chain position, so an address's history is one key range in chain order.
 */
export const AccountIndexTables = {
  /** (address, block, transaction index) → txId, block time, AccountRoles bits. */
  accountTransactions: defineTable("account-transactions", accountTransactionKey, accountTransactionRow),
  /** (address, block, transaction index, log index) → a TRC-20 Transfer/Approval touching it. */
  tokenTransfers: defineTable("trc20-transfers", tokenTransferKey, tokenTransferRow),
  /** (holder, token) → the block of the first Transfer seen between them: the tokens an account holds or held. */
  accountTokens: defineTable("account-trc20-tokens", addressPairKey, int64Value),
  /** (token, holder) → the same: a token's holders. */
  tokenHolders: defineTable("trc20-holders", addressPairKey, int64Value),
  /**
   * Index name → the last block it covers. A store written before an index existed has no mark
   * (or one below the head): the node rebuilds that index from the stored blocks at start.
   */
  indexMarks: defineTable("index-marks", stringKey, int64Value),
} as const;

/** The events domain's tables. */
export const EventTables = {
  /**
   * Contract event index: every log of every transaction in a block, by its emitting contract →
   * the transaction id (the log itself stays in the TransactionInfo). Written with the block, so a
   * rewind removes it with the block; read by range (a contract's events in chain order).
   */
  contractEvents: defineTable("contract-events", contractEventKey, bytesValue),
  ...AccountIndexTables,
} as const;
