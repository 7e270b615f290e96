/**
 * TRC-10 tokens and Bancor exchanges (java-tron's asset and exchange servlets):
 * - builders: createassetissue, participateassetissue, transferasset (with `extra_data`),
 *   updateasset, unfreezeasset (GET → empty 200); exchangecreate, exchangeinject, exchangewithdraw,
 *   exchangetransaction (GET → 405);
 * - getassetissuebyname / getassetissuelistbyname: `value` is the name in hex, or text with visible
 *   (`Util.getHexString`); getassetissuebyid: `value` is the id text; getassetissuebyaccount:
 *   `address` (an Account merge on POST); getassetissuelist / listexchanges take `visible` from the
 *   query; getpaginated*: `offset` / `limit` (Long.parseLong on GET, PaginatedMessage on POST);
 * - getexchangebyid: `id` (Long.parseLong on GET, a required JSON number on POST); an unknown id
 *   answers java-tron's NullPointerException (it prints a null message).
 * Lists print as AssetIssueList / ExchangeList (`{}` when empty); not found prints `{}`.
 */
import { create } from "@bufbuild/protobuf";
import {
  type AssetIssueContract,
  AssetIssueContractSchema,
  AssetIssueListSchema,
  type Exchange,
  ExchangeListSchema,
  ExchangeSchema,
  PaginatedMessageSchema,
  TronodeError,
  utf8Encode,
} from "@tronode/engine/internal";
import {
  AssetBuilderOperations,
  AssetOperations,
  ExchangeBuilderOperations,
  ExchangeOperations,
  type PageInput,
} from "@tronode/operations";
import { type JsonValue, NULL_POINTER_EXCEPTION, printMessage } from "../engine-protocol.js";
import { TransportErrorCodes } from "../java-error-body.js";
import { javaStringOf, parseJavaHex, parseJavaLong } from "../java-value-readers.js";
import { readAccountSelector, readBodyMessage } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  type WalletRequest,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";
import { builderRoute } from "./builder-route.js";

const BUILDERS: readonly RouteRow[] = [
  builderRoute(AssetBuilderOperations.createAssetIssue, { getOnPost: "empty200" }),
  builderRoute(AssetBuilderOperations.participateAssetIssue, { getOnPost: "empty200" }),
  builderRoute(AssetBuilderOperations.transferAsset, { getOnPost: "empty200", readsExtraData: true }),
  builderRoute(AssetBuilderOperations.updateAsset, { getOnPost: "empty200" }),
  builderRoute(AssetBuilderOperations.unfreezeAsset, { getOnPost: "empty200" }),
  builderRoute(ExchangeBuilderOperations.exchangeCreate, { getOnPost: "405" }),
  builderRoute(ExchangeBuilderOperations.exchangeInject, { getOnPost: "405" }),
  builderRoute(ExchangeBuilderOperations.exchangeWithdraw, { getOnPost: "405" }),
  builderRoute(ExchangeBuilderOperations.exchangeTransaction, { getOnPost: "405" }),
];

/** `value` from the query (GET) or the body (POST, fastjson getString). */
function valueText(request: WalletRequest, field = "value"): string | undefined {
  return request.method === "GET" ? request.query(field) : javaStringOf(request.body()[field]);
}

/** A token name: hex, or UTF-8 text with visible (`Util.getHexString`). */
function readName(request: WalletRequest): Uint8Array {
  const text = valueText(request);
  if (request.visible()) return utf8Encode(text ?? "");
  return parseJavaHex(text);
}

function readPage(request: WalletRequest): PageInput {
  if (request.method === "GET") {
    return { offset: parseJavaLong(request.query("offset")), limit: parseJavaLong(request.query("limit")) };
  }
  const message = readBodyMessage(request, PaginatedMessageSchema);
  return { offset: message.offset, limit: message.limit };
}

