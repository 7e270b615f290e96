/**
 * console.log in the node's output, through the CLI as a developer runs it: a contract calling the
 * console address (test/contracts/ConsoleLog.sol) from a transaction and from a constant call, with
 * TRE's `internal_transactions[].data` on both answers for TronBox; `--no-console-log` keeps the
 * data and prints nothing.
 */
import { TronWeb } from "tronweb";
import { afterAll, describe, expect, it } from "vitest";
import { type CliProcess, killAllClis, startCli, startedUrl, waitForOutput } from "../support/cli-process.js";
import { compiledContracts } from "../support/solidity.js";

// biome-ignore lint/suspicious/noExplicitAny: JSON answers read loosely
type Json = any;

const CONSOLE = "41000000000000000000636f6e736f6c652e6c6f67";

afterAll(killAllClis);

async function post(url: string, path: string, body: unknown): Promise<Json> {
  return (await fetch(`${url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();
}

/** Deploys ConsoleLog, sends add(5) and runs peek(2) as a constant call; returns their ids. */
async function exercise(cli: CliProcess): Promise<{ txId: string; contract: string }> {
  const url = await waitForOutput(cli, startedUrl, 60_000);
  const { privateKeys }: Json = await (await fetch(`${url}/admin/accounts-json`)).json();
  const tronWeb = new TronWeb({ fullHost: url, privateKey: privateKeys[0] });
  const owner = tronWeb.address.toHex(tronWeb.defaultAddress.base58 as string);
  const { abi, bytecode } = (await compiledContracts()).ConsoleLog!;
  const deploy = await tronWeb.transactionBuilder.createSmartContract(
    { abi, bytecode, feeLimit: 1e9 },
    owner,
  );
  expect((await tronWeb.trx.sendRawTransaction(await tronWeb.trx.sign(deploy))).result).toBe(true);
  const contract = (deploy as Json).contract_address as string;
  const parameter = (n: number) => n.toString(16).padStart(64, "0");
  const trigger = await post(url, "/wallet/triggersmartcontract", {
    owner_address: owner,
    contract_address: contract,
    function_selector: "add(uint256)",
    parameter: parameter(5),
    fee_limit: 1e9,
  });
  const sent = await post(url, "/wallet/broadcasttransaction", await tronWeb.trx.sign(trigger.transaction));
  expect(sent.result).toBe(true);
  // TRE's extension, which TronBox decodes: the console call's data on the broadcast answer
  expect(sent.internal_transactions?.[0]?.transferTo_address).toBe(CONSOLE);
  expect(sent.internal_transactions[0].data).toMatch(/^[0-9a-f]+$/);
  const constant = await post(url, "/wallet/triggerconstantcontract", {
    owner_address: owner,
    contract_address: contract,
    function_selector: "peek(uint256)",
    parameter: parameter(2),
  });
  expect(constant.internal_transactions?.[0]?.transferTo_address).toBe(CONSOLE);
  expect(constant.internal_transactions[0].data).toMatch(/^[0-9a-f]+$/);
  return { txId: sent.txid, contract: TronWeb.address.fromHex(contract) };
}

const consoleLines = (cli: CliProcess) => cli.logLines().filter((entry) => entry.msg === "console.log");

describe("console.log in the node's output", () => {
  it("prints under the transaction and the constant call, and nothing with --no-console-log", async () => {
    const printing = startCli(["--port", "0", "--no-grpc", "--quiet", "--block-time", "0"]);
    const silent = startCli(["--port", "0", "--no-grpc", "--quiet", "--block-time", "0", "--no-console-log"]);
    const [shown, hidden] = await Promise.all([exercise(printing), exercise(silent)]);
    const lines = await waitForOutput(
      printing,
      (cli) => (consoleLines(cli).length >= 2 ? consoleLines(cli) : undefined),
      10_000,
    );
    expect(lines.map(({ txID, call, console }) => ({ txID, call, console }))).toEqual([
      { txID: shown.txId, call: undefined, console: "adding 5" },
      { txID: undefined, call: shown.contract, console: "peek 2" },
    ]);
    expect(hidden.txId).toMatch(/^[0-9a-f]{64}$/);
    expect(consoleLines(silent)).toEqual([]);
    expect(silent.stdout()).not.toContain("adding 5");
  }, 120_000);
});
