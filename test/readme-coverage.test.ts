import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { between, COVERAGE_PAGES } from "./support/coverage-tables.js";

describe("README", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

  it("holds the two set-up commands and stays a front door (at most 200 lines)", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
    expect(readme.split("\n").length).toBeLessThanOrEqual(200);
  });
});

describe("the book's generated coverage tables (run npm run docs:coverage)", () => {
  it.each(COVERAGE_PAGES.map((c) => [`${c.page} ${c.markers.begin.slice(5, 30)}`, c] as const))(
    "%s equals the route tables",
    (_name, { page, markers, table }) => {
      const text = readFileSync(new URL(`../${page}`, import.meta.url), "utf8");
      expect(between(text, markers)?.trim()).toBe(table().trim());
    },
  );
});

describe("ARCHITECTURE.md", () => {
  it("stays a map (at most 300 lines)", () => {
    const text = readFileSync(new URL("../ARCHITECTURE.md", import.meta.url), "utf8");
    expect(text.split("\n").length).toBeLessThanOrEqual(300);
  });
});
