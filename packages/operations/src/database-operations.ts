/**
 * java-tron's Database service (gRPC only; the solidity node follows a full node with it):
 * getBlockReference (the head's number and id) and GetDynamicProperties (the latest solidified
 * block number). Its GetNowBlock / GetBlockByNum are the block operations.
 */
import type { Block } from "@tronode/engine/internal";
import { queryOperation } from "./operation.js";

/** getBlockReference's answer: the head block's number and id. */
export interface BlockReference {
  readonly number: bigint;
  readonly id: Uint8Array;
}

function numberOf(block: Block): bigint {
  return block.blockHeader?.rawData?.number ?? 0n;
}

/** java-tron's gRPC Database service reads, which a solidity node uses to follow a full node. */
export const DatabaseOperations = {
  getBlockReference: queryOperation<BlockReference>("getblockreference", async (api, { scope }) => {
    const head = await api.getNowBlock(scope);
    return { number: numberOf(head), id: api.blockIdOf(head) };
  }),
  /** DynamicPropertiesStore.getLatestSolidifiedBlockNum, whatever the scope. */
  getDynamicProperties: queryOperation<bigint>("getdynamicproperties", async (api) =>
    numberOf(await api.getNowBlock("solid")),
  ),
} as const;
