/**
 * java-tron's event filter (EventPluginLoader.matchFilter): which contract events and logs — and,
 * since they are kept back after this test, their solidity twins — are sent. Block, transaction and
 * solidity triggers are never filtered.
 */
import { bytesToHex } from "@tronode/engine/internal";
import type { EventFilterConfig } from "./event-subscription-config.js";
import type { ContractTriggerSource } from "./triggers.js";

const EARLIEST = 0n;
const LATEST = -1n;

/** Block range, then contract address, then topics. */
export function matchesFilter(source: ContractTriggerSource, filter: EventFilterConfig | undefined): boolean {
  if (!filter) return true;
  const { fromBlock: from, toBlock: to } = filter;
  const n = source.blockNumber;
  // "-1" as the start or "0" as the end: java-tron logs "invalid filter" and lets nothing through
  if (from === LATEST || to === EARLIEST) return false;
  const inRange =
    to === LATEST ? from === EARLIEST || n >= from : from === EARLIEST ? n <= to : n >= from && n <= to;
  if (!inRange) return false;
  if (filter.contractAddresses.length > 0) {
    const address = source.contractAddress.toLowerCase();
    if (!filter.contractAddresses.some((a) => a.toLowerCase() === address)) return false;
  }
  if (filter.contractTopics.length > 0) {
    // every topic of the log, the signature's included, as lowercase hex without 0x
    const topics = new Set(source.topics.map(bytesToHex));
    if (!filter.contractTopics.some((t) => topics.has(t))) return false;
  }
  return true;
}
