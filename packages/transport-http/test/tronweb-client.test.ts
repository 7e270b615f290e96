/**
 * The real TronWeb 6 client against the transport (with the fake wallet behind it): the shapes it
 * reads must be java-tron's.
 */
import { bytesToHex, transactionId } from "@tronode/engine/internal";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHttpServer, type HttpServer } from "../src/index.js";
import {
  ALICE,
  ALICE_KEY,
  BOB,
  createFakeDev,
  createFakeWallet,
  type FakeWallet,
  WITNESS,
  WITNESS_BALANCE,
} from "./fake-wallet.js";

let server: HttpServer;
let wallet: FakeWallet;
let tronWeb: TronWeb;

beforeAll(async () => {
  wallet = createFakeWallet();
  server = createHttpServer({ wallet, dev: createFakeDev(), host: "127.0.0.1", port: 0 });
  const { port } = await server.listen();
  tronWeb = new TronWeb({ fullHost: `http://127.0.0.1:${port}`, privateKey: bytesToHex(ALICE_KEY) });
});

afterAll(async () => {
  await server.close();
});

describe("TronWeb 6 against the HTTP transport", () => {
  it("reads blocks, accounts, parameters and node info", async () => {
    const block = await tronWeb.trx.getCurrentBlock();
    expect(block.block_header.raw_data.number).toBe(3);
    const confirmed = await tronWeb.trx.getConfirmedCurrentBlock();
    expect(confirmed.block_header.raw_data.number).toBe(2);
    const range = await tronWeb.trx.getBlockRange(0, 2);
    expect(range).toHaveLength(3);
    const withTx = await tronWeb.trx.getBlockByNumber(2);
    expect(withTx.transactions?.[0]?.txID).toBe(bytesToHex(transactionId(wallet.transfer)));
    expect(await tronWeb.trx.getBalance(tronWeb.address.fromHex(bytesToHex(ALICE)))).toBe(1_000_000);
    const zion = await tronWeb.trx.getUnconfirmedAccount(tronWeb.address.fromHex(bytesToHex(WITNESS)));
    expect(BigInt(zion.balance)).toBeGreaterThan(0n);
    expect(WITNESS_BALANCE).toBeGreaterThan(2n ** 53n);
    const parameters = await tronWeb.trx.getChainParameters();
    expect(parameters.find((p) => p.key === "getAllowSameTokenName")?.value).toBe(1);
    expect((await tronWeb.trx.getNodeInfo()).configNodeInfo.codeVersion).toBe("4.8.1");
    expect(await tronWeb.trx.listSuperRepresentatives()).toHaveLength(1);
    expect(await tronWeb.isConnected()).toMatchObject({ fullNode: true, solidityNode: true });
  });

  it("builds locally from getblock, signs and broadcasts", async () => {
    const unsigned = await tronWeb.transactionBuilder.sendTrx(tronWeb.address.fromHex(bytesToHex(BOB)), 10);
    const signed = await tronWeb.trx.sign(unsigned);
    const result = await tronWeb.trx.sendRawTransaction(signed);
    expect(result.result).toBe(true);
    expect((result as { txid?: string }).txid).toBe(signed.txID);
    expect(bytesToHex(transactionId(wallet.broadcasts[0]!))).toBe(signed.txID);
    const info = await tronWeb.trx.getTransaction(bytesToHex(transactionId(wallet.transfer)));
    expect(info.txID).toBe(bytesToHex(transactionId(wallet.transfer)));
  });

  it("sees a node failure as java-tron's code and hex message", async () => {
    const unsigned = await tronWeb.transactionBuilder.sendTrx(tronWeb.address.fromHex(bytesToHex(BOB)), 11);
    const result = await tronWeb.trx.sendRawTransaction({ ...unsigned, signature: [] } as never);
    expect((result as { code?: string }).code).toBe("SIGERROR");
    expect(tronWeb.toUtf8((result as { message?: string }).message ?? "")).toBe(
      "Validate signature error: miss sig or contract",
    );
  });
});
