/** Rewrites the README's oracle section from a replay of java-tron's recorded answers (`npm run docs:oracle`). */
import { readFile, writeFile } from "node:fs/promises";
import { closeGrpcStubs } from "../oracle/grpc.js";
import { createReplayNode, readRecording, replay } from "../oracle/replay.js";
import { ORACLE_MARKERS, oracleTable, readNetworkChecks } from "../oracle/table.js";
import { replaceBetween } from "../test/support/coverage-tables.js";

const recording = readRecording();
const node = await createReplayNode();
try {
  const results = await replay(recording, node);
  const readme = await readFile("README.md", "utf8");
  await writeFile(
    "README.md",
    replaceBetween(readme, ORACLE_MARKERS, oracleTable(recording, results, readNetworkChecks())),
  );
} finally {
  closeGrpcStubs();
  await node.stop();
}
