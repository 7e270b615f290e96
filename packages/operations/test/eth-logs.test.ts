/**
 * java-tron's log query limits and matching rules (filters/LogFilterWrapper, LogBlockQuery,
 * LogMatch, LogFilter) over a long in-memory chain: reaching them on a real node would take
 * thousands of blocks. Block n has one transaction whose info holds `logsAt(n)` logs.
 */
import { create } from "@bufbuild/protobuf";
import {
  type Block,
  BlockSchema,
  type TransactionInfo,
  TransactionInfo_LogSchema,
  TransactionInfoSchema,
  TransactionSchema,
  type WalletApi,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { JsonRpcFailure } from "../src/json-rpc/errors.js";
import { type FilterRequest, logFilterWrapper, matchesExactly, queryLogs } from "../src/json-rpc/eth-logs.js";

const TOPIC = new Uint8Array(32).fill(7);
const ADDRESS = new Uint8Array(20).fill(1);

function longChain(head: bigint, logsAt: (n: bigint) => number): WalletApi {
  const block = (n: bigint): Block =>
    create(BlockSchema, {
      blockHeader: { rawData: { number: n } },
      transactions: [create(TransactionSchema, { rawData: { timestamp: n } })],
    });
  const infos = (n: bigint): TransactionInfo[] => [
    create(TransactionInfoSchema, {
      id: new Uint8Array(32),
      blockNumber: n,
      log: Array.from({ length: logsAt(n) }, () =>
        create(TransactionInfo_LogSchema, { address: ADDRESS, topics: [TOPIC], data: new Uint8Array(0) }),
      ),
    }),
  ];
  return {
    getNowBlock: async () => block(head),
    getBlockByNum: async (n: bigint) => (n >= 0n && n <= head ? block(n) : undefined),
    getBlockById: async () => undefined,
    blockIdOf: () => new Uint8Array(32),
    getTransactionInfoByBlockNum: async (n: bigint) => infos(n),
  } as unknown as WalletApi;
}

const request = (fields: Partial<FilterRequest>): FilterRequest => ({
  fromBlock: null,
  toBlock: null,
  address: null,
  topics: null,
  blockHash: null,
  ...fields,
});

async function failure(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof JsonRpcFailure) return { code: e.error.code, message: e.error.message };
    throw e;
  }
  throw new Error("expected a JSON-RPC failure");
}

const noIndex = { blocksWithContractLogs: async () => [] };

describe("java-tron's log query limits", () => {
  it("eth_getLogs spans at most 5000 blocks (up to the head); filters are not limited", async () => {
    const wallet = longChain(6000n, () => 0);
    expect(
      await failure(logFilterWrapper(request({ fromBlock: "0x0", toBlock: "latest" }), 6000n, wallet, true)),
    ).toEqual({ code: -32602, message: "exceed max block range: 5000" });
    await expect(
      logFilterWrapper(request({ fromBlock: "0x0", toBlock: "0x1388" }), 6000n, wallet, true),
    ).resolves.toMatchObject({ fromBlock: 0n, toBlock: 5000n });
    // an end beyond the head counts only up to the head
    await expect(
      logFilterWrapper(request({ fromBlock: "0x3e8", toBlock: "0xffffff" }), 6000n, wallet, true),
    ).resolves.toMatchObject({ fromBlock: 1000n });
    await expect(
      logFilterWrapper(request({ fromBlock: "0x0", toBlock: "latest" }), 6000n, wallet, false),
    ).resolves.toMatchObject({ fromBlock: 0n, toBlock: 0x7fffffffffffffffn });
  });

  it("refuses more than 10 000 candidate blocks without conditions, and more than 10 000 logs", async () => {
    const wallet = longChain(12_000n, (n) => (n === 5n ? 10_001 : 0));
    const wide = await logFilterWrapper(
      request({ fromBlock: "0x0", toBlock: "0x270f" }),
      12_000n,
      wallet,
      false,
    );
    expect(await failure(queryLogs(wide, 12_000n, wallet, noIndex))).toEqual({
      code: -32005,
      message: "query returned more than 10000 results",
    });
    const narrow = await logFilterWrapper(
      request({ fromBlock: "0x0", toBlock: "0x4" }),
      12_000n,
      wallet,
      false,
    );
    expect(await queryLogs(narrow, 12_000n, wallet, noIndex)).toEqual([]);
    const one = await logFilterWrapper(request({ fromBlock: "0x5", toBlock: "0x5" }), 12_000n, wallet, false);
    expect(await failure(queryLogs(one, 12_000n, wallet, noIndex))).toEqual({
      code: -32005,
      message: "query returned more than 10000 results",
    });
  });

  it("matches a wildcard position only when the log has a topic there", () => {
    const log = create(TransactionInfo_LogSchema, {
      address: ADDRESS,
      topics: [TOPIC],
      data: new Uint8Array(0),
    });
    expect(matchesExactly({ addresses: [], topics: [[TOPIC]] }, log)).toBe(true);
    expect(matchesExactly({ addresses: [], topics: [null] }, log)).toBe(true);
    expect(matchesExactly({ addresses: [], topics: [[TOPIC], null] }, log)).toBe(false);
    expect(matchesExactly({ addresses: [], topics: [[TOPIC], []] }, log)).toBe(false);
    expect(matchesExactly({ addresses: [new Uint8Array(20)], topics: [] }, log)).toBe(false);
    expect(matchesExactly({ addresses: [new Uint8Array(20), ADDRESS], topics: [] }, log)).toBe(true);
  });
});
