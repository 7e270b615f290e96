/**
 * The market's wallet reads (java-tron's Wallet.getMarketOrderById, getMarketOrderByAccount,
 * getMarketPriceByPair, getMarketOrderListByPair, getMarketPairList) over a state view, with
 * java-tron's limits (MARKET_COUNT_LIMIT_MAX, including its off-by-one where it has one) and
 * errors.
 */

import { create } from "@bufbuild/protobuf";
import { isNumber } from "../assets/asset-rules.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { isTrx } from "../exchanges/exchange-store.js";
import {
  type MarketOrder,
  type MarketOrderList,
  MarketOrderListSchema,
  type MarketOrderPairList,
  MarketOrderPairListSchema,
  type MarketPriceList,
  MarketPriceListSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";
import { pairKey, pairOfKey, pairPriceKeyOf } from "./market-keys.js";
import { bestPriceLevels, marketPairKeys } from "./price-levels.js";
import { MarketTables } from "./tables.js";

/** Which state a read sees: `head` = unconfirmed, `solid` = the solidified block. */
type Scope = "head" | "solid";

/** The market domain's wallet reads (served under /wallet and /walletsolidity). */
export interface MarketQueries {
  /** The order with this id; undefined for an empty id; IllegalStateException when there is none. */
  getMarketOrderById(orderId: Uint8Array, scope: Scope): Promise<MarketOrder | undefined>;
  /** The account's active orders (prev/next cleared); undefined when it never placed one. */
  getMarketOrderByAccount(address: Uint8Array, scope: Scope): Promise<MarketOrderList | undefined>;
  /** The pair's price levels, best first (at most 1 000). */
  getMarketPriceByPair(
    sellTokenId: Uint8Array,
    buyTokenId: Uint8Array,
    scope: Scope,
  ): Promise<MarketPriceList>;
  /** The pair's active orders, best price first and in arrival order within a price. */
  getMarketOrderListByPair(
    sellTokenId: Uint8Array,
    buyTokenId: Uint8Array,
    scope: Scope,
  ): Promise<MarketOrderList>;
  /** Every pair with orders, in key order. */
  getMarketPairList(scope: Scope): Promise<MarketOrderPairList>;
}

/** Parameter.DatabaseConstants.MARKET_COUNT_LIMIT_MAX. */
export const MARKET_COUNT_LIMIT_MAX = 1000;

const EMPTY = new Uint8Array();

function checkPairValid(sellTokenId: Uint8Array, buyTokenId: Uint8Array): void {
  const valid = (id: Uint8Array) => isTrx(id) || isNumber(id);
  if (!valid(sellTokenId)) {
    throw new TronodeError("BAD_ITEM", "sellTokenId is not a valid number", {
      javaClass: JavaExceptions.badItem,
    });
  }
  if (!valid(buyTokenId)) {
    throw new TronodeError("BAD_ITEM", "buyTokenId is not a valid number", {
      javaClass: JavaExceptions.badItem,
    });
  }
}

export function marketOrderById(view: StateView, orderId: Uint8Array): MarketOrder | undefined {
  if (orderId.length === 0) return undefined;
  const order = view.get(MarketTables.marketOrders, orderId);
  if (!order) {
    throw new TronodeError("ORDER_NOT_FOUND", "order not found in store", {
      javaClass: "java.lang.IllegalStateException",
    });
  }
  return order;
}

export function marketOrdersOfAccount(view: StateView, address: Uint8Array): MarketOrderList | undefined {
  if (address.length === 0) return undefined;
  const owned = view.get(MarketTables.marketAccountOrders, address);
  if (!owned) return undefined;
  const orders = owned.orders.map((id) => {
    const order = view.get(MarketTables.marketOrders, id);
    if (!order) {
      throw new TronodeError("ORDER_NOT_FOUND", "order not found in store", {
        javaClass: "java.lang.IllegalStateException",
      });
    }
    return { ...order, prev: EMPTY, next: EMPTY };
  });
  return create(MarketOrderListSchema, { orders });
}

export function marketPricesOfPair(
  view: StateView,
  sellTokenId: Uint8Array,
  buyTokenId: Uint8Array,
): MarketPriceList {
  checkPairValid(sellTokenId, buyTokenId);
  const pair = pairKey(sellTokenId, buyTokenId);
  const count = view.get(MarketTables.marketPairPriceCounts, pair) ?? 0n;
  const limit = count < BigInt(MARKET_COUNT_LIMIT_MAX) ? Number(count) : MARKET_COUNT_LIMIT_MAX;
  return create(MarketPriceListSchema, {
    sellTokenId,
    buyTokenId,
    prices: bestPriceLevels(view, pair, limit).map((p) => ({
      sellTokenQuantity: p.sell,
      buyTokenQuantity: p.buy,
    })),
  });
}

export function marketOrdersOfPair(
  view: StateView,
  sellTokenId: Uint8Array,
  buyTokenId: Uint8Array,
): MarketOrderList {
  checkPairValid(sellTokenId, buyTokenId);
  const pair = pairKey(sellTokenId, buyTokenId);
  const count = view.get(MarketTables.marketPairPriceCounts, pair) ?? 0n;
  const orders: MarketOrder[] = [];
  if (count === 0n) return create(MarketOrderListSchema, { orders });
  const limit = count < BigInt(MARKET_COUNT_LIMIT_MAX) ? Number(count) : MARKET_COUNT_LIMIT_MAX;
  for (const price of bestPriceLevels(view, pair, limit)) {
    if (MARKET_COUNT_LIMIT_MAX - orders.length <= 0) break;
    const list = view.get(MarketTables.marketPriceOrders, pairPriceKeyOf(pair, price));
    if (!list) continue;
    // MarketOrderIdListCapsule.getAllOrder stops only once it has taken one more than `limit`
    const levelLimit = MARKET_COUNT_LIMIT_MAX - orders.length;
    let taken = 0;
    let order = list.head.length > 0 ? view.get(MarketTables.marketOrders, list.head) : undefined;
    while (order) {
      orders.push({ ...order, prev: EMPTY, next: EMPTY });
      order = order.next.length > 0 ? view.get(MarketTables.marketOrders, order.next) : undefined;
      taken++;
      if (taken > levelLimit) break;
    }
  }
  return create(MarketOrderListSchema, { orders });
}

export function marketPairs(view: StateView): MarketOrderPairList {
  const orderPair = [];
  for (const key of marketPairKeys(new ChainProperties(view))) {
    orderPair.push(pairOfKey(key));
    // Wallet.getMarketPairList checks its limit after adding
    if (orderPair.length > MARKET_COUNT_LIMIT_MAX) break;
  }
  return create(MarketOrderPairListSchema, { orderPair });
}
