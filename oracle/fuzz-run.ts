/**
 * `npm run oracle:fuzz -- --seed S --count N [--producer java-tron|tronode] [--record] [--shrink]`:
 * a generated campaign (fuzz/generate.ts) sent to java-tron and tronode on one private network inside
 * a namespace with only loopback (isolated.sh). One node produces; the other follows over P2P. Each
 * slot, right after a block, a batch of the campaign's transactions goes to java-tron and then to
 * tronode as the same bytes (broadcasthex), the two answers compared; after the next block both are
 * asked each accepted transaction, its info, the accounts and storage slots it touched, and each
 * contract call again as a constant call and an energy estimate. A difference no entry of
 * deliberate.ts explains is shrunk (with --shrink) to the smallest action that still shows it.
 *
 * After the campaign a node of the other implementation starts empty and syncs the producer's whole
 * chain over P2P (java-tron syncs tronode's, or tronode java-tron's), and every account the campaign
 * touched is compared on both. `--record` writes java-tron's answers and the chain to
 * test/fixtures/oracle/campaign-<producer>.json.br, which `npm test` replays against tronode alone.
 * Exit code 0 exactly when no difference is unexplained and every sync check passed.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import { blockBytes, bytesToHex, hexToBytes, Tables } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import type { Json } from "./compare.js";
import { isDeliberate } from "./deliberate.js";
import {
  type Built,
  buildAction,
  type CampaignState,
  campaignParties,
  emptyState,
  type Head,
} from "./fuzz/build.js";
import {
  type Batch,
  type Campaign,
  type CampaignTx,
  campaignBytes,
  campaignPath,
  compareAnswers,
  endpointOf,
  type Producer,
  reads,
  type SyncCheck,
} from "./fuzz/campaign.js";
import { type Action, generateCampaign, PARTIES, shrinkAction } from "./fuzz/generate.js";
import { loadSolidity } from "./fuzz/solidity.js";
import { findOracle, type JavaTronProcess, startJavaTron } from "./java-tron.js";
import {
  defaultOracleNetwork,
  followerOptions,
  javaTronConfig,
  javaTronPorts,
  type OracleNetwork,
  oracleLogging,
  tronodeOptions,
} from "./network.js";
import { type Endpoint, headOf, LiveSession, request } from "./session.js";

const PORTS = javaTronPorts(18390);
/** The second java-tron, which syncs tronode's chain after a campaign tronode produced. */
const SYNC_PORTS = javaTronPorts(18490);
const TRONODE_P2P = 18899;
/** A batch stops this long after its head's slot, so every answer in it is on that head. */
const WINDOW_MS = 1_800;
/** Reads asked at once after a batch. */
const READ_CONCURRENCY = 6;
/** At most this many differences are shrunk in one run (each takes a few slots per attempt). */
const MAX_SHRINKS = 5;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface CampaignOptions {
  readonly seed: number;
  readonly count: number;
  readonly producer: Producer;
  readonly recordTo?: string;
  readonly shrink?: boolean;
}

interface Pair {
  readonly javaTron: JavaTronProcess;
  readonly jt: Endpoint;
  readonly node: TronNode;
  readonly tn: Endpoint;
  /** The endpoint of the node that produces. */
  readonly producer: Endpoint;
}

/**
 * Both nodes on one network: the producer holds the witness key, the other follows it. The producer
 * holds the campaign parties' keys too: a party the campaign makes a witness and votes into the
 * schedule has its slots produced rather than missed.
 */
async function startPair(
  network: OracleNetwork,
  producer: Producer,
  jar: string,
  dir: string,
): Promise<Pair> {
  const witness = network.witnesses[0]!;
  const keys = [
    witness,
    ...campaignParties(network.accounts, network.spares, witness).slice(0, PARTIES.witness),
  ];
  if (producer === "java-tron") {
    const javaTron = await startJavaTron({
      jar,
      dataDir: join(dir, "java-tron"),
      config: javaTronConfig(network, PORTS, { witnessKeys: keys }),
      httpPort: PORTS.http,
      witness: true,
    });
    const node = await createNode(followerOptions(network, PORTS));
    const jt = { http: javaTron.http, jsonRpc: `http://127.0.0.1:${PORTS.jsonRpc}` };
    return { javaTron, jt, node, tn: endpointOf(node), producer: jt };
  }
  const node = await createNode({
    ...tronodeOptions(network, { witnessKeys: keys, p2pPort: TRONODE_P2P, peers: [] }),
    ...oracleLogging(),
  });
  const javaTron = await startJavaTron({
    jar,
    dataDir: join(dir, "java-tron"),
    config: javaTronConfig(network, PORTS, { witnessKeys: [], peers: [`127.0.0.1:${TRONODE_P2P}`] }),
    httpPort: PORTS.http,
    witness: false,
  });
  const jt = { http: javaTron.http, jsonRpc: `http://127.0.0.1:${PORTS.jsonRpc}` };
  return { javaTron, jt, node, tn: endpointOf(node), producer: endpointOf(node) };
}

