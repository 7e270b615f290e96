/**
 * The market: MarketSellAsset and MarketCancelOrder with every check and java-tron's text, and
 * order-book scenarios worked out by hand from MarketSellAssetActuator's arithmetic (full fill,
 * partial fills across several price levels, resting remainders, refunds, the too-small
 * remainder, MAX_MATCH_NUM, fees, and java-tron's self-match behaviour).
 */
import { create } from "@bufbuild/protobuf";
import { beforeEach, describe, expect, it } from "vitest";
import {
  bestPriceLevels,
  bytesToHex,
  ChainProperties,
  ContractType,
  calculateOrderId,
  concatBytes,
  int64ToBytes,
  keccak256,
  MarketAccountOrderSchema,
  type MarketOrder,
  MarketOrder_State,
  MarketTables,
  type MemoryState,
  marketPairKeys,
  pairKey,
  pairPriceKeyOf,
  Tables,
  utf8Encode,
} from "../../src/internal.js";
import { ALICE, BLACKHOLE, newChain } from "../support/chain-fixture.js";
import { edit, mutateAccount, pushError, tx, validateDirect } from "../support/tx-helpers.js";
import {
  A,
  B,
  BOB,
  BOB_KEY,
  CAROL,
  cancel as cancelIn,
  DAVE,
  marketChain,
  sell as sellIn,
  TRX,
} from "./market-fixture.js";

let state: MemoryState;

const sell = (owner: Uint8Array, sellId: Uint8Array, sellQ: bigint, buyId: Uint8Array, buyQ: bigint) =>
  sellIn(state, owner, sellId, sellQ, buyId, buyQ);
const cancel = (owner: Uint8Array, orderId: Uint8Array) => cancelIn(state, owner, orderId);

function trx(address: Uint8Array): bigint {
  return state.get(Tables.accounts, address)!.balance;
}
function token(address: Uint8Array, id = "1000001"): bigint {
  return state.get(Tables.accounts, address)!.assetV2[id] ?? 0n;
}

const order = (id: Uint8Array): MarketOrder => state.get(MarketTables.marketOrders, id)!;
const levels = (sellId: Uint8Array, buyId: Uint8Array) =>
  bestPriceLevels(state, pairKey(sellId, buyId), 1000).map((p) => [p.sell, p.buy]);
const activeOrders = (owner: Uint8Array) => state.get(MarketTables.marketAccountOrders, owner);
/** The order ids of a price level's list, head to tail, following the next links. */
function levelOrders(sellId: Uint8Array, buyId: Uint8Array, sellQ: bigint, buyQ: bigint): string[] {
  const list = state.get(
    MarketTables.marketPriceOrders,
    pairPriceKeyOf(pairKey(sellId, buyId), { sell: sellQ, buy: buyQ }),
  );
  const out: string[] = [];
  let id = list?.head ?? new Uint8Array();
  while (id.length > 0) {
    out.push(bytesToHex(id));
    id = order(id).next;
  }
  return out;
}

