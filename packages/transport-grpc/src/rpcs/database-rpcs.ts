/**
 * protocol.Database: getBlockReference (lower-case g, as in TRON's proto), GetDynamicProperties
 * (the latest solidified number — what a solidity node polls), GetNowBlock, GetBlockByNum.
 */
import { BlockReferenceSchema, DynamicPropertiesSchema, EmptyMessageSchema } from "@tronode/engine/internal";
import { DatabaseOperations } from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";
import { GetBlockByNum, GetNowBlock } from "./block-rpcs.js";

export const DATABASE_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "getBlockReference",
    request: EmptyMessageSchema,
    response: BlockReferenceSchema,
    operation: DatabaseOperations.getBlockReference,
    input: () => undefined,
    output: ({ number, id }) => ({ blockNum: number, blockHash: id }),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetDynamicProperties",
    request: EmptyMessageSchema,
    response: DynamicPropertiesSchema,
    operation: DatabaseOperations.getDynamicProperties,
    input: () => undefined,
    output: (lastSolidityBlockNum) => ({ lastSolidityBlockNum }),
    failure: "uncaught",
  }),
  GetNowBlock,
  GetBlockByNum,
];
