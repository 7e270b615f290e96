#!/usr/bin/env node
/**
 * The `tronode` executable (dist/tronode.mjs): compiles the CLI's bundle (dist/tronode-bundle.js)
 * with the V8 code cache the build wrote beside it (dist/tronode-bundle.cache), then runs it.
 *
 * Node 20 has no compile cache for ES modules, and parsing the 2 MB bundle as one was the largest
 * single cost of a start; a vm.Script takes V8's cachedData, produced by the build after a warm-up
 * run, so the functions a start runs arrive compiled. The bundle is a plain script (a function of
 * `require` and the URL its `import.meta.url` stands for), so nothing in it needs this module's
 * ESM scope. Any cache that does not fit — absent, from another build (the tag below), or refused
 * by V8 (another Node or V8 flags) — only makes the start compile from source, as before.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { Script } from "node:vm";
import { BUNDLE_CACHE_FILE, BUNDLE_FILE, bundleTag, cacheFits } from "./bundle-format.js";

const bundlePath = fileURLToPath(new URL(BUNDLE_FILE, import.meta.url));
// the bundle is ASCII (the build checks), so latin1 reads it into a one-byte string without decoding
const source = readFileSync(bundlePath, "latin1");

function fittingCache(): Buffer | undefined {
  let file: Buffer;
  try {
    file = readFileSync(fileURLToPath(new URL(BUNDLE_CACHE_FILE, import.meta.url)));
  } catch {
    return undefined; // no cache: compile from source
  }
  return cacheFits(file, bundleTag(source));
}

const run = new Script(source, { filename: bundlePath, cachedData: fittingCache() }).runInThisContext() as (
  require: NodeJS.Require,
  importMetaUrl: string,
) => void;
// the bundle's modules resolve files and packages from here, as when they were this file
run(createRequire(import.meta.url), import.meta.url);