describe("MarketSellAsset checks", () => {
  beforeEach(() => {
    state = marketChain();
  });
  const p = (over: Record<string, unknown> = {}) => ({
    ownerAddress: ALICE,
    sellTokenId: TRX,
    sellTokenQuantity: 100n,
    buyTokenId: A,
    buyTokenQuantity: 200n,
    ...over,
  });
  const check = (over: Record<string, unknown> = {}) =>
    validateDirect(state, ContractType.MarketSellAssetContract, p(over));

  it("accepts a valid order", () => {
    expect(check()).toBeUndefined();
    expect(check({ sellTokenId: A, buyTokenId: TRX })).toBeUndefined();
    expect(check({ sellTokenId: A, buyTokenId: B })).toBeUndefined();
  });

  it("refuses while the committee has not opened the market", () => {
    state = newChain();
    expect(check()).toBe("Not support Market Transaction, need to be opened by the committee");
  });

  it("checks in java-tron's order with its texts", () => {
    expect(check({ ownerAddress: ALICE.slice(1) })).toBe("Invalid address");
    const stranger = new Uint8Array(21).fill(9);
    stranger[0] = 0x41;
    expect(check({ ownerAddress: stranger })).toBe("Account does not exist!");
    expect(check({ sellTokenId: utf8Encode("abc") })).toBe("sellTokenId is not a valid number");
    expect(check({ sellTokenId: utf8Encode("01") })).toBe("sellTokenId is not a valid number");
    expect(check({ sellTokenId: new Uint8Array() })).toBe("sellTokenId is not a valid number");
    expect(check({ buyTokenId: utf8Encode("1.5") })).toBe("buyTokenId is not a valid number");
    expect(check({ buyTokenId: TRX })).toBe("cannot exchange same tokens");
    expect(check({ sellTokenQuantity: 0n })).toBe("token quantity must greater than zero");
    expect(check({ buyTokenQuantity: -1n })).toBe("token quantity must greater than zero");
    // DynamicPropertiesStore's MARKET_QUANTITY_LIMIT is 10^15
    expect(check({ sellTokenQuantity: 10n ** 15n + 1n })).toBe(
      "token quantity must less than 1000000000000000",
    );
    expect(check({ buyTokenQuantity: 10n ** 15n + 1n })).toBe(
      "token quantity must less than 1000000000000000",
    );
    expect(check({ sellTokenQuantity: 1_000_000_001n })).toBe("No enough balance !");
    expect(check({ sellTokenId: utf8Encode("1000009") })).toBe("No sellTokenId !");
    expect(check({ sellTokenId: A, sellTokenQuantity: 1_000_001n, buyTokenId: TRX })).toBe(
      "SellToken balance is not enough !",
    );
    expect(check({ buyTokenId: utf8Encode("1000009") })).toBe("No buyTokenId !");
  });

  it("checks the fee against the balance: TRX quantity plus fee, or the fee alone for a token", () => {
    state = marketChain({ MARKET_SELL_FEE: 5n });
    expect(check({ sellTokenQuantity: 1_000_000_000n - 5n })).toBeUndefined();
    expect(check({ sellTokenQuantity: 1_000_000_000n - 4n })).toBe("No enough balance !");
    mutateAccount(state, ALICE, (a) => {
      a.balance = 4n;
    });
    expect(check({ sellTokenId: A, sellTokenQuantity: 1n, buyTokenId: TRX })).toBe("No enough balance !");
  });

  it("allows at most 100 active orders per account (full-width comma in the text)", () => {
    edit(state, (overlay) => {
      overlay.put(
        MarketTables.marketAccountOrders,
        ALICE,
        create(MarketAccountOrderSchema, { ownerAddress: ALICE, count: 99n, totalCount: 99n }),
      );
    });
    expect(check()).toBeUndefined();
    edit(state, (overlay) => {
      overlay.put(
        MarketTables.marketAccountOrders,
        ALICE,
        create(MarketAccountOrderSchema, { ownerAddress: ALICE, count: 100n, totalCount: 100n }),
      );
    });
    expect(check()).toBe("Maximum number of orders exceeded，100");
  });
});

describe("MarketCancelOrder checks", () => {
  beforeEach(() => {
    state = marketChain();
  });
  const check = (owner: Uint8Array, orderId: Uint8Array) =>
    validateDirect(state, ContractType.MarketCancelOrderContract, { ownerAddress: owner, orderId });

  it("checks in java-tron's order with its texts", () => {
    const placed = sell(ALICE, TRX, 100n, A, 200n).info.orderId;
    expect(check(ALICE, placed)).toBeUndefined();
    expect(check(ALICE.slice(1), placed)).toBe("Invalid address");
    const stranger = new Uint8Array(21).fill(9);
    stranger[0] = 0x41;
    expect(check(stranger, placed)).toBe("Account does not exist!");
    expect(check(ALICE, new Uint8Array(32))).toBe("orderId not exists");
    expect(check(ALICE, new Uint8Array())).toBe("orderId not exists");
    expect(check(BOB, placed)).toBe("Order does not belong to the account!");
    cancel(ALICE, placed);
    expect(check(ALICE, placed)).toBe("Order is not active!");
  });

  it("checks the cancel fee and refuses while the market is closed", () => {
    state = marketChain({ MARKET_CANCEL_FEE: 2_000_000_000n });
    const placed = sell(ALICE, TRX, 100n, A, 200n).info.orderId;
    expect(check(ALICE, placed)).toBe("No enough balance !");
    state = newChain();
    expect(check(ALICE, new Uint8Array(32))).toBe(
      "Not support Market Transaction, need to be opened by the committee",
    );
  });
});

