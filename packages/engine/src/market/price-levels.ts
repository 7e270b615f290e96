/**
 * The price levels of each market pair in java-tron's order (MarketOrderPriceComparator: lowest
 * buy/sell ratio first), kept in state as a two-level index because the engine's state has point
 * reads only: a directory per pair lists its pages by their first price, and each page holds up to
 * PAGE_CAPACITY prices in order. Adding or removing a level reads and writes one directory and one
 * page (a full page splits in two), so the cost stays flat however deep the book grows; the best
 * levels are the first entries of the first pages.
 *
 * Also the list of pairs with levels, in key order (java-tron iterates MarketPairToPriceStore).
 */

import { bytesToInt64, compareBytes, int64ToBytes } from "../crypto/bytes.js";
import type { BytePropertyName } from "../state/chain-parameters.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { comparePrice, PAIR_KEY_LENGTH, type Price } from "./market-keys.js";
import { MarketTables } from "./tables.js";

/** Prices per page before it splits. */
export const PAGE_CAPACITY = 128;

/** A directory entry: page number and the page's first (lowest) price. */
interface PageRef {
  readonly page: number;
  readonly first: Price;
}

interface Directory {
  readonly nextPage: number;
  readonly pages: readonly PageRef[];
}

const PRICE_BYTES = 16;
const REF_BYTES = 4 + PRICE_BYTES;

function readPrice(bytes: Uint8Array, at: number): Price {
  return { sell: bytesToInt64(bytes, at), buy: bytesToInt64(bytes, at + 8) };
}

function writePrice(out: Uint8Array, at: number, p: Price): void {
  out.set(int64ToBytes(p.sell), at);
  out.set(int64ToBytes(p.buy), at + 8);
}

function decodeDirectory(bytes: Uint8Array | undefined): Directory {
  if (!bytes || bytes.length < 4) return { nextPage: 0, pages: [] };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const pages: PageRef[] = [];
  for (let at = 4; at + REF_BYTES <= bytes.length; at += REF_BYTES) {
    pages.push({ page: view.getUint32(at), first: readPrice(bytes, at + 4) });
  }
  return { nextPage: view.getUint32(0), pages };
}

function encodeDirectory(d: Directory): Uint8Array {
  const out = new Uint8Array(4 + d.pages.length * REF_BYTES);
  const view = new DataView(out.buffer);
  view.setUint32(0, d.nextPage);
  d.pages.forEach((ref, i) => {
    view.setUint32(4 + i * REF_BYTES, ref.page);
    writePrice(out, 4 + i * REF_BYTES + 4, ref.first);
  });
  return out;
}

function decodePage(bytes: Uint8Array | undefined): Price[] {
  const out: Price[] = [];
  if (!bytes) return out;
  for (let at = 0; at + PRICE_BYTES <= bytes.length; at += PRICE_BYTES) out.push(readPrice(bytes, at));
  return out;
}

function encodePage(prices: readonly Price[]): Uint8Array {
  const out = new Uint8Array(prices.length * PRICE_BYTES);
  prices.forEach((p, i) => {
    writePrice(out, i * PRICE_BYTES, p);
  });
  return out;
}

function pageKey(pair: Uint8Array, page: number): Uint8Array {
  const out = new Uint8Array(PAIR_KEY_LENGTH + 4);
  out.set(pair, 0);
  new DataView(out.buffer).setUint32(PAIR_KEY_LENGTH, page);
  return out;
}

