/**
 * Block reads: getnowblock, getblock, getblockbynum, getblockbyid, getblockbylimitnext,
 * getblockbylatestnum — with java-tron Wallet's range rules (out of range = not found).
 */
import type { Block, ReadScope, WalletApi } from "@tronode/engine/internal";
import { defineOperation, queryOperation } from "./operation.js";

/** java-tron caps getblockbylimitnext ranges and getblockbylatestnum counts at 100. */
export const BLOCK_LIMIT_NUM = 100n;
const BLOCK_ID_HEX_LENGTH = 64;

function headNumberOf(block: Block): bigint {
  return block.blockHeader?.rawData?.number ?? 0n;
}

/** java-tron's BlockReq: `id_or_num` (empty = head), `detail` (false strips transactions). */
export interface GetBlockInput {
  readonly idOrNum: string;
  readonly detail: boolean;
}

/**
 * getblock reports java-tron's IllegalArgumentExceptions as data: HTTP prints `{"Error":"<text>"}`
 * without a class, gRPC answers INVALID_ARGUMENT with the text.
 */
export type GetBlockResult = { readonly block: Block | undefined } | { readonly argumentError: string };

/** `WalletUtil.isLong`: Long.parseLong semantics, undefined when it would fail. */
function tryParseLong(text: string): bigint | undefined {
  if (!/^[+-]?[0-9]+$/.test(text)) return undefined;
  const value = BigInt(text);
  return value < -(2n ** 63n) || value > 2n ** 63n - 1n ? undefined : value;
}

async function findBlock(api: WalletApi, input: GetBlockInput, scope: ReadScope): Promise<GetBlockResult> {
  if (input.idOrNum === "") return { block: await api.getNowBlock(scope) };
  const num = tryParseLong(input.idOrNum);
  if (num !== undefined) {
    const head = headNumberOf(await api.getNowBlock(scope));
    if (num > head) return { block: undefined };
    if (num < 0n) return { argumentError: "num must be non-positive number." };
    return { block: await api.getBlockByNum(num, scope) };
  }
  const illegalId = { argumentError: "id must be legal block hash." };
  if (input.idOrNum.length !== BLOCK_ID_HEX_LENGTH || !/^[0-9a-fA-F]+$/.test(input.idOrNum)) return illegalId;
  const id = Uint8Array.from(Buffer.from(input.idOrNum, "hex"));
  const numInId = Buffer.from(id.subarray(0, 8)).readBigInt64BE(0);
  const head = headNumberOf(await api.getNowBlock(scope));
  if (numInId > head || numInId < 0n) return illegalId;
  return { block: await api.getBlockById(id, scope) };
}

/** getblockbylimitnext's range: blocks from `startNum` up to, not including, `endNum`. */
export interface BlockRangeInput {
  readonly startNum: bigint;
  readonly endNum: bigint;
}

/** The block reads: the head, by number, by id, a range, or the latest few, with java-tron's range rules. */
export const BlockOperations = {
  getNowBlock: queryOperation<Block>("getnowblock", (api, { scope }) => api.getNowBlock(scope)),
  /** java-tron `Wallet.getBlock(BlockReq)`: by number, by id, or the head; detail:false strips transactions. */
  getBlock: defineOperation<GetBlockInput, GetBlockResult>({
    name: "getblock",
    availability: "served",
    run: async (api, input, { scope }) => {
      const found = await findBlock(api, input, scope);
      if ("argumentError" in found || found.block === undefined) return found;
      if (found.block.transactions.length === 0 || input.detail) return found;
      return { block: { ...found.block, transactions: [] } };
    },
  }),
  getBlockByNum: defineOperation<bigint, Block | undefined>({
    name: "getblockbynum",
    availability: "served",
    run: (api, num, { scope }) => api.getBlockByNum(num, scope),
  }),
  getBlockById: defineOperation<Uint8Array, Block | undefined>({
    name: "getblockbyid",
    availability: "served",
    run: (api, id, { scope }) => api.getBlockById(id, scope),
  }),
  /** Blocks start ≤ n < end; not found unless 0 < end, start < end and end − start ≤ 100. */
  getBlockByLimitNext: defineOperation<BlockRangeInput, Block[] | undefined>({
    name: "getblockbylimitnext",
    availability: "served",
    run: async (api, { startNum, endNum }, { scope }) => {
      const inRange = endNum > 0n && endNum > startNum && endNum - startNum <= BLOCK_LIMIT_NUM;
      return inRange ? api.getBlocksByLimitNext(startNum, endNum, scope) : undefined;
    },
  }),
  /** The latest `num` blocks; not found unless 0 < num < 100. */
  getBlockByLatestNum: defineOperation<bigint, Block[] | undefined>({
    name: "getblockbylatestnum",
    availability: "served",
    run: async (api, num, { scope }) =>
      num > 0n && num < BLOCK_LIMIT_NUM ? api.getBlocksByLatestNum(num, scope) : undefined,
  }),
} as const;
