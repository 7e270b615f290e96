/**
 * Committee proposals and market orders: their builders (TransactionExtention only, as in
 * java-tron) and reads. Proposal and order ids travel as the store keys java-tron looks up
 * (ByteArray.fromLong: 8 bytes); the market reads answer java-tron's `getRunTimeException`
 * (INTERNAL) on a failure, the proposal reads catch nothing.
 */
import {
  BytesMessageSchema,
  EmptyMessageSchema,
  MarketOrderListSchema,
  MarketOrderPairListSchema,
  MarketOrderPairSchema,
  MarketOrderSchema,
  MarketPriceListSchema,
  PaginatedMessageSchema,
  ProposalListSchema,
  type ProposalRecord,
  ProposalSchema,
} from "@tronode/engine/internal";
import {
  MarketBuilderOperations,
  MarketOperations,
  ProposalBuilderOperations,
  ProposalOperations,
} from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";
import { builderRpcs } from "./builder-rpcs.js";

/** A proposal id on the wire: its store key, ByteArray.fromLong(id); any other length is no proposal's. */
function proposalIdOf(value: Uint8Array): bigint {
  return value.length === 8 ? Buffer.from(value).readBigInt64BE(0) : -1n;
}

const proposalList = (records: readonly ProposalRecord[] | undefined) =>
  records === undefined ? undefined : { proposals: records.map((r) => r.message) };

export const GOVERNANCE_BUILDER_RPCS: readonly RpcBinding[] = [
  ...builderRpcs(ProposalBuilderOperations.proposalCreate, { extention: "ProposalCreate" }),
  ...builderRpcs(ProposalBuilderOperations.proposalApprove, { extention: "ProposalApprove" }),
  ...builderRpcs(ProposalBuilderOperations.proposalDelete, { extention: "ProposalDelete" }),
  ...builderRpcs(MarketBuilderOperations.marketSellAsset, { extention: "MarketSellAsset" }),
  ...builderRpcs(MarketBuilderOperations.marketCancelOrder, { extention: "MarketCancelOrder" }),
];

/** Wallet only (java-tron has no solidity twins of these). */
export const PROPOSAL_READ_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetProposalById",
    request: BytesMessageSchema,
    response: ProposalSchema,
    operation: ProposalOperations.getProposalById,
    input: (request) => ({ id: proposalIdOf(request.value) }),
    output: (record) => record?.message,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "ListProposals",
    request: EmptyMessageSchema,
    response: ProposalListSchema,
    operation: ProposalOperations.listProposals,
    input: () => undefined,
    output: proposalList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetPaginatedProposalList",
    request: PaginatedMessageSchema,
    response: ProposalListSchema,
    operation: ProposalOperations.getPaginatedProposalList,
    input: (request) => ({ offset: request.offset, limit: request.limit }),
    output: proposalList,
    failure: "uncaught",
  }),
];

/** Wallet and WalletSolidity. */
export const MARKET_READ_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetMarketOrderById",
    request: BytesMessageSchema,
    response: MarketOrderSchema,
    operation: MarketOperations.getMarketOrderById,
    input: (request) => ({ orderId: request.value }),
    output: (order) => order,
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetMarketOrderByAccount",
    request: BytesMessageSchema,
    response: MarketOrderListSchema,
    operation: MarketOperations.getMarketOrderByAccount,
    input: (request) => ({ address: request.value }),
    output: (list) => list,
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetMarketPriceByPair",
    request: MarketOrderPairSchema,
    response: MarketPriceListSchema,
    operation: MarketOperations.getMarketPriceByPair,
    input: (request) => ({ sellTokenId: request.sellTokenId, buyTokenId: request.buyTokenId }),
    output: (list) => list,
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetMarketOrderListByPair",
    request: MarketOrderPairSchema,
    response: MarketOrderListSchema,
    operation: MarketOperations.getMarketOrderListByPair,
    input: (request) => ({ sellTokenId: request.sellTokenId, buyTokenId: request.buyTokenId }),
    output: (list) => list,
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetMarketPairList",
    request: EmptyMessageSchema,
    response: MarketOrderPairListSchema,
    operation: MarketOperations.getMarketPairList,
    input: () => undefined,
    output: (list) => list,
    failure: "internal",
  }),
];
