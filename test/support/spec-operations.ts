/**
 * The operations the product spec (`../shared/spec/node-api.md`, beside the repository) names: the
 * endpoint tables (`| POST /wallet/<op> | …`), the solidity node's list and the index-only names.
 * Used by the spec-coverage test and by `npm run docs:coverage` for the README's "in the spec" column.
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const SPEC_PATH = fileURLToPath(new URL("../../../shared/spec/node-api.md", import.meta.url));

export interface SpecOperations {
  /** Every operation named anywhere in the spec (endpoint tables, solidity list, index). */
  readonly all: ReadonlySet<string>;
  /** The operations the solidity node serves (under /walletsolidity). */
  readonly solidity: ReadonlySet<string>;
}

/** The comma-separated names after `lead` up to the sentence's end, without parenthesised notes. */
function namesAfter(text: string, lead: string): string[] {
  const start = text.indexOf(lead);
  if (start < 0) throw new Error(`the spec no longer says "${lead}"`);
  const rest = text.slice(start + lead.length);
  const list = rest.slice(0, rest.search(/\.\s/));
  return list
    .replace(/\([^)]*\)/g, "")
    .split(",")
    .map((name) => name.replace(/\s+/g, ""))
    .filter((name) => name.length > 0);
}

export function readSpecOperations(path = SPEC_PATH): SpecOperations {
  const text = readFileSync(path, "utf8");
  const all = new Set<string>();
  for (const line of text.split("\n")) {
    if (!line.startsWith("| ")) continue;
    const firstCell = line.split("|")[1] ?? "";
    for (const match of firstCell.matchAll(/\/wallet(?:solidity)?\/([A-Za-z0-9]+)/g)) all.add(match[1]!);
  }
  const solidity = new Set(namesAfter(text, "with the same paths, request shapes and results as above:"));
  for (const name of solidity) all.add(name);
  for (const name of namesAfter(text, "The index lists these operations by name only:")) all.add(name);
  return { all, solidity };
}
