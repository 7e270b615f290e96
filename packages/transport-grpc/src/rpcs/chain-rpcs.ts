/**
 * Chain-wide reads: ListWitnesses, GetPaginatedNowWitnessList, GetChainParameters,
 * GetNextMaintenanceTime, TotalTransaction, Get{Bandwidth,Energy}Prices, GetMemoFee, GetBurnTrx,
 * GetRewardInfo, GetBrokerageInfo, GetNodeInfo, ListNodes.
 */
import {
  BytesMessageSchema,
  ChainParametersSchema,
  EmptyMessageSchema,
  NodeInfoSchema,
  NodeListSchema,
  NumberMessageSchema,
  PaginatedMessageSchema,
  PricesResponseMessageSchema,
  WitnessListSchema,
} from "@tronode/engine/internal";
import { ChainOperations, NodeOperations, WitnessOperations } from "@tronode/operations";
import { nodeInfoMessage } from "../response-messages.js";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

function pricesRpc(rpc: string, operation: typeof ChainOperations.getBandwidthPrices): RpcBinding {
  return bindRpc({
    rpc,
    request: EmptyMessageSchema,
    response: PricesResponseMessageSchema,
    operation,
    input: () => undefined,
    output: (prices) => ({ prices }),
    failure: "internal",
  });
}

/** getRewardInfoCommon / getBrokerageInfoCommon: the address as sent (empty included), NumberMessage. */
function figureRpc(rpc: string, operation: typeof WitnessOperations.getReward): RpcBinding {
  return bindRpc({
    rpc,
    request: BytesMessageSchema,
    response: NumberMessageSchema,
    operation,
    input: (request) => ({ address: request.value }),
    output: (result) => ({ num: "value" in result ? result.value : 0n }),
    failure: "unknown",
  });
}

export const CHAIN_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "ListWitnesses",
    request: EmptyMessageSchema,
    response: WitnessListSchema,
    operation: ChainOperations.listWitnesses,
    input: () => undefined,
    output: (witnesses) => ({ witnesses }),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetPaginatedNowWitnessList",
    request: PaginatedMessageSchema,
    response: WitnessListSchema,
    operation: WitnessOperations.getPaginatedNowWitnessList,
    input: (request) => ({ offset: request.offset, limit: request.limit }),
    output: (witnesses) => (witnesses === undefined ? undefined : { witnesses }),
    failure: "internal",
  }),
  bindRpc({
    rpc: "GetChainParameters",
    request: EmptyMessageSchema,
    response: ChainParametersSchema,
    operation: ChainOperations.getChainParameters,
    input: () => undefined,
    output: (entries) => ({ chainParameter: entries.map(({ key, value }) => ({ key, value })) }),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetNextMaintenanceTime",
    request: EmptyMessageSchema,
    response: NumberMessageSchema,
    operation: ChainOperations.getNextMaintenanceTime,
    input: () => undefined,
    output: (num) => ({ num }),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "TotalTransaction",
    request: EmptyMessageSchema,
    response: NumberMessageSchema,
    operation: ChainOperations.totalTransaction,
    input: () => undefined,
    output: (num) => ({ num }),
    failure: "uncaught",
  }),
  pricesRpc("GetBandwidthPrices", ChainOperations.getBandwidthPrices),
  pricesRpc("GetEnergyPrices", ChainOperations.getEnergyPrices),
  pricesRpc("GetMemoFee", ChainOperations.getMemoFee),
  bindRpc({
    rpc: "GetBurnTrx",
    request: EmptyMessageSchema,
    response: NumberMessageSchema,
    operation: ChainOperations.getBurnTrx,
    input: () => undefined,
    output: (num) => ({ num }),
    failure: "unknown",
  }),
  figureRpc("GetRewardInfo", WitnessOperations.getReward),
  figureRpc("GetBrokerageInfo", WitnessOperations.getBrokerage),
  bindRpc({
    rpc: "GetNodeInfo",
    request: EmptyMessageSchema,
    response: NodeInfoSchema,
    operation: NodeOperations.getNodeInfo,
    input: () => undefined,
    output: nodeInfoMessage,
    failure: "internal",
  }),
  bindRpc({
    rpc: "ListNodes",
    request: EmptyMessageSchema,
    response: NodeListSchema,
    operation: NodeOperations.listNodes,
    input: () => undefined,
    output: () => ({ nodes: [] }),
    failure: "uncaught",
  }),
];
