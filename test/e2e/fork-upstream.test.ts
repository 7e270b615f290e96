/**
 * A fork's upstream budget, counted at the upstream: a loopback proxy in front of an upstream
 * tronode records every request and can answer 503/429 for a while or never answer. A repeated
 * read asks nothing; a restarted fork with its cache asks nothing for what it fetched before; a
 * 503 spell is retried and the read succeeds; an upstream that never answers gives java-tron's
 * error shape with a clear message and loses nothing; a bad url stops the CLI at start.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bytesToHex, TronodeError } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exitWithin, killAllClis, startCli } from "../support/cli-process.js";
import { compiledContracts } from "../support/solidity.js";
import { startUpstreamProxy, type UpstreamProxy } from "../support/upstream-proxy.js";

// biome-ignore lint/suspicious/noExplicitAny: wallet answers are read loosely
type Any = any;

const FORK_MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const TIMING = { backoffMs: 50, timeoutMs: 1_000, deadlineMs: 3_000, penaltyMs: 200 } as const;

let upstream: TronNode;
let proxy: UpstreamProxy;
let cacheDir: string;
let addresses: string[];
let tokenHex: string;

async function wallet(node: TronNode, path: string, body: unknown = {}): Promise<Any> {
  const response = await fetch(`${node.url}/wallet/${path}`, { method: "POST", body: JSON.stringify(body) });
  return response.json();
}

const forkOf = (extra: Record<string, unknown> = {}) =>
  createNode({
    port: 0,
    blockTime: 0,
    accounts: 1,
    mnemonic: FORK_MNEMONIC,
    fork: { url: proxy.url, cacheDir, timing: TIMING, ...extra },
  });

/** What a fork asks upstream while `work` runs. */
async function requestsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const before = proxy.requests.length;
  await work();
  return proxy.requests.slice(before);
}

/** The reads a test suite makes: accounts and a TRC-20 balance (contract, code, storage). */
async function typicalReads(node: TronNode): Promise<void> {
  for (const address of addresses) await wallet(node, "getaccount", { address, visible: true });
  const tw = new TronWeb({ fullHost: node.url!, privateKey: bytesToHex(node.accounts[0]!.privateKey) });
  const token = await tw.contract().at(tokenHex);
  expect(BigInt(await token.balanceOf(addresses[1]).call())).toBe(1234n);
}

beforeAll(async () => {
  cacheDir = await mkdtemp(join(tmpdir(), "tronode-fork-cache-"));
  upstream = await createNode({ port: 0, blockTime: 0, accounts: 4 });
  addresses = upstream.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
  const tw = new TronWeb({
    fullHost: upstream.url!,
    privateKey: bytesToHex(upstream.accounts[0]!.privateKey),
  });
  const artefacts = await compiledContracts();
  const token = await tw.contract().new({
    abi: artefacts.TestToken!.abi,
    bytecode: artefacts.TestToken!.bytecode,
    feeLimit: 1_000_000_000,
    parameters: ["1000000"],
  });
  tokenHex = token.address;
  await token.transfer(addresses[1], 1234).send();
  await upstream.dev.mine(1);
  proxy = await startUpstreamProxy(upstream.url!);
}, 120_000);

afterAll(async () => {
  await killAllClis();
  await proxy?.close();
  await upstream?.stop();
  if (cacheDir) await rm(cacheDir, { recursive: true, force: true });
});

