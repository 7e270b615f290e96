/**
 * java-tron's log queries (filters/LogFilter, LogFilterWrapper, LogBlockQuery, LogMatch): the
 * filter object's checks and texts, the block range rules, the limits (5000 blocks per
 * eth_getLogs, 1000 addresses, 1000 alternatives per topic, 4 topic positions, 10 000 results),
 * and the exact match (address among the filter's, topic i among the alternatives at i, and the log
 * must have a topic at every position the filter names — even a wildcard one).
 *
 * java-tron finds candidate blocks with section blooms; tronode asks the contract event index for
 * the blocks where the filter's addresses emitted, and reads every block of the range when the
 * filter names no address. The "more than 10 000 results" refusal counts blocks holding a match
 * (java-tron counts bloom candidates, a superset) and, without any condition, every block.
 */
import type { Block, JsonObject, JsonValue, TransactionInfo, WalletApi } from "@tronode/engine/internal";
import { logFilterElement } from "./eth-shapes.js";
import {
  CLASS_CAST,
  EARLIEST,
  FINALIZED,
  fromHex,
  fromHexString,
  invalidParams,
  isTag,
  JavaException,
  jsonHexToLong,
  LATEST,
  PENDING,
  TAG_PENDING_SUPPORT_ERROR,
  tooManyResults,
} from "./java-conventions.js";
import { javaBean } from "./java-params.js";

export const MAX_BLOCK_RANGE = 5000n;
export const MAX_SUB_TOPICS = 1000;
export const MAX_ADDRESS_SIZE = 1000;
export const MAX_TOPICS = 4;
export const MAX_RESULT = 10_000;
/** Long.MAX_VALUE: an open end of the block range. */
export const OPEN_END = 0x7fffffffffffffffn;
/** eth_newFilter refuses `finalized` at either end. */
export const FINALIZED_RANGE_ERROR = "invalid block range params";

/** The blocks where contracts emitted logs (the contract event index), ascending. */
export interface ContractLogIndex {
  blocksWithContractLogs(contracts: readonly Uint8Array[], from: bigint, to: bigint): Promise<bigint[]>;
}

/** TronJsonRpc.FilterRequest as Jackson binds it. */
export interface FilterRequest {
  readonly fromBlock: string | null;
  readonly toBlock: string | null;
  readonly address: JsonValue;
  readonly topics: JsonValue[] | null;
  readonly blockHash: string | null;
}

export function filterRequestOf(value: unknown): FilterRequest | null {
  const bean = javaBean(value, {
    fromBlock: "string",
    toBlock: "string",
    address: "object",
    topics: "array",
    blockHash: "string",
  });
  if (bean === null) return null;
  return {
    fromBlock: (bean.fromBlock ?? null) as string | null,
    toBlock: (bean.toBlock ?? null) as string | null,
    address: (bean.address ?? null) as JsonValue,
    topics: (bean.topics ?? null) as JsonValue[] | null,
    blockHash: (bean.blockHash ?? null) as string | null,
  };
}

export interface LogFilter {
  /** 20-byte addresses (empty: any). */
  readonly addresses: readonly Uint8Array[];
  /** Per position: the alternatives (null or empty: any value, but the position must exist). */
  readonly topics: readonly (readonly Uint8Array[] | null)[];
}

/** `JsonRpcApiUtil.addressToByteArray`: exactly 20 bytes. */
function addressToByteArray(text: string | null): Uint8Array {
  const bytes = fromHexString(text);
  if (bytes.length !== 20) throw invalidParams(`invalid address: ${text}`);
  return bytes;
}

/** `JsonRpcApiUtil.topicToByteArray`: exactly 32 bytes. */
function topicToByteArray(text: string | null): Uint8Array {
  const bytes = fromHexString(text);
  if (bytes.length !== 32) throw invalidParams(`invalid topic: ${text}`);
  return bytes;
}

function castToString(value: JsonValue): string | null {
  if (value === null || typeof value === "string") return value;
  throw new JavaException(CLASS_CAST, null);
}

function printed(value: JsonValue): string {
  return value === null ? "null" : String(value);
}

