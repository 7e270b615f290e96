/**
 * A follower started later with an empty data dir syncs a generated chain from genesis over TRON's
 * P2P protocol (block-id summary → chain inventories of 2 001 ids → fetches of ≤ 100 → in-order
 * apply), then follows the witness with the same blocks and state digest. 2 500 blocks here, so
 * more than one chain inventory is needed (remain_num > 0); `scripts/p2p-sync.ts` runs 5 000+.
 */
import { afterAll, describe, expect, it } from "vitest";
import { killAllClis } from "../support/cli-process.js";
import { getJson } from "../support/p2p-cluster.js";
import { runSync } from "../support/sync-run.js";

afterAll(async () => {
  await killAllClis();
});

describe("sync from genesis", () => {
  it("a fresh follower syncs 2 500 blocks, then follows with the same state", async () => {
    const run = await runSync({
      blocks: 2500,
      followBlocks: 2,
      witnessIp: "127.0.0.12",
      followerIp: "127.0.0.13",
    });
    expect(run.blocksPerSecond).toBeGreaterThan(0);
    const info = await getJson(`${run.follower.url}/wallet/getnodeinfo`);
    expect(info.peerList).toHaveLength(1);
    expect(info.peerList[0].needSyncFromPeer).toBe(false);
    expect(info.peerList[0].host).toBe("/127.0.0.12");
    // listnodes is discovery's table, as java-tron's: empty with discovery off, peers or not
    expect(await getJson(`${run.follower.url}/wallet/listnodes?visible=true`)).toEqual({});
  }, 180_000);
});
