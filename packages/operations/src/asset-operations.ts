/**
 * TRC-10 tokens and Bancor exchanges: the builders (createassetissue, participateassetissue,
 * transferasset, updateasset, unfreezeasset, exchangecreate, exchangeinject, exchangewithdraw,
 * exchangetransaction) and the reads (getassetissue*, getexchangebyid, listexchanges,
 * getpaginatedexchangelist). "Not found" is `undefined` (java-tron's null).
 */
import {
  type AssetIssueContract,
  AssetIssueContractSchema,
  ContractType,
  type Exchange,
  ExchangeCreateContractSchema,
  ExchangeInjectContractSchema,
  ExchangeTransactionContractSchema,
  ExchangeWithdrawContractSchema,
  ParticipateAssetIssueContractSchema,
  TransferAssetContractSchema,
  UnfreezeAssetContractSchema,
  UpdateAssetContractSchema,
} from "@tronode/engine/internal";
import { builderOperation } from "./builder-operations.js";
import { defineOperation } from "./operation.js";
import type { PageInput } from "./witness-operations.js";

/** The TRC-10 token builders: issue, participate, transfer, update and unfreeze a token. */
export const AssetBuilderOperations = {
  createAssetIssue: builderOperation({
    name: "createassetissue",
    contractType: ContractType.AssetIssueContract,
    contractSchema: AssetIssueContractSchema,
  }),
  participateAssetIssue: builderOperation({
    name: "participateassetissue",
    contractType: ContractType.ParticipateAssetIssueContract,
    contractSchema: ParticipateAssetIssueContractSchema,
  }),
  transferAsset: builderOperation({
    name: "transferasset",
    contractType: ContractType.TransferAssetContract,
    contractSchema: TransferAssetContractSchema,
  }),
  updateAsset: builderOperation({
    name: "updateasset",
    contractType: ContractType.UpdateAssetContract,
    contractSchema: UpdateAssetContractSchema,
  }),
  unfreezeAsset: builderOperation({
    name: "unfreezeasset",
    contractType: ContractType.UnfreezeAssetContract,
    contractSchema: UnfreezeAssetContractSchema,
  }),
} as const;

/** The Bancor exchange builders: create an exchange, inject into it, withdraw from it, trade on it. */
export const ExchangeBuilderOperations = {
  exchangeCreate: builderOperation({
    name: "exchangecreate",
    contractType: ContractType.ExchangeCreateContract,
    contractSchema: ExchangeCreateContractSchema,
  }),
  exchangeInject: builderOperation({
    name: "exchangeinject",
    contractType: ContractType.ExchangeInjectContract,
    contractSchema: ExchangeInjectContractSchema,
  }),
  exchangeWithdraw: builderOperation({
    name: "exchangewithdraw",
    contractType: ContractType.ExchangeWithdrawContract,
    contractSchema: ExchangeWithdrawContractSchema,
  }),
  exchangeTransaction: builderOperation({
    name: "exchangetransaction",
    contractType: ContractType.ExchangeTransactionContract,
    contractSchema: ExchangeTransactionContractSchema,
  }),
} as const;

/** The TRC-10 token reads (getassetissue*): by account, name or id, all of them, or a page. */
export const AssetOperations = {
  /** Wallet.getAssetIssueByAccount: an empty address is java-tron's null. */
  getAssetIssueByAccount: defineOperation<Uint8Array, AssetIssueContract[] | undefined>({
    name: "getassetissuebyaccount",
    availability: "served",
    run: async (api, address, { scope }) =>
      address.length === 0 ? undefined : api.getAssetIssueByAccount(address, scope),
  }),
  /** Refuses a name used by more than one token (NonUniqueObjectException). */
  getAssetIssueByName: defineOperation<Uint8Array, AssetIssueContract | undefined>({
    name: "getassetissuebyname",
    availability: "served",
    run: (api, name, { scope }) => api.getAssetIssueByName(name, scope),
  }),
  getAssetIssueListByName: defineOperation<Uint8Array, AssetIssueContract[] | undefined>({
    name: "getassetissuelistbyname",
    availability: "served",
    run: async (api, name, { scope }) =>
      name.length === 0 ? undefined : api.getAssetIssueListByName(name, scope),
  }),
  getAssetIssueById: defineOperation<string | undefined, AssetIssueContract | undefined>({
    name: "getassetissuebyid",
    availability: "served",
    run: async (api, id, { scope }) =>
      id === undefined || id.length === 0 ? undefined : api.getAssetIssueById(id, scope),
  }),
  getAssetIssueList: defineOperation<void, AssetIssueContract[]>({
    name: "getassetissuelist",
    availability: "served",
    run: (api, _input, { scope }) => api.getAssetIssueList(scope),
  }),
  getPaginatedAssetIssueList: defineOperation<PageInput, AssetIssueContract[] | undefined>({
    name: "getpaginatedassetissuelist",
    availability: "served",
    run: (api, { offset, limit }, { scope }) => api.getPaginatedAssetIssueList(offset, limit, scope),
  }),
} as const;

/** The Bancor exchange reads: one exchange by id, all of them, or a page. */
export const ExchangeOperations = {
  getExchangeById: defineOperation<bigint, Exchange | undefined>({
    name: "getexchangebyid",
    availability: "served",
    run: (api, id, { scope }) => api.getExchangeById(id, scope),
  }),
  listExchanges: defineOperation<void, Exchange[]>({
    name: "listexchanges",
    availability: "served",
    run: (api, _input, { scope }) => api.listExchanges(scope),
  }),
  getPaginatedExchangeList: defineOperation<PageInput, Exchange[] | undefined>({
    name: "getpaginatedexchangelist",
    availability: "served",
    run: (api, { offset, limit }, { scope }) => api.getPaginatedExchangeList(offset, limit, scope),
  }),
} as const;
