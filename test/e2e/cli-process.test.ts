/**
 * The `tronode` CLI as a real child process: a LevelDB data directory, TronWeb against the printed
 * URL, TRE's /admin and /tre surface, SIGTERM / SIGINT shutdown with exit code 0, and a restart on
 * the same data directory that resumes the very same chain.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BUNDLED_CLI,
  bannerLine,
  type CliProcess,
  exitWithin,
  killAllClis,
  REPO_ROOT,
  startCli,
  startedUrl,
  waitForOutput,
} from "../support/cli-process.js";

const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 5_000;
const DEV_ACCOUNTS = 4;

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "tronode-cli-"));
});

afterAll(async () => {
  await killAllClis();
  if (dataDir !== undefined) await rm(dataDir, { recursive: true, force: true });
});

// biome-ignore lint/suspicious/noExplicitAny: response JSON is walked freely in assertions
type Json = any;

async function getJson(url: string): Promise<{ status: number; json: Json }> {
  const response = await fetch(url);
  return { status: response.status, json: await response.json() };
}

async function postJson(url: string, body: unknown): Promise<{ status: number; json: Json }> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

async function head(url: string): Promise<{ number: number; blockID: string }> {
  const { json } = await getJson(`${url}/wallet/getnowblock`);
  return { number: json.block_header.raw_data.number, blockID: json.blockID };
}

async function treMine(url: string, blocks: number): Promise<Json> {
  const { status, json } = await postJson(`${url}/tre`, {
    jsonrpc: "2.0",
    id: 7,
    method: "tre_mine",
    params: [{ blocks }],
  });
  expect(status).toBe(200);
  return json;
}

/** Balance as java-tron prints it (absent = 0), on /wallet or /walletsolidity. */
async function balanceOf(url: string, prefix: "wallet" | "walletsolidity", address: string): Promise<number> {
  const { status, json } = await postJson(`${url}/${prefix}/getaccount`, { address, visible: true });
  expect(status).toBe(200);
  return json.balance ?? 0;
}

async function startAndWait(args: string[]): Promise<{ cli: CliProcess; url: string }> {
  const cli = startCli(args);
  const url = await waitForOutput(cli, startedUrl, START_TIMEOUT_MS);
  return { cli, url };
}

/** Chain state observed before a shutdown, compared after the restart. */
interface Observed {
  url: string;
  keys: string[];
  addresses: string[];
  fresh: string;
  txid: string;
  txBlock: number;
  head: { number: number; blockID: string };
  blockIds: string[];
  balances: Record<string, number>;
}

