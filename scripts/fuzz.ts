/**
 * The long fuzz run (issue 15): `npm run fuzz -- [requests=100000] [seed]` against an in-process
 * node; prints the counts by status and every failure (test/support/route-fuzzer.ts).
 */
import { addressToBase58, bytesToHex } from "@tronode/engine/internal";
import { createNode } from "@tronode/node";
import { fuzzRoutes } from "../test/support/route-fuzzer.js";

const requests = Number(process.argv[2] ?? 100_000);
const seed = Number(process.argv[3] ?? Date.now() % 2 ** 31);
const node = await createNode({ port: 0, blockTime: 0, accounts: 2 });
const started = Date.now();
try {
  const addresses = node.accounts.flatMap((a) => [bytesToHex(a.address), addressToBase58(a.address)]);
  const report = await fuzzRoutes({
    url: node.url!,
    requests,
    seed,
    addresses,
    batch: 2_000,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `${JSON.stringify({ seed, requests: report.requests, byStatus: report.byStatus, failures: report.failures.length, seconds: Math.round((Date.now() - started) / 1000) })}\n`,
  );
  for (const failure of report.failures) process.stdout.write(`FAILURE ${failure}\n`);
  process.exitCode = report.failures.length === 0 ? 0 : 1;
} finally {
  await node.stop();
}