const headRefOf = (head: { number: number; id: string; timestamp: number }): Head => ({
  number: BigInt(head.number),
  id: hexToBytes(head.id),
  timestamp: BigInt(head.timestamp),
});

export async function runCampaign(options: CampaignOptions) {
  const found = findOracle();
  if ("missing" in found) throw new Error(`oracle not available: ${found.missing}`);
  const network = defaultOracleNetwork();
  const witness = network.witnesses[0]!;
  const dir = await mkdtemp(join(tmpdir(), "tronode-fuzz-"));
  const pair = await startPair(network, options.producer, found.jar, dir);
  const { jt, tn, node } = pair;
  const state = emptyState(
    campaignParties(network.accounts, network.spares, witness),
    witness.address,
    await loadSolidity(),
  );
  const actions = generateCampaign(options.seed, options.count);
  const builtOf = new Map<number, Built>();
  const batches: Batch[] = [];
  const touchedEver = new Set<string>(state.parties.map((k) => bytesToHex(k.address)));
  const tally = { sent: 0, refused: 0, contractRuns: 0, compared: 0, differing: 0, unexplained: 0 };
  const runResults: Record<string, number> = {};
  const types: Record<string, { accepted: number; refused: number }> = {};
  const diverged: { index: number; operation: string }[] = [];
  const shrunk: { index: number; operation: string; action: Action; attempts: number }[] = [];
  const unexplainedOf = (label: string, operation: string, javaTron: Json, tronode: Json, quiet = false) => {
    const diffs = compareAnswers(operation, javaTron, tronode);
    const step = {
      operation,
      label,
      path: "",
      body: null,
      compare: "exact" as const,
      head: 0,
      javaTron,
      tronode,
    };
    const open = diffs.filter((d) => !isDeliberate({ ...step, differences: diffs }, d));
    if (!quiet)
      for (const d of open)
        console.log(
          `DIFF ${label} ${operation} ${d.path}: java-tron ${JSON.stringify(d.javaTron)} tronode ${JSON.stringify(d.tronode)}`,
        );
    return { diffs, open };
  };
  const report = (label: string, operation: string, javaTron: Json, tronode: Json, index?: number) => {
    tally.compared++;
    const { diffs, open } = unexplainedOf(label, operation, javaTron, tronode);
    if (diffs.length) tally.differing++;
    tally.unexplained += open.length;
    if (open.length && index !== undefined && !diverged.some((d) => d.index === index))
      diverged.push({ index, operation });
  };
  const session = new LiveSession(jt, tn);
  const sync: SyncCheck[] = [];
  try {
    await session.connected();
    let next = 0;
    // java-tron's producer takes no transaction of an owner after that owner's permission update in
    // the same block (and drops it): such actions wait for the next batch
    const deferred: number[] = [];
    while (next < actions.length || deferred.length > 0) {
      let head = await waitForNewHead(pair.producer, batches.at(-1)?.head ?? 0);
      // the last reads may have taken most of this head's slot: the next one gives a whole window
      if (Date.now() - head.timestamp > WINDOW_MS / 2)
        head = await waitForNewHead(pair.producer, head.number);
      await session.synced();
      const batch: Batch = { head: head.number, txs: [], reads: [] };
      const headRef = headRefOf(head);
      const queue = deferred.splice(0);
      const permissionUpdated = new Set<string>();
      while ((queue.length > 0 || next < actions.length) && Date.now() - head.timestamp < WINDOW_MS) {
        const index = queue.length > 0 ? queue.shift()! : next++;
        const built = buildAction(actions[index]!, headRef, state);
        if (permissionUpdated.has(built.owner)) {
          deferred.push(index);
          continue;
        }
        builtOf.set(index, built);
        const jtAnswer = await request(jt, "/wallet/broadcasthex", { transaction: built.hex });
        const tnAnswer = await request(tn, "/wallet/broadcasthex", { transaction: built.hex });
        state.sent.push(built.hex);
        const accepted = (jtAnswer as { result?: boolean }).result === true;
        if (accepted && built.type === "AccountPermissionUpdateContract") permissionUpdated.add(built.owner);
        tally.sent++;
        if (!accepted) tally.refused++;
        const byType = types[built.type] ?? { accepted: 0, refused: 0 };
        types[built.type] = byType;
        if (accepted) byType.accepted++;
        else byType.refused++;
        report(`#${index} ${built.type}`, "broadcasthex", jtAnswer, tnAnswer, index);
        batch.txs.push({
          index,
          type: built.type,
          hex: built.hex,
          txId: built.txId,
          accepted,
          touched: built.touched,
          broadcast: jtAnswer,
          ...(built.call ? { call: built.call } : {}),
          ...(built.storage ? { storage: built.storage } : {}),
          ...(built.kind ? { kind: built.kind } : {}),
        });
        for (const a of built.touched) touchedEver.add(a);
      }
      deferred.push(...queue);
      const after = await headOf(pair.producer);
      if (after.number !== head.number)
        console.log(`batch at ${head.number} straddled a block (now ${after.number})`);
      // the next block packs them; the producer may leave some for later blocks (java-tron puts them
      // back into its pending pool from another thread): the reads wait until both pools are empty
      await untilPacked(pair, head.number);
      await readBatch(session, batch, state, builtOf, report);
      for (const tx of batch.txs) countRun(tx, batch, runResults, tally);
      batches.push(batch);
      console.log(
        `batch ${batches.length} at block ${head.number}: ${batch.txs.length} sent, ${next}/${actions.length}, unexplained ${tally.unexplained}`,
      );
      await refreshLists(jt, state);
      if (options.shrink) {
        for (const d of diverged.splice(0)) {
          if (shrunk.length >= MAX_SHRINKS) break;
          const result = await shrinkLive(options.seed, d, pair, session, state, unexplainedOf);
          shrunk.push({ ...d, ...result });
          console.log(
            `SHRUNK #${d.index} ${d.operation} in ${result.attempts} tries: ${stringify(result.action)}`,
          );
        }
      }
    }
    const headNumber = node.chain.properties.headNumber;
    const blocks: string[] = [];
    for (let n = 1n; n <= headNumber; n++)
      blocks.push(bytesToHex(blockBytes(node.chain.committedView.get(Tables.blocks, n)!)));
    sync.push(...(await syncCheck(options.producer, network, pair, found.jar, dir, [...touchedEver].sort())));
    const summary = { ...tally, runResults, blocks: blocks.length, sync: sync.map((s) => s.ok) };
    console.log(JSON.stringify(summary));
    if (options.recordTo) {
      const info = (await request(jt, "/wallet/getnodeinfo", {})) as {
        configNodeInfo?: { codeVersion?: string };
      };
      const campaign: Campaign = {
        seed: options.seed,
        count: options.count,
        producer: options.producer,
        recordedAt: new Date().toISOString().slice(0, 10),
        javaTron: info.configNodeInfo?.codeVersion ?? "unknown",
        tally,
        runResults,
        types,
        sync,
        blocks,
        batches,
      };
      await mkdir(dirname(options.recordTo), { recursive: true });
      await writeFile(options.recordTo, campaignBytes(campaign));
    }
    return { unexplained: tally.unexplained, tally, sync, shrunk };
  } finally {
    await node.stop();
    await pair.javaTron.stop();
    // TRONODE_ORACLE_KEEP=1 keeps java-tron's data and logs (logs/tron.log) for a look at a difference
    if (!process.env.TRONODE_ORACLE_KEEP) await rm(dir, { recursive: true, force: true });
    else console.log(`kept ${dir}`);
  }
}

