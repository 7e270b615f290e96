/**
 * gRPC keeps up with HTTP: an rpc listed as "not supported by tronode yet" must not belong to an
 * operation the HTTP API serves — when an operation is served, its rpcs get bindings (see
 * ARCHITECTURE.md, "Adding an operation").
 */

import { describe, expect, it } from "vitest";
import { SERVICE_TABLES } from "../packages/transport-grpc/src/service-tables.js";
import { ROUTE_TABLE } from "../packages/transport-http/src/route-table.js";

describe("gRPC and HTTP serve the same operations", () => {
  it("no rpc is 'not yet' while HTTP serves its operation", () => {
    const served = new Set(ROUTE_TABLE.filter((row) => row.availability === "served").map((row) => row.name));
    const lagging = SERVICE_TABLES.flatMap((table) =>
      table.unimplemented
        .filter(
          (entry) => entry.reason === "not-yet" && entry.operationName && served.has(entry.operationName),
        )
        .map((entry) => `${table.service.typeName}/${entry.rpc} (${entry.operationName})`),
    );
    expect(lagging).toEqual([]);
  });

  it("every not-yet rpc names an HTTP operation that exists, so the coverage table shows it", () => {
    const names = new Set(ROUTE_TABLE.map((row) => row.name));
    const unknown = SERVICE_TABLES.flatMap((table) =>
      table.unimplemented
        .filter(
          (entry) => entry.reason === "not-yet" && entry.operationName && !names.has(entry.operationName),
        )
        .map((entry) => `${table.service.typeName}/${entry.rpc} → ${entry.operationName}`),
    );
    expect(unknown).toEqual([]);
  });
});