describe("the tronode CLI as a child process", () => {
  it("--help exits 0 and lists the flags", async () => {
    const cli = startCli(["--help"]);
    const status = await exitWithin(cli, START_TIMEOUT_MS);
    expect(status, cli.stderr()).toEqual({ code: 0, signal: null });
    for (const flag of [
      "--port",
      "--host",
      "--data-dir",
      "--block-time",
      "--accounts",
      "--balance",
      "--mnemonic",
      "--config",
      "--accounts-file",
      "--log-level",
      "--quiet",
      "--unsafe-key-operations",
      "--help",
    ]) {
      expect(cli.stdout(), flag).toContain(flag);
    }
    // the book's flags table (docs/cli.md) names exactly the flags --help lists
    const helpFlags = new Set([...cli.stdout().matchAll(/^\s+(?:-\w, )?(--[\w-]+)/gm)].map((m) => m[1]!));
    helpFlags.delete("--help");
    const table = await readFile(join(REPO_ROOT, "docs", "cli.md"), "utf8");
    const readmeFlags = new Set(
      [...table.matchAll(/^\| `(?:-\w, )?(--[\w[\]-]+)/gm)].map((m) => m[1]!.replace("[no-]", "")),
    );
    expect(
      [...helpFlags].filter((f) => !readmeFlags.has(f) && !readmeFlags.has(f.replace("--no-", "--"))),
    ).toEqual([]);
    expect(
      [...readmeFlags].filter((f) => !helpFlags.has(f) && !helpFlags.has(f.replace("--", "--no-"))),
    ).toEqual([]);
  });

  it("--no-dev listens on java-tron's ports: /wallet 8090, /walletsolidity 8091, /walletpbft 8092, gRPC 50051/50061", async () => {
    // --log-format pretty: the text banner a terminal shows, also on a pipe
    const cli = startCli(["--no-dev", "--log-format", "pretty"]);
    await waitForOutput(cli, (c) => (c.stdout().includes("HD path:") ? true : undefined), START_TIMEOUT_MS);
    expect(cli.stdout()).toContain(
      "production node on java-tron's ports: /wallet 8090, /walletsolidity 8091, /walletpbft 8092",
    );
    expect(cli.stdout()).toContain(
      "127.0.0.1:50051 (Wallet, Database)  127.0.0.1:50061 (WalletSolidity, Database)",
    );
    expect((await getJson("http://127.0.0.1:8090/wallet/getnowblock")).json.blockID).toMatch(/^0{10}/);
    expect((await getJson("http://127.0.0.1:8091/walletsolidity/getnowblock")).json.blockID).toBeDefined();
    expect((await getJson("http://127.0.0.1:8092/walletpbft/getnowblock")).json.blockID).toBeDefined();
    // no dev surface on a production node
    expect(
      (await postJson("http://127.0.0.1:8090/tre", { jsonrpc: "2.0", id: 1, method: "tre_mine" })).status,
    ).toBe(404);
    expect((await getJson("http://127.0.0.1:8090/monitor/getstatsinfo")).json.node.version).toBeDefined();
    cli.child.kill("SIGTERM");
    expect(await exitWithin(cli, STOP_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
  });

  it("-c config.conf --es: java-tron's config, its ports and its event subscription", async () => {
    // test/fixtures/config/private-net.conf on other ports than the in-process test uses
    const text = (await readFile(join(REPO_ROOT, "test/fixtures/config/private-net.conf"), "utf8")).replace(
      /\b28(\d{3})\b/g,
      "29$1",
    );
    const conf = join(dataDir, "operator.conf");
    await writeFile(conf, text);
    const cli = startCli(["-c", conf, "--es", "--data-dir", join(dataDir, "operator")]);
    // stdout is a pipe: the banner is a JSON line like the log's
    const banner = await waitForOutput(cli, bannerLine, START_TIMEOUT_MS);
    // the config's genesis accounts, not development keys it does not fund
    expect(banner.genesisAccounts).toContainEqual(
      expect.objectContaining({ address: "TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW", name: "Zion" }),
    );
    expect(banner.accounts).toBeUndefined();
    expect(banner.mnemonic).toBeUndefined();
    expect(banner).toMatchObject({
      dev: false,
      port: 29090,
      solidityPort: 29091,
      pbftPort: 29092,
      p2pPort: 29888,
      events: "tcp://127.0.0.1:29555",
    });
    const unused = cli.logLines().find((entry) => entry.msg === "config keys tronode does not use");
    expect(unused?.keys).toContain("net.type");
    expect((await postJson("http://127.0.0.1:29090/wallet/getblockbynum", { num: 0 })).json.blockID).toBe(
      "000000000000000019b59068c6058ff466ccf59f2c38a0df1c330b9b7e8dcc4c",
    );
    cli.child.kill("SIGTERM");
    expect(await exitWithin(cli, STOP_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
  });

  // One chain across two processes: the steps share `observed` and run in order.
  const observed = {} as Observed;

  it("starts on a LevelDB data dir and serves TronWeb, /admin and /tre", async () => {
    const { cli, url } = await startAndWait([
      "--port",
      "0",
      "--data-dir",
      dataDir,
      "--block-time",
      "0",
      "--accounts",
      String(DEV_ACCOUNTS),
    ]);
    observed.url = url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    // the banner (a JSON line: stdout is a pipe) names the same URL
    expect((await waitForOutput(cli, bannerLine, START_TIMEOUT_MS)).url).toBe(url);

    // GET /admin/accounts-json lists the dev keys the banner printed
    const accounts = await getJson(`${url}/admin/accounts-json`);
    expect(accounts.status).toBe(200);
    const keys: string[] = accounts.json.privateKeys;
    expect(keys).toHaveLength(DEV_ACCOUNTS);
    for (const key of keys) {
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      expect(cli.stdout()).toContain(key);
    }
    expect(accounts.json.hdPath).toBe("m/44'/195'/0'/0");
    observed.keys = keys;
    const tronWeb = new TronWeb({ fullHost: url, privateKey: keys[0]! });
    observed.addresses = keys.map((key) => tronWeb.address.fromPrivateKey(key) as string);
    for (const address of observed.addresses) expect(cli.stdout()).toContain(address);

    // getnodeinfo names a java-tron code version
    const info = await getJson(`${url}/wallet/getnodeinfo`);
    expect(info.status).toBe(200);
    expect(info.json.configNodeInfo.codeVersion).toMatch(/^\d+\.\d+\.\d+/);

    // TronWeb sends TRX to a fresh address; both /wallet and /walletsolidity see it
    const fresh = TronWeb.createRandom().address;
    observed.fresh = fresh;
    const before = await head(url);
    const sent = await tronWeb.trx.sendTrx(fresh, 2_500_000);
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    observed.txid = sent.transaction.txID;
    expect(await tronWeb.trx.getUnconfirmedBalance(fresh)).toBe(2_500_000);
    expect(await tronWeb.trx.getBalance(fresh)).toBe(2_500_000);
    expect(await balanceOf(url, "wallet", fresh)).toBe(2_500_000);
    expect(await balanceOf(url, "walletsolidity", fresh)).toBe(2_500_000);
    const txInfo = await tronWeb.trx.getTransactionInfo(observed.txid);
    expect(txInfo.id).toBe(observed.txid);
    expect(txInfo.blockNumber).toBe(before.number + 1);
    observed.txBlock = txInfo.blockNumber;
    const solidTx = await postJson(`${url}/walletsolidity/gettransactionbyid`, { value: observed.txid });
    expect(solidTx.json.txID).toBe(observed.txid);

    // tre_mine {blocks: 3} advances the head by exactly 3
    const beforeMine = await head(url);
    expect(await treMine(url, 3)).toEqual({ jsonrpc: "2.0", id: 7, result: "0x0" });
    const afterMine = await head(url);
    expect(afterMine.number).toBe(beforeMine.number + 3);

    // what the restart must find again
    observed.head = afterMine;
    observed.blockIds = [];
    for (let n = 0; n <= afterMine.number; n++) {
      const block = await tronWeb.trx.getBlockByNumber(n);
      observed.blockIds.push(block.blockID);
    }
    expect(observed.blockIds.at(-1)).toBe(afterMine.blockID);
    observed.balances = {};
    for (const address of [...observed.addresses, fresh]) {
      observed.balances[address] = await balanceOf(url, "wallet", address);
    }
    expect(observed.balances[fresh]).toBe(2_500_000);

    // SIGTERM: the block in hand is finished, the database closed, exit code 0
    expect(cli.child.kill("SIGTERM")).toBe(true);
    const status = await exitWithin(cli, STOP_TIMEOUT_MS);
    expect(status, `stdout:\n${cli.stdout()}\nstderr:\n${cli.stderr()}`).toEqual({ code: 0, signal: null });
    expect(cli.logLines().some((line) => line.signal === "SIGTERM")).toBe(true);
    expect(cli.stderr()).toBe("");
  });

  it("restarts on the same data dir with the same chain, which then goes on", async () => {
    expect(observed.head, "the first process must have run").toBeDefined();
    const { cli, url } = await startAndWait([
      "--port",
      "0",
      "--data-dir",
      dataDir,
      "--block-time",
      "0",
      "--accounts",
      String(DEV_ACCOUNTS),
      "--quiet",
    ]);
    // --quiet: no banner and no keys on stdout, the log line still names the URL
    expect(bannerLine(cli)).toBeUndefined();
    for (const key of observed.keys) expect(cli.stdout()).not.toContain(key);

    const tronWeb = new TronWeb({ fullHost: url, privateKey: observed.keys[1]! });
    // same head block, same blocks, same balances
    expect(await head(url)).toEqual(observed.head);
    for (let n = 0; n < observed.blockIds.length; n++) {
      const block = await tronWeb.trx.getBlockByNumber(n);
      expect(block.blockID, `block ${n}`).toBe(observed.blockIds[n]);
    }
    for (const [address, balance] of Object.entries(observed.balances)) {
      expect(await balanceOf(url, "wallet", address), address).toBe(balance);
      expect(await balanceOf(url, "walletsolidity", address), address).toBe(balance);
    }
    const tx = await tronWeb.trx.getTransaction(observed.txid);
    expect(tx.txID).toBe(observed.txid);
    expect(tx.ret?.[0]?.contractRet).toBe("SUCCESS");
    const txInfo = await tronWeb.trx.getTransactionInfo(observed.txid);
    expect(txInfo.blockNumber).toBe(observed.txBlock);
    const txBlock = await tronWeb.trx.getBlockByNumber(observed.txBlock);
    expect(txBlock.transactions?.map((t: Json) => t.txID)).toEqual([observed.txid]);
    // the dev keys are the same after the restart
    const accounts = await getJson(`${url}/admin/accounts-json`);
    expect(accounts.json.privateKeys).toEqual(observed.keys);

    // the chain goes on from the stored head
    const sent = await tronWeb.trx.sendTrx(observed.fresh, 1_000);
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    const next = await tronWeb.trx.getBlockByNumber(observed.head.number + 1);
    expect(next.block_header.raw_data.parentHash).toBe(observed.head.blockID);
    expect(next.transactions?.map((t: Json) => t.txID)).toEqual([sent.transaction.txID]);
    expect(await balanceOf(url, "wallet", observed.fresh)).toBe(2_501_000);
    const beforeMine = await head(url);
    expect(beforeMine.number).toBe(observed.head.number + 1);
    expect(await treMine(url, 3)).toEqual({ jsonrpc: "2.0", id: 7, result: "0x0" });
    expect((await head(url)).number).toBe(beforeMine.number + 3);

    // SIGINT also stops cleanly with exit code 0
    expect(cli.child.kill("SIGINT")).toBe(true);
    const status = await exitWithin(cli, STOP_TIMEOUT_MS);
    expect(status, `stdout:\n${cli.stdout()}\nstderr:\n${cli.stderr()}`).toEqual({ code: 0, signal: null });
    expect(cli.stderr()).toBe("");
  });

  it("with --block-time 3, produces blocks on its own; --balance and --accounts-file apply", async () => {
    const accountsFile = join(dataDir, "accounts.json");
    const { cli, url } = await startAndWait([
      "--port",
      "0",
      "--block-time",
      "3",
      "--accounts",
      "2",
      "--balance",
      "7",
      "--accounts-file",
      accountsFile,
      "--quiet",
    ]);
    const written = JSON.parse(await readFile(accountsFile, "utf8"));
    expect(written.accounts).toHaveLength(2);
    expect((await stat(accountsFile)).mode & 0o777).toBe(0o600);
    for (const account of written.accounts) {
      expect(await balanceOf(url, "wallet", account.address)).toBe(7_000_000);
    }
    const keys = (await getJson(`${url}/admin/accounts-json`)).json.privateKeys;
    expect(keys).toEqual(written.accounts.map((account: Json) => account.privateKey));
    // blocks come on their own, on java-tron's 3 s slots
    const first = await head(url);
    const deadline = Date.now() + 7_000;
    let later = first;
    while (later.number === first.number && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await head(url);
    }
    expect(later.number).toBeGreaterThan(first.number);
    expect(cli.child.kill("SIGTERM")).toBe(true);
    expect(await exitWithin(cli, STOP_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
  });

  it("the bundle npm start runs starts, also from a config.conf and with the natives it loads when used (HOCON parser, LevelDB, ZeroMQ)", async (context) => {
    if (!existsSync(join(REPO_ROOT, BUNDLED_CLI))) {
      console.log(`skipped: no ${BUNDLED_CLI} (npm test builds it; run npm run build)`);
      context.skip();
    }
    const plain = startCli(["--port", "0", "--quiet"], {}, { bundled: true });
    expect(await waitForOutput(plain, startedUrl, START_TIMEOUT_MS)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    plain.child.kill("SIGTERM");
    expect(await exitWithin(plain, STOP_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
    // the native addons the bundle requires only when asked for: LevelDB and ZeroMQ
    const natives = startCli(
      ["--port", "0", "--quiet", "-d", join(dataDir, "bundle-chain"), "--event-zmq", "0"],
      {},
      { bundled: true },
    );
    const started = await waitForOutput(
      natives,
      (cli) => cli.logLines().find((entry) => entry.msg === "tronode started"),
      START_TIMEOUT_MS,
    );
    expect(started).toMatchObject({ dataDir: join(dataDir, "bundle-chain") });
    expect(started.events).toMatch(/^tcp:\/\/127\.0\.0\.1:\d+$/);
    natives.child.kill("SIGTERM");
    expect(await exitWithin(natives, STOP_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
    const conf = join(dataDir, "bundle.conf");
    await writeFile(conf, "node { http { fullNodePort = 0 } }\nvm { supportConstant = true }\n");
    const fromConf = startCli(["-c", conf, "--port", "0", "--quiet"], {}, { bundled: true });
    expect(await waitForOutput(fromConf, startedUrl, START_TIMEOUT_MS)).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+$/,
    );
    fromConf.child.kill("SIGTERM");
    expect(await exitWithin(fromConf, STOP_TIMEOUT_MS)).toEqual({ code: 0, signal: null });
  });

  it("a bad flag value exits 1 with a message on stderr", async () => {
    const cli = startCli(["--port", "not-a-port"]);
    const status = await exitWithin(cli, START_TIMEOUT_MS);
    expect(status).toEqual({ code: 1, signal: null });
    expect(cli.stderr()).toMatch(/port must be an integer from 0 to 65535/);
    expect(cli.stderr()).not.toMatch(/\n\s+at /);
  });
});
