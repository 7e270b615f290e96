/**
 * README sections checked against the files they show: a section is found by its heading, and
 * every non-blank line of its first ```js block must be a line of the shown file, in order (the
 * file may add comments and settings the README leaves out).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { REPO_ROOT } from "./cli-process.js";

/** The README's section under `heading` (up to the next `## `). */
export function readmeSection(heading: string): string {
  const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
  const start = readme.indexOf(heading);
  expect(start, heading).toBeGreaterThan(0);
  return readme.slice(start, readme.indexOf("\n## ", start + 1));
}

/** Checks the section's js snippet line by line against `file`; returns how many lines it has. */
export function expectSnippetFromFile(section: string, file: string): number {
  const snippet = /```js\n([\s\S]*?)```/.exec(section)?.[1];
  expect(snippet).toBeDefined();
  const shown = readFileSync(file, "utf8").split("\n");
  const lines = snippet!.split("\n").filter((line) => line.trim() !== "");
  let at = 0;
  for (const line of lines) {
    const found = shown.indexOf(line, at);
    expect(found, line).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
  return lines.length;
}
