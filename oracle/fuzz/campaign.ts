/**
 * A recorded campaign and its replay: the blocks of the chain it ran on, and per batch the head its
 * transactions were sent on, each transaction's bytes with java-tron's broadcast answer, and what
 * was read after the next block (each accepted transaction and its info, the accounts and resources
 * it touched, the storage slots a contract run may have written, and each call asked again as a
 * constant call and for an energy estimate). The replay gives tronode alone the same blocks and
 * transactions in the same order and compares every answer with java-tron's.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, constants } from "node:zlib";
import { BlockSchema, decode, hexToBytes } from "@tronode/engine/internal";
import type { TronNode } from "@tronode/node";
import {
  BUILT_TRANSACTION_FIELDS,
  type Difference,
  differences,
  type Json,
  normalizeFields,
  normalizeJdk,
  PLACEHOLDER,
} from "../compare.js";
import { type Endpoint, request } from "../session.js";
import type { CallRequest } from "./build.js";

/** Where `--record` writes a campaign: one file per producer. */
export const campaignPath = (producer: Producer) =>
  fileURLToPath(new URL(`../../test/fixtures/oracle/campaign-${producer}.json.br`, import.meta.url));

/** Which node produces the campaign's blocks (the other follows over P2P). */
export type Producer = "java-tron" | "tronode";

export interface CampaignTx {
  readonly index: number;
  readonly type: string;
  readonly hex: string;
  readonly txId: string;
  readonly accepted: boolean;
  readonly touched: readonly string[];
  /** java-tron's broadcasthex answer. */
  readonly broadcast: Json;
  readonly call?: CallRequest;
  readonly storage?: readonly { readonly contract: string; readonly slots: readonly string[] }[];
  /** The Solidity contract a deploy creates. */
  readonly kind?: string;
}

export interface Read {
  readonly operation: string;
  readonly label: string;
  readonly path: string;
  readonly body: Json;
  readonly txIndex?: number;
}

export interface Batch {
  /** The head block the batch's transactions were all answered on. */
  readonly head: number;
  /** The head its reads were answered on. */
  readHead?: number;
  readonly txs: CampaignTx[];
  readonly reads: (Read & { javaTron: Json })[];
}

/** How a check of the two nodes' chains ended (sync from genesis, same accounts). */
export interface SyncCheck {
  readonly check: string;
  readonly ok: boolean;
  readonly detail: string;
}

export interface Campaign {
  readonly seed: number;
  readonly count: number;
  readonly producer: Producer;
  readonly recordedAt: string;
  readonly javaTron: string;
  readonly tally: Readonly<Record<string, number>>;
  /** Contract runs by how java-tron's receipt ended (SUCCESS, REVERT, OUT_OF_ENERGY, ...). */
  readonly runResults: Readonly<Record<string, number>>;
  /** Transactions java-tron accepted and refused, by contract type. */
  readonly types: Readonly<Record<string, { readonly accepted: number; readonly refused: number }>>;
  readonly sync: readonly SyncCheck[];
  readonly blocks: readonly string[];
  readonly batches: readonly Batch[];
}

const txLabel = (tx: CampaignTx) => `#${tx.index} ${tx.type}`;

/** What is read after a batch's block: accepted transactions, their info, the state they touched. */
export function reads(batch: Batch): Read[] {
  const out: Read[] = [];
  const accounts = new Set<string>();
  const slots = new Map<string, Set<string>>();
  for (const tx of batch.txs) {
    for (const a of tx.touched) accounts.add(a);
    if (tx.call) {
      // the call asked again on the state after the block, whether or not the transaction was taken
      out.push({
        operation: "triggerconstantcontract",
        label: txLabel(tx),
        path: "/wallet/triggerconstantcontract",
        body: tx.call as unknown as Json,
        txIndex: tx.index,
      });
      out.push({
        operation: "estimateenergy",
        label: txLabel(tx),
        path: "/wallet/estimateenergy",
        body: tx.call as unknown as Json,
        txIndex: tx.index,
      });
    }
    if (!tx.accepted) continue;
    for (const s of tx.storage ?? []) {
      const set = slots.get(s.contract) ?? new Set<string>();
      for (const slot of s.slots) set.add(slot);
      slots.set(s.contract, set);
    }
    out.push({
      operation: "gettransactionbyid",
      label: txLabel(tx),
      path: "/wallet/gettransactionbyid",
      body: { value: tx.txId },
      txIndex: tx.index,
    });
    out.push({
      operation: "gettransactioninfobyid",
      label: txLabel(tx),
      path: "/wallet/gettransactioninfobyid",
      body: { value: tx.txId },
      txIndex: tx.index,
    });
  }
  for (const address of [...accounts].sort()) {
    out.push({ operation: "getaccount", label: address, path: "/wallet/getaccount", body: { address } });
    out.push({
      operation: "getaccountresource",
      label: address,
      path: "/wallet/getaccountresource",
      body: { address },
    });
  }
  for (const [contract, set] of [...slots].sort(([a], [b]) => a.localeCompare(b))) {
    for (const slot of [...set].sort()) {
      out.push({
        operation: "eth_getStorageAt",
        label: `${contract} ${slot}`,
        path: "/jsonrpc",
        body: {
          jsonrpc: "2.0",
          id: 1,
          method: "eth_getStorageAt",
          params: [`0x${contract.slice(2)}`, `0x${slot}`, "latest"],
        },
      });
    }
  }
  return out;
}

