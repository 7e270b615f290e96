/**
 * tronode's state dump: the whole chain — every table of state (accounts with balances, resources,
 * permissions and tokens; contracts, code and storage; witnesses and votes; chain parameters) and
 * the blocks with their transactions and infos — in one gzip-compressed JSON document:
 *
 * ```json
 * { "format": "tronode-state", "version": 1,
 *   "chainId": "<genesis block id, hex>", "headNumber": "<n>", "headTimestamp": "<ms>",
 *   "tables": { "<table id>": [["<key hex>", "<value hex>"], …], … } }
 * ```
 *
 * Keys and values are the bytes the table codecs write (protobuf messages of TRON's own schemas for
 * accounts, blocks, witnesses …), so the format follows the engine's tables without a second schema.
 * A dump loads only into a node of the same chain (same genesis block id).
 */
import { gunzipSync, gzipSync } from "node:zlib";
import {
  bytesEqual,
  bytesToHex,
  ChainProperties,
  type ChangeSet,
  hexToBytes,
  type Table,
  type TableChanges,
  Tables,
  TronodeError,
} from "@tronode/engine/internal";
import type { ChainStore } from "@tronode/storage";

export const STATE_FORMAT = "tronode-state";
export const STATE_FORMAT_VERSION = 1;

interface StateDocument {
  readonly format: string;
  readonly version: number;
  readonly chainId: string;
  readonly headNumber: string;
  readonly headTimestamp: string;
  readonly tables: Record<string, [string, string][]>;
}

export function stateError(message: string): TronodeError {
  return new TronodeError("INVALID_STATE_DUMP", message);
}

const ALL_TABLES = Object.values(Tables) as Table<unknown, unknown>[];

/** Dumps the store's committed state (call it between commits). */
export async function dumpChainState(store: ChainStore, chainId: Uint8Array): Promise<Uint8Array> {
  const props = new ChainProperties(store.view);
  const tables: Record<string, [string, string][]> = {};
  for (const table of ALL_TABLES) {
    const rows: [string, string][] = [];
    for await (const { key, value } of store.iterate(table)) {
      rows.push([bytesToHex(table.encodeKey(key)), bytesToHex(table.encodeValue(value))]);
    }
    tables[table.id] = rows;
  }
  const doc: StateDocument = {
    format: STATE_FORMAT,
    version: STATE_FORMAT_VERSION,
    chainId: bytesToHex(chainId),
    headNumber: props.headNumber.toString(),
    headTimestamp: props.headTimestamp.toString(),
    tables,
  };
  return gzipSync(JSON.stringify(doc));
}

/** Parses and checks a dump; every key and value is decoded once, so a bad dump fails here. */
export function readStateDump(bytes: Uint8Array, chainId: Uint8Array): ChangeSet {
  let doc: StateDocument;
  try {
    doc = JSON.parse(gunzipSync(bytes).toString("utf8")) as StateDocument;
  } catch (e) {
    throw stateError(`not a tronode state dump (${(e as Error).message})`);
  }
  if (doc?.format !== STATE_FORMAT) throw stateError("not a tronode state dump (format)");
  if (doc.version !== STATE_FORMAT_VERSION) {
    throw stateError(`state dump version ${doc.version}; this node reads version ${STATE_FORMAT_VERSION}`);
  }
  let dumpChain: Uint8Array;
  try {
    dumpChain = hexToBytes(doc.chainId);
  } catch {
    throw stateError("state dump has no valid chainId");
  }
  if (!bytesEqual(dumpChain, chainId)) {
    throw stateError(
      `state dump belongs to chain ${doc.chainId}, this node's genesis is ${bytesToHex(chainId)} (start it with the same genesis settings)`,
    );
  }
  const byId = new Map(ALL_TABLES.map((t) => [t.id, t]));
  const tables = new Map<string, TableChanges>();
  for (const [id, rows] of Object.entries(doc.tables ?? {})) {
    const table = byId.get(id);
    if (table === undefined) throw stateError(`state dump has an unknown table "${id}"`);
    if (!Array.isArray(rows)) throw stateError(`state dump table "${id}" is not a list of rows`);
    const entries = new Map<string, { key: unknown; value: unknown }>();
    for (const row of rows) {
      try {
        const key = table.decodeKey(hexToBytes(row[0]));
        entries.set(table.keyId(key), { key, value: table.decodeValue(hexToBytes(row[1])) });
      } catch (e) {
        throw stateError(`state dump table "${id}" has a bad row (${(e as Error).message})`);
      }
    }
    tables.set(id, { table, entries });
  }
  if (!tables.get(Tables.blocks.id)?.entries.size) throw stateError("state dump holds no blocks");
  return { tables };
}

/** The change set that turns the store's state into the dump's: puts every row, deletes the rest. */
export async function replacementChanges(store: ChainStore, dump: ChangeSet): Promise<ChangeSet> {
  const tables = new Map<string, TableChanges>();
  for (const table of ALL_TABLES) {
    const incoming = dump.tables.get(table.id)?.entries ?? new Map();
    const entries = new Map<string, { key: unknown; value: unknown }>(incoming);
    for await (const { key } of store.iterate(table)) {
      const id = table.keyId(key);
      if (!entries.has(id)) entries.set(id, { key, value: undefined });
    }
    if (entries.size > 0) tables.set(table.id, { table, entries });
  }
  return { tables };
}