function printToken(token: AssetIssueContract | undefined, visible: boolean): JsonValue {
  if (token === undefined) return NOT_FOUND_BODY;
  return printMessage(AssetIssueContractSchema, token, { visible, exactInt64: true });
}

function printTokens(tokens: AssetIssueContract[] | undefined, visible: boolean): JsonValue {
  if (tokens === undefined) return NOT_FOUND_BODY;
  return printMessage(AssetIssueListSchema, create(AssetIssueListSchema, { assetIssue: tokens }), {
    visible,
    exactInt64: true,
  });
}

function printExchanges(exchanges: Exchange[] | undefined, visible: boolean): JsonValue {
  if (exchanges === undefined) return NOT_FOUND_BODY;
  return printMessage(ExchangeListSchema, create(ExchangeListSchema, { exchanges }), {
    visible,
    exactInt64: true,
  });
}

const getAssetIssueByAccount = defineRoute({
  operation: AssetOperations.getAssetIssueByAccount,
  paths: walletPaths("getassetissuebyaccount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readAccountSelector(request, "address").address,
  print: printTokens,
});

const getAssetIssueByName = defineRoute({
  operation: AssetOperations.getAssetIssueByName,
  paths: walletAndSolidityPaths("getassetissuebyname"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readName,
  print: printToken,
});

const getAssetIssueListByName = defineRoute({
  operation: AssetOperations.getAssetIssueListByName,
  paths: walletAndSolidityPaths("getassetissuelistbyname"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readName,
  print: printTokens,
});

const getAssetIssueById = defineRoute({
  operation: AssetOperations.getAssetIssueById,
  paths: walletAndSolidityPaths("getassetissuebyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => valueText(request),
  print: printToken,
});

const getAssetIssueList = defineRoute({
  operation: AssetOperations.getAssetIssueList,
  paths: walletAndSolidityPaths("getassetissuelist"),
  methods: ["GET", "POST"],
  visibleFrom: "query",
  read: () => undefined,
  print: printTokens,
});

const getPaginatedAssetIssueList = defineRoute({
  operation: AssetOperations.getPaginatedAssetIssueList,
  paths: walletAndSolidityPaths("getpaginatedassetissuelist"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readPage,
  print: printTokens,
});

/** Util.getJsonLongValue(json, "id", true): a required number (BigDecimal.longValueExact). */
function readExchangeId(request: WalletRequest): bigint {
  if (request.method === "GET") return parseJavaLong(request.query("id"));
  const value = request.body().id;
  if (value === undefined || value === null) {
    throw new TronodeError(TransportErrorCodes.badRequest, "key [id] does not exist", {
      javaClass: "java.security.InvalidParameterException",
    });
  }
  return parseJavaLong(javaStringOf(value));
}

const getExchangeById = defineRoute({
  operation: ExchangeOperations.getExchangeById,
  paths: walletAndSolidityPaths("getexchangebyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readExchangeId,
  print: (exchange, visible): JsonValue =>
    exchange === undefined
      ? { Error: `class ${NULL_POINTER_EXCEPTION} : null` }
      : printMessage(ExchangeSchema, exchange, { visible, exactInt64: true }),
});

const listExchanges = defineRoute({
  operation: ExchangeOperations.listExchanges,
  paths: walletAndSolidityPaths("listexchanges"),
  methods: ["GET", "POST"],
  visibleFrom: "query",
  read: () => undefined,
  print: printExchanges,
});

const getPaginatedExchangeList = defineRoute({
  operation: ExchangeOperations.getPaginatedExchangeList,
  paths: walletPaths("getpaginatedexchangelist"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readPage,
  print: printExchanges,
});

export const ASSET_ROUTES: readonly RouteRow[] = [
  ...BUILDERS,
  getAssetIssueByAccount,
  getAssetIssueByName,
  getAssetIssueListByName,
  getAssetIssueById,
  getAssetIssueList,
  getPaginatedAssetIssueList,
  getExchangeById,
  listExchanges,
  getPaginatedExchangeList,
];
