/**
 * The soak test's short version (12 s at 40 transactions/s against the CLI with a data dir): the pool
 * drains and no accepted transaction is lost. Memory figures come from `npm run soak` (30 minutes),
 * recorded in the README — never asserted here.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { killAllClis } from "./support/cli-process.js";
import { runSoak } from "./support/soak-harness.js";

let dir: string | undefined;
afterAll(async () => {
  await killAllClis();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("soak (short)", () => {
  it("drains the pool and loses no accepted transaction under a steady mixed load", async () => {
    dir = await mkdtemp(join(tmpdir(), "tronode-soak-"));
    const report = await runSoak({
      durationMs: 12_000,
      rate: 40,
      sampleMs: 5_000,
      warmupMs: 5_000,
      cliArgs: ["--data-dir", dir],
    });
    expect(report.accepted).toBeGreaterThan(200);
    expect(report.pendingAtEnd).toBe(0);
    expect(report.lost).toEqual([]);
    expect(report.confirmed).toBe(report.accepted);
  }, 150_000);
});
