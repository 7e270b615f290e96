import { blockBytes, decode } from "../protocol/codec.js";
import {
  AccountSchema,
  BlockSchema,
  TransactionInfoSchema,
  WitnessSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { bytesKey, bytesValue, defineTable, int64Key, int64Value, messageValue, stringKey } from "./table.js";

/**
 * The tables every layer reads (java-tron's core stores: accounts and their indexes, dynamic
 * properties, blocks and transactions, witnesses). A domain's own tables live in its folder; the
 * processor composes them all into `Tables`.
 */
export const CoreTables = {
  /** address (21 bytes) → Account */
  accounts: defineTable("accounts", bytesKey, messageValue(AccountSchema)),
  /** lower-cased account id bytes → address */
  accountIdIndex: defineTable("account-id-index", bytesKey, bytesValue),
  /** account name bytes → address */
  accountNameIndex: defineTable("account-name-index", bytesKey, bytesValue),
  /** java-tron DynamicPropertiesStore key → int64 value */
  properties: defineTable("properties", stringKey, int64Value),
  /** java-tron DynamicPropertiesStore key → bytes value */
  byteProperties: defineTable("byte-properties", stringKey, bytesValue),
  /** ref_block_bytes (low 2 bytes of the height) → block id bytes 8..16 */
  recentBlocks: defineTable("recent-blocks", bytesKey, bytesValue),
  /** block number → Block */
  blocks: defineTable("blocks", int64Key, {
    encode: blockBytes,
    decode: (bytes) => decode(BlockSchema, bytes),
  }),
  /** block id → block number */
  blockIndex: defineTable("block-index", bytesKey, int64Value),
  /** txID → number of the block holding it */
  transactionIndex: defineTable("transaction-index", bytesKey, int64Value),
  /** txID → TransactionInfo */
  transactionInfos: defineTable("transaction-infos", bytesKey, messageValue(TransactionInfoSchema)),
  /** witness address → Witness */
  witnesses: defineTable("witnesses", bytesKey, messageValue(WitnessSchema)),
} as const;
