/**
 * Block reads: getnowblock, getblock, getblockbynum, getblockbyid, getblockbylimitnext,
 * getblockbylatestnum — all on /wallet and /walletsolidity, GET and POST.
 * Blocks print as java-tron's `Util.printBlock` (`transactions` only when non-empty).
 */
import type { Block } from "@tronode/engine/internal";
import { BlockOperations, type BlockRangeInput, type GetBlockInput } from "@tronode/operations";
import { BlockLimitSchema, BlockReqSchema, type JsonValue, printBlock } from "../engine-protocol.js";
import { parseJavaBoolean, parseJavaLong } from "../java-value-readers.js";
import { readBodyMessage, readBytesValueInput, readNumInput } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  type WalletRequest,
  walletAndSolidityPaths,
} from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";

export function printBlockOrNotFound(block: Block | undefined, visible: boolean): JsonValue {
  return block === undefined ? NOT_FOUND_BODY : printBlock(block, { visible, exactInt64: true });
}

/** `{"block":[…]}` (java-tron's printBlockList; an empty list still prints `"block":[]`), or `{}`. */
function printBlockList(blocks: Block[] | undefined, visible: boolean): JsonValue {
  if (blocks === undefined) return NOT_FOUND_BODY;
  return { block: blocks.map((block) => printBlock(block, { visible, exactInt64: true })) };
}

const getNowBlock = queryOnlyRoute({
  operation: BlockOperations.getNowBlock,
  paths: walletAndSolidityPaths("getnowblock"),
  print: (block: Block, visible) => printBlockOrNotFound(block, visible),
});

function readGetBlockInput(request: WalletRequest): GetBlockInput {
  if (request.method === "GET") {
    return {
      idOrNum: request.query("id_or_num") ?? "",
      detail: parseJavaBoolean(request.query("detail")),
    };
  }
  const message = readBodyMessage(request, BlockReqSchema);
  return { idOrNum: message.idOrNum, detail: message.detail };
}

const getBlockRow = defineRoute({
  operation: BlockOperations.getBlock,
  paths: walletAndSolidityPaths("getblock"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readGetBlockInput,
  // getblock answers IllegalArgumentExceptions as `{"Error":"<message>"}` without the class
  print: (result, visible): JsonValue =>
    "argumentError" in result ? { Error: result.argumentError } : printBlockOrNotFound(result.block, visible),
});

const getBlockByNum = defineRoute({
  operation: BlockOperations.getBlockByNum,
  paths: walletAndSolidityPaths("getblockbynum"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readNumInput(request, 0n),
  print: printBlockOrNotFound,
});

const getBlockById = defineRoute({
  operation: BlockOperations.getBlockById,
  paths: walletAndSolidityPaths("getblockbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readBytesValueInput(request),
  print: printBlockOrNotFound,
});

const getBlockByLimitNext = defineRoute({
  operation: BlockOperations.getBlockByLimitNext,
  paths: walletAndSolidityPaths("getblockbylimitnext"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request): BlockRangeInput => {
    if (request.method === "GET") {
      return {
        startNum: parseJavaLong(request.query("startNum")),
        endNum: parseJavaLong(request.query("endNum")),
      };
    }
    const limit = readBodyMessage(request, BlockLimitSchema);
    return { startNum: limit.startNum, endNum: limit.endNum };
  },
  print: printBlockList,
});

const getBlockByLatestNum = defineRoute({
  operation: BlockOperations.getBlockByLatestNum,
  paths: walletAndSolidityPaths("getblockbylatestnum"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readNumInput(request),
  print: printBlockList,
});

export const BLOCK_ROUTES: readonly RouteRow[] = [
  getNowBlock,
  getBlockRow,
  getBlockByNum,
  getBlockById,
  getBlockByLimitNext,
  getBlockByLatestNum,
];
