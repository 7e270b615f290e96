/**
 * `npm run oracle`: both oracle runs against java-tron (see run.ts and network-run.ts). Writes
 * java-tron's answers and blocks to test/fixtures/oracle/recording.json and the network checks to
 * test/fixtures/oracle/network.json; `npm test` replays the first and shows the second. Then
 * `npm run docs:oracle` writes the README's table. Exits 0 exactly when every difference is one
 * deliberate.ts lists and every network check passed.
 */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { findOracle } from "./java-tron.js";
import { runNetworkOracle } from "./network-run.js";
import { RECORDING_PATH } from "./replay.js";
import { oracleExitCode } from "./report.js";
import { runOracle } from "./run.js";
import { NETWORK_CHECKS_PATH } from "./table.js";

const found = findOracle();
if ("missing" in found) {
  console.error(`npm run oracle needs java-tron's FullNode jar and java: ${found.missing}`);
  process.exit(2);
}
const report = await runOracle({ recordTo: fileURLToPath(RECORDING_PATH) });
const checks = await runNetworkOracle();
await writeFile(
  NETWORK_CHECKS_PATH,
  `${JSON.stringify({ checkedAt: new Date().toISOString().slice(0, 10), checks }, null, 1)}\n`,
);
process.exitCode = oracleExitCode(report.results, checks);
