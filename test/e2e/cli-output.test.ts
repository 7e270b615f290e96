/**
 * What the built `tronode` CLI (packages/node/dist/tronode.mjs) prints, as a new user meets it:
 * piped, stdout is JSON lines only, the start banner one of them (its URL with the real port, the
 * dev accounts with their keys); on a terminal the banner is text and names TRE's port only when
 * it is TRE's; a block time java-tron's 3-second slot grid cannot honour is refused in one line
 * (by the CLI, a JSON config and createNode alike) while a multiple of 3 is honoured; and --help
 * gives each flag's default once.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TronodeError } from "@tronode/engine/internal";
import { createNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUNDLED_CLI,
  bannerLine,
  type CliProcess,
  exitWithin,
  killAllClis,
  REPO_ROOT,
  startCli,
  startCliInTerminal,
  startedUrl,
  waitForOutput,
} from "../support/cli-process.js";

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
const REFUSAL = (value: string, name = "--block-time") =>
  `tronode: ${name} ${value} cannot be honoured: blocks sit on java-tron's 3-second slot grid; use 0 (a block per transaction) or a multiple of 3 up to 60\n`;

let dir: string;

beforeAll(async () => {
  expect(existsSync(join(REPO_ROOT, BUNDLED_CLI)), `no ${BUNDLED_CLI}: run npm run build`).toBe(true);
  dir = await mkdtemp(join(tmpdir(), "tronode-cli-output-"));
});

afterAll(async () => {
  await killAllClis();
  if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

const bundled = (args: readonly string[]) => startCli(args, {}, { bundled: true });

async function stop(cli: CliProcess): Promise<void> {
  cli.child.kill("SIGTERM");
  expect(await exitWithin(cli, STOP_TIMEOUT_MS), cli.stderr()).toEqual({ code: 0, signal: null });
}

/** A terminal's text without colours and carriage returns. */
function plain(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  return text.replace(/\u001b\[[0-9;]*m/g, "").replace(/\r/g, "");
}

/** Every stdout line, each parsed as JSON (fails naming the first line that is not). */
function jsonLines(cli: CliProcess): Record<string, unknown>[] {
  return cli
    .stdout()
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`a stdout line is not JSON: ${JSON.stringify(line)}\nstdout:\n${cli.stdout()}`);
      }
    });
}