/** Answers that carry a transaction the node built on its own clock (a constant call's). */
const BUILT = new Set(["triggerconstantcontract"]);
/** A constant call's internal transactions hash the built transaction's id, so they follow its clock too. */
const BUILT_FIELDS = new Set([...BUILT_TRANSACTION_FIELDS, "hash"]);
/** Answers whose `result.message` is text printed as hex (visible=false). */
const HEX_MESSAGES = new Set(["triggerconstantcontract", "estimateenergy"]);

/** "create" as an internal transaction's note prints it (hex). */
const CREATE_NOTE = Buffer.from("create").toString("hex");

/**
 * A constant call's CREATE and CREATE2 addresses derive from the built transaction's id (TRON hashes
 * the root transaction id with a nonce), so they follow the builder's clock like the id itself.
 */
function createdAddressesNormalized(answer: Json): Json {
  const internals = (answer as { internal_transactions?: Json[] } | null)?.internal_transactions;
  if (!Array.isArray(internals)) return answer;
  return {
    ...(answer as object),
    internal_transactions: internals.map((it) =>
      (it as { note?: string })?.note === CREATE_NOTE
        ? { ...(it as object), transferTo_address: PLACEHOLDER }
        : it,
    ),
  } as Json;
}

/** `result.message` as text, so the JDK-dependent part of it can be normalized. */
function messageAsText(answer: Json): Json {
  const result = (answer as { result?: { message?: Json } } | null)?.result;
  if (typeof result?.message !== "string" || !/^([0-9a-f]{2})+$/.test(result.message)) return answer;
  const text = Buffer.from(result.message, "hex").toString("utf8");
  return { ...(answer as object), result: { ...result, message: text } } as Json;
}

/**
 * The differences of two answers. A transaction java-tron accepted may reach tronode over P2P before
 * the campaign sends it there too: tronode's "dup transaction" for it then means it already holds it,
 * and "P2P broadcast failed." that it took it but had no peer left to relay it to (java-tron's
 * fastBroadcastTransaction skips the peer that announced it; java-tron answers the same when it is
 * the one that heard first). The same holds the other way round when tronode produces.
 */
export function compareAnswers(operation: string, javaTron: Json, tronode: Json): Difference[] {
  if (operation === "broadcasthex" && accepted(javaTron) && (accepted(tronode) || heardFirst(tronode)))
    return [];
  if (operation === "broadcasthex" && accepted(tronode) && heardFirst(javaTron)) return [];
  const normalize = (v: Json) => {
    const readable = HEX_MESSAGES.has(operation) ? messageAsText(v) : v;
    return BUILT.has(operation)
      ? normalizeFields(normalizeJdk(createdAddressesNormalized(readable)), BUILT_FIELDS)
      : normalizeJdk(readable);
  };
  return differences(normalize(javaTron), normalize(tronode));
}

const accepted = (answer: Json) => (answer as { result?: boolean } | null)?.result === true;

/** A node's answer for a transaction it heard of from its peer before the campaign sent it. */
function heardFirst(answer: Json): boolean {
  const { code, message } = (answer ?? {}) as { code?: string; message?: string };
  return (
    code === "DUP_TRANSACTION_ERROR" ||
    (code === "NOT_ENOUGH_EFFECTIVE_CONNECTION" && message === "P2P broadcast failed.")
  );
}

export function readCampaign(path: string): Campaign {
  return JSON.parse(brotliDecompressSync(readFileSync(path)).toString("utf8")) as Campaign;
}

/** The recorded form: JSON, brotli-compressed (less than half gzip's size for these answers). */
export function campaignBytes(campaign: Campaign): Uint8Array {
  return brotliCompressSync(JSON.stringify(campaign), { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
}

export interface ReplayedAnswer {
  readonly operation: string;
  readonly label: string;
  readonly differences: readonly Difference[];
  readonly javaTron: Json;
  readonly tronode: Json;
}

/** The endpoint of a node for the campaign's reads (HTTP and its /jsonrpc). */
export const endpointOf = (node: TronNode): Endpoint => ({ http: node.url! });

/**
 * The campaign asked of `node` (a replay node of the oracle network): every answer compared. With
 * `every: k` only every k-th batch is asked again (all blocks are still applied); `batches` stops early.
 */
export async function replayCampaign(
  campaign: Campaign,
  node: TronNode,
  options: { batches?: number; every?: number } = {},
) {
  const answers: ReplayedAnswer[] = [];
  const endpoint = endpointOf(node);
  let applied = 0;
  const pushTo = async (head: number) => {
    while (applied < head) {
      await node.chain.pushBlock(decode(BlockSchema, hexToBytes(campaign.blocks[applied]!)));
      applied++;
    }
  };
  const every = options.every ?? 1;
  for (const [i, batch] of campaign.batches.slice(0, options.batches ?? campaign.batches.length).entries()) {
    if (i % every !== 0) continue;
    await pushTo(batch.head);
    for (const tx of batch.txs) {
      const tronode = await request(endpoint, "/wallet/broadcasthex", { transaction: tx.hex });
      answers.push({
        operation: "broadcasthex",
        label: txLabel(tx),
        javaTron: tx.broadcast,
        tronode,
        differences: compareAnswers("broadcasthex", tx.broadcast, tronode),
      });
    }
    await pushTo(batch.readHead ?? batch.head + 1);
    for (const read of batch.reads) {
      const tronode = await request(endpoint, read.path, read.body);
      answers.push({
        operation: read.operation,
        label: read.label,
        javaTron: read.javaTron,
        tronode,
        differences: compareAnswers(read.operation, read.javaTron, tronode),
      });
    }
  }
  return answers;
}
