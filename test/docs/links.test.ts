/**
 * Every relative link and anchor in README.md, ARCHITECTURE.md and the book (docs/) resolves: the
 * file exists, and an anchor names a heading of that page (GitHub's slugs).
 */
import { existsSync } from "node:fs";
import { dirname, join, normalize } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/cli-process.js";
import { anchors, docPages, relativeLinks } from "../support/doc-pages.js";

describe("the documentation's links", () => {
  const pages = docPages();

  it("covers the README, ARCHITECTURE.md and every page of the book", () => {
    expect(pages).toContain("README.md");
    expect(pages).toContain(join("docs", "README.md"));
    expect(pages.length).toBeGreaterThan(15);
  });

  it("resolve: every relative link names a file that exists and, after #, a heading of it", () => {
    const broken: string[] = [];
    const anchorsOf = new Map<string, Set<string>>();
    for (const page of pages) {
      for (const { target, line } of relativeLinks(page)) {
        const [path, fragment] = target.split("#") as [string, string | undefined];
        const file = path === "" ? page : normalize(join(dirname(page), decodeURI(path)));
        if (!existsSync(join(REPO_ROOT, file))) {
          broken.push(`${page}:${line} ${target}: no such file`);
          continue;
        }
        if (fragment === undefined || fragment === "" || !file.endsWith(".md")) continue;
        const known = anchorsOf.get(file) ?? anchors(file);
        anchorsOf.set(file, known);
        if (!known.has(fragment))
          broken.push(`${page}:${line} ${target}: no heading #${fragment} in ${file}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("the book's index reaches every page (directly or through a section's own index)", () => {
    const index = join("docs", "README.md");
    const reached = new Set([index]);
    const queue = [index];
    while (queue.length > 0) {
      const page = queue.shift()!;
      for (const { target } of relativeLinks(page)) {
        const file = normalize(join(dirname(page), target.split("#")[0]!));
        if (file.startsWith(`docs${"/"}`) && file.endsWith(".md") && !reached.has(file)) {
          reached.add(file);
          queue.push(file);
        }
      }
    }
    expect(pages.filter((p) => p.startsWith(`docs${"/"}`) && !reached.has(p))).toEqual([]);
  });
});
