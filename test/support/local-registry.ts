/**
 * A publish rehearsal: a local verdaccio registry on 127.0.0.1 that the workspace packages are
 * published to, and fresh projects outside the repository that install them from it as a user would.
 *
 * - `@tronode/*` is local only (no uplink): every start wipes the scope, so each run publishes anew.
 * - Every other package proxies the uplink `npmjs` (the registry `npm config get registry` names);
 *   verdaccio's storage is kept in node_modules/.cache/tronode-registry/storage, so the third-party
 *   tarballs it fetched once are served from disk on the next run.
 * - Every npm command runs with a temporary userconfig and globalconfig naming only the local
 *   registry, a shared temporary npm cache (one per run), and none of the caller's `npm_*` variables:
 *   the user's ~/.npmrc and its credentials are never read, and nothing is published anywhere but
 *   the loopback registry (`assertLoopback`).
 */
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { lstat, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import type { Server } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "./cli-process.js";

/** Verdaccio's storage, kept across runs for the uplink's packuments and tarballs. */
export const REGISTRY_STORAGE = join(REPO_ROOT, "node_modules", ".cache", "tronode-registry", "storage");
/** The scope published locally (never proxied, wiped at every start). */
export const LOCAL_SCOPE = "@tronode";
const DEFAULT_UPLINK = "https://registry.npmjs.org/";

export interface LocalRegistry {
  /** `http://127.0.0.1:PORT/` */
  readonly url: string;
  stop(): Promise<void>;
}

export interface CommandResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly seconds: number;
}

// ---------------------------------------------------------------------------------------------
// the run's temporary files: npm cache, npmrc files, verdaccio's config

let runDir: string | undefined;

/** This run's temporary folder (npm cache, npmrc files, verdaccio config), made on first use. */
function runTemp(): string {
  runDir ??= mkdtempSync(join(tmpdir(), "tronode-registry-run-"));
  return runDir;
}

/** The npm cache every npm command of this run shares. */
export function runNpmCache(): string {
  return join(runTemp(), "npm-cache");
}

/** An empty globalconfig, so /usr/etc/npmrc and the like stay out too. */
function emptyGlobalConfig(): string {
  const file = join(runTemp(), "npmrc-global");
  if (!existsSync(file)) writeFileSync(file, "");
  return file;
}

/** A userconfig naming only `registryUrl` (and, for publishing, a throwaway token for it). */
function userConfig(registryUrl: string, withToken: boolean): string {
  const url = new URL(registryUrl);
  const file = join(runTemp(), `npmrc-${url.port}${withToken ? "-publish" : ""}`);
  if (!existsSync(file)) {
    const lines = [
      `registry=${url.href}`,
      `${LOCAL_SCOPE}:registry=${url.href}`,
      "audit=false",
      "fund=false",
      "update-notifier=false",
    ];
    // verdaccio lets anonymous users publish @tronode/*; npm still wants some token for the registry
    if (withToken) lines.push(`//${url.host}${url.pathname}:_authToken=${randomBytes(16).toString("hex")}`);
    writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
  }
  return file;
}

/** npm flags that pin every setting that could point elsewhere to the local registry. */
function npmFlags(registryUrl: string, withToken = false): string[] {
  return [
    "--registry",
    registryUrl,
    `--${LOCAL_SCOPE}:registry=${registryUrl}`,
    "--userconfig",
    userConfig(registryUrl, withToken),
    "--globalconfig",
    emptyGlobalConfig(),
    "--cache",
    runNpmCache(),
    "--no-audit",
    "--no-fund",
    "--no-update-notifier",
  ];
}

/** The environment of npm and of the installed code: the caller's, less npm's and Node's settings. */
export function cleanEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    // npm_config_* (npm test sets some) would override the flags' files; NODE_OPTIONS could carry
    // --conditions=tronode-source, which the published packages (dist only) cannot serve
    if (/^npm_/i.test(key) || key === "NODE_OPTIONS" || key === "INIT_CWD") continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}

// ---------------------------------------------------------------------------------------------
// child processes

