/**
 * The row shape of java-tron's parameterless doPost→doGet servlets (getnowblock, listwitnesses,
 * getchainparameters, …): GET and POST, no input, `visible` only from the query string.
 */
import type { QueryOperation } from "@tronode/operations";
import type { JsonValue } from "../engine-protocol.js";
import { defineRoute, type RouteRow } from "../route-row.js";

export interface QueryOnlyRouteSpec<Result> {
  readonly operation: QueryOperation<Result>;
  readonly paths: string[];
  readonly print: (result: Result, visible: boolean) => JsonValue;
}

export function queryOnlyRoute<Result>(spec: QueryOnlyRouteSpec<Result>): RouteRow {
  return defineRoute({
    operation: spec.operation,
    paths: spec.paths,
    methods: ["GET", "POST"],
    visibleFrom: "query",
    read: () => undefined,
    print: spec.print,
  });
}
