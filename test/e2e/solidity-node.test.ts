/**
 * The solidity node as its own process, as java-tron runs it: `tronode solidity --trust-node …`
 * follows a full node (both CLIs as child processes, each on its own LevelDB data dir), re-applies
 * the solidified blocks, and answers /walletsolidity over HTTP and WalletSolidity over gRPC with
 * what the full node's /walletsolidity answers for the same height. Either process is killed with
 * SIGKILL and restarted; the solidity node catches up.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bytesToHex, hexToBytes, signHash } from "@tronode/engine/internal";
import { DEFAULT_MNEMONIC, deriveDevAccounts, TRON_HD_PATH } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CliProcess, killAllClis, startCli, waitForOutput } from "../support/cli-process.js";
import { grpcStub } from "../support/grpc-stubs.js";

const START_TIMEOUT_MS = 20_000;
const CATCH_UP_TIMEOUT_MS = 20_000;
const ACCOUNTS = 3;

// biome-ignore lint/suspicious/noExplicitAny: response JSON is walked freely in assertions
type Json = any;

const keys = deriveDevAccounts(DEFAULT_MNEMONIC, ACCOUNTS, TRON_HD_PATH);
let fullDir: string;
let solidityDir: string;
const ports = { http: 0, grpc: 0, grpcSolidity: 0, solidityHttp: 0, solidityGrpc: 0 };

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const fullUrl = () => `http://127.0.0.1:${ports.http}`;
const solidityUrl = () => `http://127.0.0.1:${ports.solidityHttp}`;

function startFullNode(): CliProcess {
  return startCli([
    ...["--port", String(ports.http), "--grpc-port", String(ports.grpc)],
    ...["--grpc-solidity-port", String(ports.grpcSolidity), "--block-time", "0"],
    ...["--accounts", String(ACCOUNTS), "--data-dir", fullDir, "--quiet"],
  ]);
}

function startSolidityNode(): CliProcess {
  return startCli([
    "solidity",
    ...["--trust-node", `127.0.0.1:${ports.grpc}`, "--port", String(ports.solidityHttp)],
    ...["--grpc-solidity-port", String(ports.solidityGrpc), "--accounts", String(ACCOUNTS)],
    ...["--data-dir", solidityDir, "--poll-interval", "100"],
  ]);
}

function startedLine(message: string) {
  return (cli: CliProcess) => cli.logLines().find((line) => line.msg === message);
}

async function post(url: string, body: object = {}): Promise<{ text: string; json: Json }> {
  const response = await fetch(url, { method: "POST", body: JSON.stringify(body) });
  const text = await response.text();
  return { text, json: JSON.parse(text) };
}

/** A TRX transfer built, signed and broadcast over the full node's HTTP API; its txID. */
async function transfer(from: number, to: number, amount: number): Promise<string> {
  const built = await post(`${fullUrl()}/wallet/createtransaction`, {
    owner_address: bytesToHex(keys[from]!.address),
    to_address: bytesToHex(keys[to]!.address),
    amount,
  });
  const signature = bytesToHex(signHash(hexToBytes(built.json.txID), keys[from]!.privateKey));
  const result = await post(`${fullUrl()}/wallet/broadcasttransaction`, {
    ...built.json,
    signature: [signature],
  });
  expect(result.json.result, result.text).toBe(true);
  return built.json.txID as string;
}

