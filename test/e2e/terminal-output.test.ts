/**
 * The node's output for a person, read through a pseudo-terminal (util-linux `script` gives the CLI
 * a terminal as stdout, as a developer's shell does): a TRX transfer, a call reverting with a custom
 * error decoded by the stored ABI (and with `Error(string)`, and a `Panic`), and a call logging
 * through console.log, each on its own line
 * under its block, with the empty blocks summarised; `--log-format json` on the same terminal keeps
 * pino's JSON lines.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { TronWeb } from "tronweb";
import { afterAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/cli-process.js";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
});

interface Terminal {
  /** What the terminal showed so far, without colours and carriage returns. */
  text(): string;
}

/** Starts the CLI with a pseudo-terminal as its stdout. */
function startInTerminal(args: readonly string[]): Terminal {
  const command = [
    process.execPath,
    "--conditions=tronode-source",
    "--import",
    "tsx",
    "packages/node/src/cli.ts",
    ...args,
  ].join(" ");
  const child = spawn("script", ["-qfec", command, "/dev/null"], {
    cwd: REPO_ROOT,
    env: { ...process.env, TERM: "xterm" },
    stdio: ["pipe", "pipe", "pipe"],
  });
  children.push(child);
  let out = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes
  return { text: () => out.replace(/\u001b\[[0-9;]*m/g, "").replace(/\r/g, "") };
}

async function waitFor<T>(
  terminal: Terminal,
  find: (text: string) => T | undefined,
  what: string,
): Promise<T> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = find(terminal.text());
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} on the terminal:\n${terminal.text()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function post(url: string, path: string, body: unknown): Promise<Json> {
  return (await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

const word = (n: number) => n.toString(16).padStart(64, "0");

/** A transfer, a deploy of Reverter and ConsoleLog, a custom-error revert and a console.log call. */
async function activity(url: string) {
  const { privateKeys }: Json = await (await fetch(`${url}/admin/accounts-json`)).json();
  const tronWeb = new TronWeb({ fullHost: url, privateKey: privateKeys[0] });
  const sender = tronWeb.defaultAddress.base58 as string;
  const owner = tronWeb.address.toHex(sender);
  const recipient = TronWeb.address.fromPrivateKey(privateKeys[1]) as string;
  const send = async (tx: Json) => {
    const sent: Json = await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(tx));
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    return sent.transaction.txID as string;
  };
  const transfer = await send(await tronWeb.transactionBuilder.sendTrx(recipient, 1_500_000, sender));
  const artefacts = await compiledContracts();
  const deploy = async (name: string) => {
    const { abi, bytecode } = artefacts[name]!;
    const tx: Json = await tronWeb.transactionBuilder.createSmartContract(
      { abi, bytecode, feeLimit: 1e9, name },
      owner,
    );
    await send(tx);
    return tx.contract_address as string;
  };
  const reverter = await deploy("Reverter");
  const logger = await deploy("ConsoleLog");
  const call = async (contract: string, selector: string, parameter: string) =>
    send(
      (
        await post(url, "/wallet/triggersmartcontract", {
          owner_address: owner,
          contract_address: contract,
          function_selector: selector,
          parameter,
          fee_limit: 1e9,
        })
      ).transaction,
    );
  const reverted = await call(reverter, "customError(uint256)", word(7));
  const required = await call(reverter, "requireAbove(uint256)", word(5));
  const panicked = await call(reverter, "panic(uint256)", word(0));
  const logged = await call(logger, "add(uint256)", word(5));
  return {
    sender,
    recipient,
    transfer,
    reverted,
    required,
    panicked,
    logged,
    reverter: TronWeb.address.fromHex(reverter),
    logger: TronWeb.address.fromHex(logger),
  };
}

const B58 = "T[1-9A-HJ-NP-Za-km-z]{33}";

describe("the node's output on a terminal", () => {
  it("prints a line per block and transaction, decoded reverts and console.log; JSON lines with --log-format json", async () => {
    const pretty = startInTerminal(["--port", "0", "--no-grpc", "--quiet", "--block-time", "0"]);
    const json = startInTerminal([
      "--port",
      "0",
      "--no-grpc",
      "--quiet",
      "--block-time",
      "0",
      "--log-format",
      "json",
    ]);
    const prettyUrl = await waitFor(
      pretty,
      (t) => /tronode started .*url=(http:\/\/\S+)/.exec(t)?.[1],
      "start line",
    );
    const jsonUrl = await waitFor(json, (t) => /"url":"(http:\/\/[^"]+)"/.exec(t)?.[1], "JSON start line");
    const [shown] = await Promise.all([activity(prettyUrl), activity(jsonUrl)]);

    const text = await waitFor(
      pretty,
      (t) => (t.includes("console.log adding 5") ? t : undefined),
      "console.log line",
    );
    const lines = text.split("\n");
    const lineOf = (txId: string) => {
      const at = lines.findIndex((line) => line.includes(`txID ${txId}`));
      expect(at, `the line of ${txId} in\n${text}`).toBeGreaterThanOrEqual(0);
      return at;
    };
    // the transfer: kind, sender → recipient, amount, txID, bandwidth, fee, result
    const transfer = lines[lineOf(shown.transfer)]!;
    expect(transfer).toMatch(
      new RegExp(
        `^  transfer  ${shown.sender} → ${shown.recipient}  1\\.5 TRX  txID ${shown.transfer}  bandwidth \\S+.*  fee \\S+ TRX  SUCCESS$`,
      ),
    );
    // the revert: contract and method by the stored ABI, the custom error decoded with its arguments
    const reverted = lines[lineOf(shown.reverted)]!;
    expect(reverted).toMatch(
      new RegExp(
        `^  call  Reverter\\(${shown.reverter}\\)\\.customError  from ${shown.sender}  txID ${shown.reverted}  energy \\d+  .*REVERT Unauthorized\\(${shown.sender}, 7\\)$`,
      ),
    );
    // Error(string) and Panic(uint256) with its meaning
    expect(lines[lineOf(shown.required)]).toMatch(/ {2}REVERT value must be above 10$/);
    expect(lines[lineOf(shown.panicked)]).toMatch(/ {2}REVERT panic: division or modulo by zero \(0x12\)$/);
    // console.log under the transaction that made it
    const logged = lineOf(shown.logged);
    expect(lines[logged]).toMatch(
      new RegExp(
        `^  call  ConsoleLog\\(${shown.logger}\\)\\.add  from ${B58}  txID ${shown.logged}  .*SUCCESS$`,
      ),
    );
    expect(lines[logged + 1]).toBe("    console.log adding 5");
    // a line per block holding transactions; the empty block 1 (mined at start) summarised
    expect(text).toMatch(/^1 empty block \(#1\)$/m);
    expect(lines[lineOf(shown.transfer) - 1]).toMatch(
      /^Block #2 {2}\d{4}-\d\d-\d\dT[\d:.]+Z {2}1 transaction$/,
    );
    expect(text).not.toContain('{"level"');

    // the same activity with --log-format json: pino's lines, no pretty ones
    const jsonText = await waitFor(
      json,
      (t) => (t.includes('"console":"adding 5"') ? t : undefined),
      "JSON console.log",
    );
    expect(jsonText).toMatch(/^\{"level":30,.*"msg":"block produced"\}$/m);
    expect(jsonText).not.toMatch(/^Block #/m);
  }, 120_000);
});
