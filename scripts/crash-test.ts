/**
 * The long crash test (issue 15): `npm run crash-test [-- iterations]` (default 50). Starts the CLI
 * on a LevelDB data dir, drives a mixed load, kills it with SIGKILL at random moments, checks the
 * stored chain against a from-genesis replay and the restarted node against what it had answered
 * (test/support/crash-harness.ts), and prints the counts.
 */
import { runCrashTest } from "../test/support/crash-harness.js";

const iterations = Number(process.argv[2] ?? 50);
const started = Date.now();
const report = await runCrashTest({
  iterations,
  maxRunMs: 8_000,
  log: (line) => process.stdout.write(`${line}\n`),
  seed: Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31),
});
process.stdout.write(
  `${JSON.stringify({ ...report, failures: report.failures.length, seconds: Math.round((Date.now() - started) / 1000) }, null, 2)}\n`,
);
for (const failure of report.failures) process.stdout.write(`FAILURE ${failure}\n`);
process.exit(report.failures.length === 0 ? 0 : 1);
