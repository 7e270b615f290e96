/**
 * A recorded campaign and its replay: java-tron's blocks, and per batch the head its transactions
 * were sent on, each transaction's bytes with java-tron's broadcast answer, and what was read after
 * the next block (each accepted transaction and its info, the accounts and resources it touched).
 * The replay gives tronode alone the same blocks and transactions in the same order and compares
 * every answer with java-tron's.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { gunzipSync } from "node:zlib";
import { BlockSchema, decode, hexToBytes } from "@tronode/engine/internal";
import type { TronNode } from "@tronode/node";
import { type Difference, differences, type Json, normalizeJdk } from "../compare.js";
import { post } from "../session.js";

export const CAMPAIGN_PATH = fileURLToPath(
  new URL("../../test/fixtures/oracle/campaign.json.gz", import.meta.url),
);

export interface CampaignTx {
  readonly index: number;
  readonly type: string;
  readonly hex: string;
  readonly txId: string;
  readonly accepted: boolean;
  readonly touched: readonly string[];
  /** java-tron's broadcasthex answer. */
  readonly broadcast: Json;
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

export interface Campaign {
  readonly seed: number;
  readonly count: number;
  readonly recordedAt: string;
  readonly tally: Readonly<Record<string, number>>;
  readonly blocks: readonly string[];
  readonly batches: readonly Batch[];
}

/** What is read after a batch's block: accepted transactions, their info, the accounts touched. */
export function reads(batch: Batch): Read[] {
  const out: Read[] = [];
  const accounts = new Set<string>();
  for (const tx of batch.txs) {
    for (const a of tx.touched) accounts.add(a);
    if (!tx.accepted) continue;
    const at = `#${tx.index} ${tx.type}`;
    out.push({
      operation: "gettransactionbyid",
      label: at,
      path: "/wallet/gettransactionbyid",
      body: { value: tx.txId },
      txIndex: tx.index,
    });
    out.push({
      operation: "gettransactioninfobyid",
      label: at,
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
  return out;
}

/**
 * The differences of two answers. A transaction java-tron accepted may reach tronode over P2P before
 * the campaign sends it there too: tronode's "dup transaction" for it then means it already holds it,
 * and "P2P broadcast failed." that it took it but had no peer left to relay it to (java-tron's
 * fastBroadcastTransaction skips the peer that announced it; java-tron answers the same when it is
 * the one that heard first).
 */
export function compareAnswers(operation: string, javaTron: Json, tronode: Json): Difference[] {
  if (
    operation === "broadcasthex" &&
    (javaTron as { result?: boolean })?.result === true &&
    heardFirst(tronode)
  )
    return [];
  return differences(normalizeJdk(javaTron), normalizeJdk(tronode));
}

/** tronode's answer for a transaction it heard of from java-tron before the campaign sent it. */
function heardFirst(answer: Json): boolean {
  const { code, message } = (answer ?? {}) as { code?: string; message?: string };
  return (
    code === "DUP_TRANSACTION_ERROR" ||
    (code === "NOT_ENOUGH_EFFECTIVE_CONNECTION" && message === "P2P broadcast failed.")
  );
}

export function readCampaign(path = CAMPAIGN_PATH): Campaign {
  return JSON.parse(gunzipSync(readFileSync(path)).toString("utf8")) as Campaign;
}

export interface ReplayedAnswer {
  readonly operation: string;
  readonly label: string;
  readonly differences: readonly Difference[];
  readonly javaTron: Json;
  readonly tronode: Json;
}

/** The campaign asked of `node` (a replay node of the oracle network): every answer compared. */
export async function replayCampaign(campaign: Campaign, node: TronNode, options: { batches?: number } = {}) {
  const answers: ReplayedAnswer[] = [];
  let applied = 0;
  const pushTo = async (head: number) => {
    while (applied < head) {
      await node.chain.pushBlock(decode(BlockSchema, hexToBytes(campaign.blocks[applied]!)));
      applied++;
    }
  };
  for (const batch of campaign.batches.slice(0, options.batches ?? campaign.batches.length)) {
    await pushTo(batch.head);
    for (const tx of batch.txs) {
      const tronode = await post(node.url!, "/wallet/broadcasthex", { transaction: tx.hex });
      answers.push({
        operation: "broadcasthex",
        label: `#${tx.index} ${tx.type}`,
        javaTron: tx.broadcast,
        tronode,
        differences: compareAnswers("broadcasthex", tx.broadcast, tronode),
      });
    }
    await pushTo(batch.readHead ?? batch.head + 1);
    for (const read of batch.reads) {
      const tronode = await post(node.url!, read.path, read.body);
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
