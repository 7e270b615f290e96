/**
 * The long P2P sync run (not part of `npm test`): generates a `--witnesses 3` chain of N blocks
 * (default 5 000), starts a witness process on it and a follower process with an empty data dir,
 * and reports how fast the follower syncs from genesis over TRON's P2P protocol; then checks that
 * it follows the witness with the same blocks and state digest.
 *
 *   node --conditions=tronode-source --import tsx scripts/p2p-sync.ts [blocks]
 */
import { killAllClis } from "../test/support/cli-process.js";
import { runSync } from "../test/support/sync-run.js";

const blocks = Number(process.argv[2] ?? 5000);
try {
  const run = await runSync({
    blocks,
    followBlocks: 3,
    witnessIp: "127.0.0.30",
    followerIp: "127.0.0.31",
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `synced ${run.blocks} blocks in ${(run.syncMs / 1000).toFixed(1)} s: ${run.blocksPerSecond.toFixed(0)} blocks/s ` +
      `(generation ${(run.generateMs / 1000).toFixed(1)} s); following with equal blocks and state digest\n`,
  );
} finally {
  await killAllClis();
}
