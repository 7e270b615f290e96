/**
 * The launcher's pairing of bundle and code cache: a cache is used only for the bundle it was made
 * from, and the one the build wrote is accepted by V8 in a plain `node` (so starts use it).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  BUNDLE_CACHE_FILE,
  BUNDLE_FILE,
  bundleTag,
  CACHE_HEADER_BYTES,
  cacheFits,
  cacheHeader,
  tagLine,
} from "../src/bundle-format.js";

const dist = new URL("../dist/", import.meta.url);

describe("bundle and code cache", () => {
  it("a bundle's tag is its last line; a bundle without one has none", () => {
    expect(bundleTag(`(function () {})${tagLine("0123abcd")}`)).toBe("0123abcd");
    expect(bundleTag("(function () {})\n")).toBe("");
  });

  it("a cache fits only the bundle whose tag its header names", () => {
    const data = Buffer.from("v8 data");
    const file = Buffer.concat([cacheHeader("0123abcd"), data]);
    expect(cacheHeader("0123abcd")).toHaveLength(CACHE_HEADER_BYTES);
    expect(cacheFits(file, "0123abcd")?.equals(data)).toBe(true);
    expect(cacheFits(file, "0123abce")).toBeUndefined();
    expect(cacheFits(file, "")).toBeUndefined();
    expect(cacheFits(cacheHeader("0123abcd"), "0123abcd")).toBeUndefined();
  });

  it("the built cache belongs to the built bundle and V8 takes it", (context) => {
    const bundle = new URL(BUNDLE_FILE, dist);
    const cache = new URL(BUNDLE_CACHE_FILE, dist);
    if (!existsSync(bundle) || !existsSync(cache)) {
      console.log("skipped: no built bundle (npm run build writes it)");
      context.skip();
    }
    const tag = bundleTag(readFileSync(bundle, "latin1"));
    expect(tag).toMatch(/^[0-9a-f]{32}$/);
    expect(cacheFits(readFileSync(cache), tag)).toBeDefined();
    // a process of its own: V8 refuses a cache made under other flags, and the test runner may set some
    const probe = [
      'const { readFileSync } = require("node:fs");',
      'const { Script } = require("node:vm");',
      `const source = readFileSync(${JSON.stringify(fileURLToPath(bundle))}, "latin1");`,
      `const cachedData = readFileSync(${JSON.stringify(fileURLToPath(cache))}).subarray(${CACHE_HEADER_BYTES});`,
      "process.stdout.write(String(new Script(source, { cachedData }).cachedDataRejected));",
    ].join("\n");
    const { NODE_OPTIONS: _flags, ...env } = process.env;
    expect(execFileSync(process.execPath, ["-e", probe], { env, encoding: "utf8" })).toBe("false");
  });
});
