/**
 * Staking: the builders (freezebalance[v2], unfreezebalance[v2], withdrawexpireunfreeze,
 * delegateresource, undelegateresource, cancelallunfreezev2) and the delegation / unfreeze reads
 * (head or solid).
 */
import {
  CancelAllUnfreezeV2ContractSchema,
  ContractType,
  type DelegatedResource,
  type DelegatedResourceAccountIndex,
  DelegateResourceContractSchema,
  FreezeBalanceContractSchema,
  FreezeBalanceV2ContractSchema,
  UnDelegateResourceContractSchema,
  UnfreezeBalanceContractSchema,
  UnfreezeBalanceV2ContractSchema,
  WithdrawExpireUnfreezeContractSchema,
} from "@tronode/engine/internal";
import { builderOperation } from "./builder-operations.js";
import { defineOperation } from "./operation.js";

/** A delegation's two ends: the delegating account and the receiving one. */
export interface DelegationPairInput {
  readonly from: Uint8Array;
  readonly to: Uint8Array;
}

/** The staking builders: freeze and unfreeze (v1 and v2), withdraw, delegate and undelegate resources. */
export const StakingBuilderOperations = {
  freezeBalance: builderOperation({
    name: "freezebalance",
    contractType: ContractType.FreezeBalanceContract,
    contractSchema: FreezeBalanceContractSchema,
  }),
  unfreezeBalance: builderOperation({
    name: "unfreezebalance",
    contractType: ContractType.UnfreezeBalanceContract,
    contractSchema: UnfreezeBalanceContractSchema,
  }),
  freezeBalanceV2: builderOperation({
    name: "freezebalancev2",
    contractType: ContractType.FreezeBalanceV2Contract,
    contractSchema: FreezeBalanceV2ContractSchema,
  }),
  unfreezeBalanceV2: builderOperation({
    name: "unfreezebalancev2",
    contractType: ContractType.UnfreezeBalanceV2Contract,
    contractSchema: UnfreezeBalanceV2ContractSchema,
  }),
  withdrawExpireUnfreeze: builderOperation({
    name: "withdrawexpireunfreeze",
    contractType: ContractType.WithdrawExpireUnfreezeContract,
    contractSchema: WithdrawExpireUnfreezeContractSchema,
  }),
  delegateResource: builderOperation({
    name: "delegateresource",
    contractType: ContractType.DelegateResourceContract,
    contractSchema: DelegateResourceContractSchema,
  }),
  unDelegateResource: builderOperation({
    name: "undelegateresource",
    contractType: ContractType.UnDelegateResourceContract,
    contractSchema: UnDelegateResourceContractSchema,
  }),
  cancelAllUnfreezeV2: builderOperation({
    name: "cancelallunfreezev2",
    contractType: ContractType.CancelAllUnfreezeV2Contract,
    contractSchema: CancelAllUnfreezeV2ContractSchema,
  }),
} as const;

/** The delegation and unfreeze reads: delegations, their indexes, delegatable and withdrawable amounts. */
export const ResourceOperations = {
  getDelegatedResource: defineOperation<DelegationPairInput, DelegatedResource[]>({
    name: "getdelegatedresource",
    availability: "served",
    run: (api, { from, to }, { scope }) => api.getDelegatedResource(from, to, scope),
  }),
  getDelegatedResourceV2: defineOperation<DelegationPairInput, DelegatedResource[]>({
    name: "getdelegatedresourcev2",
    availability: "served",
    run: (api, { from, to }, { scope }) => api.getDelegatedResourceV2(from, to, scope),
  }),
  getDelegatedResourceAccountIndex: defineOperation<Uint8Array, DelegatedResourceAccountIndex>({
    name: "getdelegatedresourceaccountindex",
    availability: "served",
    run: (api, address, { scope }) => api.getDelegatedResourceAccountIndex(address, scope),
  }),
  getDelegatedResourceAccountIndexV2: defineOperation<Uint8Array, DelegatedResourceAccountIndex>({
    name: "getdelegatedresourceaccountindexv2",
    availability: "served",
    run: (api, address, { scope }) => api.getDelegatedResourceAccountIndexV2(address, scope),
  }),
  getCanDelegatedMaxSize: defineOperation<{ readonly owner: Uint8Array; readonly type: number }, bigint>({
    name: "getcandelegatedmaxsize",
    availability: "served",
    run: (api, { owner, type }, { scope }) => api.getCanDelegatedMaxSize(owner, type, scope),
  }),
  getAvailableUnfreezeCount: defineOperation<Uint8Array, bigint | undefined>({
    name: "getavailableunfreezecount",
    availability: "served",
    run: (api, owner, { scope }) => api.getAvailableUnfreezeCount(owner, scope),
  }),
  getCanWithdrawUnfreezeAmount: defineOperation<
    { readonly owner: Uint8Array; readonly timestamp: bigint },
    bigint | undefined
  >({
    name: "getcanwithdrawunfreezeamount",
    availability: "served",
    run: (api, { owner, timestamp }, { scope }) => api.getCanWithdrawUnfreezeAmount(owner, timestamp, scope),
  }),
} as const;
