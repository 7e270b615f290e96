/**
 * java-tron's MarketUtils: order ids, the pair and pair-price keys of the order book, the price
 * comparison and the quantity arithmetic — exact integer math (Java multiplies in long and falls
 * back to BigInteger on overflow, which gives the exact product either way).
 */

import { concatBytes, int64ToBytes, utf8Encode } from "../crypto/bytes.js";
import { keccak256 } from "../crypto/hash.js";

/** Bytes of a token id in a key: Long.MAX_VALUE has 19 digits. */
export const TOKEN_ID_LENGTH = 19;
export const PAIR_KEY_LENGTH = TOKEN_ID_LENGTH * 2;
export const PAIR_PRICE_KEY_LENGTH = PAIR_KEY_LENGTH + 16;
/** The TRX "token id". */
export const TRX_ID = utf8Encode("_");

export interface Price {
  readonly sell: bigint;
  readonly buy: bigint;
}

function padded(tokenId: Uint8Array): Uint8Array {
  const out = new Uint8Array(TOKEN_ID_LENGTH);
  out.set(tokenId.subarray(0, TOKEN_ID_LENGTH), 0);
  return out;
}

/** MarketUtils.calculateOrderId: keccak256(owner ‖ sell id (19) ‖ buy id (19) ‖ the account's order count). */
export function calculateOrderId(
  owner: Uint8Array,
  sellTokenId: Uint8Array,
  buyTokenId: Uint8Array,
  count: bigint,
): Uint8Array {
  return keccak256(concatBytes(owner, padded(sellTokenId), padded(buyTokenId), int64ToBytes(count)));
}

/** MarketUtils.createPairKey: sell id (19) ‖ buy id (19). */
export function pairKey(sellTokenId: Uint8Array, buyTokenId: Uint8Array): Uint8Array {
  return concatBytes(padded(sellTokenId), padded(buyTokenId));
}

function gcd(a: bigint, b: bigint): bigint {
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** A price reduced by the GCD of its quantities (unchanged when either is 0), as the keys store it. */
export function reducedPrice(sell: bigint, buy: bigint): Price {
  if (sell === 0n || buy === 0n) return { sell, buy };
  const d = gcd(sell, buy);
  return { sell: sell / d, buy: buy / d };
}

/** MarketUtils.createPairPriceKey: pair key ‖ reduced sell quantity ‖ reduced buy quantity. */
export function pairPriceKey(
  sellTokenId: Uint8Array,
  buyTokenId: Uint8Array,
  sellQuantity: bigint,
  buyQuantity: bigint,
): Uint8Array {
  const p = reducedPrice(sellQuantity, buyQuantity);
  return concatBytes(pairKey(sellTokenId, buyTokenId), int64ToBytes(p.sell), int64ToBytes(p.buy));
}

/** The pair-price key of a price already reduced, under a pair key. */
export function pairPriceKeyOf(pair: Uint8Array, price: Price): Uint8Array {
  return concatBytes(pair, int64ToBytes(price.sell), int64ToBytes(price.buy));
}

/** MarketUtils.decodeKeyToMarketPairHuman: the two ids of a pair key without their zero padding. */
export function pairOfKey(key: Uint8Array): { sellTokenId: Uint8Array; buyTokenId: Uint8Array } {
  const trim = (b: Uint8Array) => {
    let end = b.length;
    while (end > 0 && b[end - 1] === 0) end--;
    return b.slice(0, end);
  };
  return {
    sellTokenId: trim(key.subarray(0, TOKEN_ID_LENGTH)),
    buyTokenId: trim(key.subarray(TOKEN_ID_LENGTH, PAIR_KEY_LENGTH)),
  };
}

/**
 * MarketUtils.comparePrice: price 1 against price 2 by buy/sell ratio (a lower ratio is a better
 * offer for the other side): sign of buy1·sell2 − buy2·sell1.
 */
export function comparePrice(a: Price, b: Price): number {
  const left = a.buy * b.sell;
  const right = b.buy * a.sell;
  return left === right ? 0 : left < right ? -1 : 1;
}

/**
 * MarketUtils.priceMatch: the taker's price meets the maker's when
 * takerSell · makerSell ≥ takerBuy · makerBuy.
 */
export function priceMatch(taker: Price, maker: Price): boolean {
  return comparePrice({ sell: taker.buy, buy: taker.sell }, maker) >= 0;
}

/**
 * MarketUtils.multiplyAndDivide: a·b / c, truncated, then cut to a Java long as BigInteger.longValue
 * does when the quotient leaves the long range (a maker selling far more than it buys can do that).
 */
export function multiplyAndDivide(a: bigint, b: bigint, c: bigint): bigint {
  return BigInt.asIntN(64, (a * b) / c);
}
