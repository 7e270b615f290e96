import { ExchangeSchema } from "../protocol/generated/protocol/core_pb.js";
import { defineTable, int64Key, messageValue } from "../state/table.js";

/**
 * The exchange domain's tables. Exchange ids are LATEST_EXCHANGE_NUM values handed out one by one,
 * so every exchange is in the id range 1..LATEST_EXCHANGE_NUM and no list is kept.
 */
export const ExchangeTables = {
  /** java-tron's ExchangeStore: id → exchange with token names (written only while ALLOW_SAME_TOKEN_NAME = 0). */
  exchanges: defineTable("exchanges", int64Key, messageValue(ExchangeSchema)),
  /** java-tron's ExchangeV2Store: id → exchange with token ids. */
  exchangesV2: defineTable("exchanges-v2", int64Key, messageValue(ExchangeSchema)),
} as const;
