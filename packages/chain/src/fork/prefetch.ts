/**
 * `--fork-prefetch`: accounts and contracts fetched at start, so a test suite pins the state it
 * depends on to one moment instead of "when first read". What java-tron's API can reach is
 * fetched: the account, its Stake 2.0 delegations both ways, and a contract's record, ABI, code
 * and state. Storage slots cannot be listed over java-tron's API: they are fetched when first read.
 */
import { addressFromBase58, hexToBytes, Tables, TronodeError } from "@tronode/engine/internal";
import "../errors.js";
import type { ForkedStore } from "./forked-store.js";
import type { StateMiss } from "./upstream-rows.js";

function addressOf(text: string): Uint8Array {
  try {
    const bytes = /^(0x)?41[0-9a-fA-F]{40}$/.test(text)
      ? hexToBytes(text.replace(/^0x/, ""))
      : addressFromBase58(text);
    if (bytes.length === 21) return bytes;
  } catch {
    // reported below
  }
  throw new TronodeError(
    "FORK_INVALID",
    `--fork-prefetch: "${text}" is not a TRON address (Base58 or 41… hex)`,
  );
}

const row = (table: { id: string }, key: unknown): StateMiss =>
  ({ kind: "row", table, key }) as unknown as StateMiss;

export async function prefetchAccounts(store: ForkedStore, list: readonly string[]): Promise<void> {
  const addresses = list.map(addressOf);
  await store.fetch(
    addresses.flatMap((a) => [
      row(Tables.accounts, a),
      row(Tables.contracts, a),
      row(Tables.delegationIndex, Uint8Array.of(0x03, ...a)),
    ]),
  );
  // the delegations the index names, in both directions
  const pairs: StateMiss[] = [];
  for (const a of addresses) {
    const to = store.view.get(Tables.delegationIndex, Uint8Array.of(0x03, ...a))?.toAccounts ?? [];
    const from = store.view.get(Tables.delegationIndex, Uint8Array.of(0x04, ...a))?.fromAccounts ?? [];
    for (const b of to) pairs.push(row(Tables.delegatedResources, Uint8Array.of(0x01, ...a, ...b)));
    for (const b of from) pairs.push(row(Tables.delegatedResources, Uint8Array.of(0x01, ...b, ...a)));
  }
  await store.fetch(pairs);
}
