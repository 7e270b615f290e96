import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CliProcess,
  killAllClis,
  REPO_ROOT,
  startCli,
  startedUrl,
  waitForOutput,
} from "../support/cli-process.js";
import { bookPage, expectSnippetFromFile } from "../support/readme-snippet.js";
import { runTool } from "../support/run-tool.js";

const PROJECT = join(REPO_ROOT, "test", "hardhat-project");
const HARDHAT = join(PROJECT, "node_modules", "hardhat", "internal", "cli", "bootstrap.js");

interface MochaReport {
  stats: { tests: number; passes: number; failures: number; pending: number };
  tests: { fullTitle: string; err: { message?: string } }[];
  failures: { fullTitle: string; err: { message?: string; stack?: string } }[];
}

let cli: CliProcess;
let url: string;
let key: string;
let scratch: string;

beforeAll(async () => {
  if (!existsSync(HARDHAT)) {
    throw new Error(
      "test/hardhat-project has no node_modules: run `npm install` at the root (its postinstall installs it)",
    );
  }
  scratch = mkdtempSync(join(tmpdir(), "tronode-hardhat-"));
  cli = startCli(["--port", "0", "--no-grpc", "--quiet"]);
  url = await waitForOutput(cli, startedUrl, 60_000);
  const accounts = (await (await fetch(`${url}/admin/accounts-json`)).json()) as { privateKeys: string[] };
  key = accounts.privateKeys[0]!;
}, 90_000);

afterAll(async () => {
  await killAllClis();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Runs `hardhat test` in the project; resolves with its exit code and output. */
function hardhatTest(report: string): Promise<{ code: number | null; output: string }> {
  // the plugin sets every mocha test's timeout to 30 minutes: the outer limit is here
  return runTool([HARDHAT, "test"], {
    cwd: PROJECT,
    env: {
      ...process.env,
      TRONODE_URL: url,
      TRONODE_KEY: key,
      TRONODE_MOCHA_REPORT: report,
      HARDHAT_DISABLE_TELEMETRY_PROMPT: "true",
    },
    timeoutMs: 300_000,
    label: "hardhat test",
  });
}

describe("OpenZeppelin's hardhat-tron against tronode", () => {
  it("runs the Hardhat project's tests, every one passing", async () => {
    const report = join(scratch, "mocha.json");
    const { code, output } = await hardhatTest(report);
    expect(existsSync(report), output).toBe(true);
    const result = JSON.parse(readFileSync(report, "utf8")) as MochaReport;
    const failures = result.failures.map((f) => `${f.fullTitle}: ${f.err.stack ?? f.err.message}`);
    expect(failures, output).toEqual([]);
    expect(code, output).toBe(0);
    expect(result.stats.pending).toBe(0);
    const titles = result.tests.map((t) => t.fullTitle);
    // the features the issue names, each a test of the project
    for (const title of [
      "Token (OpenZeppelin ERC-20) moves balances and emits Transfer",
      "Token (OpenZeppelin ERC-20) starts every test from the fixture (loadFixture reverts the previous test's transfers)",
      "Token (OpenZeppelin ERC-20) reverts with the contract's reason string",
      "Token (OpenZeppelin ERC-20) reverts with OpenZeppelin's custom errors and their arguments",
      "Token (OpenZeppelin ERC-20) takes TRX in a payable call",
      "time and blocks unlocks after time.increase, reverting with a custom error before",
      "time and blocks stamps the next block with time.setNextBlockTimestamp",
      "time and blocks mines blocks with strictly increasing timestamps",
      "time and blocks takes and reverts snapshots through hre.tre",
      "time and blocks switches to a block per transaction and back with hre.tre.setBlockTime",
      "time and blocks identifies the node by its own random id, not by the genesis block",
      "state edits and impersonation refunds the signers when a new fixture is loaded",
      "state edits and impersonation sets and reads balances",
      "state edits and impersonation reads and writes storage slots",
      "state edits and impersonation puts code at an address",
      "state edits and impersonation sends from an impersonated account",
    ]) {
      expect(titles).toContain(title);
    }
    expect(result.stats.passes).toBe(titles.length);
    expect(titles).toContain("console.log logs from a transaction and from a view");
    // the node printed the Greeter's console.log lines under the transaction and the view call
    const lines = cli.logLines().filter((entry) => entry.msg === "console.log");
    const transaction = lines.filter((entry) => typeof entry.txID === "string");
    const view = lines.filter((entry) => typeof entry.call === "string");
    expect(transaction.map((entry) => entry.console)).toEqual([
      expect.stringMatching(/^greeting hello -> tronode by T[1-9A-HJ-NP-Za-km-z]{33}$/),
      `7 bytes, first word ${2n ** 256n - 1n}`,
    ]);
    expect(new Set(transaction.map((entry) => entry.txID)).size).toBe(1);
    expect(view.map((entry) => entry.console)).toEqual([
      "greet tronode",
      "-3",
      "0xdeadbeef",
      `true ${view[0]!.call}`,
    ]);
  }, 320_000);
});

describe("the README's Hardhat section", () => {
  it("shows the project's hardhat.config.cjs, line for line", () => {
    const section = bookPage("docs/clients/hardhat.md");
    // the config adds comments and the mocha report the runner asks for
    expect(expectSnippetFromFile(section, join(PROJECT, "hardhat.config.cjs"))).toBeGreaterThan(20);
    expect(section).toContain("npm's `solc`");
    expect(section).toContain("tre: { autoStart: false }");
  });
});
