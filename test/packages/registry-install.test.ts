/**
 * Publish rehearsal: the workspace packages (their built dist/) are published to a local verdaccio
 * on 127.0.0.1 and installed into empty projects outside the repository, as a user would install
 * them from npm. Third-party dependencies come through verdaccio's uplink to the npm registry (its
 * storage under node_modules/.cache/tronode-registry keeps them between runs); everything else
 * talks to 127.0.0.1 only.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { copyFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { hexToBytes, signHash } from "@tronode/engine/internal";
import { createNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bannerUrl,
  type CliProcess,
  type ExitStatus,
  exitWithin,
  REPO_ROOT,
  startedUrl,
  waitForOutput,
  watchProcess,
} from "../support/cli-process.js";
import { grpcStub } from "../support/grpc-stubs.js";
import {
  cleanEnv,
  hasPackage,
  type InstallResult,
  installInEmptyProject,
  type LocalRegistry,
  npxArgs,
  publishWorkspacePackages,
  removeInstallDirs,
  runCommand,
  startLocalRegistry,
  uplinkReachable,
  uplinkRegistry,
} from "../support/local-registry.js";
import { compiledContracts } from "../support/solidity.js";
import { until } from "../support/until.js";

const CASE_TIMEOUT_MS = 240_000;
const FIXTURES = join(REPO_ROOT, "test", "packages", "fixtures");

interface Fixture {
  readonly process: CliProcess;
  readonly url?: string;
  readonly grpc?: string;
  readonly key: string;
  readonly from: string;
  readonly to: string;
}

/** Starts a fixture script in the project and reads the JSON line it prints once it serves. */
async function startFixture(dir: string, script: string, ...args: string[]): Promise<Fixture> {
  const child = startProcess(process.execPath, [script, ...args], dir);
  const line = await waitForOutput(
    child,
    (cli) =>
      cli
        .stdout()
        .split("\n")
        .find((l) => l.startsWith("{")),
    START_TIMEOUT_MS,
  );
  return { process: child, ...(JSON.parse(line) as Omit<Fixture, "process">) };
}

/** SIGTERM, then its exit (0: the chain stopped cleanly). */
async function stopFixture(child: CliProcess): Promise<void> {
  child.child.kill("SIGTERM");
  const status = await exitWithin(child, 30_000);
  expect(status?.code, `the fixture did not stop cleanly\nstderr:\n${child.stderr()}`).toBe(0);
}
const START_TIMEOUT_MS = 60_000;