const stringify = (value: unknown) =>
  JSON.stringify(value, (_k, v) =>
    typeof v === "bigint" ? `${v}n` : v instanceof Uint8Array ? `0x${bytesToHex(v)}` : v,
  );

async function waitForNewHead(endpoint: Endpoint, after: number) {
  for (;;) {
    const head = await headOf(endpoint);
    if (head.number > after) return head;
    await sleep(100);
  }
}

const pendingSize = async (endpoint: Endpoint) =>
  ((await request(endpoint, "/wallet/getpendingsize", {})) as { pendingSize?: number }).pendingSize ?? 0;

/** Waits for the blocks that pack a batch: until both pending pools are empty (at most 10 blocks). */
async function untilPacked(pair: Pair, after: number) {
  let head = await waitForNewHead(pair.producer, after);
  for (let blocks = 1; blocks < 10; blocks++) {
    const [a, b] = await Promise.all([pendingSize(pair.jt), pendingSize(pair.tn)]);
    if (a === 0 && b === 0) return;
    if (process.env.TRONODE_ORACLE_DEBUG) {
      console.log(`block ${head.number}: pending java-tron ${a}, tronode ${b}`);
      const ids =
        ((await request(pair.tn, "/wallet/gettransactionlistfrompending", {})) as { txId?: string[] }).txId ??
        [];
      for (const id of ids.slice(0, 3)) {
        const [jtTx, jtInfo, tnTx] = await Promise.all([
          request(pair.jt, "/wallet/gettransactionbyid", { value: id }),
          request(pair.jt, "/wallet/gettransactioninfobyid", { value: id }),
          request(pair.tn, "/wallet/gettransactionfrompending", { value: id }),
        ]);
        console.log(
          id,
          JSON.stringify(jtTx).slice(0, 120),
          JSON.stringify(jtInfo).slice(0, 200),
          JSON.stringify(tnTx).slice(0, 400),
        );
      }
    }
    head = await waitForNewHead(pair.producer, head.number);
  }
  console.log(`pending pools not empty 10 blocks after block ${after}`);
}

