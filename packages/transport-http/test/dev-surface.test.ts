import { addressToBase58, bytesToHex } from "@tronode/engine";
import { describe, expect, it } from "vitest";
import { createHttpServer } from "../src/index.js";
import { createFakeWallet, keyOf, WITNESS } from "./fake-wallet.js";
import { createHarness } from "./server-harness.js";

describe("TRE admin routes", () => {
  it("lists accounts as text and JSON, newest generated batch last", async () => {
    const h = createHarness();
    const text = await h.get("/admin/accounts");
    expect(text.contentType).toBe("text/plain; charset=utf-8");
    expect(text.text).toContain(`(0) ${addressToBase58(WITNESS)}`);
    expect(text.text).toContain(`(0) ${bytesToHex(keyOf(1))}`);
    expect((await h.get("/admin/accounts-json")).json).toEqual({
      privateKeys: [bytesToHex(keyOf(1))],
      more: [],
      mnemonic: h.dev.mnemonic,
      hdPath: h.dev.hdPath,
    });
    const generated = await h.get("/admin/temporary-accounts-generation?accounts=2");
    expect(generated.status).toBe(200);
    expect(generated.text).toContain(bytesToHex(keyOf(100)));
    await h.post("/admin/temporary-accounts-generation?accounts=1");
    const json = (await h.get("/admin/accounts-json")).json;
    expect(json.more).toEqual([
      { privateKeys: [bytesToHex(keyOf(100)), bytesToHex(keyOf(101))] },
      { privateKeys: [bytesToHex(keyOf(102))] },
    ]);
    expect((await h.get("/admin/temporary-accounts-generation")).status).toBe(200); // default batch of 10
    for (const bad of ["0", "101", "x", "-1"]) {
      expect((await h.get(`/admin/temporary-accounts-generation?accounts=${bad}`)).status, bad).toBe(400);
    }
  });

  it("is absent without a DevApi", async () => {
    const server = createHttpServer({ wallet: createFakeWallet(), host: "127.0.0.1", port: 0 });
    expect((await server.fastify.inject({ url: "/admin/accounts-json" })).statusCode).toBe(404);
    expect((await server.fastify.inject({ method: "POST", url: "/tre", payload: "{}" })).statusCode).toBe(
      404,
    );
  });
});

describe("POST /tre JSON-RPC", () => {
  it("tre_mine with and without params, tre_blockTime", async () => {
    const h = createHarness();
    expect((await h.post("/tre", { jsonrpc: "2.0", method: "tre_mine", id: 1 })).json).toEqual({
      jsonrpc: "2.0",
      id: 1,
      result: "0x0",
    });
    expect(
      (await h.post("/tre", { jsonrpc: "2.0", method: "tre_mine", params: [{ blocks: 3 }], id: "a" })).json,
    ).toEqual({
      jsonrpc: "2.0",
      id: "a",
      result: "0x0",
    });
    expect(
      (await h.post("/tre", { jsonrpc: "2.0", method: "tre_mine", params: [], id: 2 })).json.result,
    ).toBe("0x0");
    expect(h.dev.mined).toEqual([1, 3, 1]);
    expect(
      (await h.post("/tre", { jsonrpc: "2.0", method: "tre_blockTime", params: [0], id: 3 })).json.result,
    ).toBe(true);
    expect(h.dev.blockTimes).toEqual([0]);
    const batch = await h.post("/tre", [
      { jsonrpc: "2.0", method: "tre_mine", id: 4 },
      { jsonrpc: "2.0", method: "nope", id: 5 },
    ]);
    expect(batch.json).toEqual([
      { jsonrpc: "2.0", id: 4, result: "0x0" },
      { jsonrpc: "2.0", id: 5, error: { code: -32601, message: "Method not found: nope" } },
    ]);
  });

  it("answers JSON-RPC errors for bad requests", async () => {
    const h = createHarness();
    expect((await h.post("/tre", "{not json")).json.error.code).toBe(-32700);
    expect((await h.post("/tre", { jsonrpc: "2.0", id: 1 })).json.error.code).toBe(-32600);
    expect((await h.post("/tre", { jsonrpc: "1.0", method: "tre_mine", id: 1 })).json.error.code).toBe(
      -32600,
    );
    expect((await h.post("/tre", { jsonrpc: "2.0", method: "eth_call", id: 1 })).json.error.code).toBe(
      -32601,
    );
    for (const params of [[{ blocks: 0 }], [{ blocks: "many" }], { blocks: 1 }, [{ blocks: 1.5 }]]) {
      const answer = await h.post("/tre", { jsonrpc: "2.0", method: "tre_mine", params, id: 1 });
      expect(answer.json.error.code, JSON.stringify(params)).toBe(-32602);
    }
    for (const params of [undefined, [], [-1], ["x"]]) {
      const answer = await h.post("/tre", { jsonrpc: "2.0", method: "tre_blockTime", params, id: 1 });
      expect(answer.json.error.code, JSON.stringify(params)).toBe(-32602);
    }
    expect(h.dev.mined).toEqual([]);
  });
});
