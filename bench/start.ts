/**
 * `npm run bench:start [-- rounds] [-- label=path/to/tronode.mjs …]`: spawn → first answered request
 * of the built CLI beside a bare node:http server, interleaved rounds in one run, medians (issue 26's
 * figure). Each CLI start is `--port P --grpc-port P+1 --grpc-solidity-port P+2 --quiet --log-level
 * warn --accounts 2`, polled with POST /wallet/getnowblock every 2 ms until it answers 200; the bare
 * server answers `{}`. Also per CLI: the CPU time of its main thread and of all its threads up to
 * the answer (from /proc: less sensitive to a busy machine than the wall clock) and its RSS one
 * second after the answer. Several builds (copies of dist/ with their own bundle and cache) can run
 * side by side; `BENCH_START_PORT` (default 19290) moves the ports, P to P+3.
 */
import { readdirSync, readFileSync } from "node:fs";
import { bareHttpSource, spawnUntilAnswered } from "./first-answer.js";

const PORT = Number(process.env.BENCH_START_PORT ?? 19_290);
const BARE_PORT = PORT + 3;
const args = process.argv.slice(2);
const rounds = Number(args.find((a) => /^\d+$/.test(a)) ?? 5);
const builds = args
  .filter((a) => a.includes("="))
  .map((a) => ({ label: a.slice(0, a.indexOf("=")), path: a.slice(a.indexOf("=") + 1) }));
if (builds.length === 0) builds.push({ label: "tronode", path: "packages/node/dist/tronode.mjs" });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values: readonly number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Milliseconds a thread of `pid` (or every one) has run, from schedstat. */
function cpuMs(pid: number, thread?: number): number {
  const threads = thread === undefined ? readdirSync(`/proc/${pid}/task`) : [String(thread)];
  let ns = 0;
  for (const t of threads)
    ns += Number(readFileSync(`/proc/${pid}/task/${t}/schedstat`, "utf8").split(" ")[0]);
  return ns / 1e6;
}

interface Start {
  ms: number;
  mainCpu: number;
  allCpu: number;
  rssMiB: number;
}

async function timedStart(
  argv: readonly string[],
  port: number,
  path: string,
  details: boolean,
): Promise<Start> {
  const { child, ms } = await spawnUntilAnswered(process.execPath, argv, port, path, "{}");
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    if (!details) return { ms, mainCpu: Number.NaN, allCpu: Number.NaN, rssMiB: Number.NaN };
    const mainCpu = cpuMs(child.pid!, child.pid!);
    const allCpu = cpuMs(child.pid!);
    await sleep(1000);
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, "utf8"))![1]) / 1024;
    return { ms, mainCpu, allCpu, rssMiB: rss };
  } finally {
    child.kill("SIGTERM");
    await exited;
    await sleep(150);
  }
}

const cli = ["--port", PORT, "--grpc-port", PORT + 1, "--grpc-solidity-port", PORT + 2].map(String);
cli.push("--quiet", "--log-level", "warn", "--accounts", "2");
const bareMs: number[] = [];
const results = new Map<string, Start[]>(builds.map((b) => [b.label, []]));
for (let round = 0; round < rounds; round++) {
  bareMs.push((await timedStart(["-e", bareHttpSource(BARE_PORT)], BARE_PORT, "/", false)).ms);
  // alternate the order, so that no build always follows the bare server
  for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
    results.get(build.label)!.push(await timedStart([build.path, ...cli], PORT, "/wallet/getnowblock", true));
  }
}
const bareMedian = median(bareMs);
console.log(`bare node:http: ${bareMedian.toFixed(0)} ms (${bareMs.map((m) => m.toFixed(0)).join(" ")})`);
for (const [label, starts] of results) {
  const ms = median(starts.map((s) => s.ms));
  console.log(
    `${label}: ${ms.toFixed(0)} ms = ${(ms / bareMedian).toFixed(2)} × bare (${starts.map((s) => s.ms.toFixed(0)).join(" ")}); ` +
      `CPU to the answer ${median(starts.map((s) => s.mainCpu)).toFixed(0)} ms main thread, ` +
      `${median(starts.map((s) => s.allCpu)).toFixed(0)} ms all threads; ` +
      `RSS 1 s later ${median(starts.map((s) => s.rssMiB)).toFixed(1)} MiB`,
  );
}
