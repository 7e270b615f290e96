/**
 * `npm run oracle:fuzz -- --seed S --count N`: a generated campaign (fuzz/generate.ts) sent to
 * java-tron and tronode on one private network inside a namespace with only loopback (isolated.sh).
 * java-tron produces; tronode follows over P2P. Each slot, right after a block, a batch of the
 * campaign's transactions goes to java-tron and then to tronode as the same bytes (broadcasthex), the
 * two answers compared; after the next block both are asked each accepted transaction, its info and
 * the accounts it touched. java-tron's answers and blocks are written to
 * test/fixtures/oracle/campaign.json.gz, which `npm test` replays against tronode alone.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { blockBytes, bytesToHex, hexToBytes, Tables } from "@tronode/engine/internal";
import { createNode } from "@tronode/node";
import type { Json } from "./compare.js";
import { isDeliberate } from "./deliberate.js";
import { buildAction, type CampaignState, campaignParties } from "./fuzz/build.js";
import { type Batch, CAMPAIGN_PATH, type Campaign, compareAnswers, reads } from "./fuzz/campaign.js";
import { generateCampaign } from "./fuzz/generate.js";
import { findOracle, startJavaTron } from "./java-tron.js";
import { defaultOracleNetwork, javaTronConfig, javaTronPorts, tronodeOptions } from "./network.js";
import { type Endpoint, headOf, LiveSession, post } from "./session.js";

const PORTS = javaTronPorts(18390);
/** A batch stops this long after its head's slot, so every answer in it is on that head. */
const WINDOW_MS = 1_800;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runCampaign(options: { seed: number; count: number; recordTo?: string }) {
  const found = findOracle();
  if ("missing" in found) throw new Error(`oracle not available: ${found.missing}`);
  const network = defaultOracleNetwork();
  const witness = network.witnesses[0]!;
  const dir = await mkdtemp(join(tmpdir(), "tronode-fuzz-"));
  const javaTron = await startJavaTron({
    jar: found.jar,
    dataDir: join(dir, "java-tron"),
    config: javaTronConfig(network, PORTS, { witnessKeys: [witness] }),
    httpPort: PORTS.http,
    witness: true,
  });
  const node = await createNode(
    tronodeOptions(network, { witnessKeys: [], p2pPort: 0, peers: [{ host: "127.0.0.1", port: PORTS.p2p }] }),
  );
  const state: CampaignState = {
    parties: campaignParties(network.accounts, network.spares, witness),
    witness: witness.address,
    tokens: [],
    contracts: [],
    exchanges: [],
    proposals: [],
    sent: [],
  };
  const actions = generateCampaign(options.seed, options.count);
  const batches: Batch[] = [];
  let unexplained = 0;
  const tally = { sent: 0, refused: 0, contractRuns: 0, reverted: 0, compared: 0, differing: 0 };
  const report = (label: string, operation: string, jt: Json, tn: Json) => {
    tally.compared++;
    const diffs = compareAnswers(operation, jt, tn);
    if (diffs.length === 0) return;
    tally.differing++;
    const step = {
      operation,
      label,
      path: "",
      body: null,
      compare: "exact" as const,
      head: 0,
      javaTron: jt,
      tronode: tn,
      differences: diffs,
    };
    for (const d of diffs.filter((x) => !isDeliberate(step, x))) {
      unexplained++;
      console.log(
        `DIFF ${label} ${operation} ${d.path}: java-tron ${JSON.stringify(d.javaTron)} tronode ${JSON.stringify(d.tronode)}`,
      );
    }
  };
  try {
    const session = new LiveSession({ http: javaTron.http }, { http: node.url! });
    await session.connected();
    let next = 0;
    while (next < actions.length) {
      const head = await waitForNewHead(javaTron, batches.at(-1)?.head ?? 0);
      await session.synced();
      const batch: Batch = { head: head.number, txs: [], reads: [] };
      const headRef = {
        number: BigInt(head.number),
        id: hexToBytes(head.id),
        timestamp: BigInt(head.timestamp),
      };
      while (next < actions.length && Date.now() - head.timestamp < WINDOW_MS) {
        const action = actions[next++]!;
        const built = buildAction(action, headRef, state);
        const jt = await post(javaTron.http, "/wallet/broadcasthex", { transaction: built.hex });
        const tn = await post(node.url!, "/wallet/broadcasthex", { transaction: built.hex });
        state.sent.push(built.hex);
        const accepted = (jt as { result?: boolean }).result === true;
        tally.sent++;
        if (!accepted) tally.refused++;
        if (built.type === "CreateSmartContract" || built.type === "TriggerSmartContract")
          tally.contractRuns++;
        report(`#${next - 1} ${built.type}`, "broadcasthex", jt, tn);
        batch.txs.push({
          index: next - 1,
          type: built.type,
          hex: built.hex,
          txId: built.txId,
          accepted,
          touched: built.touched,
          broadcast: jt,
        });
      }
      const after = await headOf(javaTron);
      if (after.number !== head.number)
        console.log(`batch at ${head.number} straddled a block (now ${after.number})`);
      // the next block packs them; java-tron may leave some pending for later blocks
      await waitForNewHead(javaTron, head.number);
      await session.synced();
      batch.readHead = (await headOf(javaTron)).number;
      for (const read of reads(batch)) {
        const [jt, tn] = await Promise.all([
          post(javaTron.http, read.path, read.body),
          post(node.url!, read.path, read.body),
        ]);
        batch.reads.push({ ...read, javaTron: jt });
        report(read.label, read.operation, jt, tn);
        learn(state, batch, read, jt);
      }
      if ((await headOf(javaTron)).number !== batch.readHead)
        console.log(`reads of batch ${head.number} straddled a block`);
      tally.reverted += batch.reads.filter(
        (r) =>
          r.operation === "gettransactioninfobyid" &&
          /REVERT|OUT_OF|BAD_JUMP|ILLEGAL|STACK|TRANSFER_FAILED|UNKNOWN/.test(
            JSON.stringify((r.javaTron as { receipt?: { result?: string } })?.receipt?.result ?? ""),
          ),
      ).length;
      batches.push(batch);
      console.log(
        `batch ${batches.length} at block ${head.number}: ${batch.txs.length} sent, ${next}/${actions.length}, unexplained ${unexplained}`,
      );
      await refreshLists(javaTron.http, state);
    }
    const headNumber = node.chain.properties.headNumber;
    const blocks: string[] = [];
    for (let n = 1n; n <= headNumber; n++)
      blocks.push(bytesToHex(blockBytes(node.chain.committedView.get(Tables.blocks, n)!)));
    console.log(JSON.stringify({ ...tally, unexplained, blocks: blocks.length }));
    if (options.recordTo) {
      const campaign: Campaign = {
        seed: options.seed,
        count: options.count,
        recordedAt: new Date().toISOString().slice(0, 10),
        tally,
        blocks,
        batches,
      };
      await mkdir(dirname(options.recordTo), { recursive: true });
      await writeFile(options.recordTo, gzipSync(JSON.stringify(campaign)));
    }
    return { unexplained, tally };
  } finally {
    await node.stop();
    await javaTron.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

async function waitForNewHead(endpoint: Endpoint, after: number) {
  for (;;) {
    const head = await headOf(endpoint);
    if (head.number > after) return head;
    await sleep(100);
  }
}

/** Contracts created: what later actions of the campaign call. */
function learn(
  state: CampaignState,
  batch: Batch,
  read: { operation: string; txIndex?: number },
  answer: Json,
) {
  if (read.operation !== "gettransactioninfobyid" || read.txIndex === undefined) return;
  const info = answer as { contract_address?: string; receipt?: { result?: string } };
  const tx = batch.txs.find((t) => t.index === read.txIndex);
  if (tx?.type === "CreateSmartContract" && info.contract_address && info.receipt?.result === "SUCCESS")
    state.contracts.push(hexToBytes(info.contract_address));
}

async function refreshLists(http: string, state: CampaignState) {
  const tokens = (await post(http, "/wallet/getassetissuelist", {})) as { assetIssue?: { id: string }[] };
  state.tokens.splice(0, state.tokens.length, ...(tokens.assetIssue ?? []).map((t) => t.id));
  const exchanges = (await post(http, "/wallet/listexchanges", {})) as {
    exchanges?: { exchange_id: number }[];
  };
  state.exchanges.splice(
    0,
    state.exchanges.length,
    ...(exchanges.exchanges ?? []).map((e) => BigInt(e.exchange_id)),
  );
  const proposals = (await post(http, "/wallet/listproposals", {})) as {
    proposals?: { proposal_id: number }[];
  };
  state.proposals.splice(
    0,
    state.proposals.length,
    ...(proposals.proposals ?? []).map((p) => BigInt(p.proposal_id)),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "1" },
      count: { type: "string", default: "500" },
      record: { type: "boolean", default: false },
    },
  });
  const result = await runCampaign({
    seed: Number(values.seed),
    count: Number(values.count),
    ...(values.record ? { recordTo: CAMPAIGN_PATH } : {}),
  });
  process.exitCode = result.unexplained === 0 ? 0 : 1;
}
