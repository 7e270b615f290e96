import { ETH_METHODS } from "@tronode/operations";

const STATUS_LABEL = {
  served: "served",
  stub: "served (java-tron's fixed answer)",
  unsupported: "not supported (as java-tron)",
  "not-yet": "not yet",
} as const;

/** java-tron's JSON-RPC methods as a Markdown table for the README (`npm run docs:coverage`). */
export function ethMethodsCoverageMarkdown(): string {
  const lines = ["| method | status | notes |", "|---|---|---|"];
  for (const m of ETH_METHODS) lines.push(`| \`${m.name}\` | ${STATUS_LABEL[m.status]} | ${m.note ?? ""} |`);
  return `${lines.join("\n")}\n`;
}
