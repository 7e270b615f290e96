/**
 * The market reads over a book built by real orders: an order by id (prev/next kept, unknown id
 * an IllegalStateException), an account's active orders (prev/next cleared), a pair's prices best
 * first, its orders level by level in arrival order, the pair list in key order, and the pair
 * checks' texts.
 */
import { describe, expect, it } from "vitest";
import {
  bytesToHex,
  marketOrderById,
  marketOrdersOfAccount,
  marketOrdersOfPair,
  marketPairs,
  marketPricesOfPair,
  TronodeError,
  utf8Decode,
  utf8Encode,
} from "../../src/internal.js";
import { ALICE, BOB } from "../support/chain-fixture.js";
import { A, B, marketChain, sell, TRX } from "./market-fixture.js";

describe("market reads", () => {
  it("answer java-tron's shapes over a small book", () => {
    const state = marketChain();
    const o1 = sell(state, ALICE, A, 10n, TRX, 30n).info.orderId; // 1:3
    const o2 = sell(state, ALICE, A, 10n, TRX, 20n).info.orderId; // 1:2
    const o3 = sell(state, ALICE, A, 5n, TRX, 10n).info.orderId; // 1:2, after o2
    sell(state, ALICE, TRX, 100n, B, 1n);

    const byId = marketOrderById(state, o3)!;
    expect(bytesToHex(byId.prev)).toBe(bytesToHex(o2));
    expect(marketOrderById(state, new Uint8Array())).toBeUndefined();
    expect(() => marketOrderById(state, new Uint8Array(32))).toThrow(TronodeError);
    try {
      marketOrderById(state, new Uint8Array(32));
    } catch (e) {
      expect((e as TronodeError).message).toBe("order not found in store");
      expect((e as TronodeError).javaClass).toBe("java.lang.IllegalStateException");
    }

    const mine = marketOrdersOfAccount(state, ALICE)!;
    expect(mine.orders.map((o) => bytesToHex(o.orderId))).toContain(bytesToHex(o1));
    expect(mine.orders.every((o) => o.prev.length === 0 && o.next.length === 0)).toBe(true);
    expect(marketOrdersOfAccount(state, BOB)).toBeUndefined();

    const prices = marketPricesOfPair(state, A, TRX);
    expect(utf8Decode(prices.sellTokenId)).toBe("1000001");
    expect(prices.prices.map((p) => [p.sellTokenQuantity, p.buyTokenQuantity])).toEqual([
      [1n, 2n],
      [1n, 3n],
    ]);
    expect(marketPricesOfPair(state, B, A).prices).toEqual([]);

    expect(marketOrdersOfPair(state, A, TRX).orders.map((o) => bytesToHex(o.orderId))).toEqual(
      [o2, o3, o1].map(bytesToHex),
    );
    expect(
      marketPairs(state).orderPair.map((p) => `${utf8Decode(p.sellTokenId)}>${utf8Decode(p.buyTokenId)}`),
    ).toEqual(["1000001>_", "_>1000002"]);

    const refused = (fn: () => unknown) => {
      try {
        fn();
      } catch (e) {
        return `${(e as TronodeError).javaClass}: ${(e as TronodeError).message}`;
      }
      return "accepted";
    };
    expect(refused(() => marketPricesOfPair(state, utf8Encode("x"), TRX))).toBe(
      "org.tron.core.exception.BadItemException: sellTokenId is not a valid number",
    );
    expect(refused(() => marketOrdersOfPair(state, TRX, utf8Encode("01")))).toBe(
      "org.tron.core.exception.BadItemException: buyTokenId is not a valid number",
    );
  });
});