/** Index of the page that holds (or would hold) `price`: the last whose first price is ≤ it. */
function pageFor(pages: readonly PageRef[], price: Price): number {
  let lo = 0;
  let hi = pages.length - 1;
  let found = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (comparePrice(pages[mid]!.first, price) <= 0) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** First index in `prices` whose price is ≥ `price`. */
function lowerBound(prices: readonly Price[], price: Price): number {
  let lo = 0;
  let hi = prices.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (comparePrice(prices[mid]!, price) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Adds a (reduced) price level to the pair's index; a level already there is left as it is. */
export function addPriceLevel(state: StateOverlay, pair: Uint8Array, price: Price): void {
  const directory = decodeDirectory(state.get(MarketTables.marketPriceDirectory, pair));
  if (directory.pages.length === 0) {
    state.put(MarketTables.marketPricePages, pageKey(pair, 0), encodePage([price]));
    state.put(
      MarketTables.marketPriceDirectory,
      pair,
      encodeDirectory({ nextPage: 1, pages: [{ page: 0, first: price }] }),
    );
    return;
  }
  const index = pageFor(directory.pages, price);
  const ref = directory.pages[index]!;
  const prices = decodePage(state.get(MarketTables.marketPricePages, pageKey(pair, ref.page)));
  const at = lowerBound(prices, price);
  if (at < prices.length && comparePrice(prices[at]!, price) === 0) return;
  prices.splice(at, 0, price);
  const pages = [...directory.pages];
  let nextPage = directory.nextPage;
  if (prices.length > PAGE_CAPACITY) {
    const upper = prices.splice(prices.length >> 1);
    const page = nextPage++;
    state.put(MarketTables.marketPricePages, pageKey(pair, page), encodePage(upper));
    pages.splice(index + 1, 0, { page, first: upper[0]! });
  }
  state.put(MarketTables.marketPricePages, pageKey(pair, ref.page), encodePage(prices));
  pages[index] = { page: ref.page, first: prices[0]! };
  state.put(MarketTables.marketPriceDirectory, pair, encodeDirectory({ nextPage, pages }));
}

/** Removes a price level from the pair's index (nothing happens when it is not there). */
export function removePriceLevel(state: StateOverlay, pair: Uint8Array, price: Price): void {
  const directory = decodeDirectory(state.get(MarketTables.marketPriceDirectory, pair));
  if (directory.pages.length === 0) return;
  const index = pageFor(directory.pages, price);
  const ref = directory.pages[index]!;
  const prices = decodePage(state.get(MarketTables.marketPricePages, pageKey(pair, ref.page)));
  const at = lowerBound(prices, price);
  if (at >= prices.length || comparePrice(prices[at]!, price) !== 0) return;
  prices.splice(at, 1);
  const pages = [...directory.pages];
  if (prices.length === 0) {
    state.delete(MarketTables.marketPricePages, pageKey(pair, ref.page));
    pages.splice(index, 1);
  } else {
    state.put(MarketTables.marketPricePages, pageKey(pair, ref.page), encodePage(prices));
    pages[index] = { page: ref.page, first: prices[0]! };
  }
  if (pages.length === 0) state.delete(MarketTables.marketPriceDirectory, pair);
  else
    state.put(
      MarketTables.marketPriceDirectory,
      pair,
      encodeDirectory({ nextPage: directory.nextPage, pages }),
    );
}

/** The pair's first `limit` price levels, best (lowest buy/sell ratio) first. */
export function bestPriceLevels(view: StateView, pair: Uint8Array, limit: number): Price[] {
  const out: Price[] = [];
  if (limit <= 0) return out;
  for (const ref of decodeDirectory(view.get(MarketTables.marketPriceDirectory, pair)).pages) {
    for (const p of decodePage(view.get(MarketTables.marketPricePages, pageKey(pair, ref.page)))) {
      out.push(p);
      if (out.length >= limit) return out;
    }
  }
  return out;
}

// --- the pairs with price levels -----------------------------------------------------------------

export const MARKET_PAIRS: BytePropertyName = "TRONODE_MARKET_PAIRS";

/** Every pair key with orders, in byte order (MarketPairToPriceStore's iteration order). */
export function marketPairKeys(props: ChainProperties): Uint8Array[] {
  const packed = props.getBytes(MARKET_PAIRS);
  const out: Uint8Array[] = [];
  for (let at = 0; at + PAIR_KEY_LENGTH <= packed.length; at += PAIR_KEY_LENGTH) {
    out.push(packed.slice(at, at + PAIR_KEY_LENGTH));
  }
  return out;
}

function savePairKeys(props: MutableChainProperties, keys: readonly Uint8Array[]): void {
  const out = new Uint8Array(keys.length * PAIR_KEY_LENGTH);
  keys.forEach((k, i) => {
    out.set(k, i * PAIR_KEY_LENGTH);
  });
  props.setBytes(MARKET_PAIRS, out);
}

export function addMarketPair(props: MutableChainProperties, pair: Uint8Array): void {
  const keys = marketPairKeys(props);
  let at = 0;
  while (at < keys.length && compareBytes(keys[at]!, pair) < 0) at++;
  if (at < keys.length && compareBytes(keys[at]!, pair) === 0) return;
  keys.splice(at, 0, pair);
  savePairKeys(props, keys);
}

export function removeMarketPair(props: MutableChainProperties, pair: Uint8Array): void {
  const keys = marketPairKeys(props);
  const remaining = keys.filter((k) => compareBytes(k, pair) !== 0);
  if (remaining.length !== keys.length) savePairKeys(props, remaining);
}
