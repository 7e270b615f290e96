import { bytesValue, defineTable, type KeyCodec } from "../state/table.js";

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

/** The events domain's tables. */
export const EventTables = {
  /**
   * Contract event index: every log of every transaction in a block, by its emitting contract →
   * the transaction id (the log itself stays in the TransactionInfo). Written with the block, so a
   * rewind removes it with the block; read by range (a contract's events in chain order).
   */
  contractEvents: defineTable("contract-events", contractEventKey, bytesValue),
} as const;
