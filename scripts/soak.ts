/**
 * The long soak (issue 15): `npm run soak -- [minutes=30] [rate=100] [warm-up minutes=2]` runs the
 * built CLI (what `npm start` runs; the script builds first) with a LevelDB data dir under a steady
 * mixed load, samples its RSS every 10 s, and prints the samples, the growth after the warm-up
 * (median of the minute after it against the median of the last minute), and whether the pool
 * drained and every accepted transaction was kept.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSoak } from "../test/support/soak-harness.js";

const minutes = Number(process.argv[2] ?? 30);
const rate = Number(process.argv[3] ?? 100);
const warmupMinutes = Number(process.argv[4] ?? 2);
const dir = await mkdtemp(join(tmpdir(), "tronode-soak-"));
try {
  const report = await runSoak({
    durationMs: minutes * 60_000,
    rate,
    sampleMs: 10_000,
    warmupMs: warmupMinutes * 60_000,
    cliArgs: ["--data-dir", dir],
    bundled: true,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify({ ...report, rss: report.rss.length }, null, 2)}\n`);
  process.stdout.write(`rss samples (s, MB): ${report.rss.map(([t, mb]) => `${t}:${mb}`).join(" ")}\n`);
  process.exitCode = report.lost.length === 0 && report.pendingAtEnd === 0 ? 0 : 1;
} finally {
  await rm(dir, { recursive: true, force: true });
}