describe("the CLI's stdout when it is not a terminal", () => {
  it("is JSON lines only, the banner one of them with the real port and the dev accounts; --block-time 6 produces on every second slot", async () => {
    const cli = bundled(["--port", "0", "--accounts", "3", "--block-time", "6"]);
    const banner = await waitForOutput(cli, bannerLine, START_TIMEOUT_MS);
    const url = startedUrl(cli)!;
    const port = Number(/:(\d+)$/.exec(url)![1]);
    expect(port).toBeGreaterThan(0);
    expect(banner).toMatchObject({
      level: 30,
      msg: "tronode banner",
      url,
      port,
      dev: true,
      dataDir: "memory",
      blockTime: 6,
      mnemonic: expect.stringMatching(/^(\w+ ){11}\w+$/),
      hdPath: "m/44'/195'/0'/0",
      grpc: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
      grpcSolidity: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
    });
    expect(typeof banner.time).toBe("number");
    // the keys the banner prints are the node's dev accounts
    const { privateKeys } = (await (await fetch(`${url}/admin/accounts-json`)).json()) as {
      privateKeys: string[];
    };
    const accounts = banner.accounts as { address: string; privateKey: string }[];
    expect(accounts.map((a) => a.privateKey)).toEqual(privateKeys);
    for (const account of accounts) expect(account.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    // one witness (TRE's): no witness keys, as the text banner shows none
    expect(banner.witnesses).toBeUndefined();

    // blocks after the first (mined at start) sit on every second 3-second slot: 6 s apart
    const produced = () =>
      cli
        .logLines()
        .filter((line) => line.msg === "block produced" && (line.number as number) >= 2)
        .map((line) => line.timestamp as number);
    const stamps = await waitForOutput(
      cli,
      () => (produced().length >= 2 ? produced() : undefined),
      START_TIMEOUT_MS,
    );
    expect(stamps[0]! % 6000).toBe(0); // the genesis timestamp is 0
    expect(stamps[1]! - stamps[0]!).toBe(6000);
    await stop(cli);
    // after the stop line too, nothing on stdout but JSON; the banner printed once
    const lines = jsonLines(cli);
    expect(lines.filter((line) => line.msg === "tronode banner")).toHaveLength(1);
    expect(lines.some((line) => line.signal === "SIGTERM")).toBe(true);
    // no key anywhere but the banner
    const rest = cli
      .stdout()
      .split("\n")
      .filter((line) => !line.includes('"msg":"tronode banner"'))
      .join("\n");
    for (const key of privateKeys) expect(rest).not.toContain(key);
    expect(cli.stderr()).toBe("");
  }, 40_000);

  it("prints the banner whatever the log level, and not with --quiet", async () => {
    const warn = bundled(["--port", "0", "--accounts", "1", "--log-level", "warn", "--no-grpc"]);
    const quiet = bundled(["--port", "0", "--accounts", "1", "--quiet", "--no-grpc"]);
    const banner = await waitForOutput(warn, bannerLine, START_TIMEOUT_MS);
    await waitForOutput(quiet, startedUrl, START_TIMEOUT_MS);
    expect(jsonLines(warn)).toEqual([banner]);
    expect(bannerLine(quiet)).toBeUndefined();
    for (const line of jsonLines(quiet)) expect(line.msg).not.toBe("tronode banner");
    await Promise.all([stop(warn), stop(quiet)]);
  });

  it("--log-format pretty keeps the text banner; --no-dev on another port does not claim java-tron's", async () => {
    const cli = bundled([
      "--no-dev",
      "--port",
      "0",
      "--log-format",
      "pretty",
      "--no-grpc",
      "--accounts",
      "1",
    ]);
    const port = await waitForOutput(
      cli,
      (c) => /^production node on ports: \/wallet (\d+)$/m.exec(c.stdout())?.[1],
      START_TIMEOUT_MS,
    );
    expect(Number(port)).toBeGreaterThan(0);
    expect(cli.stdout()).toMatch(
      new RegExp(`^tronode http://127\\.0\\.0\\.1:${port} {2}\\(block time 3s`, "m"),
    );
    expect(cli.stdout()).not.toContain("java-tron's ports");
    expect(cli.stdout()).not.toContain('{"level"');
    await stop(cli);
  });
});

describe("the CLI's banner on a terminal", () => {
  it("with --port 0 names the port it got, not TRE's", async () => {
    const cli = startCliInTerminal(["--port", "0", "--accounts", "2"], {}, { bundled: true });
    const text = () => plain(cli.stdout());
    await waitForOutput(cli, () => (text().includes("HD path:") ? true : undefined), START_TIMEOUT_MS);
    const url = /^tronode (http:\/\/127\.0\.0\.1:(\d+)) {2}\(block time 3s, in memory\)$/m.exec(text());
    expect(url, text()).not.toBeNull();
    const lines = text().split("\n");
    const at = lines.findIndex((line) => line.startsWith("tronode http://"));
    expect(lines[at + 1]).toBe(`dev chain on port ${url![2]}`);
    expect(text()).not.toContain("TRE's port");
    // a terminal gets text, not JSON lines
    expect(text()).not.toContain('{"level"');
    expect(text()).toMatch(/^Available accounts/m);
    await stop(cli);
  });
});

describe("a block time off java-tron's 3-second slot grid", () => {
  it("is refused by the CLI in one line on stderr, exit code 1 as for any bad flag", async () => {
    for (const value of ["1", "4.5"]) {
      const cli = bundled(["--port", "0", "--block-time", value]);
      expect(await exitWithin(cli, START_TIMEOUT_MS)).toEqual({ code: 1, signal: null });
      expect(cli.stderr()).toBe(REFUSAL(value));
      expect(cli.stdout()).toBe("");
    }
  });

  it("is refused in a JSON config and by createNode (INVALID_BLOCK_TIME)", async () => {
    const config = join(dir, "block-time.json");
    await writeFile(config, JSON.stringify({ blockTime: 1 }));
    const cli = bundled(["-c", config, "--port", "0"]);
    expect(await exitWithin(cli, START_TIMEOUT_MS)).toEqual({ code: 1, signal: null });
    expect(cli.stderr()).toBe(REFUSAL("1", "blockTime"));

    for (const blockTime of [1, 2.5, 63, -3]) {
      const refused = await createNode({ port: 0, blockTime }).then(
        async (node) => {
          await node.stop();
          return undefined;
        },
        (error: unknown) => error,
      );
      expect(refused, String(blockTime)).toBeInstanceOf(TronodeError);
      expect((refused as TronodeError).code).toBe("INVALID_BLOCK_TIME");
      expect((refused as TronodeError).message).toBe(REFUSAL(String(blockTime), "blockTime").slice(9, -1));
    }
  });
});

describe("--help", () => {
  it("gives each flag's default once", async () => {
    for (const args of [["--help"], ["solidity", "--help"]]) {
      const cli = bundled(args);
      expect(await exitWithin(cli, START_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
      // one entry per flag: its first line and the wrapped lines under it
      const entries = cli
        .stdout()
        .split(/\n(?= {2}-)/)
        .map((entry) => entry.replace(/\s+/g, " "));
      for (const entry of entries) {
        expect(entry.match(/default/gi)?.length ?? 0, entry).toBeLessThanOrEqual(1);
      }
      if (args[0] === "--help") {
        const port = entries.find((entry) => entry.startsWith(" -p, --port"))!;
        expect(port.match(/default/gi)).toHaveLength(1);
        expect(port).toContain("9090, TRE's, on a dev chain; 8090, java-tron's, with --no-dev");
      }
    }
  });
});