/** The batch's reads, once both nodes hold the block after it, each on one head (asked again if a block lands). */
async function readBatch(
  session: LiveSession,
  batch: Batch,
  state: CampaignState,
  builtOf: ReadonlyMap<number, Built>,
  report: (label: string, operation: string, javaTron: Json, tronode: Json, index?: number) => void,
) {
  for (let attempt = 0; ; attempt++) {
    const head = await session.synced();
    // a few reads at a time (both nodes serve them concurrently); answers keep the reads' order
    const list = reads(batch);
    const answers: { read: (typeof list)[number]; javaTron: Json; tronode: Json }[] = new Array(list.length);
    let taken = 0;
    const worker = async () => {
      while (taken < list.length) {
        const at = taken++;
        const read = list[at]!;
        const [javaTron, tronode] = await Promise.all([
          request(session.javaTron, read.path, read.body),
          request(session.tronode, read.path, read.body),
        ]);
        answers[at] = { read, javaTron, tronode };
      }
    };
    await Promise.all(Array.from({ length: READ_CONCURRENCY }, worker));
    const [a, b] = await Promise.all([headOf(session.javaTron), headOf(session.tronode)]);
    if ((a.id !== head.id || b.id !== head.id) && attempt < 3) continue;
    batch.readHead = head.number;
    for (const { read, javaTron, tronode } of answers) {
      batch.reads.push({ ...read, javaTron });
      report(read.label, read.operation, javaTron, tronode, read.txIndex);
      learn(state, batch, read, javaTron, builtOf);
    }
    return;
  }
}

/** How a contract run ended, by java-tron's receipt. */
function countRun(
  tx: CampaignTx,
  batch: Batch,
  runResults: Record<string, number>,
  tally: { contractRuns: number },
) {
  if (tx.type !== "CreateSmartContract" && tx.type !== "TriggerSmartContract") return;
  const info = batch.reads.find((r) => r.operation === "gettransactioninfobyid" && r.txIndex === tx.index)
    ?.javaTron as { receipt?: { result?: string } } | undefined;
  if (!info || !("receipt" in info)) return;
  tally.contractRuns++;
  const result = info.receipt?.result ?? "DEFAULT";
  runResults[result] = (runResults[result] ?? 0) + 1;
}

/** What later actions build on: contracts created, delegations made, permissions as java-tron prints them. */
function learn(
  state: CampaignState,
  batch: Batch,
  read: { operation: string; txIndex?: number; body: Json },
  answer: Json,
  builtOf: ReadonlyMap<number, Built>,
) {
  if (read.operation === "getaccount") {
    learnPermissions(state, answer);
    return;
  }
  if (read.operation !== "gettransactioninfobyid" || read.txIndex === undefined) return;
  const info = answer as { contract_address?: string; receipt?: { result?: string }; result?: string };
  const tx = batch.txs.find((t) => t.index === read.txIndex);
  const built = builtOf.get(read.txIndex);
  if (!tx || !built) return;
  if (tx.type === "CreateSmartContract" && info.contract_address && info.receipt?.result === "SUCCESS")
    state.contracts.push({
      address: hexToBytes(info.contract_address),
      origin: hexToBytes(built.owner),
      ...(built.kind ? { kind: built.kind } : {}),
    });
  if (built.delegation && info.result !== "FAILED" && "blockNumber" in (info as object))
    state.delegations.push(built.delegation);
}