describe("order book scenarios (hand-computed)", () => {
  beforeEach(() => {
    state = marketChain();
  });

  it("numbers orders by keccak256(owner ‖ sell id ‖ buy id ‖ order count)", () => {
    const first = sell(ALICE, TRX, 100n, A, 200n).info.orderId;
    const pad = (b: Uint8Array) => concatBytes(b, new Uint8Array(19 - b.length));
    expect(bytesToHex(first)).toBe(
      bytesToHex(keccak256(concatBytes(ALICE, pad(TRX), pad(A), int64ToBytes(0n)))),
    );
    const second = sell(ALICE, TRX, 100n, A, 200n).info.orderId;
    expect(bytesToHex(second)).toBe(bytesToHex(calculateOrderId(ALICE, TRX, A, 1n)));
  });

  it("rests an unmatched order at its GCD-reduced price and escrows what it sells", () => {
    const before = trx(ALICE);
    const placed = sell(ALICE, TRX, 100n, A, 200n);
    expect(placed.info.orderDetails).toEqual([]);
    expect(trx(ALICE)).toBe(before - 100n);
    const o = order(placed.info.orderId);
    expect(o.state).toBe(MarketOrder_State.ACTIVE);
    expect(o.sellTokenQuantityRemain).toBe(100n);
    expect(levels(TRX, A)).toEqual([[1n, 2n]]);
    expect(levelOrders(TRX, A, 1n, 2n)).toEqual([bytesToHex(placed.info.orderId)]);
    expect(marketPairKeys(new ChainProperties(state)).map(bytesToHex)).toEqual([bytesToHex(pairKey(TRX, A))]);
    expect(activeOrders(ALICE)!.count).toBe(1n);
    expect(activeOrders(ALICE)!.totalCount).toBe(1n);
  });

  it("full fill: the taker and the maker trade at the maker's price and the book empties", () => {
    const maker = sell(ALICE, TRX, 100n, A, 200n).info.orderId;
    const [aliceTrx, aliceA, bobTrx, bobA] = [trx(ALICE), token(ALICE), trx(BOB), token(BOB)];
    const taken = sell(BOB, A, 200n, TRX, 100n);
    // takerBuyRemain = 200·100/200 = 100 = maker's remainder: maker gets 100·200/100 = 200 A
    expect(taken.info.orderDetails.map((d) => [d.fillSellQuantity, d.fillBuyQuantity])).toEqual([
      [200n, 100n],
    ]);
    expect(bytesToHex(taken.info.orderDetails[0]!.makerOrderId)).toBe(bytesToHex(maker));
    expect(bytesToHex(taken.info.orderDetails[0]!.takerOrderId)).toBe(bytesToHex(taken.info.orderId));
    expect([trx(ALICE) - aliceTrx, token(ALICE) - aliceA, trx(BOB) - bobTrx, token(BOB) - bobA]).toEqual([
      0n,
      200n,
      100n,
      -200n,
    ]);
    expect(order(maker).state).toBe(MarketOrder_State.INACTIVE);
    expect(order(maker).sellTokenQuantityRemain).toBe(0n);
    expect(order(taken.info.orderId).state).toBe(MarketOrder_State.INACTIVE);
    expect(levels(TRX, A)).toEqual([]);
    expect(state.get(MarketTables.marketPairPriceCounts, pairKey(TRX, A))).toBeUndefined();
    expect(marketPairKeys(new ChainProperties(state))).toEqual([]);
    expect(activeOrders(ALICE)!.count).toBe(0n);
    expect(activeOrders(BOB)!.count).toBe(0n);
  });

  it("partial fills across several price levels, best price first, then the remainder rests", () => {
    const m1 = sell(ALICE, A, 100n, TRX, 100n).info.orderId; // 1 TRX per A
    const m2 = sell(CAROL, A, 100n, TRX, 200n).info.orderId; // 2
    const m3 = sell(ALICE, A, 50n, TRX, 150n).info.orderId; // 3
    expect(levels(A, TRX)).toEqual([
      [1n, 1n],
      [1n, 2n],
      [1n, 3n],
    ]);
    const [aliceTrx, carolTrx, bobTrx, bobA] = [trx(ALICE), trx(CAROL), trx(BOB), token(BOB)];
    // Bob pays up to 2.5 TRX per A: 250 TRX for at least 100 A
    const bob = sell(BOB, TRX, 250n, A, 100n);
    // m1: 250·100/100 = 250 > 100 → Bob gets 100 A, Alice 100·100/100 = 100 TRX, Bob has 150 left
    // m2: 150·100/200 = 75 < 100 → Bob gets 75 A, Carol 150 TRX, m2 keeps 25
    expect(
      bob.info.orderDetails.map((d) => [bytesToHex(d.makerOrderId), d.fillSellQuantity, d.fillBuyQuantity]),
    ).toEqual([
      [bytesToHex(m1), 100n, 100n],
      [bytesToHex(m2), 150n, 75n],
    ]);
    expect([trx(ALICE) - aliceTrx, trx(CAROL) - carolTrx, trx(BOB) - bobTrx, token(BOB) - bobA]).toEqual([
      100n,
      150n,
      -250n,
      175n,
    ]);
    expect(order(m1).state).toBe(MarketOrder_State.INACTIVE);
    expect(order(m2).state).toBe(MarketOrder_State.ACTIVE);
    expect(order(m2).sellTokenQuantityRemain).toBe(25n);
    expect(order(bob.info.orderId).state).toBe(MarketOrder_State.INACTIVE);
    expect(levels(A, TRX)).toEqual([
      [1n, 2n],
      [1n, 3n],
    ]);
    expect(state.get(MarketTables.marketPairPriceCounts, pairKey(A, TRX))).toBe(2n);

    // Dave pays up to 5 TRX per A with 500 TRX: takes m2's 25 (for 50 TRX) and m3's 50 (for 150),
    // and 300 TRX rest at his own price 5:1 once the A→TRX side is empty
    const [daveTrx, daveA] = [trx(DAVE), token(DAVE)];
    const dave = sell(DAVE, TRX, 500n, A, 100n);
    expect(
      dave.info.orderDetails.map((d) => [bytesToHex(d.makerOrderId), d.fillSellQuantity, d.fillBuyQuantity]),
    ).toEqual([
      [bytesToHex(m2), 50n, 25n],
      [bytesToHex(m3), 150n, 50n],
    ]);
    expect([trx(DAVE) - daveTrx, token(DAVE) - daveA]).toEqual([-500n, 75n]);
    expect(order(dave.info.orderId).state).toBe(MarketOrder_State.ACTIVE);
    expect(order(dave.info.orderId).sellTokenQuantityRemain).toBe(300n);
    expect(levels(A, TRX)).toEqual([]);
    expect(levels(TRX, A)).toEqual([[5n, 1n]]);
    expect(marketPairKeys(new ChainProperties(state)).map(bytesToHex)).toEqual([bytesToHex(pairKey(TRX, A))]);

    // cancel: the 300 TRX come back, the level and the pair go
    const before = trx(DAVE);
    cancel(DAVE, dave.info.orderId);
    expect(trx(DAVE) - before).toBe(300n);
    expect(order(dave.info.orderId).state).toBe(MarketOrder_State.CANCELED);
    expect(order(dave.info.orderId).sellTokenQuantityRemain).toBe(0n);
    expect(levels(TRX, A)).toEqual([]);
    expect(marketPairKeys(new ChainProperties(state))).toEqual([]);
    expect(activeOrders(DAVE)!.count).toBe(0n);
    expect(activeOrders(DAVE)!.totalCount).toBe(1n);
  });

  it("does not cross when the best price does not meet the taker's", () => {
    sell(ALICE, A, 100n, TRX, 300n); // 3 TRX per A
    const bob = sell(BOB, TRX, 200n, A, 100n); // at most 2 per A
    expect(bob.info.orderDetails).toEqual([]);
    expect(levels(A, TRX)).toEqual([[1n, 3n]]);
    expect(levels(TRX, A)).toEqual([[2n, 1n]]);
  });

  it("keeps orders of one price in arrival order and fills them head first", () => {
    const first = sell(ALICE, A, 10n, TRX, 20n).info.orderId;
    const second = sell(CAROL, A, 5n, TRX, 10n).info.orderId; // same price 1:2
    const third = sell(ALICE, A, 30n, TRX, 60n).info.orderId;
    expect(levels(A, TRX)).toEqual([[1n, 2n]]);
    expect(levelOrders(A, TRX, 1n, 2n)).toEqual([first, second, third].map(bytesToHex));
    // Bob buys 12 A at 2: fills `first` (10) and 2 of `second`
    const bob = sell(BOB, TRX, 24n, A, 12n);
    expect(
      bob.info.orderDetails.map((d) => [bytesToHex(d.makerOrderId), d.fillSellQuantity, d.fillBuyQuantity]),
    ).toEqual([
      [bytesToHex(first), 20n, 10n],
      [bytesToHex(second), 4n, 2n],
    ]);
    expect(levelOrders(A, TRX, 1n, 2n)).toEqual([second, third].map(bytesToHex));
    expect(order(second).prev.length).toBe(0);
    // cancelling the middle of a list relinks its neighbours
    sell(ALICE, A, 1n, TRX, 2n);
    cancel(ALICE, third);
    const list = levelOrders(A, TRX, 1n, 2n);
    expect(list.length).toBe(2);
    expect(list[0]).toBe(bytesToHex(second));
    expect(bytesToHex(order(second).next)).toBe(list[1]);
    expect(bytesToHex(order(hexId(list[1]!)).prev)).toBe(bytesToHex(second));
  });

  it("returns a remainder too small to buy one unit to the taker", () => {
    sell(ALICE, A, 1n, TRX, 3n); // 3 TRX per A
    sell(CAROL, A, 2n, TRX, 6n); // same level
    const before = trx(BOB);
    const bob = sell(BOB, TRX, 4n, A, 1n);
    // Alice's order: 4·1/3 = 1 = her remainder → she gets 1·3/1 = 3, Bob has 1 left;
    // Carol's order: 1·2/6 = 0 → the 1 TRX goes back to Bob and his order ends
    expect(bob.info.orderDetails.map((d) => [d.fillSellQuantity, d.fillBuyQuantity])).toEqual([[3n, 1n]]);
    expect(trx(BOB) - before).toBe(-3n);
    const o = order(bob.info.orderId);
    expect(o.state).toBe(MarketOrder_State.INACTIVE);
    expect(o.sellTokenQuantityRemain).toBe(0n);
    expect(o.sellTokenQuantityReturn).toBe(1n);
    expect(levels(A, TRX)).toEqual([[1n, 3n]]);
    expect(levels(TRX, A)).toEqual([]);
  });

  it("fills at most 20 maker orders: the 21st fails the whole transaction", () => {
    for (let i = 0; i < 21; i++) sell(ALICE, A, 1n, TRX, 1n);
    const before = state.get(Tables.accounts, BOB);
    expect(
      pushError(
        state,
        tx(
          state,
          ContractType.MarketSellAssetContract,
          {
            ownerAddress: BOB,
            sellTokenId: TRX,
            sellTokenQuantity: 21n,
            buyTokenId: A,
            buyTokenQuantity: 21n,
          },
          [BOB_KEY],
          { timestamp: 999n },
        ),
      ),
    ).toEqual(["CONTRACT_EXE_ERROR", "Contract execute error : Too many matches. MAX_MATCH_NUM = 20"]);
    expect(state.get(Tables.accounts, BOB)).toEqual(before);
    const twenty = sell(BOB, TRX, 20n, A, 20n);
    expect(twenty.info.orderDetails.length).toBe(20);
    expect(levelOrders(A, TRX, 1n, 1n).length).toBe(1);
  });

  it("charges and burns the sell and cancel fees", () => {
    state = marketChain({ MARKET_SELL_FEE: 1_000_000n, MARKET_CANCEL_FEE: 300_000n });
    const [aliceTrx, burned] = [trx(ALICE), trx(BLACKHOLE)];
    const placed = sell(ALICE, A, 10n, TRX, 10n);
    expect(placed.info.fee).toBe(1_000_000n);
    expect(trx(ALICE)).toBe(aliceTrx - 1_000_000n);
    const cancelled = cancel(ALICE, placed.info.orderId);
    expect(cancelled.info.fee).toBe(300_000n);
    expect(trx(ALICE)).toBe(aliceTrx - 1_300_000n);
    expect(trx(BLACKHOLE) - burned).toBe(1_300_000n);
    expect(token(ALICE)).toBe(1_000_000n);
  });

  it("trades token against token", () => {
    sell(ALICE, A, 300n, B, 100n);
    const bob = sell(BOB, B, 100n, A, 300n);
    expect(bob.info.orderDetails.map((d) => [d.fillSellQuantity, d.fillBuyQuantity])).toEqual([[100n, 300n]]);
    expect([token(ALICE, "1000002"), token(BOB, "1000001")]).toEqual([1_000_100n, 1_000_300n]);
  });

  it("self-match: an account's order filled by its own later order loses the maker's proceeds, as in java-tron", () => {
    // java-tron credits the maker on the account read from the store, then writes the taker's
    // in-memory account over it: the taker side's effects are all that remain.
    const [startTrx, startA] = [trx(ALICE), token(ALICE)];
    const maker = sell(ALICE, TRX, 100n, A, 100n).info.orderId;
    const taker = sell(ALICE, A, 100n, TRX, 100n);
    expect(taker.info.orderDetails.map((d) => [d.fillSellQuantity, d.fillBuyQuantity])).toEqual([
      [100n, 100n],
    ]);
    expect(order(maker).state).toBe(MarketOrder_State.INACTIVE);
    // the 100 TRX came back as the taker's proceeds; the 100 A the maker bought are gone
    expect(trx(ALICE)).toBe(startTrx);
    expect(token(ALICE)).toBe(startA - 100n);
    expect(activeOrders(ALICE)!.count).toBe(0n);
  });
});

function hexId(hex: string): Uint8Array {
  return Uint8Array.from(hex.match(/../g)!.map((b) => Number.parseInt(b, 16)));
}
