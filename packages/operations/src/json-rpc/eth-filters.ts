/**
 * java-tron's JSON-RPC filters (eth_newFilter, eth_newBlockFilter, eth_getFilterChanges,
 * eth_getFilterLogs, eth_uninstallFilter): ids of 16 random bytes, a filter lives 5 minutes after
 * its creation or its last eth_getFilterChanges, and each poll returns what arrived since the last
 * one — the hashes of new blocks, or the new blocks' logs that match (within the filter's range).
 *
 * java-tron pushes every new block into every filter as it is processed; tronode computes the same
 * answer when polled, from the blocks committed since the filter's last poll. A filter remembers the
 * ids of the last blocks it reported, so after a rewind (a dev snapshot revert) it continues from
 * the last block still on the chain. Expired filters are forgotten when any filter method runs
 * (java-tron forgets them when the next block arrives).
 */
import { randomBytes } from "node:crypto";
import type { JsonObject, WalletApi } from "@tronode/engine/internal";
import { type LogFilterWrapper, matchBlock } from "./eth-logs.js";
import { fromHex, jsonHexBytes, serverError } from "./java-conventions.js";

export const FILTER_EXPIRE_MS = 5 * 60 * 1000;
const FILTER_NOT_FOUND = "filter not found";

/** Blocks a filter remembers to find where a rewound chain left its path. */
const REMEMBERED_BLOCKS = 128;

interface SeenBlock {
  readonly number: bigint;
  readonly id: string;
}

interface FilterEntry {
  readonly kind: "block" | "log";
  readonly wrapper?: LogFilterWrapper;
  /** The last blocks reported (the head at creation first), oldest first. */
  seen: SeenBlock[];
  expiresAt: number;
}

export interface EthFilterOptions {
  /** Wall-clock ms (filters expire in real time, whatever the dev chain's clock says). */
  readonly now?: () => number;
}

/** The node's eth filters (eth_newFilter, eth_newBlockFilter): created, polled for changes, expired. */
export class EthFilters {
  private readonly filters = new Map<string, FilterEntry>();
  private readonly now: () => number;

  constructor(options: EthFilterOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  private sweep(): void {
    const now = this.now();
    for (const [id, entry] of this.filters) if (entry.expiresAt < now) this.filters.delete(id);
  }

  private add(entry: Omit<FilterEntry, "expiresAt">): string {
    this.sweep();
    const id = randomBytes(16).toString("hex");
    this.filters.set(id, { ...entry, expiresAt: this.now() + FILTER_EXPIRE_MS });
    return `0x${id}`;
  }

  newLogFilter(wrapper: LogFilterWrapper, wallet: WalletApi): Promise<string> {
    return this.headSeen(wallet).then((seen) => this.add({ kind: "log", wrapper, seen }));
  }

  newBlockFilter(wallet: WalletApi): Promise<string> {
    return this.headSeen(wallet).then((seen) => this.add({ kind: "block", seen }));
  }

  private async headSeen(wallet: WalletApi): Promise<SeenBlock[]> {
    const head = await wallet.getNowBlock("head");
    return [{ number: head.blockHeader?.rawData?.number ?? 0n, id: jsonHexBytes(wallet.blockIdOf(head)) }];
  }

  /** The first block not yet reported on the current chain. */
  private async resumeAt(entry: FilterEntry, wallet: WalletApi): Promise<bigint> {
    for (let i = entry.seen.length - 1; i >= 0; i--) {
      const { number, id } = entry.seen[i]!;
      const block = await wallet.getBlockByNum(number, "head");
      if (block && jsonHexBytes(wallet.blockIdOf(block)) === id) {
        entry.seen.length = i + 1;
        return number + 1n;
      }
    }
    const oldest = entry.seen[0]?.number ?? 0n;
    entry.seen = [];
    return oldest;
  }

  uninstall(id: string): boolean {
    this.sweep();
    if (!this.filters.delete(fromHex(id))) throw serverError(FILTER_NOT_FOUND);
    return true;
  }

  /** The log filter's criteria (eth_getFilterLogs); block filters are "not found" here. */
  logFilter(id: string): LogFilterWrapper {
    this.sweep();
    const entry = this.filters.get(fromHex(id));
    if (!entry?.wrapper) throw serverError(FILTER_NOT_FOUND);
    return entry.wrapper;
  }

  /** What arrived since the last poll: block hashes, or matching logs. */
  async changes(id: string, wallet: WalletApi): Promise<string[] | JsonObject[]> {
    this.sweep();
    const entry = this.filters.get(fromHex(id));
    if (!entry) throw serverError(FILTER_NOT_FOUND);
    const head = (await wallet.getNowBlock("head")).blockHeader?.rawData?.number ?? 0n;
    entry.expiresAt = this.now() + FILTER_EXPIRE_MS;
    const hashes: string[] = [];
    const logs: JsonObject[] = [];
    for (let n = await this.resumeAt(entry, wallet); n <= head; n++) {
      const block = await wallet.getBlockByNum(n, "head");
      if (!block) break;
      const id = wallet.blockIdOf(block);
      entry.seen.push({ number: n, id: jsonHexBytes(id) });
      if (entry.kind === "block") {
        hashes.push(jsonHexBytes(id));
        continue;
      }
      const { filter, fromBlock, toBlock } = entry.wrapper!;
      if (n < fromBlock || n > toBlock || block.transactions.length === 0) continue;
      logs.push(...matchBlock(filter, n, id, await wallet.getTransactionInfoByBlockNum(n, "head")));
    }
    if (entry.seen.length > REMEMBERED_BLOCKS) entry.seen.splice(0, entry.seen.length - REMEMBERED_BLOCKS);
    return entry.kind === "block" ? hashes : logs;
  }
}
