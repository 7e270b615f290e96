import {
  MarketAccountOrderSchema,
  MarketOrderIdListSchema,
  MarketOrderSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { bytesKey, bytesValue, defineTable, int64Value, messageValue } from "../state/table.js";

/**
 * The market domain's tables: java-tron's four market stores, plus the sorted price levels that
 * java-tron gets from MarketPairPriceToOrderStore's price comparator (the engine's state has point
 * reads only, so the order is kept in state; see price-levels.ts).
 */
export const MarketTables = {
  /** MarketOrderStore: order id (32 bytes) → order (kept after it fills or is cancelled). */
  marketOrders: defineTable("market-orders", bytesKey, messageValue(MarketOrderSchema)),
  /** MarketAccountStore: owner address → its active order ids and order counts. */
  marketAccountOrders: defineTable("market-account-orders", bytesKey, messageValue(MarketAccountOrderSchema)),
  /** MarketPairToPriceStore: pair key (38 bytes) → number of price levels with orders. */
  marketPairPriceCounts: defineTable("market-pair-price-counts", bytesKey, int64Value),
  /**
   * MarketPairPriceToOrderStore: pair-price key (54 bytes) → head and tail of the price level's
   * order list (the pair's head key, price 0/0, holds an empty list while the pair exists).
   */
  marketPriceOrders: defineTable("market-price-orders", bytesKey, messageValue(MarketOrderIdListSchema)),
  /** Pair key → the pair's price-level pages, in price order (directory of `marketPricePages`). */
  marketPriceDirectory: defineTable("market-price-directory", bytesKey, bytesValue),
  /** Pair key ‖ page number (4 bytes) → up to PAGE_CAPACITY reduced prices, ascending. */
  marketPricePages: defineTable("market-price-pages", bytesKey, bytesValue),
} as const;
