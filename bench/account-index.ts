import { createNobleRecoverer, indexAccounts, produceBlock, StateOverlay } from "@tronode/engine/internal";
import autocannon from "autocannon";
import { engineFixture } from "./engine.js";
import { BASE, load, readAccountsFile, signedTransfers, startNode, stopNode } from "./http.js";

const BLOCKS = 50;
const PER_BLOCK = 200;

/** µs per block of produceBlock (index included) and of indexAccounts alone, on the same blocks. */
function writeOverhead(results: Record<string, number>): void {
  const fixture = engineFixture(1000, BLOCKS * PER_BLOCK);
  // the fixture's state with its genesis; blocks are produced on it one after the other
  const chain = fixture.state;
  const witnessKey = new Uint8Array(32);
  new DataView(witnessKey.buffer).setUint32(28, 1000); // the fixture's first account is its witness
  const recoverer = createNobleRecoverer();
  const produced: ReturnType<typeof produceBlock>[] = [];
  let produceMs = 0;
  let timestamp = 3_000n;
  for (let b = 0; b < BLOCKS; b++) {
    const transactions = fixture.transactions.slice(b * PER_BLOCK, (b + 1) * PER_BLOCK);
    const start = performance.now();
    // signatures count as checked at push, as the node's pool does: the block's own work remains
    const block = produceBlock(chain, {
      timestamp,
      witnessPrivateKey: witnessKey,
      transactions,
      recoverer,
      isVerified: () => true,
    });
    produceMs += performance.now() - start;
    chain.apply(block.changes);
    produced.push(block);
    timestamp += 3_000n;
  }
  // the index alone, on the same outcomes (each block's rows written on a fresh overlay)
  let indexMs = 0;
  for (let round = 0; round < 3; round++) {
    let ms = 0;
    for (const block of produced) {
      const raw = block.block.blockHeader!.rawData!;
      const overlay = new StateOverlay(chain);
      const start = performance.now();
      indexAccounts(overlay, raw.number, raw.timestamp, block.outcomes);
      ms += performance.now() - start;
    }
    indexMs = round === 0 ? ms : Math.min(indexMs, ms);
  }
  const transactions = produced.reduce((n, b) => n + b.outcomes.length, 0) / BLOCKS;
  results["transfers per block (index bench)"] = transactions;
  results["produceBlock with the index, µs/block"] = (produceMs * 1000) / BLOCKS;
  results["indexAccounts alone, µs/block"] = (indexMs * 1000) / BLOCKS;
  results["index share of block production (%)"] = (100 * indexMs) / produceMs;
}

/** Like http.ts's `load`, for GET paths (one path per request, cycled). */
async function loadGet(paths: string[], amount: number, concurrency: number) {
  let next = 0;
  let failures = 0;
  let lastAnswer = 0;
  const started = performance.now();
  const result = await autocannon({
    url: BASE,
    connections: concurrency,
    amount,
    requests: [
      {
        method: "GET",
        setupRequest: (req: autocannon.Request) => ({ ...req, path: paths[next++ % paths.length]! }),
        onResponse: (status: number, body: string) => {
          lastAnswer = performance.now();
          if (status !== 200 || !body.startsWith('{"data":[{')) failures++;
        },
      },
    ],
  });
  return {
    perSecond: amount / ((lastAnswer - started) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
  };
}

// biome-ignore lint/suspicious/noExplicitAny: the node's JSON, read loosely
async function getJson(path: string, init?: RequestInit): Promise<any> {
  return (await fetch(`${BASE}${path}`, init)).json();
}

async function queryRate(results: Record<string, number>): Promise<void> {
  const accountsFile = "/tmp/tronode-bench-index-accounts.json";
  const { child } = await startNode([
    "--accounts",
    "20",
    "--block-time",
    "3",
    "--max-pending",
    "30000",
    "--accounts-file",
    accountsFile,
  ]);
  try {
    const accounts = readAccountsFile(accountsFile);
    const busy = accounts[0]!;
    const count = 20_000;
    // every transfer pays the busy address, from the other accounts in turn
    const bodies = await signedTransfers(accounts, count, (i) => [
      accounts[1 + (i % (accounts.length - 1))]!,
      busy,
    ]);
    const sent = await load("/wallet/broadcasttransaction", bodies, 16);
    // wait until every transfer is in a block (the index is written with each block)
    for (;;) {
      const total = Number(
        (await getJson("/wallet/totaltransaction", { method: "POST", body: "{}" })).num ?? 0,
      );
      if (total >= count - sent.failures) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    results["busy address: transfers in its history"] = count - sent.failures;
    // fingerprints deep into the history: every 25th page of 20, newest first
    const deep: string[] = [];
    let fingerprint: string | undefined;
    for (let page = 0; page < 1000 && deep.length < 40; page++) {
      const answer = await getJson(
        `/v1/accounts/${busy.address}/transactions?limit=20${fingerprint ? `&fingerprint=${fingerprint}` : ""}`,
      );
      fingerprint = answer.meta.fingerprint;
      if (!fingerprint) break;
      if (page % 25 === 0)
        deep.push(`/v1/accounts/${busy.address}/transactions?limit=20&fingerprint=${fingerprint}`);
    }
    const first = [`/v1/accounts/${busy.address}/transactions?limit=20`];
    const getaccount = [JSON.stringify({ address: busy.address, visible: true })];
    await loadGet(first, 500, 16); // warm-up
    const v1First = await loadGet(first, 5_000, 16);
    const v1Deep = await loadGet(deep, 5_000, 16);
    const trc20 = await loadGet([`/v1/accounts/${busy.address}`], 5_000, 16);
    const reference = await load(
      "/wallet/getaccount",
      Array.from({ length: 5_000 }, () => getaccount[0]!),
      16,
    );
    results["v1 transactions, first page of 20, req/s"] = v1First.perSecond;
    results["v1 transactions, first page p99 (ms)"] = v1First.p99;
    results["v1 transactions, deep pages by fingerprint, req/s"] = v1Deep.perSecond;
    results["v1 transactions, deep pages p99 (ms)"] = v1Deep.p99;
    results["v1 account (getaccount + trc20), req/s"] = trc20.perSecond;
    results["reference: /wallet/getaccount same address, req/s"] = reference.perSecond;
    results["v1 query failures"] = v1First.failures + v1Deep.failures;
  } finally {
    await stopNode(child);
  }
}

export async function runAccountIndexBench(
  log: (line: string) => void = console.log,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  writeOverhead(results);
  await queryRate(results);
  for (const [k, v] of Object.entries(results))
    log(`${k.padEnd(56)} ${v.toFixed(k.includes("ms") || k.includes("%") ? 2 : 0)}`);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) await runAccountIndexBench();
