/**
 * Builds the CLI (after tsc has written dist/): esbuild bundles src/cli.ts and everything it imports
 * into one script, dist/tronode-bundle.js; dist/tronode.mjs is the small launcher (src/launcher.ts)
 * that `npm start` and the package's bin run; dist/recovery-worker.js is the signature worker.
 *
 * Last, it writes V8's code cache of the bundle, dist/tronode-bundle.cache, from a warm-up run: an
 * in-memory dev chain started on free loopback ports, asked getnowblock once and stopped, so the
 * functions a start and its first answer run are in the cache compiled. Where that run cannot
 * listen, `--help` (every module evaluated) warms up instead.
 *
 * The bundle is a script rather than an ES module because Node 20 has no code cache for modules; it
 * is the body of a function of `require` and of the URL its `import.meta.url` stands for, which the
 * launcher passes. Its externals load through that `require`: the packages with native addons, the
 * ones esbuild cannot follow, and what is loaded only when used (ZeroMQ, the HOCON parser).
 */
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { rmSync, writeFileSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { createRequire } from "node:module";
import { Script } from "node:vm";
import { build } from "esbuild";
import {
  BUNDLE_CACHE_FILE,
  BUNDLE_FILE,
  BUNDLE_PARAMETERS,
  bundleTag,
  cacheHeader,
  tagLine,
} from "./dist/bundle-format.js";

const dist = new URL("./dist/", import.meta.url);
const bundleUrl = new URL(BUNDLE_FILE, dist);
const cacheUrl = new URL(BUNDLE_CACHE_FILE, dist);
const launcherUrl = new URL("./tronode.mjs", dist);
const here = new URL(".", import.meta.url).pathname;
const WARM_UP_START = ["--port", "0", "--quiet", "--log-format", "json", "--accounts", "2"];

if (process.argv[2] === "--warm-up") {
  // the warm-up process: run the bundle as the launcher does, and keep V8's cache of it at a clean exit
  const source = await readFile(bundleUrl, "latin1");
  const script = new Script(source, { filename: bundleUrl.pathname });
  process.argv = [process.execPath, launcherUrl.pathname, ...process.argv.slice(3)];
  process.once("exit", (code) => {
    if (code !== 0) return; // a failed run leaves no cache
    writeFileSync(cacheUrl, Buffer.concat([cacheHeader(bundleTag(source)), script.createCachedData()]));
  });
  script.runInThisContext()(createRequire(launcherUrl), launcherUrl.href);
} else {
  const common = {
    bundle: true,
    platform: "node",
    target: "node20",
    conditions: ["tronode-source"],
    minifyWhitespace: true,
    logLevel: "warning",
  };
  const [cli] = await Promise.all([
    build({
      ...common,
      entryPoints: [`${here}src/cli.ts`],
      write: false,
      format: "cjs",
      external: ["classic-level", "secp256k1", "zeromq", "@pushcorn/hocon-parser", "@grpc/proto-loader"],
      // a script has no import(): the lazily loaded externals come through require, in a promise
      supported: { "dynamic-import": false },
      define: { "import.meta.url": BUNDLE_PARAMETERS[1] },
      charset: "ascii",
    }),
    build({
      ...common,
      entryPoints: [`${here}src/launcher.ts`],
      outfile: `${here}dist/tronode.mjs`,
      format: "esm",
    }),
    build({
      ...common,
      entryPoints: [`${here}../secp256k1-native/src/recovery-worker.ts`],
      outfile: `${here}dist/recovery-worker.js`,
      format: "esm",
      external: ["secp256k1"],
      banner: {
        js: "import { createRequire as __tronodeRequire } from 'node:module'; const require = __tronodeRequire(import.meta.url);",
      },
    }),
  ]);
  await chmod(launcherUrl, 0o755);
  const body = cli.outputFiles[0].text.replace(/^#!.*\n/, "");
  const script = `(function (${BUNDLE_PARAMETERS.join(", ")}) {\n${body}\n})`;
  // the launcher reads the bundle as latin1, which is its text only while it is ASCII
  if (Buffer.byteLength(script, "utf8") !== script.length) {
    console.error("node build: the bundle is not ASCII");
    process.exit(1);
  }
  const tag = createHash("sha256").update(script).digest("hex").slice(0, 32);
  await writeFile(bundleUrl, script + tagLine(tag), "latin1");
  rmSync(cacheUrl, { force: true });
  if (!(await warmUpStart()) && !(await warmUp(["--help"]))) {
    console.error("node build: the warm-up runs failed: no code cache");
    process.exit(1);
  }
  const size = (await readFile(cacheUrl)).length;
  console.log(
    `tronode: bundle ${(script.length / 1024).toFixed(0)} KiB, code cache ${(size / 1024).toFixed(0)} KiB`,
  );
}

/** Runs the bundle with these arguments in a warm-up process; `onLine` sees its stdout by line. */
function warmUp(args, onLine = () => {}) {
  // V8 takes a cache only under the flags it was made with: none from the environment
  const { NODE_OPTIONS: _flags, ...env } = process.env;
  const child = spawn(process.execPath, [new URL(import.meta.url).pathname, "--warm-up", ...args], {
    env,
    stdio: ["ignore", "pipe", "inherit"],
  });
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop();
    for (const line of lines) onLine(line, child);
  });
  const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
  return new Promise((resolve) =>
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    }),
  );
}

/** The start warm-up: once the node says it started, one getnowblock, then SIGTERM (a clean stop). */
function warmUpStart() {
  return warmUp(WARM_UP_START, (line, child) => {
    if (!line.includes('"tronode started"')) return;
    const url = new URL("/wallet/getnowblock", JSON.parse(line).url);
    const stop = () => child.kill("SIGTERM");
    request(url, { method: "POST" }, (res) => res.resume().once("end", stop))
      .once("error", stop)
      .end("{}");
  });
}
