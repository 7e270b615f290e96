/** The result table: per operation, the comparisons made, how many were identical, what differed. */
import type { StepResult } from "./session.js";

export interface OperationSummary {
  readonly operation: string;
  readonly compared: number;
  readonly identical: number;
  readonly differences: readonly string[];
}

export function summarize(results: readonly StepResult[]) {
  const byOperation = new Map<string, StepResult[]>();
  for (const r of results) byOperation.set(r.operation, [...(byOperation.get(r.operation) ?? []), r]);
  const rows: OperationSummary[] = [...byOperation].map(([operation, rs]) => ({
    operation,
    compared: rs.length,
    identical: rs.filter((r) => r.differences.length === 0).length,
    differences: rs.flatMap((r) =>
      r.differences.map(
        (d) =>
          `${r.label}: ${d.path} java-tron=${JSON.stringify(d.javaTron)} tronode=${JSON.stringify(d.tronode)}`,
      ),
    ),
  }));
  const lines = [
    "| operation | compared | identical |",
    "|---|---|---|",
    ...rows.map((r) => `| ${r.operation} | ${r.compared} | ${r.identical} |`),
    "",
    ...rows.flatMap((r) => r.differences.map((d) => `${r.operation}: ${d}`)),
  ];
  return { rows, text: lines.join("\n") };
}
