/**
 * Crash safety, the short version run by `npm test` (3 kills); `npm run crash-test` runs 50 (see
 * test/support/crash-harness.ts for what is checked after each kill and restart).
 */
import { afterAll, describe, expect, it } from "vitest";
import { killAllClis } from "./support/cli-process.js";
import { runCrashTest } from "./support/crash-harness.js";

afterAll(() => killAllClis());

describe("kill -9 under load", () => {
  it("loses no committed block or transaction, and the stored state always equals a replay of the stored blocks", async () => {
    const report = await runCrashTest({ iterations: 3, maxRunMs: 4_000 });
    expect(report.failures).toEqual([]);
    expect(report.iterations).toBe(3);
    expect(report.accepted).toBeGreaterThan(0);
    expect(report.replayedBlocks).toBeGreaterThan(0);
    expect(report.confirmedFoundAfterRestart).toBeGreaterThan(0);
  }, 120_000);
});
