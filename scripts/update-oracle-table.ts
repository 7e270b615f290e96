/**
 * Rewrites the book's oracle sections (docs/oracle.md) (`npm run docs:oracle`): the table from a replay of java-tron's
 * recorded answers, and the summary of the recorded generated campaigns.
 */
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import { campaignPath, readCampaign } from "../oracle/fuzz/campaign.js";
import { CAMPAIGN_MARKERS, campaignSummary } from "../oracle/fuzz/summary.js";
import { closeGrpcStubs } from "../oracle/grpc.js";
import { createReplayNode, readRecording, replay } from "../oracle/replay.js";
import { ORACLE_MARKERS, ORACLE_PAGE, oracleTable, readNetworkChecks } from "../oracle/table.js";
import { replaceBetween } from "../test/support/coverage-tables.js";

const recording = readRecording();
const node = await createReplayNode();
try {
  const results = await replay(recording, node);
  let readme = await readFile(ORACLE_PAGE, "utf8");
  readme = replaceBetween(readme, ORACLE_MARKERS, oracleTable(recording, results, readNetworkChecks()));
  const campaigns = (["java-tron", "tronode"] as const)
    .filter((p) => existsSync(campaignPath(p)))
    .map((p) => readCampaign(campaignPath(p)));
  if (readme.includes(CAMPAIGN_MARKERS.begin))
    readme = replaceBetween(readme, CAMPAIGN_MARKERS, campaignSummary(campaigns));
  await writeFile(ORACLE_PAGE, readme);
} finally {
  closeGrpcStubs();
  await node.stop();
}
