/**
 * `npm run bench:peers`: tronode side by side with Foundry's Anvil (the npm package's Linux binary)
 * and a bare server of each kind, on this machine, in one run — three interleaved rounds, medians.
 *
 * - start: process spawn → first answered request (tronode's getnowblock, Anvil's eth_blockNumber,
 *   a bare node:http server's constant answer), each probed alike: a POST on a new connection
 *   every 2 ms;
 * - reads: 20 000 requests at 32 keep-alive connections (tronode's getaccount, hex and visible
 *   bodies; Anvil's eth_getBalance; a bare node:http server answering tronode's answer as a constant);
 * - transfers: 5 000 pre-signed transfers from 16 senders at concurrency 16, 3 s blocks on both
 *   (tronode's broadcasttransaction, Anvil's eth_sendRawTransaction), counted when accepted, after
 *   500 other transfers warm tronode's JIT; the bare node:http server answers the same bodies with
 *   tronode's answer as a constant;
 * - RSS of each process at idle, after the reads, after the transfers and after a minute idle;
 * - gRPC: 20 000 GetAccount calls, 32 in flight on one HTTP/2 connection, against a bare
 *   @grpc/grpc-js server answering the same bytes.
 * The load generator shares the two cores with the server measured, for every subject alike.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import { addressFromBase58 } from "@tronode/engine/internal";
import { HDNodeWallet, Wallet } from "ethers";
import { bareHttpSource, spawnUntilAnswered } from "./first-answer.js";
import { loadGetAccountOverGrpc } from "./grpc.js";
import { BASE, cliArgs, load, readAccountsFile, rssMb, signedTransfers, stopNode } from "./http.js";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const READS = 20_000;
const TRANSFERS = 5_000;
const SENDERS = 16;
const ANVIL_PORT = 19_545;
const ANVIL = `http://127.0.0.1:${ANVIL_PORT}`;
const TRONODE_PORT = Number(new URL(BASE).port);
const BARE_HTTP_PORT = 19_097;
const BARE_READS_PORT = 19_095;
const BARE_GRPC_PORT = 19_071;
const TRONODE_GRPC = "127.0.0.1:19051";
const MNEMONIC = "test test test test test test test test test test test junk";

const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function anvilBinary(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("@foundry-rs/anvil-linux-amd64/package.json")), "bin", "anvil");
}

async function jsonRpc(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await response.json()) as { result: unknown }).result;
}

const startAnvil = () =>
  spawnUntilAnswered(
    anvilBinary(),
    ["--port", String(ANVIL_PORT), "--block-time", "3", "--accounts", String(SENDERS), "--silent"],
    ANVIL_PORT,
    "/",
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] }),
  );

const startTronode = (args: string[]) =>
  spawnUntilAnswered(process.execPath, cliArgs(args), TRONODE_PORT, "/wallet/getnowblock", "");

const startBareHttp = () =>
  spawnUntilAnswered(process.execPath, ["-e", bareHttpSource(BARE_HTTP_PORT)], BARE_HTTP_PORT, "/", "{}");

/** A bare node:http server answering every request with the body in `bodyFile` (bench/reference-server.ts). */
const startBareReads = (bodyFile: string) =>
  spawnUntilAnswered(
    process.execPath,
    ["--import", "tsx", "bench/reference-server.ts", String(BARE_READS_PORT), bodyFile],
    BARE_READS_PORT,
    "/wallet/getaccount",
    "{}",
  );

async function startBareGrpc(replyFile: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "bench/bare-grpc.ts", String(BARE_GRPC_PORT), replyFile],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
    child.once("exit", (code) => reject(new Error(`bare gRPC server exited with ${code}`)));
  });
  return child;
}

/** tronode's own GetAccount answer, as raw bytes, for the bare gRPC server to repeat. */
function grpcAccountBytes(address: Uint8Array): Promise<Buffer> {
  const identity = (b: Buffer) => b;
  const client = new grpc.Client(TRONODE_GRPC, grpc.credentials.createInsecure());
  // Account { address = 3 }: field 3, wire type 2, 21 bytes
  const request = Buffer.concat([Buffer.from([0x1a, address.length]), Buffer.from(address)]);
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest(
      "/protocol.Wallet/GetAccount",
      identity,
      identity,
      request,
      (error: grpc.ServiceError | null, reply?: Buffer) => {
        client.close();
        if (error || !reply) reject(error ?? new Error("no reply"));
        else resolve(reply);
      },
    ),
  );
}

