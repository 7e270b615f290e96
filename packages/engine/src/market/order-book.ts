/**
 * java-tron's market stores as the actuators use them: the per-price order lists (a doubly linked
 * list through the orders' prev/next ids, head and tail kept under the pair-price key), the
 * number of price levels per pair, and each account's active orders. Every step writes what
 * java-tron writes at that point, so the stored orders, lists and counts match its stores.
 */

import { create } from "@bufbuild/protobuf";
import { bytesEqual } from "../crypto/bytes.js";
import {
  type MarketAccountOrder,
  MarketAccountOrderSchema,
  type MarketOrder,
  MarketOrder_State,
  type MarketOrderIdList,
  MarketOrderIdListSchema,
} from "../protocol/generated/protocol/core_pb.js";
import type { MutableChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { type Price, pairKey, pairPriceKeyOf, reducedPrice } from "./market-keys.js";
import { addMarketPair, addPriceLevel, removeMarketPair, removePriceLevel } from "./price-levels.js";
import { MarketTables } from "./tables.js";

const EMPTY = new Uint8Array();

export function getOrder(state: StateOverlay, id: Uint8Array): MarketOrder | undefined {
  return id.length === 0 ? undefined : state.get(MarketTables.marketOrders, id);
}

export function putOrder(state: StateOverlay, order: MarketOrder): void {
  state.put(MarketTables.marketOrders, order.orderId, order);
}

export function emptyOrderList(): MarketOrderIdList {
  return create(MarketOrderIdListSchema, { head: EMPTY, tail: EMPTY });
}

/** MarketOrderIdListCapsule.addOrder: appends the order at the tail (writing the old tail and the order). */
export function appendOrder(state: StateOverlay, list: MarketOrderIdList, order: MarketOrder): MarketOrder {
  if (list.head.length === 0) {
    list.head = order.orderId;
    list.tail = order.orderId;
    return order;
  }
  const tailId = list.tail;
  const tail = getOrder(state, tailId)!;
  putOrder(state, { ...tail, next: order.orderId });
  const linked = { ...order, prev: tailId };
  putOrder(state, linked);
  list.tail = order.orderId;
  return linked;
}

/**
 * MarketOrderIdListCapsule.removeOrder: unlinks `order` (writing its neighbours, the list when
 * its head or tail moves, and the order with prev/next cleared). Returns the order as written.
 */
export function unlinkOrder(
  state: StateOverlay,
  list: MarketOrderIdList,
  order: MarketOrder,
  priceKey: Uint8Array,
): MarketOrder {
  const prev = getOrder(state, order.prev);
  const next = getOrder(state, order.next);
  if (prev) {
    putOrder(state, { ...prev, next: next ? order.next : EMPTY });
  } else {
    list.head = next ? order.next : EMPTY;
    state.put(MarketTables.marketPriceOrders, priceKey, { ...list });
  }
  if (next) {
    putOrder(state, { ...next, prev: prev ? order.prev : EMPTY });
  } else {
    list.tail = prev ? order.prev : EMPTY;
    state.put(MarketTables.marketPriceOrders, priceKey, { ...list });
  }
  const cleared = { ...order, prev: EMPTY, next: EMPTY };
  putOrder(state, cleared);
  return cleared;
}

export function accountOrders(state: StateOverlay, owner: Uint8Array): MarketAccountOrder | undefined {
  return state.get(MarketTables.marketAccountOrders, owner);
}

export function newAccountOrders(owner: Uint8Array): MarketAccountOrder {
  return create(MarketAccountOrderSchema, { ownerAddress: owner });
}

/**
 * MarketUtils.updateOrderState: the order's new state; an order leaving ACTIVE is removed from its
 * owner's active orders (the first equal id, count − 1).
 */
export function setOrderState(state: StateOverlay, order: MarketOrder, to: MarketOrder_State): MarketOrder {
  if (to === MarketOrder_State.INACTIVE || to === MarketOrder_State.CANCELED) {
    const owned = accountOrders(state, order.ownerAddress)!;
    const orders = [...owned.orders];
    const at = orders.findIndex((id) => bytesEqual(id, order.orderId));
    if (at >= 0) orders.splice(at, 1);
    state.put(MarketTables.marketAccountOrders, order.ownerAddress, {
      ...owned,
      orders,
      count: owned.count - 1n,
    });
  }
  return { ...order, state: to };
}

/** MarketPairToPriceStore.getPriceNum. */
export function priceLevelCount(state: StateOverlay, pair: Uint8Array): bigint {
  return state.get(MarketTables.marketPairPriceCounts, pair) ?? 0n;
}

/**
 * A new price level for an order's pair (MarketPairToPriceStore.addNewPriceKey): the first level
 * of a pair also puts the pair's head key (price 0/0) with an empty list; the level joins the
 * sorted index.
 */
export function addPriceLevelOf(
  state: StateOverlay,
  props: MutableChainProperties,
  sellTokenId: Uint8Array,
  buyTokenId: Uint8Array,
  price: Price,
): void {
  const pair = pairKey(sellTokenId, buyTokenId);
  const count = state.get(MarketTables.marketPairPriceCounts, pair);
  if (count === undefined) {
    state.put(MarketTables.marketPriceOrders, pairPriceKeyOf(pair, { sell: 0n, buy: 0n }), emptyOrderList());
    addMarketPair(props, pair);
  }
  state.put(MarketTables.marketPairPriceCounts, pair, (count ?? 0n) + 1n);
  addPriceLevel(state, pair, reducedPrice(price.sell, price.buy));
}

/**
 * A price level whose list became empty: its list is deleted and the pair's level count drops to
 * `remaining` (the pair disappears at 0).
 */
export function removeEmptyPriceLevel(
  state: StateOverlay,
  props: MutableChainProperties,
  pair: Uint8Array,
  price: Price,
  remaining: bigint,
): void {
  state.delete(MarketTables.marketPriceOrders, pairPriceKeyOf(pair, price));
  removePriceLevel(state, pair, price);
  if (remaining === 0n) {
    state.delete(MarketTables.marketPairPriceCounts, pair);
    removeMarketPair(props, pair);
  } else {
    state.put(MarketTables.marketPairPriceCounts, pair, remaining);
  }
}
