/**
 * Market orders: the builders (marketsellasset, marketcancelorder: Permission_id and extra_data)
 * and the reads java-tron serves under /wallet and /walletsolidity: getmarketorderbyid (`value`,
 * hex), getmarketorderbyaccount (`value`, an address: Base58Check when visible), and the pair reads
 * (`sell_token_id` / `buy_token_id`: hex, or text when visible; POST a MarketOrderPair).
 */
import {
  MarketOrderListSchema,
  MarketOrderPairListSchema,
  MarketOrderPairSchema,
  MarketOrderSchema,
  MarketPriceListSchema,
  TronodeError,
  tryAddressFromBase58,
  utf8Encode,
} from "@tronode/engine/internal";
import { MarketBuilderOperations, MarketOperations, type MarketPairInput } from "@tronode/operations";
import { NULL_POINTER_EXCEPTION, printMessage } from "../engine-protocol.js";
import { TransportErrorCodes } from "../java-error-body.js";
import { javaStringOf, parseJavaHex } from "../java-value-readers.js";
import { readBodyMessage, readBytesValueInput } from "../route-inputs.js";
import { defineRoute, type RouteRow, type WalletRequest, walletAndSolidityPaths } from "../route-row.js";
import { builderRoute } from "./builder-route.js";

/** GetMarketOrderByAccountServlet: `value` from the query (GET) or the body (POST). */
function readAccount(request: WalletRequest): { address: Uint8Array } {
  const text = request.method === "GET" ? request.query("value") : javaStringOf(request.body().value);
  if (!request.visible()) return { address: parseJavaHex(text) };
  // Util.getHexAddress: an undecodable Base58Check address reads as no address
  return {
    address: text === undefined ? new Uint8Array() : (tryAddressFromBase58(text) ?? new Uint8Array()),
  };
}

/** The pair of GetMarketPriceByPair / GetMarketOrderListByPair. */
function readPair(request: WalletRequest): MarketPairInput {
  if (request.method === "POST") {
    const pair = readBodyMessage(request, MarketOrderPairSchema);
    return { sellTokenId: pair.sellTokenId, buyTokenId: pair.buyTokenId };
  }
  const id = (name: string) => {
    const text = request.query(name);
    if (!request.visible()) return parseJavaHex(text);
    // Util.getHexString(null) fails in ByteString.copyFromUtf8
    if (text === undefined) {
      throw new TronodeError(TransportErrorCodes.badRequest, "null", { javaClass: NULL_POINTER_EXCEPTION });
    }
    return utf8Encode(text);
  };
  return { sellTokenId: id("sell_token_id"), buyTokenId: id("buy_token_id") };
}

const getMarketOrderById = defineRoute({
  operation: MarketOperations.getMarketOrderById,
  paths: walletAndSolidityPaths("getmarketorderbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => ({ orderId: readBytesValueInput(request) }),
  print: (order, visible) =>
    order === undefined ? {} : printMessage(MarketOrderSchema, order, { visible, exactInt64: true }),
});

const getMarketOrderByAccount = defineRoute({
  operation: MarketOperations.getMarketOrderByAccount,
  paths: walletAndSolidityPaths("getmarketorderbyaccount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readAccount,
  print: (list, visible) =>
    list === undefined ? {} : printMessage(MarketOrderListSchema, list, { visible, exactInt64: true }),
});

const getMarketPriceByPair = defineRoute({
  operation: MarketOperations.getMarketPriceByPair,
  paths: walletAndSolidityPaths("getmarketpricebypair"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readPair,
  print: (prices, visible) => printMessage(MarketPriceListSchema, prices, { visible, exactInt64: true }),
});

const getMarketOrderListByPair = defineRoute({
  operation: MarketOperations.getMarketOrderListByPair,
  paths: walletAndSolidityPaths("getmarketorderlistbypair"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readPair,
  print: (list, visible) => printMessage(MarketOrderListSchema, list, { visible, exactInt64: true }),
});

const getMarketPairList = defineRoute({
  operation: MarketOperations.getMarketPairList,
  paths: walletAndSolidityPaths("getmarketpairlist"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  // a non-empty body is parsed for `visible` (malformed JSON fails, as in java-tron)
  read: (request) => {
    if (request.method === "POST") request.visible();
  },
  print: (pairs, visible) => printMessage(MarketOrderPairListSchema, pairs, { visible, exactInt64: true }),
});

export const MARKET_ROUTES: readonly RouteRow[] = [
  builderRoute(MarketBuilderOperations.marketSellAsset, { getOnPost: "empty200", readsExtraData: true }),
  builderRoute(MarketBuilderOperations.marketCancelOrder, { getOnPost: "empty200", readsExtraData: true }),
  getMarketOrderById,
  getMarketOrderByAccount,
  getMarketPriceByPair,
  getMarketOrderListByPair,
  getMarketPairList,
];