/** Runs a command to its end (killed after `timeoutMs`), collecting its output. */
export function runCommand(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number },
): Promise<CommandResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? cleanEnv(),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      stderr += `\n[killed after ${options.timeoutMs} ms]`;
      child.kill("SIGKILL");
    }, options.timeoutMs ?? 200_000);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, seconds: (performance.now() - started) / 1000 });
    });
  });
}

/** `what` failed: the command's exit and the end of its output. */
export function commandFailure(what: string, result: CommandResult): Error {
  const tail = (text: string) => text.trim().split("\n").slice(-40).join("\n");
  return new Error(
    `${what} failed (exit ${result.code ?? result.signal})\n--- stdout:\n${tail(result.stdout)}\n--- stderr:\n${tail(result.stderr)}`,
  );
}

// ---------------------------------------------------------------------------------------------
// the registry

/** The registry npm uses here (`npm config get registry`, run in the repository), with a final slash. */
export async function uplinkRegistry(): Promise<string> {
  let registry = DEFAULT_UPLINK;
  try {
    const result = await runCommand("npm", ["config", "get", "registry"], {
      cwd: REPO_ROOT,
      env: process.env,
      timeoutMs: 30_000,
    });
    const answer = result.stdout.trim();
    if (result.code === 0 && /^https?:\/\//.test(answer)) registry = answer;
  } catch {
    // npm not runnable: the default
  }
  return registry.endsWith("/") ? registry : `${registry}/`;
}

/** Whether the uplink answers `/-/ping` (or, where a mirror has no ping, a small packument) in time. */
export async function uplinkReachable(timeoutMs = 5000): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  const registry = await uplinkRegistry();
  for (const path of ["-/ping", "is-number"]) {
    const left = deadline - Date.now();
    if (left <= 0) return false;
    try {
      const response = await fetch(new URL(path, registry), {
        headers: { accept: "application/vnd.npm.install-v1+json, application/json" },
        signal: AbortSignal.timeout(left),
      });
      await response.arrayBuffer();
      if (response.ok) return true;
    } catch {
      // unreachable, or too slow: try the next, while time is left
    }
  }
  return false;
}

/** Throws unless `url` is an http URL on a loopback address. */
export function assertLoopback(url: string): void {
  const { protocol, hostname } = new URL(url);
  const loopback = /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === "localhost" || hostname === "[::1]";
  if (protocol !== "http:" || !loopback) {
    throw new Error(`refusing to talk to ${url}: the rehearsal registry must be http on a loopback address`);
  }
}

/** Removes the local scope from the storage (its folder and its entries in verdaccio's package list). */
function wipeLocalScope(storage: string): void {
  rmSync(join(storage, LOCAL_SCOPE), { recursive: true, force: true });
  const db = join(storage, ".verdaccio-db.json");
  if (!existsSync(db)) return;
  try {
    const data = JSON.parse(readFileSync(db, "utf8")) as { list?: unknown };
    if (Array.isArray(data.list)) {
      data.list = data.list.filter(
        (name) => !(typeof name === "string" && name.startsWith(`${LOCAL_SCOPE}/`)),
      );
      writeFileSync(db, JSON.stringify(data));
    }
  } catch {
    // an unreadable list: verdaccio rebuilds what it needs
  }
}