interface JsonPermission {
  id?: number;
  threshold?: number | string;
  keys?: { address: string; weight?: number | string }[];
}

function learnPermissions(state: CampaignState, answer: Json) {
  const account = answer as {
    address?: string;
    owner_permission?: JsonPermission;
    active_permission?: JsonPermission[];
  };
  if (!account?.address) return;
  const of = (p: JsonPermission) => ({
    threshold: BigInt(p.threshold ?? 0),
    keys: (p.keys ?? []).map((k) => ({ address: hexToBytes(k.address), weight: BigInt(k.weight ?? 0) })),
  });
  state.permissions.set(account.address, {
    ...(account.owner_permission ? { owner: of(account.owner_permission) } : {}),
    actives: new Map((account.active_permission ?? []).map((p) => [p.id ?? 0, of(p)])),
  });
}

async function refreshLists(jt: Endpoint, state: CampaignState) {
  const tokens = (await request(jt, "/wallet/getassetissuelist", {})) as {
    assetIssue?: { id: string; owner_address: string }[];
  };
  state.tokens.splice(
    0,
    state.tokens.length,
    ...(tokens.assetIssue ?? []).map((t) => ({ id: t.id, owner: hexToBytes(t.owner_address) })),
  );
  const exchanges = (await request(jt, "/wallet/listexchanges", {})) as {
    exchanges?: {
      exchange_id: number;
      creator_address: string;
      first_token_id: string;
      second_token_id: string;
    }[];
  };
  const text = (hex: string) => new TextDecoder().decode(hexToBytes(hex));
  state.exchanges.splice(
    0,
    state.exchanges.length,
    ...(exchanges.exchanges ?? []).map((e) => ({
      id: BigInt(e.exchange_id),
      creator: hexToBytes(e.creator_address),
      first: text(e.first_token_id),
      second: text(e.second_token_id),
    })),
  );
  const proposals = (await request(jt, "/wallet/listproposals", {})) as {
    proposals?: { proposal_id: number }[];
  };
  state.proposals.splice(
    0,
    state.proposals.length,
    ...(proposals.proposals ?? []).map((p) => BigInt(p.proposal_id)),
  );
}

type UnexplainedOf = (
  label: string,
  operation: string,
  javaTron: Json,
  tronode: Json,
  quiet?: boolean,
) => { open: readonly unknown[] };

/**
 * Shrinks a diverging action on the live pair: each smaller candidate fast-check proposes is built
 * on a fresh head and sent to both nodes; a broadcast difference is judged on the answers, a
 * receipt difference on both nodes' transaction info after the next block.
 */
async function shrinkLive(
  seed: number,
  diverging: { index: number; operation: string },
  pair: Pair,
  session: LiveSession,
  state: CampaignState,
  unexplainedOf: UnexplainedOf,
) {
  return shrinkAction(seed, diverging.index, async (candidate) => {
    let head = await session.synced();
    if (Date.now() - head.timestamp > WINDOW_MS) {
      head = await waitForNewHead(pair.producer, head.number);
      await session.synced();
    }
    const built = buildAction(candidate, headRefOf(head), state);
    state.sent.push(built.hex);
    const jtAnswer = await request(pair.jt, "/wallet/broadcasthex", { transaction: built.hex });
    const tnAnswer = await request(pair.tn, "/wallet/broadcasthex", { transaction: built.hex });
    if (unexplainedOf("shrink", "broadcasthex", jtAnswer, tnAnswer, true).open.length) return true;
    if (diverging.operation === "broadcasthex" || (jtAnswer as { result?: boolean }).result !== true)
      return false;
    await waitForNewHead(pair.producer, head.number);
    await session.synced();
    const body = { value: built.txId };
    const [a, b] = await Promise.all([
      request(pair.jt, "/wallet/gettransactioninfobyid", body),
      request(pair.tn, "/wallet/gettransactioninfobyid", body),
    ]);
    return unexplainedOf("shrink", "gettransactioninfobyid", a, b, true).open.length > 0;
  });
}

