/**
 * The route table: every java-tron HTTP operation tronode knows, one row each (served, not served
 * yet, or no longer supported), and the operation lists derived from it for the README coverage
 * table. Unknown paths answer 404 like java-tron's Jetty.
 */
import type { RouteRow } from "./route-row.js";
import { ACCOUNT_ROUTES } from "./routes/account-routes.js";
import { ASSET_ROUTES } from "./routes/asset-routes.js";
import { BALANCE_LOOKUP_ROUTES } from "./routes/balance-lookup-routes.js";
import { BLOCK_ROUTES } from "./routes/block-routes.js";
import { BROADCAST_ROUTES } from "./routes/broadcast-routes.js";
import { BUILDER_ROUTES } from "./routes/builder-routes.js";
import { CHAIN_ROUTES } from "./routes/chain-routes.js";
import { CONTRACT_ROUTES } from "./routes/contract-routes.js";
import { DEFERRED_ROUTES } from "./routes/deferred-routes.js";
import { KEY_OPERATION_ROUTES } from "./routes/key-operation-routes.js";
import { MARKET_ROUTES } from "./routes/market-routes.js";
import { MONITOR_ROUTES } from "./routes/monitor-routes.js";
import { MULTISIG_ROUTES } from "./routes/multisig-routes.js";
import { NODE_ROUTES } from "./routes/node-routes.js";
import { NOT_YET_ROUTES, UNSUPPORTED_ROUTES } from "./routes/not-yet-routes.js";
import { PENDING_ROUTES } from "./routes/pending-routes.js";
import { PROPOSAL_ROUTES } from "./routes/proposal-routes.js";
import { RESOURCE_ROUTES } from "./routes/resource-routes.js";
import { SHIELDED_ROUTES } from "./routes/shielded-routes.js";
import { TRANSACTION_ROUTES } from "./routes/transaction-routes.js";
import { WITNESS_ROUTES } from "./routes/witness-routes.js";

export const ROUTE_TABLE: readonly RouteRow[] = Object.freeze([
  ...BLOCK_ROUTES,
  ...TRANSACTION_ROUTES,
  ...ACCOUNT_ROUTES,
  ...BUILDER_ROUTES,
  ...RESOURCE_ROUTES,
  ...WITNESS_ROUTES,
  ...PROPOSAL_ROUTES,
  ...MARKET_ROUTES,
  ...ASSET_ROUTES,
  ...BROADCAST_ROUTES,
  ...MULTISIG_ROUTES,
  ...CHAIN_ROUTES,
  ...NODE_ROUTES,
  ...MONITOR_ROUTES,
  ...PENDING_ROUTES,
  ...BALANCE_LOOKUP_ROUTES,
  ...DEFERRED_ROUTES,
  ...KEY_OPERATION_ROUTES,
  ...SHIELDED_ROUTES,
  ...CONTRACT_ROUTES,
  ...UNSUPPORTED_ROUTES,
  ...NOT_YET_ROUTES,
]);

function namesWhere(test: (row: RouteRow) => boolean): readonly string[] {
  return Object.freeze(ROUTE_TABLE.filter(test).map((row) => row.name));
}

/** Operations answered from the node (key operations included; they are refused off-loopback). */
export const SERVED_OPERATIONS = namesWhere((row) => row.availability === "served");
/** Operations registered with java-tron's paths that answer "not supported by tronode yet". */
export const NOT_IMPLEMENTED_OPERATIONS = namesWhere((row) => row.availability === "not-implemented");
/** Operations java-tron itself no longer serves (/walletextension). */
export const UNSUPPORTED_OPERATIONS = namesWhere((row) => row.availability === "unsupported");
/** Operations that take or return private keys: loopback listener or `allowKeyOperations` only. */
export const KEY_OPERATIONS = namesWhere((row) => row.handlesKeys === true);

const AVAILABILITY_LABEL: Record<RouteRow["availability"], string> = {
  served: "served",
  "not-implemented": "not yet",
  unsupported: "not supported",
};

/** A further column of the coverage table (e.g. gRPC, from transport-grpc's bindings). */
export interface CoverageColumn {
  readonly title: string;
  readonly valueOf: (operationName: string) => string;
}

/**
 * The route table as Markdown (operation, paths, methods, status, and the extra columns) for the
 * README's coverage section, so the table there is generated from the code rather than kept by hand.
 */
export function routeCoverageMarkdown(
  specOperations?: ReadonlySet<string>,
  extraColumns: readonly CoverageColumn[] = [],
): string {
  const inSpec = (name: string) =>
    [...(specOperations ?? [])].some((op) => op.toLowerCase() === name.toLowerCase()) ? "yes" : "—";
  const titles = [
    "operation",
    "paths",
    "methods",
    "status",
    ...extraColumns.map((column) => column.title),
    ...(specOperations ? ["in the spec"] : []),
  ];
  const lines = [`| ${titles.join(" | ")} |`, `|${titles.map(() => "---|").join("")}`];
  for (const row of ROUTE_TABLE) {
    const methods =
      row.getOnPost === undefined
        ? row.methods.join(", ")
        : `${row.methods.join(", ")} (GET → ${row.getOnPost === "405" ? "405" : "empty 200"})`;
    const status = [
      AVAILABILITY_LABEL[row.availability],
      ...(row.handlesKeys === true ? ["key operation: loopback or allowKeyOperations"] : []),
      ...(row.note !== undefined ? [row.note] : []),
    ].join("; ");
    const extra = extraColumns.map((column) => ` ${column.valueOf(row.name)} |`).join("");
    const spec = specOperations ? ` ${inSpec(row.name)} |` : "";
    lines.push(
      `| ${row.name} | ${row.paths.map((path) => `\`${path}\``).join(" ")} | ${methods} | ${status} |${extra}${spec}`,
    );
  }
  return `${lines.join("\n")}\n`;
}
