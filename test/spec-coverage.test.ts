/**
 * The product spec is the checklist: every operation it names has a row in the route table, served
 * or answering a documented "not supported"; "not yet" only while an open issue covers it.
 */
import { NOT_IMPLEMENTED_OPERATIONS } from "@tronode/transport-http";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "../packages/transport-http/src/route-table.js";
import {
  parseSpecOperations,
  readSpecOperations,
  recordSpecOperations,
  specAvailable,
} from "./support/spec-operations.js";

/**
 * Spec operations not served yet, by the open issue that serves them. An operation leaves this list
 * when its issue lands; one that is neither served nor listed here fails the test.
 */
const NOT_YET_BY_ISSUE: Readonly<Record<number, readonly string[]>> = {};

const rowOf = (name: string) =>
  ROUTE_TABLE.find((row) => row.name === name) ??
  ROUTE_TABLE.find((row) => row.name.toLowerCase() === name.toLowerCase());

describe("the spec is the checklist", () => {
  const spec = readSpecOperations();
  const covered = new Map(
    Object.entries(NOT_YET_BY_ISSUE).flatMap(([issue, names]) => names.map((n) => [n.toLowerCase(), issue])),
  );

  // the spec lies beside the repository for the team and CI; a user's clone has only the kept list
  it.skipIf(!specAvailable())("the kept list is the spec's (TRONODE_RECORD_SPEC=1 rewrites it)", () => {
    const fromSpec = parseSpecOperations();
    if (process.env.TRONODE_RECORD_SPEC === "1") recordSpecOperations(fromSpec);
    expect([...readSpecOperations().all].sort()).toEqual([...fromSpec.all].sort());
    expect([...readSpecOperations().solidity].sort()).toEqual([...fromSpec.solidity].sort());
  });
  if (!specAvailable())
    console.log("spec cross-check skipped: ../shared/spec/node-api.md is not beside this clone");

  it("reads the spec's operations", () => {
    // the endpoint tables, the solidity list and the index-only names
    expect(spec.all.size).toBeGreaterThan(100);
    expect(spec.all).toContain("getdeferredtransactionbyid");
    expect(spec.all).toContain("createshieldedtransactionwithoutspendauthsig");
    expect(spec.solidity).toContain("getnowblock");
  });

  it("has a row for every operation, served or documented, and 'not yet' only under an open issue", () => {
    const problems: string[] = [];
    for (const name of [...spec.all].sort()) {
      const row = rowOf(name);
      if (!row) {
        problems.push(`${name}: no route`);
      } else if (
        row.availability === "unsupported" &&
        !row.note?.includes("not supported") &&
        !row.note?.includes("gone")
      ) {
        problems.push(`${name}: unsupported without a documented reason`);
      } else if (row.availability === "not-implemented" && !covered.has(name.toLowerCase())) {
        problems.push(`${name}: "not yet" but no open issue covers it`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("lists under an issue only what is still not served", () => {
    const notYet = new Set(NOT_IMPLEMENTED_OPERATIONS.map((n) => n.toLowerCase()));
    const stale = [...covered.keys()].filter((name) => !notYet.has(name));
    expect(stale).toEqual([]);
  });

  it("serves every solidity-node operation under /walletsolidity", () => {
    const missing = [...spec.solidity].filter(
      (name) => !rowOf(name)?.paths.includes(`/walletsolidity/${rowOf(name)?.name}`),
    );
    expect(missing).toEqual([]);
  });
});
