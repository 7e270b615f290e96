/**
 * TRC-10 tokens and Bancor exchanges: the builders (old and "2" forms where java-tron has both) and
 * the reads. Every read answers java-tron's "not found" as the empty message; GetAssetIssueByName
 * does so too for a name several tokens share (java-tron catches NonUniqueObjectException).
 */
import {
  AccountSchema,
  AssetIssueContractSchema,
  AssetIssueListSchema,
  BytesMessageSchema,
  EmptyMessageSchema,
  ExchangeListSchema,
  ExchangeSchema,
  JavaExceptions,
  PaginatedMessageSchema,
  utf8Decode,
} from "@tronode/engine/internal";
import {
  AssetBuilderOperations,
  AssetOperations,
  ExchangeBuilderOperations,
  ExchangeOperations,
} from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";
import { builderRpcs } from "./builder-rpcs.js";

const assetList = <T>(assets: T[] | undefined) => (assets === undefined ? undefined : { assetIssue: assets });
const exchangeList = <T>(exchanges: T[] | undefined) => (exchanges === undefined ? undefined : { exchanges });

/** An exchange id on the wire: the store key java-tron looks up, ByteArray.fromLong(id) (8 bytes). */
function exchangeIdOf(value: Uint8Array): bigint {
  // any other length is no exchange's key; -1 is never an exchange id
  return value.length === 8 ? Buffer.from(value).readBigInt64BE(0) : -1n;
}

export const ASSET_BUILDER_RPCS: readonly RpcBinding[] = [
  ...builderRpcs(AssetBuilderOperations.createAssetIssue, {
    legacy: "CreateAssetIssue",
    extention: "CreateAssetIssue2",
  }),
  ...builderRpcs(AssetBuilderOperations.transferAsset, {
    legacy: "TransferAsset",
    extention: "TransferAsset2",
  }),
  ...builderRpcs(AssetBuilderOperations.participateAssetIssue, {
    legacy: "ParticipateAssetIssue",
    extention: "ParticipateAssetIssue2",
  }),
  ...builderRpcs(AssetBuilderOperations.unfreezeAsset, {
    legacy: "UnfreezeAsset",
    extention: "UnfreezeAsset2",
  }),
  ...builderRpcs(AssetBuilderOperations.updateAsset, { legacy: "UpdateAsset", extention: "UpdateAsset2" }),
  ...builderRpcs(ExchangeBuilderOperations.exchangeCreate, { extention: "ExchangeCreate" }),
  ...builderRpcs(ExchangeBuilderOperations.exchangeInject, { extention: "ExchangeInject" }),
  ...builderRpcs(ExchangeBuilderOperations.exchangeWithdraw, { extention: "ExchangeWithdraw" }),
  ...builderRpcs(ExchangeBuilderOperations.exchangeTransaction, { extention: "ExchangeTransaction" }),
];

export const ASSET_READ_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetAssetIssueByAccount",
    request: AccountSchema,
    response: AssetIssueListSchema,
    operation: AssetOperations.getAssetIssueByAccount,
    input: (request) => request.address,
    output: assetList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetAssetIssueByName",
    request: BytesMessageSchema,
    response: AssetIssueContractSchema,
    operation: AssetOperations.getAssetIssueByName,
    input: (request) => request.value,
    output: (asset) => asset,
    failure: "uncaught",
    emptyOn: JavaExceptions.nonUniqueObject,
  }),
  bindRpc({
    rpc: "GetAssetIssueListByName",
    request: BytesMessageSchema,
    response: AssetIssueListSchema,
    operation: AssetOperations.getAssetIssueListByName,
    input: (request) => request.value,
    output: assetList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetAssetIssueById",
    request: BytesMessageSchema,
    response: AssetIssueContractSchema,
    operation: AssetOperations.getAssetIssueById,
    // java-tron: assetId.toStringUtf8()
    input: (request) => utf8Decode(request.value),
    output: (asset) => asset,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetAssetIssueList",
    request: EmptyMessageSchema,
    response: AssetIssueListSchema,
    operation: AssetOperations.getAssetIssueList,
    input: () => undefined,
    output: assetList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetPaginatedAssetIssueList",
    request: PaginatedMessageSchema,
    response: AssetIssueListSchema,
    operation: AssetOperations.getPaginatedAssetIssueList,
    input: (request) => ({ offset: request.offset, limit: request.limit }),
    output: assetList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetExchangeById",
    request: BytesMessageSchema,
    response: ExchangeSchema,
    operation: ExchangeOperations.getExchangeById,
    input: (request) => exchangeIdOf(request.value),
    output: (exchange) => exchange,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "ListExchanges",
    request: EmptyMessageSchema,
    response: ExchangeListSchema,
    operation: ExchangeOperations.listExchanges,
    input: () => undefined,
    output: exchangeList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetPaginatedExchangeList",
    request: PaginatedMessageSchema,
    response: ExchangeListSchema,
    operation: ExchangeOperations.getPaginatedExchangeList,
    input: (request) => ({ offset: request.offset, limit: request.limit }),
    output: exchangeList,
    failure: "uncaught",
  }),
];
