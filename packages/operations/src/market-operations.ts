/**
 * Market orders: the builders (marketsellasset, marketcancelorder) and the reads java-tron serves
 * under /wallet and /walletsolidity.
 */
import {
  ContractType,
  MarketCancelOrderContractSchema,
  type MarketOrder,
  type MarketOrderList,
  type MarketPriceList,
  MarketSellAssetContractSchema,
} from "@tronode/engine/internal";
import { builderOperation } from "./builder-operations.js";
import { defineOperation, queryOperation } from "./operation.js";

/** A market pair: the token sold and the token bought. */
export interface MarketPairInput {
  readonly sellTokenId: Uint8Array;
  readonly buyTokenId: Uint8Array;
}

/** The market order builders: place a sell order, cancel an order. */
export const MarketBuilderOperations = {
  marketSellAsset: builderOperation({
    name: "marketsellasset",
    contractType: ContractType.MarketSellAssetContract,
    contractSchema: MarketSellAssetContractSchema,
  }),
  marketCancelOrder: builderOperation({
    name: "marketcancelorder",
    contractType: ContractType.MarketCancelOrderContract,
    contractSchema: MarketCancelOrderContractSchema,
  }),
} as const;

/** The market reads: orders by id, account or pair, a pair's prices, the list of pairs. */
export const MarketOperations = {
  getMarketOrderById: defineOperation<{ readonly orderId: Uint8Array }, MarketOrder | undefined>({
    name: "getmarketorderbyid",
    availability: "served",
    run: (api, { orderId }, { scope }) => api.getMarketOrderById(orderId, scope),
  }),
  getMarketOrderByAccount: defineOperation<{ readonly address: Uint8Array }, MarketOrderList | undefined>({
    name: "getmarketorderbyaccount",
    availability: "served",
    run: (api, { address }, { scope }) => api.getMarketOrderByAccount(address, scope),
  }),
  getMarketPriceByPair: defineOperation<MarketPairInput, MarketPriceList>({
    name: "getmarketpricebypair",
    availability: "served",
    run: (api, { sellTokenId, buyTokenId }, { scope }) =>
      api.getMarketPriceByPair(sellTokenId, buyTokenId, scope),
  }),
  getMarketOrderListByPair: defineOperation<MarketPairInput, MarketOrderList>({
    name: "getmarketorderlistbypair",
    availability: "served",
    run: (api, { sellTokenId, buyTokenId }, { scope }) =>
      api.getMarketOrderListByPair(sellTokenId, buyTokenId, scope),
  }),
  getMarketPairList: queryOperation("getmarketpairlist", (api, { scope }) => api.getMarketPairList(scope)),
} as const;