/** Anvil's 16 development accounts' transfers: 5 000 EIP-1559 transactions, nonces in order per sender. */
async function anvilTransfers(): Promise<string[]> {
  const wallets = Array.from({ length: SENDERS }, (_, i) =>
    HDNodeWallet.fromPhrase(MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`),
  );
  const nonces = new Array<number>(SENDERS).fill(0);
  const bodies: string[] = [];
  for (let i = 0; i < TRANSFERS; i++) {
    const from = i % SENDERS;
    const signed = await new Wallet(wallets[from]!.privateKey).signTransaction({
      type: 2,
      chainId: 31337,
      nonce: nonces[from]!++,
      to: wallets[(from + 1) % SENDERS]!.address,
      value: 1n + BigInt(i),
      gasLimit: 21_000n,
      maxFeePerGas: 10_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
    });
    bodies.push(
      JSON.stringify({ jsonrpc: "2.0", id: i, method: "eth_sendRawTransaction", params: [signed] }),
    );
  }
  return bodies;
}

interface Round {
  start: { tronode: number; anvil: number; bareHttp: number };
  idle: { tronode: number; anvil: number };
  reads: { hex: ReadFigure; visible: ReadFigure; anvil: ReadFigure; bareReads: ReadFigure };
  afterReads: { tronode: number; anvil: number };
  transfers: { tronode: number; anvil: number; bare: number; tronodeFailures: number; anvilFailures: number };
  afterTransfers: { tronode: number; anvil: number };
  afterIdleMinute?: { tronode: number; anvil: number };
  grpc: { tronode: number; bare: number };
}
interface ReadFigure {
  perSecond: number;
  p99: number;
}

async function round(index: number, anvilBodies: string[], log: (line: string) => void): Promise<Round> {
  log(`round ${index + 1}/${ROUNDS}`);
  // start → first answer, interleaved
  const t = await startTronode(["--accounts", "2"]);
  await stopNode(t.child);
  const a = await startAnvil();
  await stopNode(a.child);
  const b = await startBareHttp();
  await stopNode(b.child);
  const start = { tronode: t.ms, anvil: a.ms, bareHttp: b.ms };

  const accountsFile = "/tmp/tronode-peers-accounts.json";
  const node = await startTronode([
    "--accounts",
    String(SENDERS),
    "--block-time",
    "3",
    "--max-pending",
    "20000",
    "--accounts-file",
    accountsFile,
  ]);
  const anvil = await startAnvil();
  try {
    await sleep(1000);
    const idle = { tronode: rssMb(node.child.pid!), anvil: rssMb(anvil.child.pid!) };
    const accounts = readAccountsFile(accountsFile);
    const visibleBodies = accounts.map((x) => JSON.stringify({ address: x.address, visible: true }));
    const hexBodies = accounts.map((x) =>
      JSON.stringify({ address: Buffer.from(addressFromBase58(x.address)).toString("hex") }),
    );
    const anvilAddresses = (await jsonRpc(ANVIL, "eth_accounts")) as string[];
    const anvilBalanceBodies = anvilAddresses.map((x, i) =>
      JSON.stringify({ jsonrpc: "2.0", id: i, method: "eth_getBalance", params: [x, "latest"] }),
    );
    const repeat = (bodies: string[], n: number) =>
      Array.from({ length: n }, (_, i) => bodies[i % bodies.length]!);
    const sampleFile = "/tmp/tronode-peers-getaccount.json";
    const sample = await fetch(`${BASE}/wallet/getaccount`, { method: "POST", body: visibleBodies[0]! });
    writeFileSync(sampleFile, await sample.text());
    const bareReads = await startBareReads(sampleFile);
    let reads: Round["reads"];
    try {
      // warm-up, then the measured runs back to back
      await load("/wallet/getaccount", repeat(hexBodies, 2_000), 32);
      await load("/wallet/getaccount", repeat(visibleBodies, 2_000), 32);
      await load("/", repeat(anvilBalanceBodies, 2_000), 32, ANVIL);
      await load(
        "/wallet/getaccount",
        repeat(visibleBodies, 2_000),
        32,
        `http://127.0.0.1:${BARE_READS_PORT}`,
      );
      const hex = await load("/wallet/getaccount", repeat(hexBodies, READS), 32);
      const anvilReads = await load("/", repeat(anvilBalanceBodies, READS), 32, ANVIL);
      const visible = await load("/wallet/getaccount", repeat(visibleBodies, READS), 32);
      const bare = await load(
        "/wallet/getaccount",
        repeat(visibleBodies, READS),
        32,
        `http://127.0.0.1:${BARE_READS_PORT}`,
      );
      if (hex.failures + visible.failures + anvilReads.failures > 0) throw new Error("a read failed");
      reads = { hex, visible, anvil: anvilReads, bareReads: bare };
    } finally {
      await stopNode(bareReads.child);
    }
    const afterReads = { tronode: rssMb(node.child.pid!), anvil: rssMb(anvil.child.pid!) };

    // gRPC against a bare grpc-js server repeating tronode's own answer
    const addresses = accounts.map((x) => addressFromBase58(x.address));
    const replyFile = "/tmp/tronode-peers-account.bin";
    writeFileSync(replyFile, await grpcAccountBytes(addresses[0]!));
    const bareGrpc = await startBareGrpc(replyFile);
    let grpcFigures: Round["grpc"];
    try {
      const bareTarget = `127.0.0.1:${BARE_GRPC_PORT}`;
      await loadGetAccountOverGrpc(TRONODE_GRPC, addresses, 2_000, 32);
      await loadGetAccountOverGrpc(bareTarget, addresses, 2_000, 32);
      const ours = await loadGetAccountOverGrpc(TRONODE_GRPC, addresses, READS, 32);
      const theirs = await loadGetAccountOverGrpc(bareTarget, addresses, READS, 32);
      grpcFigures = { tronode: ours.perSecond, bare: theirs.perSecond };
    } finally {
      await stopNode(bareGrpc);
    }

    // transfers: accepted (applied to the unconfirmed state and answered). tronode's JIT is warmed
    // with other transfers first (Anvil is compiled ahead of time); the bare server answers the
    // same bodies with tronode's own answer to one of them.
    const warm = await signedTransfers(accounts, 500, (i) => [
      accounts[i % SENDERS]!,
      accounts[(i + 3) % SENDERS]!,
    ]);
    await load("/wallet/broadcasttransaction", warm.slice(1), 16);
    const answerFile = "/tmp/tronode-peers-broadcast.json";
    const answer = await fetch(`${BASE}/wallet/broadcasttransaction`, { method: "POST", body: warm[0]! });
    writeFileSync(answerFile, await answer.text());
    const txs = await signedTransfers(accounts, TRANSFERS);
    const ours = await load("/wallet/broadcasttransaction", txs, 16);
    const theirs = await load("/", anvilBodies, 16, ANVIL);
    const bareTransfers = await startBareReads(answerFile);
    let bareAccepted: number;
    try {
      bareAccepted = (
        await load("/wallet/broadcasttransaction", txs, 16, `http://127.0.0.1:${BARE_READS_PORT}`)
      ).perSecond;
    } finally {
      await stopNode(bareTransfers.child);
    }
    const transfers = {
      tronode: ours.perSecond,
      anvil: theirs.perSecond,
      bare: bareAccepted,
      tronodeFailures: ours.failures,
      anvilFailures: theirs.failures,
    };
    await sleep(500);
    const afterTransfers = { tronode: rssMb(node.child.pid!), anvil: rssMb(anvil.child.pid!) };
    let afterIdleMinute: Round["afterIdleMinute"];
    if (index === ROUNDS - 1) {
      await sleep(60_000);
      afterIdleMinute = { tronode: rssMb(node.child.pid!), anvil: rssMb(anvil.child.pid!) };
    }
    return {
      start,
      idle,
      reads,
      afterReads,
      transfers,
      afterTransfers,
      ...(afterIdleMinute ? { afterIdleMinute } : {}),
      grpc: grpcFigures,
    };
  } finally {
    await stopNode(node.child);
    await stopNode(anvil.child);
  }
}

