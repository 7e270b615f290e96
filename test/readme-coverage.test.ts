import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  between,
  ETH_MARKERS,
  ethCoverageTable,
  GRPC_MARKERS,
  grpcOnlyCoverageTable,
  HTTP_MARKERS,
  httpCoverageTable,
  TRONGRID_MARKERS,
  tronGridCoverageTable,
} from "./support/coverage-tables.js";

describe("README", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

  it("holds the two set-up commands", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });

  it("has an API coverage table equal to the route table and the gRPC bindings (run npm run docs:coverage)", () => {
    expect(between(readme, HTTP_MARKERS)?.trim()).toBe(httpCoverageTable().trim());
  });

  it("lists the gRPC rpcs no HTTP operation names, from the service tables (run npm run docs:coverage)", () => {
    expect(between(readme, GRPC_MARKERS)?.trim()).toBe(grpcOnlyCoverageTable().trim());
  });

  it("has a TronGrid v1 table equal to the v1 route table (run npm run docs:coverage)", () => {
    expect(between(readme, TRONGRID_MARKERS)?.trim()).toBe(tronGridCoverageTable().trim());
  });

  it("has a JSON-RPC method table equal to the method list (run npm run docs:coverage)", () => {
    expect(between(readme, ETH_MARKERS)?.trim()).toBe(ethCoverageTable().trim());
  });
});
