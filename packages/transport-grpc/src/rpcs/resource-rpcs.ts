/**
 * Staking reads: GetDelegatedResource(V2), GetDelegatedResourceAccountIndex(V2),
 * GetCanDelegatedMaxSize, GetAvailableUnfreezeCount, GetCanWithdrawUnfreezeAmount (head on Wallet,
 * solid on WalletSolidity), and the balance-history reads GetAccountBalance / GetBlockBalanceTrace.
 */
import {
  AccountBalanceRequestSchema,
  AccountBalanceResponseSchema,
  BlockBalanceTrace_BlockIdentifierSchema,
  BlockBalanceTraceSchema,
  BytesMessageSchema,
  CanDelegatedMaxSizeRequestMessageSchema,
  CanDelegatedMaxSizeResponseMessageSchema,
  CanWithdrawUnfreezeAmountRequestMessageSchema,
  CanWithdrawUnfreezeAmountResponseMessageSchema,
  DelegatedResourceAccountIndexSchema,
  DelegatedResourceListSchema,
  DelegatedResourceMessageSchema,
  GetAvailableUnfreezeCountRequestMessageSchema,
  GetAvailableUnfreezeCountResponseMessageSchema,
} from "@tronode/engine/internal";
import { BalanceLookupOperations, ResourceOperations } from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

export const RESOURCE_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetDelegatedResource",
    request: DelegatedResourceMessageSchema,
    response: DelegatedResourceListSchema,
    operation: ResourceOperations.getDelegatedResource,
    input: (request) => ({ from: request.fromAddress, to: request.toAddress }),
    output: (records) => ({ delegatedResource: records }),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetDelegatedResourceV2",
    request: DelegatedResourceMessageSchema,
    response: DelegatedResourceListSchema,
    operation: ResourceOperations.getDelegatedResourceV2,
    input: (request) => ({ from: request.fromAddress, to: request.toAddress }),
    output: (records) => ({ delegatedResource: records }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetDelegatedResourceAccountIndex",
    request: BytesMessageSchema,
    response: DelegatedResourceAccountIndexSchema,
    operation: ResourceOperations.getDelegatedResourceAccountIndex,
    input: (request) => request.value,
    output: (index) => index,
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetDelegatedResourceAccountIndexV2",
    request: BytesMessageSchema,
    response: DelegatedResourceAccountIndexSchema,
    operation: ResourceOperations.getDelegatedResourceAccountIndexV2,
    input: (request) => request.value,
    output: (index) => index,
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetCanDelegatedMaxSize",
    request: CanDelegatedMaxSizeRequestMessageSchema,
    response: CanDelegatedMaxSizeResponseMessageSchema,
    operation: ResourceOperations.getCanDelegatedMaxSize,
    input: (request) => ({ owner: request.ownerAddress, type: request.type }),
    output: (maxSize) => ({ maxSize }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetAvailableUnfreezeCount",
    request: GetAvailableUnfreezeCountRequestMessageSchema,
    response: GetAvailableUnfreezeCountResponseMessageSchema,
    operation: ResourceOperations.getAvailableUnfreezeCount,
    input: (request) => request.ownerAddress,
    output: (count) => (count === undefined ? {} : { count }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetCanWithdrawUnfreezeAmount",
    request: CanWithdrawUnfreezeAmountRequestMessageSchema,
    response: CanWithdrawUnfreezeAmountResponseMessageSchema,
    operation: ResourceOperations.getCanWithdrawUnfreezeAmount,
    input: (request) => ({ owner: request.ownerAddress, timestamp: request.timestamp }),
    output: (amount) => (amount === undefined ? {} : { amount }),
    failure: "internal",
  }),
];

export const BALANCE_LOOKUP_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetAccountBalance",
    request: AccountBalanceRequestSchema,
    response: AccountBalanceResponseSchema,
    operation: BalanceLookupOperations.getAccountBalance,
    input: (request) => request,
    output: (response) => response,
    failure: "unknown",
  }),
  bindRpc({
    rpc: "GetBlockBalanceTrace",
    request: BlockBalanceTrace_BlockIdentifierSchema,
    response: BlockBalanceTraceSchema,
    operation: BalanceLookupOperations.getBlockBalance,
    input: (request) => request,
    output: (trace) => trace,
    failure: "unknown",
  }),
];