export async function runPeersBench(log: (line: string) => void = console.log): Promise<void> {
  const anvilVersion = await new Promise<string>((resolve) => {
    const child = spawn(anvilBinary(), ["--version"]);
    let out = "";
    child.stdout.on("data", (c: Buffer) => {
      out += c.toString();
    });
    child.on("exit", () => resolve(/anvil Version: (\S+)/.exec(out)?.[1] ?? "?"));
  });
  const anvilBodies = await anvilTransfers();
  const rounds: Round[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(i, anvilBodies, log));
  const m = (pick: (r: Round) => number) => median(rounds.map(pick));
  const last = rounds[rounds.length - 1]!;

  const row = (
    figure: string,
    tronode: number,
    anvil: number | undefined,
    bare: number | undefined,
    digits = 0,
  ) =>
    `| ${figure} | ${tronode.toFixed(digits)} | ${anvil === undefined ? "—" : anvil.toFixed(digits)} | ${bare === undefined ? "—" : bare.toFixed(digits)} | ${anvil === undefined ? "—" : (tronode / anvil).toFixed(2)} |`;
  const start = m((r) => r.start.tronode);
  const bareStart = m((r) => r.start.bareHttp);
  const hex = m((r) => r.reads.hex.perSecond);
  const visible = m((r) => r.reads.visible.perSecond);
  const anvilReads = m((r) => r.reads.anvil.perSecond);
  const hexP99 = m((r) => r.reads.hex.p99);
  const visibleP99 = m((r) => r.reads.visible.p99);
  const anvilP99 = m((r) => r.reads.anvil.p99);
  const transfers = m((r) => r.transfers.tronode);
  const anvilTransfersRate = m((r) => r.transfers.anvil);
  const idle = m((r) => r.idle.tronode);
  const afterTransfers = m((r) => r.afterTransfers.tronode);
  const afterMinute = last.afterIdleMinute?.tronode ?? Number.NaN;
  const grpcRatio = m((r) => r.grpc.tronode / r.grpc.bare);

  log(
    `\ntronode vs Anvil ${anvilVersion}, ${new Date().toISOString().slice(0, 10)}, ${ROUNDS} interleaved rounds, medians`,
  );
  log("| figure | tronode | Anvil | bare server | tronode / Anvil |");
  log("|---|---|---|---|---|");
  log(
    row(
      "spawn → first answer (ms)",
      start,
      m((r) => r.start.anvil),
      bareStart,
    ),
  );
  log(
    row(
      "reads/s, getaccount hex (Anvil: eth_getBalance)",
      hex,
      anvilReads,
      m((r) => r.reads.bareReads.perSecond),
    ),
  );
  log(
    row(
      "reads/s, getaccount visible",
      visible,
      anvilReads,
      m((r) => r.reads.bareReads.perSecond),
    ),
  );
  log(
    row(
      "reads p99 (ms), hex",
      hexP99,
      anvilP99,
      m((r) => r.reads.bareReads.p99),
      1,
    ),
  );
  log(
    row(
      "reads p99 (ms), visible",
      visibleP99,
      anvilP99,
      m((r) => r.reads.bareReads.p99),
      1,
    ),
  );
  log(
    row(
      "transfers accepted/s (16 senders, concurrency 16)",
      transfers,
      anvilTransfersRate,
      m((r) => r.transfers.bare),
    ),
  );
  log(
    row(
      "RSS at idle (MiB)",
      idle,
      m((r) => r.idle.anvil),
      undefined,
    ),
  );
  log(
    row(
      "RSS after the reads (MiB)",
      m((r) => r.afterReads.tronode),
      m((r) => r.afterReads.anvil),
      undefined,
    ),
  );
  log(
    row(
      "RSS after the transfers (MiB)",
      afterTransfers,
      m((r) => r.afterTransfers.anvil),
      undefined,
    ),
  );
  log(row("RSS a minute later (MiB, last round)", afterMinute, last.afterIdleMinute?.anvil, undefined));
  log(
    `| gRPC GetAccount calls/s (bare: @grpc/grpc-js, same reply) | ${m((r) => r.grpc.tronode).toFixed(0)} | — | ${m((r) => r.grpc.bare).toFixed(0)} | — |`,
  );
  const failures = rounds.reduce((n, r) => n + r.transfers.tronodeFailures + r.transfers.anvilFailures, 0);
  if (failures > 0) log(`transfers refused in all rounds: ${failures}`);

  const verdict = (met: boolean) => (met ? "met" : "NOT met");
  log("\ntargets");
  log(
    `- start ≤ 100 ms and ≤ 1.5 × bare node:http (${(start / bareStart).toFixed(2)} ×): ${verdict(start <= 100 && start <= 1.5 * bareStart)}`,
  );
  log(
    `- reads ≥ Anvil, p99 ≤ Anvil + 1 ms, hex and visible: ${verdict(hex >= anvilReads && visible >= anvilReads && hexP99 <= anvilP99 + 1 && visibleP99 <= anvilP99 + 1)}`,
  );
  log(`- transfers accepted ≥ Anvil: ${verdict(transfers >= anvilTransfersRate)}`);
  log(
    `- RSS idle ≤ 60, after transfers ≤ 120, a minute later < 80 MiB: ${verdict(idle <= 60 && afterTransfers <= 120 && afterMinute < 80)}`,
  );
  log(`- gRPC ≥ 0.8 × bare grpc-js (${grpcRatio.toFixed(2)}): ${verdict(grpcRatio >= 0.8)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await runPeersBench();
