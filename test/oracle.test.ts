/**
 * java-tron as the oracle (issue 28). `npm run oracle` runs java-tron's FullNode beside tronode on a
 * private network on loopback (tronode follows it over TRON's P2P protocol), asks both the same
 * questions and records java-tron's answers with its blocks (test/fixtures/oracle/recording.json).
 * Here, on every machine, a tronode node takes the recorded blocks and answers the recorded
 * questions; each answer must equal java-tron's, field by field (oracle/compare.ts normalizes a
 * short, documented list), but for the differences oracle/deliberate.ts lists with their reasons.
 */

import { readFileSync } from "node:fs";
import type { TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { differences } from "../oracle/compare.js";
import { isDeliberate } from "../oracle/deliberate.js";
import { closeGrpcStubs } from "../oracle/grpc.js";
import { findOracle } from "../oracle/java-tron.js";
import { createReplayNode, readRecording, replay } from "../oracle/replay.js";
import { oracleExitCode } from "../oracle/report.js";
import type { StepResult } from "../oracle/session.js";
import { ORACLE_MARKERS, ORACLE_PAGE, oracleTable, readNetworkChecks } from "../oracle/table.js";

const recording = readRecording();
let node: TronNode;
let results: StepResult[];

beforeAll(async () => {
  const oracle = findOracle();
  if ("missing" in oracle) {
    console.log(
      `oracle: java-tron not run here (${oracle.missing}); replaying its recorded answers. Live: npm run oracle`,
    );
  }
  node = await createReplayNode();
  results = await replay(recording, node);
}, 300_000);

afterAll(async () => {
  closeGrpcStubs();
  await node?.stop();
});

describe("java-tron's recorded answers", () => {
  it("the recording covers the oracle's scenarios", () => {
    expect(recording.steps.length).toBeGreaterThan(100);
    expect(new Set(recording.steps.map((s) => s.operation)).size).toBeGreaterThan(50);
  });

  it("tronode answers every recorded request as java-tron did", () => {
    const unexplained = results.flatMap((r) =>
      r.differences
        .filter((d) => !isDeliberate(r, d))
        .map(
          (d) =>
            `${r.operation} (${r.label}) ${d.path}: java-tron ${JSON.stringify(d.javaTron)}, tronode ${JSON.stringify(d.tronode)}`,
        ),
    );
    expect(unexplained).toEqual([]);
  });

  it("the book's oracle section is this replay's table", () => {
    const readme = readFileSync(new URL(`../${ORACLE_PAGE}`, import.meta.url), "utf8");
    const start = readme.indexOf(ORACLE_MARKERS.begin);
    const end = readme.indexOf(ORACLE_MARKERS.end);
    expect(start).toBeGreaterThan(0);
    expect(readme.slice(start + ORACLE_MARKERS.begin.length, end).trim()).toBe(
      oracleTable(recording, results, readNetworkChecks()).trim(),
    );
  });

  it("the network checks of the last live run all passed", () => {
    expect(readNetworkChecks().checks.filter((c) => !c.ok)).toEqual([]);
  });

  it("npm run oracle exits 0 exactly when every difference is deliberate and every network check passed", () => {
    const deliberate = results.find(
      (r) => r.differences.length > 0 && r.differences.every((d) => isDeliberate(r, d)),
    );
    expect(deliberate, "the recording has a deliberate difference").toBeDefined();
    const unexplained = { ...deliberate!, differences: [{ path: "$.balance", javaTron: 1, tronode: 2 }] };
    expect(oracleExitCode(results, [{ ok: true }])).toBe(0);
    expect(oracleExitCode([...results, unexplained], [{ ok: true }])).toBe(1);
    expect(oracleExitCode(results, [{ ok: true }, { ok: false }])).toBe(1);
  });

  it("the comparison itself catches a difference", () => {
    const step = results.find((r) => r.operation === "getaccount")!;
    expect(differences(step.javaTron, { ...(step.javaTron as object), balance: -1 })).not.toEqual([]);
  });
});
