/**
 * The operations the product spec names: the endpoint tables (`| POST /wallet/<op> | …`), the
 * solidity node's list and the index-only names. The repository keeps them as its own data
 * (test/fixtures/spec-operations.json), so a clone with nothing beside it has them; where the spec
 * itself lies beside the repository (`../shared/spec/node-api.md`), the spec-coverage test checks the
 * kept list against it. Used by that test and by `npm run docs:coverage` (the "in the spec" column).
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const SPEC_PATH = fileURLToPath(new URL("../../../shared/spec/node-api.md", import.meta.url));
export const SPEC_OPERATIONS_PATH = fileURLToPath(
  new URL("../fixtures/spec-operations.json", import.meta.url),
);

/** Whether the spec lies beside the repository (it does for the team and CI, not for a user's clone). */
export const specAvailable = (): boolean => existsSync(SPEC_PATH);

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

/** The operations as the repository keeps them. */
export function readSpecOperations(): SpecOperations {
  const kept = JSON.parse(readFileSync(SPEC_OPERATIONS_PATH, "utf8")) as {
    all: string[];
    solidity: string[];
  };
  return { all: new Set(kept.all), solidity: new Set(kept.solidity) };
}

/** Writes the kept list from the spec (TRONODE_RECORD_SPEC=1 on the spec-coverage test). */
export function recordSpecOperations(from: SpecOperations): void {
  const kept = JSON.parse(readFileSync(SPEC_OPERATIONS_PATH, "utf8")) as { source: string };
  const json = { source: kept.source, all: [...from.all].sort(), solidity: [...from.solidity].sort() };
  writeFileSync(SPEC_OPERATIONS_PATH, `${JSON.stringify(json, null, 1)}\n`);
}

/** The operations the spec file itself names. */
export function parseSpecOperations(path = SPEC_PATH): SpecOperations {
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
