/**
 * Each published package's public surface, checked on what `turbo run build` wrote (npm test
 * builds first): every name its index exports has a TSDoc comment; its API report
 * (`packages/<p>/api/<p>.api.md`, by @microsoft/api-extractor) is the committed one, so every
 * change to a public surface shows in review (TRONODE_RECORD_API=1 rewrites the reports); and
 * `publint` and `attw --profile esm-only` find nothing in its packed manifest and types; and
 * the TypeDoc reference in docs/api has every exported name.
 */
import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { Extractor, ExtractorConfig } from "@microsoft/api-extractor";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/cli-process.js";
import { publicExports, publishedPackages, undocumentedExports } from "../support/public-api.js";

const run = promisify(execFile);
const PACKAGES = publishedPackages();
const RECORD = process.env.TRONODE_RECORD_API === "1";
const BIN = join(REPO_ROOT, "node_modules", ".bin");
const DOCS_API = join(REPO_ROOT, "docs", "api", "@tronode");

describe.each(PACKAGES)("$name", ({ name, dir }) => {
  it("documents every name its index exports", () => {
    expect(undocumentedExports(dir)).toEqual([]);
  });

  it("has every exported name in its generated reference, docs/api (npm run docs:api rewrites it)", () => {
    const unscoped = name.replace("@tronode/", "");
    const page = [join(DOCS_API, `${unscoped}.md`), join(DOCS_API, unscoped, "README.md")].find(existsSync);
    expect(page, `docs/api has no page for ${name}`).toBeDefined();
    const text = readFileSync(page!, "utf8");
    // markdown escapes the underscores of a heading
    const heading = (n: string) => new RegExp(`^#+ ${n.replaceAll("_", "\\\\_")}\\b`, "m");
    const missing = publicExports(dir)
      .map((e) => e.name)
      // a namespace (the engine's `shielded`) has a page of its own, linked by name
      .filter((n) => !heading(n).test(text) && !text.includes(`- [${n}](`));
    expect(missing, "names missing from the reference: run npm run docs:api").toEqual([]);
  });

  it("has the committed API report (TRONODE_RECORD_API=1 rewrites it)", () => {
    const config = ExtractorConfig.loadFileAndPrepare(join(dir, "api-extractor.json"));
    const messages: string[] = [];
    const result = Extractor.invoke(config, {
      localBuild: RECORD,
      messageCallback: (message) => {
        message.handled = true;
        if (message.logLevel === "error") messages.push(message.formatMessageWithLocation(dir));
      },
    });
    expect(messages).toEqual([]);
    expect(result.succeeded).toBe(true);
    expect(
      result.apiReportChanged && !RECORD,
      `${config.reportFilePath} differs from the build: review the change and rerun with TRONODE_RECORD_API=1`,
    ).toBe(false);
  }, 60_000);

  it("is clean under publint and attw --profile esm-only", async () => {
    const publint = await run(join(BIN, "publint"), ["--strict", dir], { cwd: REPO_ROOT });
    expect(publint.stdout).toContain("All good!");
    const attw = await run(join(BIN, "attw"), ["--pack", dir, "--profile", "esm-only", "--format", "ascii"], {
      cwd: REPO_ROOT,
    }).catch((error: { stdout: string; stderr: string }) => ({ failed: true, ...error }));
    expect("failed" in attw ? `${attw.stdout}\n${attw.stderr}` : "", "attw found problems").toBe("");
  }, 60_000);
});