/**
 * After the campaign: a node of the other implementation starts empty and syncs the producer's chain
 * over P2P; then every account the campaign touched is compared on the producer and the new node.
 */
async function syncCheck(
  producer: Producer,
  network: OracleNetwork,
  pair: Pair,
  jar: string,
  dir: string,
  accounts: readonly string[],
): Promise<SyncCheck[]> {
  const checks: SyncCheck[] = [];
  const target = await headOf(pair.producer);
  let synced: Endpoint;
  let stop: () => Promise<void>;
  const name =
    producer === "java-tron"
      ? "tronode syncs java-tron's campaign chain from genesis"
      : "java-tron syncs tronode's campaign chain from genesis";
  if (producer === "java-tron") {
    const fresh = await createNode(followerOptions(network, PORTS));
    synced = endpointOf(fresh);
    stop = () => fresh.stop();
  } else {
    const fresh = await startJavaTron({
      jar,
      dataDir: join(dir, "java-tron-sync"),
      config: javaTronConfig(network, SYNC_PORTS, { witnessKeys: [], peers: [`127.0.0.1:${TRONODE_P2P}`] }),
      httpPort: SYNC_PORTS.http,
      witness: false,
    });
    synced = { http: fresh.http };
    stop = () => fresh.stop();
  }
  try {
    const started = Date.now();
    const deadline = started + 30 * 60_000;
    let head = await headOf(synced);
    while (head.number < target.number && Date.now() < deadline) {
      await sleep(1_000);
      head = await headOf(synced);
    }
    const first = (await request(pair.producer, "/wallet/getblockbynum", { num: 1 })) as {
      block_header?: { raw_data?: { timestamp?: number } };
    };
    const span = target.timestamp - (first.block_header?.raw_data?.timestamp ?? target.timestamp);
    const maintenances = Math.floor(span / Number(network.maintenanceIntervalMs));
    const reached = head.number >= target.number;
    const sameBlock = reached && (await blockIdAt(synced, target.number)) === target.id;
    checks.push({
      check: name,
      ok: reached && sameBlock,
      detail: reached
        ? `${target.number} blocks (${maintenances} maintenance periods) in ${Math.round((Date.now() - started) / 1000)} s; block ${target.number} ${sameBlock ? "is the producer's" : "differs from the producer's"}`
        : `reached only block ${head.number} of ${target.number}`,
    });
    if (!reached) return checks;
    // the same account states: compared on one head of both (asked again when a block lands)
    const session = new LiveSession(pair.producer, synced);
    let differing = 0;
    const firstDiffs: string[] = [];
    for (const address of accounts) {
      for (const path of ["/wallet/getaccount", "/wallet/getaccountresource"]) {
        const result = await session.step({
          operation: path.slice(8),
          label: address,
          path,
          body: { address },
          compare: "exact",
        });
        const open = result.differences.filter((d) => !isDeliberate(result, d));
        if (open.length) {
          differing++;
          if (firstDiffs.length < 3) firstDiffs.push(`${address} ${path}: ${open[0]!.path}`);
        }
      }
    }
    checks.push({
      check: `${name}: same account states`,
      ok: differing === 0,
      detail: `${accounts.length} accounts (getaccount, getaccountresource): ${differing} differing beyond deliberate.ts${firstDiffs.length ? ` (${firstDiffs.join("; ")})` : ""}`,
    });
    return checks;
  } finally {
    for (const c of checks) console.log(`${c.ok ? "ok  " : "FAIL"} ${c.check}: ${c.detail}`);
    await stop();
  }
}

async function blockIdAt(endpoint: Endpoint, num: number): Promise<string | undefined> {
  const block = (await request(endpoint, "/wallet/getblockbynum", { num })) as { blockID?: string };
  return block.blockID;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      seed: { type: "string", default: "1" },
      count: { type: "string", default: "500" },
      producer: { type: "string", default: "java-tron" },
      record: { type: "boolean", default: false },
      shrink: { type: "boolean", default: false },
    },
  });
  const producer = values.producer as Producer;
  if (producer !== "java-tron" && producer !== "tronode") {
    console.error("--producer is java-tron or tronode");
    process.exit(2);
  }
  const result = await runCampaign({
    seed: Number(values.seed),
    count: Number(values.count),
    producer,
    shrink: values.shrink,
    ...(values.record ? { recordTo: campaignPath(producer) } : {}),
  });
  process.exitCode = result.unexplained === 0 && result.sync.every((s) => s.ok) ? 0 : 1;
}