describe("the fork's upstream budget", () => {
  it("asks once per row: a repeated read makes no request", async () => {
    const fork = await forkOf();
    try {
      const first = await requestsDuring(() => typicalReads(fork));
      expect(first.length).toBeGreaterThan(0);
      expect(first.some((r) => r.startsWith("/jsonrpc"))).toBe(true); // the balance slot, by eth_getStorageAt
      expect(await requestsDuring(() => typicalReads(fork))).toEqual([]);
    } finally {
      await fork.stop();
    }
  });

  it("a restarted fork of the same block reads its cache: no request for what it fetched before", async () => {
    const fork = await forkOf();
    const number = BigInt((await wallet(fork, "getnowblock")).block_header.raw_data.number);
    await typicalReads(fork);
    await fork.stop();
    let again: TronNode | undefined;
    const atStart = await requestsDuring(async () => {
      again = await forkOf({ blockNumber: number });
    });
    try {
      // the start reads the network and the fork block; every state answer comes from the cache
      expect(
        atStart.every((r) => r.startsWith("/wallet/getblockbynum")),
        atStart.join("\n"),
      ).toBe(true);
      expect(await requestsDuring(() => typicalReads(again!))).toEqual([]);
      const answer = await fetch(`${again!.url}/tre`, {
        method: "POST",
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tre_forkInfo", params: [] }),
      });
      const info = ((await answer.json()) as Any).result;
      expect(info.cacheFile).toContain(cacheDir);
      expect(info.fetchedRows).toBeGreaterThan(0);
    } finally {
      await again?.stop();
    }
  });

  it("a fork in a data directory restarts from its own database: no request at all", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "tronode-fork-data-"));
    try {
      const first = await createNode({
        port: 0,
        blockTime: 0,
        accounts: 1,
        mnemonic: FORK_MNEMONIC,
        dataDir,
        fork: { url: proxy.url, timing: TIMING },
      });
      await typicalReads(first);
      const head = (await wallet(first, "getnowblock")).blockID;
      await first.stop();
      let again: TronNode | undefined;
      const asked = await requestsDuring(async () => {
        again = await createNode({
          port: 0,
          blockTime: 0,
          accounts: 1,
          mnemonic: FORK_MNEMONIC,
          dataDir,
          fork: { url: proxy.url, timing: TIMING },
        });
        await typicalReads(again);
      });
      try {
        expect(asked).toEqual([]);
        expect((await wallet(again!, "getnowblock")).blockID).toBe(head);
      } finally {
        await again?.stop();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it("--fork-prefetch fetches the named account and contract at start: reading them later asks nothing", async () => {
    let fork: TronNode | undefined;
    const atStart = await requestsDuring(async () => {
      fork = await forkOf({ cache: false, prefetch: [addresses[2], tokenHex] });
    });
    try {
      expect(atStart.some((r) => r.includes("getcontractinfo"))).toBe(true);
      expect(atStart.some((r) => r.includes("getdelegatedresourceaccountindexv2"))).toBe(true);
      const later = await requestsDuring(async () => {
        await wallet(fork!, "getaccount", { address: addresses[2], visible: true });
        await wallet(fork!, "getcontractinfo", { value: tokenHex });
      });
      expect(later).toEqual([]);
    } finally {
      await fork?.stop();
    }
  });

  it("refuses a block that is neither upstream's head nor cached (java-tron keeps no past state)", async () => {
    const error = await forkOf({ blockNumber: 1n }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TronodeError);
    expect((error as TronodeError).code).toBe("FORK_NO_ARCHIVE");
    expect((error as Error).message).toContain("java-tron serves only its head state");
  });

  it("retries a 503 spell within the budget, then the read succeeds", async () => {
    const fork = await forkOf({ cache: false });
    try {
      proxy.failNext(3, 503);
      const asked = await requestsDuring(async () => {
        const account = await wallet(fork, "getaccount", { address: addresses[2], visible: true });
        expect(account.address).toBe(addresses[2]);
      });
      expect(asked.length).toBe(4);
      proxy.failNext(2, 429);
      const account = await wallet(fork, "getaccount", { address: addresses[3], visible: true });
      expect(account.address).toBe(addresses[3]);
    } finally {
      await fork.stop();
    }
  });

  it("an upstream that never answers gives a clear error, then the same read works once it is back", async () => {
    const fork = await forkOf({ cache: false });
    try {
      proxy.hang = true;
      const started = Date.now();
      const answer = await wallet(fork, "getaccount", { address: addresses[3], visible: true });
      expect(Date.now() - started).toBeLessThan(TIMING.deadlineMs + 5_000);
      expect(answer.Error).toContain(`upstream ${proxy.url} did not answer /wallet/getaccount`);
      proxy.hang = false;
      const account = await wallet(fork, "getaccount", { address: addresses[3], visible: true });
      expect(account.address).toBe(addresses[3]);
    } finally {
      proxy.hang = false;
      await fork.stop();
    }
  });

  it("stops the CLI at start with one clear line for an upstream that is not there or not TRON", async () => {
    const notTron = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<html>hi</html>"),
    );
    await new Promise<void>((resolve) => notTron.listen(0, "127.0.0.1", resolve));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const refusedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    try {
      for (const [url, text] of [
        [`http://127.0.0.1:${refusedPort}`, "did not answer /wallet/getblockbynum"],
        [`http://127.0.0.1:${(notTron.address() as AddressInfo).port}`, "not JSON"],
      ] as const) {
        const cli = startCli(["--fork", url, "--port", "0", "--no-fork-cache", "-q"]);
        const status = await exitWithin(cli, 15_000);
        expect(status?.code, cli.stderr()).not.toBe(0);
        expect(status?.code).not.toBeNull();
        const lines = cli.stderr().trim().split("\n");
        expect(lines.at(-1)).toContain(text);
        expect(lines.at(-1)).toMatch(/^tronode: upstream http:\/\/127\.0\.0\.1:\d+ /);
      }
    } finally {
      await new Promise<void>((resolve) => notTron.close(() => resolve()));
    }
  }, 45_000);
});
