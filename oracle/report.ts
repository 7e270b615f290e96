/** The result table: per operation, the comparisons made, how many were identical, what differed. */
import { isDeliberate } from "./deliberate.js";
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

/**
 * `npm run oracle`'s exit code: 0 exactly when every difference is one deliberate.ts lists and
 * every network check passed.
 */
export function oracleExitCode(results: readonly StepResult[], checks: readonly { ok: boolean }[]): 0 | 1 {
  const unexplained = results.some((r) => r.differences.some((d) => !isDeliberate(r, d)));
  return !unexplained && checks.every((c) => c.ok) ? 0 : 1;
}
