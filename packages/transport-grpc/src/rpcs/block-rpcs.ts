/**
 * Blocks: GetNowBlock(2), GetBlockByNum(2), GetBlockById, GetBlockByLimitNext(2),
 * GetBlockByLatestNum(2), GetBlock — the old rpcs answer Block / BlockList, the "2" ones
 * java-tron's BlockExtention (blockid, transactions with txid and Return). Out of range and
 * unknown blocks answer the empty message.
 */
import {
  type Block,
  BlockExtentionSchema,
  BlockLimitSchema,
  BlockListExtentionSchema,
  BlockListSchema,
  BlockReqSchema,
  BlockSchema,
  BytesMessageSchema,
  EmptyMessageSchema,
  NumberMessageSchema,
} from "@tronode/engine/internal";
import { BlockOperations } from "@tronode/operations";
import { blockExtention } from "../response-messages.js";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";
import { GrpcCode, RpcStatusError } from "../rpc-status.js";

const blockList = (blocks: Block[] | undefined) => (blocks === undefined ? undefined : { block: blocks });
const blockListExtention = (blocks: Block[] | undefined) =>
  blocks === undefined ? undefined : { block: blocks.map(blockExtention) };

export const GetNowBlock = bindRpc({
  rpc: "GetNowBlock",
  request: EmptyMessageSchema,
  response: BlockSchema,
  operation: BlockOperations.getNowBlock,
  input: () => undefined,
  output: (block) => block,
  failure: "uncaught",
});

export const GetBlockByNum = bindRpc({
  rpc: "GetBlockByNum",
  request: NumberMessageSchema,
  response: BlockSchema,
  operation: BlockOperations.getBlockByNum,
  input: (request) => request.num,
  output: (block) => block,
  failure: "uncaught",
});

export const BLOCK_RPCS: readonly RpcBinding[] = [
  GetNowBlock,
  bindRpc({
    rpc: "GetNowBlock2",
    request: EmptyMessageSchema,
    response: BlockExtentionSchema,
    operation: BlockOperations.getNowBlock,
    input: () => undefined,
    output: blockExtention,
    failure: "uncaught",
  }),
  GetBlockByNum,
  bindRpc({
    rpc: "GetBlockByNum2",
    request: NumberMessageSchema,
    response: BlockExtentionSchema,
    operation: BlockOperations.getBlockByNum,
    input: (request) => request.num,
    output: (block) => (block === undefined ? undefined : blockExtention(block)),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetBlockById",
    request: BytesMessageSchema,
    response: BlockSchema,
    operation: BlockOperations.getBlockById,
    input: (request) => request.value,
    output: (block) => block,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetBlockByLimitNext",
    request: BlockLimitSchema,
    response: BlockListSchema,
    operation: BlockOperations.getBlockByLimitNext,
    input: (request) => ({ startNum: request.startNum, endNum: request.endNum }),
    output: blockList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetBlockByLimitNext2",
    request: BlockLimitSchema,
    response: BlockListExtentionSchema,
    operation: BlockOperations.getBlockByLimitNext,
    input: (request) => ({ startNum: request.startNum, endNum: request.endNum }),
    output: blockListExtention,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetBlockByLatestNum",
    request: NumberMessageSchema,
    response: BlockListSchema,
    operation: BlockOperations.getBlockByLatestNum,
    input: (request) => request.num,
    output: blockList,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetBlockByLatestNum2",
    request: NumberMessageSchema,
    response: BlockListExtentionSchema,
    operation: BlockOperations.getBlockByLatestNum,
    input: (request) => request.num,
    output: blockListExtention,
    failure: "uncaught",
  }),
  /** getBlockCommon: an IllegalArgumentException is INVALID_ARGUMENT with its text, anything else INTERNAL. */
  bindRpc({
    rpc: "GetBlock",
    request: BlockReqSchema,
    response: BlockExtentionSchema,
    operation: BlockOperations.getBlock,
    input: (request) => ({ idOrNum: request.idOrNum, detail: request.detail }),
    output: (result) => {
      if ("argumentError" in result)
        throw new RpcStatusError(GrpcCode.INVALID_ARGUMENT, result.argumentError);
      return result.block === undefined ? undefined : blockExtention(result.block);
    },
    failure: "internal",
  }),
];