/** The ```js block right after the line `<!-- example: NAME -->`; undefined when there is none. */
function readmeExample(readme: string, name: string): string | undefined {
  const marker = `<!-- example: ${name} -->`;
  const lines = readme.split("\n");
  const at = lines.findIndex((line) => line.trim() === marker);
  if (at < 0) return undefined;
  let open = at + 1;
  while (open < lines.length && lines[open].trim() === "") open++;
  if (!/^```(js|javascript)\s*$/.test(lines[open]?.trim() ?? "")) return undefined;
  const close = lines.findIndex((line, index) => index > open && line.trim() === "```");
  return close < 0 ? undefined : `${lines.slice(open + 1, close).join("\n")}\n`;
}

/** vitest's "Tests … passed" and "Duration …" lines, on one line. */
function vitestSummary(stdout: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: vitest colours its summary
  const plain = stdout.replace(/\u001b\[[0-9;]*m/g, "");
  return plain
    .split("\n")
    .filter((line) => /^\s*(Tests|Duration)\s/.test(line))
    .map((line) => line.trim())
    .join("; ");
}

/** `<case>: <MB> MB in <s> s` */
function report(name: string, install: InstallResult): void {
  console.log(`${name}: ${(install.bytes / 1e6).toFixed(1)} MB in ${install.seconds.toFixed(1)} s`);
}

const running = new Set<CliProcess>();

/** A long-running child in `cwd`, in its own process group, shaped like the CLI tests' CliProcess. */
function startProcess(command: string, args: readonly string[], cwd: string): CliProcess {
  const child = spawn(command, args, {
    cwd,
    env: cleanEnv(),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const cli = watchProcess(child);
  // kept after the child's exit: its group may outlive it (see groupAlive), and afterAll kills that
  running.add(cli);
  return cli;
}

/** Whether any process of the child's process group is still running. */
function groupAlive(cli: CliProcess): boolean {
  try {
    process.kill(-cli.child.pid!, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILLs the process group of every child started here, whatever of it still runs. */
async function killAll(): Promise<void> {
  const started = [...running];
  running.clear();
  await Promise.all(
    started.map(async (cli) => {
      if (!groupAlive(cli)) return;
      try {
        process.kill(-cli.child.pid!, "SIGKILL");
      } catch {
        // gone meanwhile
      }
      await exitWithin(cli, 5000);
    }),
  );
}

const reachable = await uplinkReachable();
if (!reachable) {
  const { host } = new URL(await uplinkRegistry()); // the host only: a registry URL may carry credentials
  console.log(
    `registry-install: skipped: the registry uplink (${host}) is unreachable, so third-party packages cannot be installed`,
  );
}

describe.skipIf(!reachable)("publish rehearsal: install the packages from a local registry", () => {
  let registry: LocalRegistry | undefined;

  beforeAll(async () => {
    registry = await startLocalRegistry();
    await publishWorkspacePackages(registry.url);
  }, CASE_TIMEOUT_MS);

  afterAll(async () => {
    await killAll();
    await registry?.stop();
    await removeInstallDirs();
  }, 60_000);

  it(
    "(a) @tronode/engine alone installs and runs the book's engine example (docs/library.md)",
    async () => {
      const install = await installInEmptyProject(registry!.url, ["@tronode/engine"]);
      report("(a) @tronode/engine", install);
      expect(hasPackage(install.dir, "@tronode/engine")).toBe(true);

      const readme = readFileSync(join(REPO_ROOT, "docs", "library.md"), "utf8");
      const example = readmeExample(readme, "engine");
      expect(
        example,
        'docs/library.md has no ```js block right after a line "<!-- example: engine -->"',
      ).toBeDefined();
      await writeFile(join(install.dir, "example.mjs"), example!);
      const run = await runCommand(process.execPath, ["example.mjs"], {
        cwd: install.dir,
        timeoutMs: 60_000,
      });
      expect(run.code, `node example.mjs\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "(b) chain + storage + HTTP + classic-level, no @tronode/node: TronWeb's transfer survives a restart",
    async () => {
      const install = await installInEmptyProject(registry!.url, [
        "@tronode/chain",
        "@tronode/storage",
        "@tronode/transport-http",
        "classic-level",
      ]);
      report("(b) chain + storage + transport-http + classic-level", install);
      for (const heavy of ["zeromq", "@grpc/grpc-js", "ethers", "@tronode/node", "@tronode/transport-p2p"])
        expect(hasPackage(install.dir, heavy), `${heavy} is installed`).toBe(false);

      // the book's composition (docs/library.md), as written
      const readme = readFileSync(join(REPO_ROOT, "docs", "library.md"), "utf8");
      const compose = readmeExample(readme, "compose");
      expect(compose, 'docs/library.md has no ```js block after "<!-- example: compose -->"').toBeDefined();
      await writeFile(join(install.dir, "compose.mjs"), compose!);
      const run = await runCommand(process.execPath, ["compose.mjs"], {
        cwd: install.dir,
        timeoutMs: 60_000,
      });
      expect(run.code, `node compose.mjs\nstdout:\n${run.stdout}\nstderr:\n${run.stderr}`).toBe(0);
      expect(run.stdout).toMatch(/head block 1\n/);

      await copyFile(join(FIXTURES, "http-chain.mjs"), join(install.dir, "http-chain.mjs"));
      const dataDir = join(install.dir, "leveldb");
      const first = await startFixture(install.dir, "http-chain.mjs", dataDir);
      const tronWeb = new TronWeb({ fullHost: first.url, privateKey: first.key });
      const sent = await tronWeb.trx.sendTransaction(first.to, 1_234_567);
      expect(sent.result, JSON.stringify(sent)).toBe(true);
      const info = await until(
        "the transfer's transaction info",
        async () => {
          const answer = await tronWeb.trx.getTransactionInfo(sent.txid);
          return answer && "blockNumber" in answer ? answer : undefined;
        },
        30_000,
      );
      const balance = await tronWeb.trx.getBalance(first.to);
      await stopFixture(first.process);

      const second = await startFixture(install.dir, "http-chain.mjs", dataDir);
      const again = new TronWeb({ fullHost: second.url });
      expect(await again.trx.getBalance(second.to)).toBe(balance);
      expect((await again.trx.getTransactionInfo(sent.txid)).blockNumber).toBe(info.blockNumber);
      await stopFixture(second.process);
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "(c) chain + gRPC only: TRON's stubs call GetAccount and BroadcastTransaction",
    async () => {
      const install = await installInEmptyProject(registry!.url, [
        "@tronode/chain",
        "@tronode/transport-grpc",
      ]);
      report("(c) chain + transport-grpc", install);
      for (const heavy of ["zeromq", "ethers", "@tronode/node", "@tronode/transport-http"])
        expect(hasPackage(install.dir, heavy), `${heavy} is installed`).toBe(false);

      await copyFile(join(FIXTURES, "grpc-chain.mjs"), join(install.dir, "grpc-chain.mjs"));
      const started = await startFixture(install.dir, "grpc-chain.mjs");
      const wallet = grpcStub("Wallet", started.grpc!);
      try {
        const account = await wallet.call("GetAccount", { address: Buffer.from(started.from, "hex") });
        expect(BigInt(account.balance)).toBeGreaterThan(0n);
        const built = await wallet.call("CreateTransaction2", {
          owner_address: Buffer.from(started.from, "hex"),
          to_address: Buffer.from(started.to, "hex"),
          amount: 1000,
        });
        expect(built.result?.result, JSON.stringify(built.result)).toBe(true);
        const txId: Buffer = built.txid;
        const signature = signHash(txId, hexToBytes(started.key));
        const answer = await wallet.call("BroadcastTransaction", {
          ...built.transaction,
          signature: [Buffer.from(signature)],
        });
        expect(answer.result, JSON.stringify(answer)).toBe(true);
      } finally {
        wallet.close();
        await stopFixture(started.process);
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "(e) the test kit's example project: its vitest suite passes in memory (no port) and against a started node",
    async () => {
      const install = await installInEmptyProject(registry!.url, ["@tronode/testkit", "vitest@4.1.12"]);
      report("(e) @tronode/testkit + vitest", install);
      const example = join(FIXTURES, "kit-example");
      await copyFile(join(example, "token.test.js"), join(install.dir, "token.test.js"));
      const { KitToken } = await compiledContracts();
      await writeFile(
        join(install.dir, "KitToken.json"),
        JSON.stringify({ abi: KitToken!.abi, bytecode: KitToken!.bytecode }),
      );
      const vitest = join(install.dir, "node_modules", "vitest", "vitest.mjs");
      const inMemory = await runCommand(process.execPath, [vitest, "run"], {
        cwd: install.dir,
        timeoutMs: 120_000,
      });
      expect(inMemory.code, `vitest in memory\n${inMemory.stdout}\n${inMemory.stderr}`).toBe(0);
      console.log(`(e) in memory: ${vitestSummary(inMemory.stdout)}`);
      const node = await createNode({ port: 0, blockTime: 0, accounts: 4 });
      try {
        const overHttp = await runCommand(process.execPath, [vitest, "run"], {
          cwd: install.dir,
          env: cleanEnv({ TRONODE_URL: node.url }),
          timeoutMs: 120_000,
        });
        expect(overHttp.code, `vitest over HTTP\n${overHttp.stdout}\n${overHttp.stderr}`).toBe(0);
        console.log(`(e) against a started node: ${vitestSummary(overHttp.stdout)}`);
      } finally {
        await node.stop();
      }
    },
    CASE_TIMEOUT_MS,
  );

  it(
    "(d) @tronode/node installs, and its tronode bin prints usage and serves a dev chain",
    async () => {
      const url = registry!.url;
      const install = await installInEmptyProject(url, ["@tronode/node"]);
      report("(d) @tronode/node", install);
      expect(hasPackage(install.dir, "@tronode/node")).toBe(true);

      const help = await runCommand("npx", npxArgs(url, ["tronode", "--help"]), {
        cwd: install.dir,
        timeoutMs: START_TIMEOUT_MS,
      });
      expect(help.code, `npx tronode --help\nstdout:\n${help.stdout}\nstderr:\n${help.stderr}`).toBe(0);
      expect(help.stdout).toMatch(/^Usage: tronode /m);
      expect(help.stdout).toContain("--port");

      const node = startProcess("npx", npxArgs(url, ["tronode", "--port", "0"]), install.dir);
      const nodeUrl = await waitForOutput(node, (cli) => startedUrl(cli) ?? bannerUrl(cli), START_TIMEOUT_MS);
      expect(nodeUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const block = await until(
        `${nodeUrl}/wallet/getnowblock to answer`,
        async () => {
          const response = await fetch(`${nodeUrl}/wallet/getnowblock`, {
            method: "POST",
            body: "{}",
            signal: AbortSignal.timeout(10_000),
          });
          return response.ok ? ((await response.json()) as Record<string, unknown>) : undefined;
        },
        START_TIMEOUT_MS,
      );
      expect(typeof block.blockID, JSON.stringify(block).slice(0, 300)).toBe("string");

      // SIGTERM to the process group, as a terminal's ^C reaches the whole job: npx alone would not
      // do (npm exec passes it to its `sh -c tronode`, which dies without passing it to the node)
      process.kill(-node.child.pid!, "SIGTERM");
      const status = await exitWithin(node, 30_000);
      expect(status, `npx tronode did not exit after SIGTERM\nstderr:\n${node.stderr()}`).toBeDefined();
      const deadline = Date.now() + 30_000;
      while (groupAlive(node) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(groupAlive(node), "tronode still runs 30 s after SIGTERM").toBe(false);
      expect(
        node.logLines().some((line) => line.signal === "SIGTERM"),
        `tronode did not log its SIGTERM stop\nstdout:\n${node.stdout().slice(-2000)}`,
      ).toBe(true);
    },
    CASE_TIMEOUT_MS,
  );
});
