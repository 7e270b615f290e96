/**
 * The row shape of java-tron's parameterless doPost→doGet servlets (getnowblock, listwitnesses,
 * getchainparameters, …): GET and POST, no input, `visible` only from the query string.
 */
import type { ReadScope, WalletApi } from "@tronode/engine";
import type { JsonValue } from "../engine-protocol.js";
import { defineRoute, type RouteRow } from "../route-row.js";

export interface QueryOnlyRouteSpec<Result> {
  readonly name: string;
  readonly paths: string[];
  readonly handle: (api: WalletApi, scope: ReadScope) => Promise<Result>;
  readonly print: (result: Result, visible: boolean) => JsonValue;
}

export function queryOnlyRoute<Result>(spec: QueryOnlyRouteSpec<Result>): RouteRow {
  return defineRoute({
    name: spec.name,
    paths: spec.paths,
    methods: ["GET", "POST"],
    visibleFrom: "query",
    availability: "served",
    read: (request) => request.scope,
    handle: spec.handle,
    print: spec.print,
  });
}
