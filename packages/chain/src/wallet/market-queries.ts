import {
  type MarketOrder,
  type MarketOrderList,
  type MarketOrderPairList,
  type MarketPriceList,
  type MarketQueries,
  marketOrderById,
  marketOrdersOfAccount,
  marketOrdersOfPair,
  marketPairs,
  marketPricesOfPair,
  type ReadScope,
  type StateView,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/** Market reads: on the unconfirmed head under /wallet, on the solidified state under /walletsolidity. */
export class MarketQueryService implements MarketQueries {
  constructor(private readonly chain: ChainService) {}

  #view(scope: ReadScope): StateView {
    return this.chain.viewOf(scope);
  }

  async getMarketOrderById(orderId: Uint8Array, scope: ReadScope): Promise<MarketOrder | undefined> {
    return marketOrderById(this.#view(scope), orderId);
  }

  async getMarketOrderByAccount(address: Uint8Array, scope: ReadScope): Promise<MarketOrderList | undefined> {
    return marketOrdersOfAccount(this.#view(scope), address);
  }

  async getMarketPriceByPair(
    sellTokenId: Uint8Array,
    buyTokenId: Uint8Array,
    scope: ReadScope,
  ): Promise<MarketPriceList> {
    return marketPricesOfPair(this.#view(scope), sellTokenId, buyTokenId);
  }

  async getMarketOrderListByPair(
    sellTokenId: Uint8Array,
    buyTokenId: Uint8Array,
    scope: ReadScope,
  ): Promise<MarketOrderList> {
    return marketOrdersOfPair(this.#view(scope), sellTokenId, buyTokenId);
  }

  async getMarketPairList(scope: ReadScope): Promise<MarketOrderPairList> {
    return marketPairs(this.#view(scope));
  }
}
