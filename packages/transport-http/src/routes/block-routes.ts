/**
 * Block reads: getnowblock, getblock, getblockbynum, getblockbyid, getblockbylimitnext,
 * getblockbylatestnum — all on /wallet and /walletsolidity, GET and POST.
 * Blocks print as java-tron's `Util.printBlock` (`transactions` only when non-empty).
 */
import type { Block, ReadScope, WalletApi } from "@tronode/engine";
import { BlockLimitSchema, BlockReqSchema, type JsonValue, printBlock } from "../engine-protocol.js";
import { parseJavaBoolean, parseJavaLong, tryParseJavaLong } from "../java-value-readers.js";
import { readBodyMessage, readBytesValueInput, readNumInput } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  type WalletRequest,
  walletAndSolidityPaths,
} from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";

/** java-tron caps getblockbylimitnext ranges and getblockbylatestnum counts at 100. */
const BLOCK_LIMIT_NUM = 100n;
const BLOCK_ID_HEX_LENGTH = 64;

export function printBlockOrNotFound(block: Block | undefined, visible: boolean): JsonValue {
  return block === undefined ? NOT_FOUND_BODY : printBlock(block, { visible, exactInt64: true });
}

/** `{"block":[…]}` (java-tron's printBlockList; an empty list still prints `"block":[]`), or `{}`. */
function printBlockList(blocks: Block[] | undefined, visible: boolean): JsonValue {
  if (blocks === undefined) return NOT_FOUND_BODY;
  return { block: blocks.map((block) => printBlock(block, { visible, exactInt64: true })) };
}

function headNumberOf(block: Block): bigint {
  return block.blockHeader?.rawData?.number ?? 0n;
}

const getNowBlock = queryOnlyRoute({
  name: "getnowblock",
  paths: walletAndSolidityPaths("getnowblock"),
  handle: (api, scope) => api.getNowBlock(scope),
  print: (block: Block, visible) => printBlockOrNotFound(block, visible),
});

interface GetBlockInput {
  readonly idOrNum: string;
  readonly detail: boolean;
  readonly scope: ReadScope;
}

/** getblock answers IllegalArgumentExceptions as `{"Error":"<message>"}` without the class. */
type GetBlockResult = { readonly block: Block | undefined } | { readonly argumentError: string };

function readGetBlockInput(request: WalletRequest): GetBlockInput {
  if (request.method === "GET") {
    return {
      idOrNum: request.query("id_or_num") ?? "",
      detail: parseJavaBoolean(request.query("detail")),
      scope: request.scope,
    };
  }
  const message = readBodyMessage(request, BlockReqSchema);
  return { idOrNum: message.idOrNum, detail: message.detail, scope: request.scope };
}

/** java-tron `Wallet.getBlock(BlockReq)`: by number, by id, or the head; detail:false strips transactions. */
async function getBlock(api: WalletApi, input: GetBlockInput): Promise<GetBlockResult> {
  const found = await findBlock(api, input);
  if ("argumentError" in found || found.block === undefined) return found;
  if (found.block.transactions.length === 0 || input.detail) return found;
  return { block: { ...found.block, transactions: [] } };
}

async function findBlock(api: WalletApi, input: GetBlockInput): Promise<GetBlockResult> {
  if (input.idOrNum === "") return { block: await api.getNowBlock(input.scope) };
  const num = tryParseJavaLong(input.idOrNum);
  if (num !== undefined) {
    const head = headNumberOf(await api.getNowBlock(input.scope));
    if (num > head) return { block: undefined };
    if (num < 0n) return { argumentError: "num must be non-positive number." };
    return { block: await api.getBlockByNum(num, input.scope) };
  }
  const illegalId = { argumentError: "id must be legal block hash." };
  if (input.idOrNum.length !== BLOCK_ID_HEX_LENGTH || !/^[0-9a-fA-F]+$/.test(input.idOrNum)) return illegalId;
  const id = Uint8Array.from(Buffer.from(input.idOrNum, "hex"));
  const numInId = Buffer.from(id.subarray(0, 8)).readBigInt64BE(0);
  const head = headNumberOf(await api.getNowBlock(input.scope));
  if (numInId > head || numInId < 0n) return illegalId;
  return { block: await api.getBlockById(id, input.scope) };
}

const getBlockRow = defineRoute({
  name: "getblock",
  paths: walletAndSolidityPaths("getblock"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: readGetBlockInput,
  handle: getBlock,
  print: (result: GetBlockResult, visible): JsonValue =>
    "argumentError" in result ? { Error: result.argumentError } : printBlockOrNotFound(result.block, visible),
});

const getBlockByNum = defineRoute({
  name: "getblockbynum",
  paths: walletAndSolidityPaths("getblockbynum"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => ({ num: readNumInput(request, 0n), scope: request.scope }),
  handle: (api, input: { num: bigint; scope: ReadScope }) => api.getBlockByNum(input.num, input.scope),
  print: printBlockOrNotFound,
});

const getBlockById = defineRoute({
  name: "getblockbyid",
  paths: walletAndSolidityPaths("getblockbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => ({ id: readBytesValueInput(request), scope: request.scope }),
  handle: (api, input: { id: Uint8Array; scope: ReadScope }) => api.getBlockById(input.id, input.scope),
  print: printBlockOrNotFound,
});

interface BlockRangeInput {
  readonly startNum: bigint;
  readonly endNum: bigint;
  readonly scope: ReadScope;
}

const getBlockByLimitNext = defineRoute({
  name: "getblockbylimitnext",
  paths: walletAndSolidityPaths("getblockbylimitnext"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request): BlockRangeInput => {
    if (request.method === "GET") {
      return {
        startNum: parseJavaLong(request.query("startNum")),
        endNum: parseJavaLong(request.query("endNum")),
        scope: request.scope,
      };
    }
    const limit = readBodyMessage(request, BlockLimitSchema);
    return { startNum: limit.startNum, endNum: limit.endNum, scope: request.scope };
  },
  handle: async (api, { startNum, endNum, scope }: BlockRangeInput) => {
    const inRange = endNum > 0n && endNum > startNum && endNum - startNum <= BLOCK_LIMIT_NUM;
    return inRange ? api.getBlocksByLimitNext(startNum, endNum, scope) : undefined;
  },
  print: printBlockList,
});

const getBlockByLatestNum = defineRoute({
  name: "getblockbylatestnum",
  paths: walletAndSolidityPaths("getblockbylatestnum"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => ({ num: readNumInput(request), scope: request.scope }),
  handle: async (api, { num, scope }: { num: bigint; scope: ReadScope }) =>
    num > 0n && num < BLOCK_LIMIT_NUM ? api.getBlocksByLatestNum(num, scope) : undefined,
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
