/**
 * The README's gRPC coverage, generated from the service tables: for each HTTP operation the rpcs
 * bound to the same operation (its gRPC column), and a table of the rpcs that have no HTTP row
 * (Database, the storage rpcs java-tron never implemented, …).
 */
import type { DescService } from "@bufbuild/protobuf";
import { SERVICE_TABLES, type ServiceTable } from "./service-tables.js";

interface RpcStatus {
  readonly path: string;
  readonly operationName: string | undefined;
  readonly status: "served" | "not yet" | "not possible here" | "unimplemented in java-tron";
}

function shortName(service: DescService, rpc: string): string {
  return `${service.typeName.replace(/^protocol\./, "")}.${rpc}`;
}

function statusesOf(table: ServiceTable): RpcStatus[] {
  return table.service.methods.map((method): RpcStatus => {
    const path = shortName(table.service, method.name);
    const binding = table.bindings.find((b) => b.rpc === method.name);
    if (binding) return { path, operationName: binding.operation.name, status: "served" };
    const entry = table.unimplemented.find((u) => u.rpc === method.name);
    if (entry?.reason === "java-tron")
      return { path, operationName: undefined, status: "unimplemented in java-tron" };
    // an entry with its own text is one tronode never serves (proof creation: "not possible here: …")
    const status = entry?.message !== undefined ? "not possible here" : "not yet";
    return { path, operationName: entry?.operationName, status };
  });
}

const ALL = () => SERVICE_TABLES.flatMap(statusesOf);

/** The gRPC column of an HTTP operation's row: its rpcs (`Wallet.GetAccount, WalletSolidity.GetAccount`). */
export function grpcColumnOf(operationName: string): string {
  const rpcs = ALL().filter((rpc) => rpc.operationName === operationName);
  if (rpcs.length === 0) return "—";
  const served = rpcs.filter((rpc) => rpc.status === "served").map((rpc) => rpc.path);
  const notYet = rpcs.filter((rpc) => rpc.status === "not yet").map((rpc) => rpc.path);
  const notPossible = rpcs.filter((rpc) => rpc.status === "not possible here").map((rpc) => rpc.path);
  return [
    ...served,
    ...(notYet.length > 0 ? [`not yet: ${notYet.join(", ")}`] : []),
    ...(notPossible.length > 0 ? [`not possible here: ${notPossible.join(", ")}`] : []),
  ].join(", ");
}

/** The rpcs no HTTP row names, as a Markdown table (rpc, status, operation). */
export function grpcOnlyCoverageMarkdown(httpOperationNames: ReadonlySet<string>): string {
  const lines = ["| rpc | status | operation |", "|---|---|---|"];
  for (const rpc of ALL()) {
    if (rpc.operationName !== undefined && httpOperationNames.has(rpc.operationName)) continue;
    lines.push(`| ${rpc.path} | ${rpc.status} | ${rpc.operationName ?? "—"} |`);
  }
  return `${lines.join("\n")}\n`;
}
