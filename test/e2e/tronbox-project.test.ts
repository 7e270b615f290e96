import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
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

const PROJECT = join(REPO_ROOT, "test", "tronbox-project");
const TRONBOX = join(PROJECT, "node_modules", "tronbox", "build", "tronbox.js");

let cli: CliProcess;
let url: string;
let key: string;
let home: string;

beforeAll(async () => {
  if (!existsSync(TRONBOX)) {
    throw new Error(
      "test/tronbox-project has no node_modules: run `npm install` at the root (its postinstall installs it)",
    );
  }
  // artefacts of an earlier run name another chain's contracts
  rmSync(join(PROJECT, "build"), { recursive: true, force: true });
  home = mkdtempSync(join(tmpdir(), "tronode-tronbox-"));
  mkdirSync(join(home, ".tronbox", "solc"), { recursive: true });
  copyFileSync(
    join(PROJECT, "node_modules", "solc", "soljson.js"),
    join(home, ".tronbox", "solc", "soljson_v0.8.26.js"),
  );
  cli = startCli(["--port", "0", "--no-grpc", "--quiet", "--block-time", "0"]);
  url = await waitForOutput(cli, startedUrl, 60_000);
  const accounts = (await (await fetch(`${url}/admin/accounts-json`)).json()) as { privateKeys: string[] };
  key = accounts.privateKeys[0]!;
}, 90_000);

afterAll(async () => {
  await killAllClis();
  if (home) rmSync(home, { recursive: true, force: true });
});

function tronbox(...args: string[]): Promise<{ code: number | null; output: string }> {
  return runTool([TRONBOX, ...args, "--network", "development"], {
    cwd: PROJECT,
    env: { ...process.env, HOME: home, TRONODE_URL: url, TRONODE_KEY: key },
    timeoutMs: 180_000,
    label: `tronbox ${args.join(" ")}`,
  });
}

const LINES = ["count is now 3 (added 3)", "count is now 7 (added 4)"];

describe("a TronBox project against tronode", () => {
  it("migrates and tests back to back, twice; TronBox and the node both print console.log", async () => {
    for (let round = 1; round <= 2; round++) {
      // the second round redeploys everything (--reset), as the test run does after it
      const migrate = await tronbox("migrate", ...(round === 2 ? ["--reset"] : []));
      expect(migrate.code, migrate.output).toBe(0);
      expect(migrate.output).toContain("Counter");
      const test = await tronbox("test");
      expect(test.code, test.output).toBe(0);
      expect(test.output).toContain("1 passing");
      // TronBox's own console.log printing, from the broadcast and constant-call answers
      for (const line of LINES) expect(test.output).toContain(line);
      expect(test.output).toMatch(/peeking at 7 T[1-9A-HJ-NP-Za-km-z]{33}/);
      // the node's, under the transactions and the constant call
      const printed = cli.logLines().filter((entry) => entry.msg === "console.log");
      expect(printed.filter((entry) => typeof entry.txID === "string").map((entry) => entry.console)).toEqual(
        Array.from({ length: round }, () => LINES).flat(),
      );
      expect(
        printed.filter((entry) => typeof entry.call === "string").map((entry) => entry.console),
      ).toContainEqual(expect.stringMatching(/^peeking at 7 T/));
    }
  }, 400_000);
});

describe("the README's TronBox section", () => {
  it("shows the project's tronbox-config.js, line for line, and the block-time flag", () => {
    const section = bookPage("docs/clients/tronbox.md");
    expect(expectSnippetFromFile(section, join(PROJECT, "tronbox-config.js"))).toBeGreaterThan(10);
    // the flag this test starts the node with, and the compiler placement it does
    expect(section).toContain("npm start -- --block-time 0");
    expect(section).toContain("~/.tronbox/solc/soljson_v0.8.26.js");
  });
});