/** Starts verdaccio in this process on a free port of 127.0.0.1. */
export async function startLocalRegistry(): Promise<LocalRegistry> {
  const uplink = await uplinkRegistry();
  wipeLocalScope(REGISTRY_STORAGE);
  const configDir = await mkdtemp(join(runTemp(), "verdaccio-"));
  const config = {
    storage: REGISTRY_STORAGE,
    // no users can register (max_users -1): anonymous access is all the rehearsal needs
    auth: { htpasswd: { file: join(configDir, "htpasswd"), max_users: -1 } },
    uplinks: { npmjs: { url: uplink, timeout: "60s", maxage: "30m", max_fails: 4, fail_timeout: "1m" } },
    packages: {
      // $all includes anonymous: the throwaway token of the publish userconfig is not a user here
      [`${LOCAL_SCOPE}/*`]: { access: "$all", publish: "$all", unpublish: "$all" },
      "**": { access: "$all", publish: "$authenticated", proxy: "npmjs" },
    },
    web: { enable: false },
    max_body_size: "200mb",
    server: { keepAliveTimeout: 60 },
    log: { type: "stdout", format: "pretty", level: "warn" },
  };
  // JSON is YAML: verdaccio reads it as its config file
  const configFile = join(configDir, "config.yaml");
  await writeFile(configFile, JSON.stringify(config, null, 2));

  const require = createRequire(import.meta.url);
  const { runServer } = require("verdaccio") as typeof import("verdaccio");
  const server = (await runServer(configFile)) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const url = `http://${address}:${port}/`;
  assertLoopback(url);
  let stopped = false;
  return {
    url,
    async stop() {
      if (stopped) return;
      stopped = true;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (runDir) {
        rmSync(runDir, { recursive: true, force: true });
        runDir = undefined;
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------
// publishing

interface WorkspacePackage {
  readonly name: string;
  readonly version: string;
  readonly dir: string;
  readonly manifest: Record<string, unknown>;
}

/** The non-private packages of packages/*, in dependency order (a package after those it needs). */
export function workspacePackages(): WorkspacePackage[] {
  const root = join(REPO_ROOT, "packages");
  const found = new Map<string, WorkspacePackage>();
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const file = join(root, entry.name, "package.json");
    if (!entry.isDirectory() || !existsSync(file)) continue;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    if (manifest.private === true || typeof manifest.name !== "string") continue;
    found.set(manifest.name, {
      name: manifest.name,
      version: String(manifest.version),
      dir: join(root, entry.name),
      manifest,
    });
  }
  const ordered: WorkspacePackage[] = [];
  const visiting = new Set<string>();
  const visit = (name: string): void => {
    const pkg = found.get(name);
    if (!pkg || ordered.includes(pkg) || visiting.has(name)) return; // a cycle: published where it is met
    visiting.add(name);
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies"]) {
      for (const dep of Object.keys((pkg.manifest[field] as Record<string, string> | undefined) ?? {}))
        visit(dep);
    }
    visiting.delete(name);
    ordered.push(pkg);
  };
  for (const name of [...found.keys()].sort()) visit(name);
  return ordered;
}

/** The files a manifest points at (exports but its source condition, main, types, bin). */
function manifestTargets(manifest: Record<string, unknown>): string[] {
  const targets: string[] = [];
  const collect = (value: unknown): void => {
    if (typeof value === "string") targets.push(value);
    else if (value && typeof value === "object") {
      for (const [key, inner] of Object.entries(value)) if (key !== "tronode-source") collect(inner);
    }
  };
  collect(manifest.exports);
  collect(manifest.main);
  collect(manifest.types);
  collect(manifest.bin);
  return targets.filter((target) => !target.includes("*"));
}

/** What is missing of a package's build: its dist/, or files its manifest points at; undefined if none. */
function missingBuild(pkg: WorkspacePackage): string | undefined {
  if (!existsSync(join(pkg.dir, "dist"))) return `${pkg.name}: ${join(pkg.dir, "dist")} is missing`;
  const missing = manifestTargets(pkg.manifest).filter((target) => !existsSync(join(pkg.dir, target)));
  return missing.length > 0
    ? `${pkg.name}: its package.json points at missing files (${missing.join(", ")})`
    : undefined;
}

/** `npm publish` of every non-private workspace package to the local registry (only there). */
export async function publishWorkspacePackages(registryUrl: string): Promise<void> {
  assertLoopback(registryUrl);
  const packages = workspacePackages();
  if (packages.length === 0) throw new Error("no publishable package under packages/*");
  const unbuilt = packages.map(missingBuild).filter((problem) => problem !== undefined);
  if (unbuilt.length > 0) {
    throw new Error(
      `cannot publish: packages are not built (run npx turbo run build first):\n${unbuilt.join("\n")}`,
    );
  }
  for (const pkg of packages) {
    const result = await runCommand(
      "npm",
      [
        "publish",
        ...npmFlags(registryUrl, true),
        "--ignore-scripts",
        "--tag",
        "latest",
        "--access",
        "public",
        "--provenance=false",
      ],
      { cwd: pkg.dir, timeoutMs: 120_000 },
    );
    if (result.code !== 0) throw commandFailure(`npm publish of ${pkg.name}@${pkg.version}`, result);
    const size = /npm notice package size:\s*(.+)/i.exec(result.stderr)?.[1]?.trim();
    const warnings = result.stderr.split("\n").filter((line) => /^npm (warn|WARN)/.test(line));
    console.log(
      `published ${pkg.name}@${pkg.version}${size ? ` (${size})` : ""} in ${result.seconds.toFixed(1)} s`,
    );
    for (const warning of warnings) console.log(`  ${pkg.name}: ${warning}`);
  }
}

// ---------------------------------------------------------------------------------------------
// installing

export interface InstallResult {
  /** The project folder (under os.tmpdir()). */
  readonly dir: string;
  /** Wall-clock seconds of `npm install`. */
  readonly seconds: number;
  /** Bytes of node_modules (files' sizes, each inode once). */
  readonly bytes: number;
  readonly stdout: string;
}

const projectDirs = new Set<string>();

/** A fresh project outside the repository, `npm install <specs>` from the local registry only. */
export async function installInEmptyProject(
  registryUrl: string,
  specs: readonly string[],
  opts: { timeoutMs?: number; extraArgs?: readonly string[] } = {},
): Promise<InstallResult> {
  assertLoopback(registryUrl);
  const dir = await mkdtemp(join(tmpdir(), "tronode-install-"));
  projectDirs.add(dir);
  await writeFile(
    join(dir, "package.json"),
    `${JSON.stringify({ name: "tronode-install-check", private: true, type: "module" }, null, 2)}\n`,
  );
  const result = await runCommand(
    "npm",
    ["install", ...specs, ...npmFlags(registryUrl), ...(opts.extraArgs ?? [])],
    { cwd: dir, timeoutMs: opts.timeoutMs ?? 200_000 },
  );
  if (result.code !== 0) throw commandFailure(`npm install ${specs.join(" ")} (in ${dir})`, result);
  return {
    dir,
    seconds: result.seconds,
    bytes: await treeBytes(join(dir, "node_modules")),
    stdout: result.stdout,
  };
}

/** The arguments of `npx --yes=false <args>` in an installed project with its registry's npm settings (never installs). */
export function npxArgs(registryUrl: string, args: readonly string[]): string[] {
  assertLoopback(registryUrl);
  return [...npmFlags(registryUrl), "--yes=false", ...args];
}

/** Removes every project folder installInEmptyProject made. */
export async function removeInstallDirs(): Promise<void> {
  const dirs = [...projectDirs];
  projectDirs.clear();
  await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
}

/** The bytes of the files under `dir`, like `du --apparent-size -b` (symlinks not followed). */
export async function treeBytes(dir: string): Promise<number> {
  const seen = new Set<string>();
  let total = 0;
  const walk = async (path: string): Promise<void> => {
    const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
    await Promise.all(
      entries.map(async (entry) => {
        const child = join(path, entry.name);
        if (entry.isDirectory()) return walk(child);
        const stat = await lstat(child);
        const inode = `${stat.dev}:${stat.ino}`;
        if (seen.has(inode)) return;
        seen.add(inode);
        total += stat.size;
      }),
    );
  };
  await walk(dir);
  return total;
}

/** Whether the project's node_modules holds `name` at any depth (hoisted or nested). */
export function hasPackage(dir: string, name: string): boolean {
  const search = (modules: string): boolean => {
    if (existsSync(join(modules, name, "package.json"))) return true;
    let entries: import("node:fs").Dirent[];
    try {
      entries = readdirSync(modules, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith(".")) continue;
      const folders = entry.name.startsWith("@")
        ? readdirSync(join(modules, entry.name), { withFileTypes: true })
            .filter((inner) => inner.isDirectory())
            .map((inner) => join(modules, entry.name, inner.name))
        : [join(modules, entry.name)];
      for (const folder of folders) if (search(join(folder, "node_modules"))) return true;
    }
    return false;
  };
  return search(join(dir, "node_modules"));
}
