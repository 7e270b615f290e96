/**
 * HTTP figures of a node started as its own process (the built CLI, as `npm start` runs it):
 * time from process start to the first answered request, RSS at idle, getaccount requests per second
 * with p99 latency, and signed transfers broadcast over HTTP and confirmed per second.
 * Needs a build (`npm run build`); `npm run bench` builds first.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { create } from "@bufbuild/protobuf";
import {
  addressToBase58,
  blockReference,
  bytesToHex,
  ContractType,
  hexToBytes,
  packContract,
  printTransaction,
  signHash,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import autocannon from "autocannon";
import { loadGetAccountOverGrpc } from "./grpc.js";

/** 19090 unless BENCH_PORT names another (a machine where that port is taken); the others follow it. */
const PORT = Number(process.env.BENCH_PORT ?? 19_090);
const GRPC_PORT = PORT - 39;
export const BASE = `http://127.0.0.1:${PORT}`;
const REFERENCE_PORT = PORT + 5;
const REFERENCE_BASE = `http://127.0.0.1:${REFERENCE_PORT}`;
const agent = new Agent({ keepAlive: true, maxSockets: 64 });

function post(path: string, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${BASE}${path}`,
      { method: "POST", agent, headers: { "content-type": "application/json" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The accounts the CLI wrote with --accounts-file. */
export function readAccountsFile(path: string): { address: string; privateKey: string }[] {
  return (JSON.parse(readFileSync(path, "utf8")) as { accounts: { address: string; privateKey: string }[] })
    .accounts;
}

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The node arguments of the built CLI on the bench's ports, quiet, with `args` after them. */
export function cliArgs(args: readonly string[]): string[] {
  return [
    ...(process.env.BENCH_PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    // node/V8 flags for the CLI under test only (say, heap sizing), space-separated
    ...(process.env.BENCH_NODE_FLAGS?.split(" ").filter(Boolean) ?? []),
    "packages/node/dist/tronode.mjs",
    "--port",
    String(PORT),
    "--grpc-port",
    String(GRPC_PORT),
    "--grpc-solidity-port",
    String(GRPC_PORT + 10),
    "--quiet",
    "--log-level",
    "warn",
    ...args,
  ];
}

export async function startNode(args: string[]): Promise<{ child: ChildProcess; startupMs: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, cliArgs(args), { stdio: ["ignore", "ignore", "inherit"] });
  for (;;) {
    try {
      const r = await post("/wallet/getnowblock", "");
      if (r.status === 200) return { child, startupMs: performance.now() - started };
    } catch {
      await new Promise((r) => setTimeout(r, 5));
    }
  }
}

/** The bare node:http reference (bench/reference-server.ts) as its own process, like the node. */
async function startReference(bodyFile: string): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "bench/reference-server.ts", String(REFERENCE_PORT), bodyFile],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  for (;;) {
    try {
      const response = await fetch(`${REFERENCE_BASE}/wallet/getaccount`, { method: "POST", body: "{}" });
      if (response.status === 200) return child;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

export async function stopNode(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await exited;
}

/**
 * Sends each of `bodies` once to `path` with autocannon (`concurrency` keep-alive connections);
 * returns requests/s, latency percentiles and answers that were not successes.
 */
export async function load(path: string, bodies: string[], concurrency: number, base = BASE) {
  let next = 0;
  let failures = 0;
  let lastAnswer = 0;
  const started = performance.now();
  const result = await autocannon({
    url: base,
    connections: concurrency,
    amount: bodies.length,
    requests: [
      {
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        setupRequest: (req: autocannon.Request) => ({ ...req, body: bodies[next++ % bodies.length] }),
        onResponse: (status: number, body: string) => {
          lastAnswer = performance.now();
          if (status !== 200 || body.includes('"Error"') || body.includes('"code"')) failures++;
        },
      },
    ],
  });
  return {
    // autocannon notices that `amount` was reached on its once-a-second tick, so the time it
    // returns (and the time it resolves) is rounded up to whole seconds: time the last answer
    perSecond: bodies.length / ((lastAnswer - started) / 1000),
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures,
  };
}

export async function runHttpBench(
  log: (line: string) => void = console.log,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  const accountsFile = "/tmp/tronode-bench-accounts.json";
  // Start-up and idle memory with the defaults (what `npm start` runs), best of three starts.
  const startups: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = await startNode([]);
    startups.push(started.startupMs);
    if (i === 2) {
      await new Promise((r) => setTimeout(r, 2000));
      results["RSS at idle (MB)"] = rssMb(started.child.pid!);
    }
    await stopNode(started.child);
  }
  results["startup to first answered request (ms, best of 3)"] = Math.min(...startups);

  const { child } = await startNode([
    "--accounts",
    "200",
    "--block-time",
    "3",
    "--max-pending",
    "20000",
    "--accounts-file",
    accountsFile,
  ]);
  try {
    const accounts = readAccountsFile(accountsFile);
    const getaccount = accounts.map((a) => JSON.stringify({ address: a.address, visible: true }));
    const bodies = Array.from({ length: 40_000 }, (_, i) => getaccount[i % getaccount.length]!);
    // The reference: a bare node:http server answering the node's own getaccount answer as a constant.
    const sampleFile = "/tmp/tronode-bench-getaccount.json";
    writeFileSync(sampleFile, (await post("/wallet/getaccount", getaccount[0]!)).text);
    const reference = await startReference(sampleFile);
    try {
      await load("/wallet/getaccount", bodies.slice(0, 2_000), 32);
      await load("/wallet/getaccount", bodies.slice(0, 2_000), 32, REFERENCE_BASE);
      // alternate, best of two each, so both see the same machine
      const runs = {
        node: [] as Awaited<ReturnType<typeof load>>[],
        reference: [] as Awaited<ReturnType<typeof load>>[],
      };
      for (let i = 0; i < 2; i++) {
        runs.node.push(await load("/wallet/getaccount", bodies, 32));
        runs.reference.push(await load("/wallet/getaccount", bodies, 32, REFERENCE_BASE));
      }
      const ga = runs.node.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
      const bare = runs.reference.reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
      results["getaccount requests/s"] = ga.perSecond;
      results["getaccount p50 latency (ms)"] = ga.p50;
      results["getaccount p99 latency (ms)"] = ga.p99;
      results["bare node:http, same answer as a constant, requests/s"] = bare.perSecond;
      results["getaccount as % of bare node:http"] = (100 * ga.perSecond) / bare.perSecond;
    } finally {
      await stopNode(reference);
    }

    // The same reads over gRPC (Wallet.GetAccount), same accounts, same number in flight.
    const addresses = accounts.map((a) => decode58(a.address));
    const grpcTarget = `127.0.0.1:${GRPC_PORT}`;
    await loadGetAccountOverGrpc(grpcTarget, addresses, 2_000, 32);
    const grpc = await loadGetAccountOverGrpc(grpcTarget, addresses, bodies.length, 32);
    results["GetAccount over gRPC requests/s"] = grpc.perSecond;
    results["GetAccount over gRPC p50 latency (ms)"] = grpc.p50;
    results["GetAccount over gRPC p99 latency (ms)"] = grpc.p99;
    results["GetAccount over gRPC failures"] = grpc.failures;

    // Signed transfers between funded accounts, referencing the head block.
    const count = 10_000;
    const txs = await signedTransfers(accounts, count);
    const before = Number(JSON.parse((await post("/wallet/totaltransaction", "")).text).num ?? 0);
    const start = performance.now();
    const bc = await load("/wallet/broadcasttransaction", txs, 16);
    // confirmed: wait until every transaction is in a block
    for (;;) {
      const total = Number(JSON.parse((await post("/wallet/totaltransaction", "")).text).num ?? 0);
      if (total - before >= count - bc.failures) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    results["broadcast transfers/s (accepted)"] = bc.perSecond;
    results["broadcast transfers/s (confirmed in blocks)"] =
      (count - bc.failures) / ((performance.now() - start) / 1000);
    results["broadcast failures"] = bc.failures;
  } finally {
    await stopNode(child);
  }
  for (const [k, v] of Object.entries(results)) log(`${k.padEnd(52)} ${v.toFixed(k.includes("ms") ? 2 : 0)}`);
  return results;
}

import { addressFromBase58 } from "@tronode/engine/internal";

/**
 * `count` TRX transfers, each signed by its sender (by default round-robin over `accounts`, each
 * paying the next), referencing the node's head block and expiring 10 minutes after it: java-tron JSON bodies
 * for /wallet/broadcasttransaction.
 */
export async function signedTransfers(
  accounts: readonly { address: string; privateKey: string }[],
  count: number,
  /** Sender and receiver of the i-th transfer (default: each account pays the next). */
  pair: (i: number) => readonly [{ address: string; privateKey: string }, { address: string }] = (i) => [
    accounts[i % accounts.length]!,
    accounts[(i + 1) % accounts.length]!,
  ],
): Promise<string[]> {
  const head = JSON.parse((await post("/wallet/getnowblock", "")).text);
  const number = BigInt(head.block_header.raw_data.number);
  const ref = blockReference(number, hexToBytes(head.blockID));
  const expiration = BigInt(head.block_header.raw_data.timestamp) + 600_000n;
  const txs: string[] = [];
  for (let i = 0; i < count; i++) {
    const [from, to] = pair(i);
    const tx = create(TransactionSchema, {
      rawData: {
        ...ref,
        expiration,
        timestamp: BigInt(i),
        contract: [
          packContract(ContractType.TransferContract, {
            ownerAddress: decode58(from.address),
            toAddress: decode58(to.address),
            amount: 1n + BigInt(i),
          }),
        ],
      },
    });
    tx.signature = [signHash(transactionId(tx), hexToBytes(from.privateKey))];
    txs.push(JSON.stringify(printTransaction(tx, { visible: false })));
  }
  return txs;
}

function decode58(a: string): Uint8Array {
  return addressFromBase58(a);
}

if (import.meta.url === `file://${process.argv[1]}`) await runHttpBench();

export { addressToBase58, bytesToHex };
