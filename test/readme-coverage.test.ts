import { readFileSync } from "node:fs";
import { ethMethodsCoverageMarkdown, routeCoverageMarkdown } from "@tronode/transport-http";
import { describe, expect, it } from "vitest";
import { readSpecOperations } from "./support/spec-operations.js";

describe("README", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");

  it("holds the two set-up commands", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });

  it("has an API coverage table equal to the route table (run npm run docs:coverage)", () => {
    const begin = readme.indexOf("<!-- coverage:begin");
    const end = readme.indexOf("<!-- coverage:end -->");
    const table = readme.slice(readme.indexOf("\n", begin) + 1, end).trim();
    expect(table).toBe(routeCoverageMarkdown(readSpecOperations().all).trim());
  });

  it("has a JSON-RPC method table equal to the method list (run npm run docs:coverage)", () => {
    const begin = readme.indexOf("<!-- eth-coverage:begin");
    const end = readme.indexOf("<!-- eth-coverage:end -->");
    const table = readme.slice(readme.indexOf("\n", begin) + 1, end).trim();
    expect(table).toBe(ethMethodsCoverageMarkdown().trim());
  });
});
