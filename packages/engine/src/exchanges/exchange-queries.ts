/**
 * The exchange reads of java-tron's Wallet (getexchangebyid, listexchanges, getpaginatedexchangelist):
 * the `ExchangeQueries` contract the transports call and the pure computations behind it.
 */
import type { Exchange } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";
import { findExchange } from "./exchange-store.js";

type Scope = "head" | "solid";

/** Parameter.EXCHANGE_COUNT_LIMIT_MAX: the largest page of getpaginatedexchangelist. */
export const EXCHANGE_PAGE_LIMIT_MAX = 1000n;

/** The exchange domain's wallet reads; undefined = java-tron's null (printed `{}`). */
export interface ExchangeQueries {
  getExchangeById(id: bigint, scope: Scope): Promise<Exchange | undefined>;
  /** Newest first (by create time; exchanges of one block in id order). */
  listExchanges(scope: Scope): Promise<Exchange[]>;
  /** Ids offset+1 … offset+limit (limit at most 1 000); undefined when offset or limit is negative or past the last id. */
  getPaginatedExchangeList(offset: bigint, limit: bigint, scope: Scope): Promise<Exchange[] | undefined>;
}

/** ExchangeStore.getAllExchanges: every exchange, newest create time first. */
export function allExchanges(view: StateView, props: ChainProperties): Exchange[] {
  const out: Exchange[] = [];
  const last = props.get("LATEST_EXCHANGE_NUM");
  for (let id = 1n; id <= last; id++) {
    const exchange = findExchange(view, props, id);
    if (exchange) out.push(exchange);
  }
  // java-tron's comparator ranks by create time, newest first; equal times keep the store's id order.
  return out.sort((a, b) => (a.createTime === b.createTime ? 0 : a.createTime < b.createTime ? 1 : -1));
}

/** Wallet.getPaginatedExchangeList: the ids in (offset, min(offset + limit, latest)]. */
export function paginatedExchanges(
  view: StateView,
  props: ChainProperties,
  offset: bigint,
  limit: bigint,
): Exchange[] | undefined {
  if (limit < 0n || offset < 0n) return undefined;
  const latest = props.get("LATEST_EXCHANGE_NUM");
  if (latest <= offset) return undefined;
  const capped = limit > EXCHANGE_PAGE_LIMIT_MAX ? EXCHANGE_PAGE_LIMIT_MAX : limit;
  const end = offset + capped > latest ? latest : offset + capped;
  const out: Exchange[] = [];
  for (let id = offset + 1n; id <= end; id++) {
    const exchange = findExchange(view, props, id);
    if (exchange) out.push(exchange);
  }
  return out;
}
