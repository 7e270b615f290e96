/**
 * Generated hostile requests over every route (test/support/route-fuzzer.ts): a few thousand in
 * `npm test` with a fixed seed; `npm run fuzz -- <requests> [seed]` runs the long version.
 */
import { addressToBase58, bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fuzzRoutes } from "../support/route-fuzzer.js";

let node: TronNode;
beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 2 });
});
afterAll(() => node?.stop());

describe("fuzzing every route", () => {
  it("answers 3 000 generated requests java-tron-shaped, without 5xx or leaks, and changes nothing", async () => {
    const addresses = node.accounts.flatMap((a) => [bytesToHex(a.address), addressToBase58(a.address)]);
    const report = await fuzzRoutes({ url: node.url!, requests: 3_000, seed: 1124, addresses });
    expect(report.failures).toEqual([]);
    expect(report.requests).toBe(3_000);
  }, 120_000);
});
