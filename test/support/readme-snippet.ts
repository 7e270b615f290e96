/**
 * Pages of the book checked against the files they show: every non-blank line of a page's first
 * ```js block must be a line of the shown file, in order (the file may add comments and settings
 * the page leaves out).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { REPO_ROOT } from "./cli-process.js";

/** A page of the book (docs/…, relative to the repository), whole. */
export function bookPage(page: string): string {
  return readFileSync(join(REPO_ROOT, page), "utf8");
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
