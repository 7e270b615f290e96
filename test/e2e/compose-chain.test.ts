/**
 * A chain composed from the packages, as an app composes it: `createChain` on a store the app
 * chose (memory-level, classic-level on a directory) and `serveHttp` / `serveGrpc` taking it;
 * TronWeb with the accounts' hex keys; `waitForTransaction`; `chain.stop()` closing the listeners
 * it was given; the state on the directory read back by a second chain.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Chain, createChain } from "@tronode/chain";
import { hexToBytes, signHash, TronodeError } from "@tronode/engine";
import { serveGrpc } from "@tronode/transport-grpc";
import { createInProcessHttp, serveHttp } from "@tronode/transport-http";
import { ClassicLevel } from "classic-level";
import { MemoryLevel } from "memory-level";
import { TronWeb } from "tronweb";
import { afterAll, describe, expect, it } from "vitest";
import { grpcStub } from "../support/grpc-stubs.js";

const open: Chain[] = [];
let dir: string | undefined;

afterAll(async () => {
  for (const chain of open) await chain.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("a chain composed from the packages", () => {
  it("serves TronWeb on a memory-level store, and waits for a transfer to land in a block", async () => {
    const chain = await createChain({ storage: new MemoryLevel(), blockTime: 0, accounts: 2 });
    open.push(chain);
    const http = await serveHttp(chain);
    expect(http.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const [from, to] = chain.accounts;
    expect(from!.privateKeyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(from!.base58).toMatch(/^T/);
    expect(from!.hex).toMatch(/^41[0-9a-f]{40}$/);
    const tronWeb = new TronWeb({ fullHost: http.url, privateKey: from!.privateKeyHex });
    const sent = await tronWeb.trx.sendTransaction(to!.base58, 1_000_000);
    expect(sent.result).toBe(true);
    const confirmed = await chain.waitForTransaction(sent.txid);
    expect(confirmed.blockNumber).toBeGreaterThan(0n);
    expect((await tronWeb.trx.getTransactionInfo(sent.txid)).blockNumber).toBe(Number(confirmed.blockNumber));
    const solid = await chain.waitForTransaction(sent.txid, { solidified: true });
    expect(solid.blockNumber).toBe(confirmed.blockNumber);

    const unknown = await chain
      .waitForTransaction("00".repeat(32), { timeoutMs: 200 })
      .catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(TronodeError);
    expect((unknown as TronodeError).code).toBe("TRANSACTION_TIMEOUT");

    await chain.stop();
    await expect(fetch(`${http.url}/wallet/getnowblock`)).rejects.toThrow();
  });

  it("keeps its state in a classic-level directory across a restart, served over gRPC", async () => {
    dir = await mkdtemp(join(tmpdir(), "tronode-compose-"));
    const first = await createChain({ storage: new ClassicLevel(dir), blockTime: 0, accounts: 2 });
    const [from, to] = first.accounts;
    const http = await serveHttp(first);
    const tronWeb = new TronWeb({ fullHost: http.url, privateKey: from!.privateKeyHex });
    const sent = await tronWeb.trx.sendTransaction(to!.base58, 2_000_000);
    const { blockNumber } = await first.waitForTransaction(sent.txid);
    const balance = await tronWeb.trx.getBalance(to!.base58);
    await first.stop();

    const second = await createChain({ storage: new ClassicLevel(dir), blockTime: 0, accounts: 2 });
    open.push(second);
    const grpc = await serveGrpc(second);
    const wallet = grpcStub("Wallet", grpc.full!);
    try {
      const account = await wallet.call("GetAccount", { address: Buffer.from(to!.address) });
      expect(Number(account.balance)).toBe(balance);
      const info = await wallet.call("GetTransactionInfoById", { value: Buffer.from(sent.txid, "hex") });
      expect(BigInt(info.blockNumber)).toBe(blockNumber);
    } finally {
      wallet.close();
    }
  });

  it("answers the same API in process, through fetch, with no port", async () => {
    const chain = await createChain({ blockTime: 0, accounts: 2 });
    open.push(chain);
    const api = createInProcessHttp(chain);
    // biome-ignore lint/suspicious/noExplicitAny: response JSON is walked freely in assertions
    const post = async (path: string, body: unknown): Promise<any> =>
      (await api.fetch(path, { method: "POST", body: JSON.stringify(body) })).json();
    const head = await post("/wallet/getnowblock", {});
    expect(head.block_header.raw_data.number).toBe(1);
    const [from, to] = chain.accounts;
    const built = await post("/wallet/createtransaction", {
      owner_address: from!.hex,
      to_address: to!.hex,
      amount: 5,
    });
    const signature = Buffer.from(signHash(hexToBytes(built.txID), from!.privateKey)).toString("hex");
    const answer = await post("/wallet/broadcasttransaction", { ...built, signature: [signature] });
    expect(answer.result, JSON.stringify(answer)).toBe(true);
    await chain.waitForTransaction(built.txID);
    expect((await post("/wallet/gettransactioninfobyid", { value: built.txID })).blockNumber).toBe(2);
    const missing = await api.fetch("/wallet/nosuchthing");
    expect(missing.status).toBe(404);
    const rpc = await post("/jsonrpc", { jsonrpc: "2.0", id: 1, method: "eth_blockNumber", params: [] });
    expect(rpc.result).toBe("0x2");
  });
});