/** `new LogFilter(filterRequest)`. */
export function logFilterOf(fr: FilterRequest): LogFilter {
  let addresses: Uint8Array[] = [];
  if (typeof fr.address === "string") {
    addresses = [addressToByteArray(fr.address)];
  } else if (Array.isArray(fr.address)) {
    if (fr.address.length > MAX_ADDRESS_SIZE)
      throw invalidParams(`exceed max addresses: ${MAX_ADDRESS_SIZE}`);
    addresses = fr.address.map((entry, index) => {
      try {
        return addressToByteArray(castToString(entry));
      } catch (e) {
        if (e instanceof JavaException) throw e;
        throw invalidParams(`invalid address at index ${index}: ${printed(entry)}`);
      }
    });
  } else if (fr.address !== null) {
    throw invalidParams("invalid addresses in query");
  }
  const topics: (Uint8Array[] | null)[] = [];
  if (fr.topics !== null) {
    if (fr.topics.length > MAX_TOPICS) throw invalidParams(`topics size should be <= ${MAX_TOPICS}`);
    for (const topic of fr.topics) {
      if (topic === null) {
        topics.push(null);
      } else if (typeof topic === "string") {
        try {
          topics.push([topicToByteArray(topic)]);
        } catch (e) {
          if (e instanceof JavaException) throw e;
          throw invalidParams(`invalid topic(s): ${topic}`);
        }
      } else if (Array.isArray(topic)) {
        if (topic.length > MAX_SUB_TOPICS) throw invalidParams(`exceed max topics: ${MAX_SUB_TOPICS}`);
        topics.push(
          topic.map((entry) => {
            const text = castToString(entry);
            try {
              return topicToByteArray(text);
            } catch (e) {
              if (e instanceof JavaException) throw e;
              throw invalidParams(`invalid topic(s): ${printed(entry)}`);
            }
          }),
        );
      } else {
        throw invalidParams("invalid topic(s)");
      }
    }
  }
  return { addresses, topics };
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** `LogFilter.matchesExactly`. */
export function matchesExactly(filter: LogFilter, log: TransactionInfo["log"][number]): boolean {
  if (filter.addresses.length > 0 && !filter.addresses.some((a) => bytesEqual(a, log.address))) return false;
  for (const [i, alternatives] of filter.topics.entries()) {
    const topic = log.topics[i];
    if (topic === undefined) return false;
    if (alternatives !== null && alternatives.length > 0 && !alternatives.some((t) => bytesEqual(t, topic))) {
      return false;
    }
  }
  return true;
}

/** `JsonRpcApiUtil.getByJsonBlockId`: -1 for latest or empty, 0 earliest, the solid block, a hex number. */
export function filterBlockNumber(tag: string | null, solidNumber: () => Promise<bigint>): Promise<bigint> {
  if (isTag(tag, PENDING)) throw invalidParams(TAG_PENDING_SUPPORT_ERROR);
  if (tag === null || tag === "" || isTag(tag, LATEST)) return Promise.resolve(-1n);
  if (isTag(tag, EARLIEST)) return Promise.resolve(0n);
  if (isTag(tag, FINALIZED)) return solidNumber();
  return Promise.resolve(jsonHexToLong(tag));
}

export interface LogFilterWrapper {
  readonly filter: LogFilter;
  readonly fromBlock: bigint;
  readonly toBlock: bigint;
}

const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** `new LogFilterWrapper(fr, currentMaxBlockNum, wallet, checkBlockRange)`. */
export async function logFilterWrapper(
  fr: FilterRequest,
  currentMaxBlockNum: bigint,
  wallet: WalletApi,
  checkBlockRange: boolean,
): Promise<LogFilterWrapper> {
  const filter = logFilterOf(fr);
  const solid = async () => (await wallet.getNowBlock("solid")).blockHeader?.rawData?.number ?? 0n;
  if (fr.blockHash !== null) {
    const hash = fromHex(fr.blockHash);
    if (fr.fromBlock !== null || fr.toBlock !== null) {
      throw invalidParams("cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other");
    }
    const block = await wallet.getBlockById(fromHexString(hash), "head");
    if (!block) throw invalidParams("invalid blockHash");
    const number = block.blockHeader?.rawData?.number ?? 0n;
    return { filter, fromBlock: number, toBlock: number };
  }
  const empty = (s: string | null) => s === null || s === "";
  let from: bigint;
  let to: bigint;
  if (empty(fr.fromBlock) && !empty(fr.toBlock)) {
    to = await filterBlockNumber(fr.toBlock, solid);
    if (to === -1n) to = OPEN_END;
    from = min(to, currentMaxBlockNum);
  } else if (!empty(fr.fromBlock) && empty(fr.toBlock)) {
    from = await filterBlockNumber(fr.fromBlock, solid);
    if (from === -1n) from = currentMaxBlockNum;
    to = OPEN_END;
  } else if (empty(fr.fromBlock) && empty(fr.toBlock)) {
    from = currentMaxBlockNum;
    to = OPEN_END;
  } else {
    from = await filterBlockNumber(fr.fromBlock, solid);
    to = await filterBlockNumber(fr.toBlock, solid);
    if (from === -1n && to === -1n) {
      from = currentMaxBlockNum;
      to = OPEN_END;
    } else if (from === -1n && to >= 0n) {
      from = currentMaxBlockNum;
    } else if (from >= 0n && to === -1n) {
      to = OPEN_END;
    }
    if (from > to) throw invalidParams("please verify: fromBlock <= toBlock");
  }
  if (checkBlockRange && min(to, currentMaxBlockNum) - from > MAX_BLOCK_RANGE) {
    throw invalidParams(`exceed max block range: ${MAX_BLOCK_RANGE}`);
  }
  return { filter, fromBlock: from, toBlock: to };
}

/** `LogMatch.matchBlock`: the block's matching logs; `logIndex` counts every log of the block. */
export function matchBlock(
  filter: LogFilter,
  blockNumber: bigint,
  blockHash: Uint8Array,
  infos: readonly TransactionInfo[],
): JsonObject[] {
  const matched: JsonObject[] = [];
  let logIndexInBlock = 0;
  for (const [transactionIndex, info] of infos.entries()) {
    for (const log of info.log) {
      if (matchesExactly(filter, log)) {
        matched.push(logFilterElement(blockHash, blockNumber, info, transactionIndex, logIndexInBlock, log));
      }
      logIndexInBlock++;
    }
  }
  return matched;
}

function tooMany(): never {
  throw tooManyResults(`query returned more than ${MAX_RESULT} results`);
}

/** The committed block `number` with its id and transaction infos (undefined without transactions). */
async function blockWithInfos(
  wallet: WalletApi,
  number: bigint,
): Promise<{ block: Block; id: Uint8Array; infos: TransactionInfo[] } | undefined> {
  const block = await wallet.getBlockByNum(number, "head");
  if (!block || block.transactions.length === 0) return undefined;
  return {
    block,
    id: wallet.blockIdOf(block),
    infos: await wallet.getTransactionInfoByBlockNum(number, "head"),
  };
}

/** LogBlockQuery + LogMatch.matchBlockOneByOne over the wrapper's range, up to the head. */
export async function queryLogs(
  wrapper: LogFilterWrapper,
  currentMaxBlockNum: bigint,
  wallet: WalletApi,
  index: ContractLogIndex,
): Promise<JsonObject[]> {
  const minBlock = wrapper.fromBlock === OPEN_END ? currentMaxBlockNum : wrapper.fromBlock;
  const maxBlock =
    wrapper.toBlock === OPEN_END ? currentMaxBlockNum : min(wrapper.toBlock, currentMaxBlockNum);
  if (minBlock > currentMaxBlockNum || minBlock > maxBlock) return [];
  const { filter } = wrapper;
  const hasCondition = filter.addresses.length > 0 || filter.topics.some((t) => t !== null && t.length > 0);
  let candidates: bigint[] | undefined;
  if (filter.addresses.length > 0) {
    const contracts = filter.addresses.map((a) => {
      const out = new Uint8Array(21);
      out[0] = 0x41;
      out.set(a, 1);
      return out;
    });
    candidates = await index.blocksWithContractLogs(contracts, minBlock, maxBlock);
  } else if (!hasCondition && maxBlock - minBlock + 1n >= BigInt(MAX_RESULT)) {
    tooMany();
  }
  const results: JsonObject[] = [];
  let blocksWithMatches = 0;
  const visit = async (number: bigint) => {
    const found = await blockWithInfos(wallet, number);
    if (!found) return;
    const matched = matchBlock(filter, number, found.id, found.infos);
    if (matched.length > 0 && hasCondition && ++blocksWithMatches >= MAX_RESULT) tooMany();
    results.push(...matched);
    if (results.length > MAX_RESULT) tooMany();
  };
  if (candidates) {
    for (const number of candidates) await visit(number);
  } else {
    for (let number = minBlock; number <= maxBlock; number++) await visit(number);
  }
  return results;
}