async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = CATCH_UP_TIMEOUT_MS,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const found = await probe();
      if (found !== undefined) return found;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out; last error: ${String(lastError)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the solidity node's solidified head is the full node's; that block id. */
async function caughtUp(): Promise<string> {
  return eventually(async () => {
    const [theirs, ours] = await Promise.all([
      post(`${fullUrl()}/walletsolidity/getnowblock`),
      post(`${solidityUrl()}/walletsolidity/getnowblock`),
    ]);
    return theirs.json.blockID === ours.json.blockID ? (ours.json.blockID as string) : undefined;
  });
}

/** The same /walletsolidity request on both nodes answers the same bytes. */
async function expectSameAnswer(path: string, body: object): Promise<Json> {
  const [theirs, ours] = await Promise.all([
    post(`${fullUrl()}/walletsolidity/${path}`, body),
    post(`${solidityUrl()}/walletsolidity/${path}`, body),
  ]);
  expect(ours.text, path).toBe(theirs.text);
  return ours.json;
}

async function kill9(cli: CliProcess): Promise<void> {
  cli.child.kill("SIGKILL");
  await cli.exited;
}

beforeAll(async () => {
  fullDir = await mkdtemp(join(tmpdir(), "tronode-full-"));
  solidityDir = await mkdtemp(join(tmpdir(), "tronode-solidity-"));
  for (const name of Object.keys(ports) as (keyof typeof ports)[]) ports[name] = await freePort();
});

afterAll(async () => {
  await killAllClis();
  for (const dir of [fullDir, solidityDir])
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
});

describe("tronode solidity, following a full node", () => {
  let full: CliProcess;
  let solidity: CliProcess;

  it("serves the full node's solidified state over HTTP and gRPC once it has caught up", async () => {
    full = startFullNode();
    await waitForOutput(full, startedLine("tronode started"), START_TIMEOUT_MS);
    solidity = startSolidityNode();
    await waitForOutput(solidity, startedLine("tronode solidity node started"), START_TIMEOUT_MS);

    const txid = await transfer(0, 1, 2_000_000);
    await caughtUp();
    const account = await expectSameAnswer("getaccount", { address: bytesToHex(keys[1]!.address) });
    expect(account.balance).toBe(100_002_000_000);
    await expectSameAnswer("gettransactionbyid", { value: txid });
    const info = await expectSameAnswer("gettransactioninfobyid", { value: txid });
    expect(info.id).toBe(txid);
    await expectSameAnswer("getblockbynum", { num: info.blockNumber });
    await expectSameAnswer("getaccount", { address: bytesToHex(keys[0]!.address), visible: false });

    // WalletSolidity over gRPC: the solidity node's port and the full node's solidity port agree
    const ours = grpcStub("WalletSolidity", `127.0.0.1:${ports.solidityGrpc}`);
    const theirs = grpcStub("WalletSolidity", `127.0.0.1:${ports.grpcSolidity}`);
    try {
      const [a, b] = await Promise.all([
        ours.call("GetAccount", { address: keys[1]!.address }),
        theirs.call("GetAccount", { address: keys[1]!.address }),
      ]);
      expect(a).toEqual(b);
      expect(a.balance).toBe("100002000000");
      const [blockA, blockB] = await Promise.all([ours.call("GetNowBlock2"), theirs.call("GetNowBlock2")]);
      expect(blockA).toEqual(blockB);
    } finally {
      ours.close();
      theirs.close();
    }
    // it serves only confirmed state: no /wallet builders, no broadcast
    const refused = await fetch(`${solidityUrl()}/wallet/createtransaction`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(404);
  });

  it("rides out a SIGKILL of the full node and follows it again after its restart", async () => {
    await kill9(full);
    // the solidity node keeps answering from its own state meanwhile
    const stillServing = await post(`${solidityUrl()}/walletsolidity/getaccount`, {
      address: bytesToHex(keys[1]!.address),
    });
    expect(stillServing.json.balance).toBe(100_002_000_000);
    full = startFullNode();
    await waitForOutput(full, startedLine("tronode started"), START_TIMEOUT_MS);
    await transfer(0, 2, 3_000_000);
    await caughtUp();
    const account = await expectSameAnswer("getaccount", { address: bytesToHex(keys[2]!.address) });
    expect(account.balance).toBe(100_003_000_000);
  });

  it("resumes from its data dir after its own SIGKILL and catches up", async () => {
    await kill9(solidity);
    const txid = await transfer(1, 2, 4_000_000);
    solidity = startSolidityNode();
    const started = await waitForOutput(
      solidity,
      startedLine("tronode solidity node started"),
      START_TIMEOUT_MS,
    );
    // it did not start over from genesis
    expect(Number(started.solidified)).toBeGreaterThan(1);
    await caughtUp();
    await expectSameAnswer("gettransactioninfobyid", { value: txid });
    const account = await expectSameAnswer("getaccount", { address: bytesToHex(keys[2]!.address) });
    expect(account.balance).toBe(100_007_000_000);
  });
});
