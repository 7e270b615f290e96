import { addressToBase58, bytesToHex } from "@tronode/engine/internal";
import { inject } from "light-my-request";
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
    expect((await inject(server.dispatch, { url: "/admin/accounts-json" })).statusCode).toBe(404);
    expect((await inject(server.dispatch, { method: "POST", url: "/tre", payload: "{}" })).statusCode).toBe(
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
    for (const params of [[{ blocks: "many" }], { blocks: 1 }, [{ blocks: 1.5 }]]) {
      const answer = await h.post("/tre", { jsonrpc: "2.0", method: "tre_mine", params, id: 1 });
      expect(answer.json.error.code, JSON.stringify(params)).toBe(-32602);
    }
    // TRE's own ranges and texts, reported as jsonrpc4j reports a thrown exception
    for (const blocks of [0, 101, -1]) {
      const answer = await h.post("/tre", {
        jsonrpc: "2.0",
        method: "tre_mine",
        params: [{ blocks }],
        id: 1,
      });
      expect(answer.json.error).toEqual({ code: -32001, message: "blocks should between (0, 100]" });
    }
    for (const params of [undefined, [], ["x"]]) {
      const answer = await h.post("/tre", { jsonrpc: "2.0", method: "tre_blockTime", params, id: 1 });
      expect(answer.json.error.code, JSON.stringify(params)).toBe(-32602);
    }
    for (const seconds of [-1, 61]) {
      const answer = await h.post("/tre", {
        jsonrpc: "2.0",
        method: "tre_blockTime",
        params: [seconds],
        id: 1,
      });
      expect(answer.json.error).toEqual({
        code: -32001,
        message: "block time should between [0, 60] in second",
      });
    }
    expect(h.dev.mined).toEqual([]);
  });
});

describe("dev JSON-RPC methods and their aliases", () => {
  const call = async (h: ReturnType<typeof createHarness>, method: string, params?: unknown) =>
    (await h.post("/tre", { jsonrpc: "2.0", method, params, id: 1 })).json;

  it("snapshots answer hex ids and booleans under tre_, evm_ and anvil_ names", async () => {
    const h = createHarness();
    expect((await call(h, "tre_snapshot")).result).toBe("0x1");
    expect((await call(h, "evm_snapshot")).result).toBe("0x2");
    expect((await call(h, "anvil_snapshot")).result).toBe("0x3");
    expect((await call(h, "evm_revert", ["0x2"])).result).toBe(true);
    expect((await call(h, "tre_revert", [9])).error).toEqual({
      code: -32602,
      message: "unknown snapshot id: 9",
    });
    expect((await call(h, "anvil_revert", [9])).result).toBe(false);
    expect((await call(h, "tre_dropSnapshot", ["1"])).result).toBe(true);
    expect((await call(h, "evm_revert", ["zz"])).error.code).toBe(-32602);
    expect(h.dev.calls.filter(([m]) => m !== "snapshot")).toEqual([
      ["revert", 2n],
      ["revert", 9n],
      ["revert", 9n],
      ["dropSnapshot", 1n],
    ]);
  });

  it("takes time in seconds for the Ethereum names and in ms for tre_ timestamps", async () => {
    const h = createHarness();
    expect((await call(h, "evm_increaseTime", [60])).result).toBe(120); // fake doubles: 120 000 ms total
    expect((await call(h, "tre_increaseTime", ["0x3c"])).result).toBe(120);
    expect((await call(h, "tre_setNextBlockTimestamp", [1_700_000_000_123])).result).toBe(true);
    expect((await call(h, "evm_setNextBlockTimestamp", [1_700_000_000])).result).toBeNull();
    expect((await call(h, "tre_setTime", [1_700_000_000_000])).result).toBe(5);
    expect((await call(h, "evm_setTime", [1_700_000_000])).result).toBe(5);
    expect((await call(h, "evm_increaseTime", [-5])).error.code).toBe(-32602);
    expect(h.dev.calls).toEqual([
      ["increaseTime", 60_000n],
      ["increaseTime", 60_000n],
      ["setNextBlockTimestamp", 1_700_000_000_123n],
      ["setNextBlockTimestamp", 1_700_000_000_000n],
      ["setTime", 1_700_000_000_000n],
      ["setTime", 1_700_000_000_000n],
    ]);
  });

  it("mines as Ganache and Anvil do", async () => {
    const h = createHarness();
    expect((await call(h, "evm_mine", [{ timestamp: 1_700_000_000, blocks: 2 }])).result).toBe("0x0");
    expect((await call(h, "anvil_mine", ["0x3", 0])).result).toBe("0x0");
    expect((await call(h, "hardhat_mine", [2])).result).toBe("0x0");
    expect(h.dev.mined).toEqual([2, 1, 1, 1, 1, 1]);
    expect(h.dev.calls).toEqual([
      ["setNextBlockTimestamp", 1_700_000_000_000n],
      ["increaseTime", 1000n], // hardhat_mine's default interval of 1 s between its two blocks
    ]);
    expect((await call(h, "evm_setAutomine", [true])).result).toBe(true);
    expect(h.dev.blockTimes).toEqual([0]);
  });

  it("reads addresses as Base58Check, 41-hex or 0x 20-byte, and balances as decimal or hex", async () => {
    const h = createHarness();
    const hex = bytesToHex(WITNESS);
    for (const address of [addressToBase58(WITNESS), hex, `0x${hex.slice(2)}`]) {
      expect((await call(h, "tre_setAccountBalance", [address, "0x10"])).result).toBe(true);
    }
    expect((await call(h, "hardhat_setBalance", [hex, 7])).result).toBe(true);
    expect((await call(h, "tre_setAccountBalance", [hex, -1])).error).toEqual({
      code: -32001,
      message: "balance can not be less than 0",
    });
    expect((await call(h, "tre_setAccountBalance", ["T-not-an-address", 1])).error.code).toBe(-32602);
    expect((await call(h, "tre_unlockedAccounts", [[hex]])).result).toBe(true);
    expect((await call(h, "hardhat_impersonateAccount", [hex])).result).toBe(true);
    expect((await call(h, "anvil_stopImpersonatingAccount", [hex])).result).toBe(true);
    expect(h.dev.calls).toEqual([
      ["setAccountBalance", hex, 16n],
      ["setAccountBalance", hex, 16n],
      ["setAccountBalance", hex, 16n],
      ["setAccountBalance", hex, 7n],
      ["unlockAccounts", hex],
      ["impersonate", hex],
      ["stopImpersonating", hex],
    ]);
  });

  it("dumps, loads and digests state as hex; tre_version and miner no-ops", async () => {
    const h = createHarness();
    expect((await call(h, "anvil_dumpState")).result).toBe("0x010203");
    expect((await call(h, "tre_loadState", ["0x010203"])).result).toBe(true);
    expect((await call(h, "tre_loadState", ["xyz"])).error.code).toBe(-32602);
    expect((await call(h, "tre_stateDigest")).result).toBe("0xabcd");
    expect((await call(h, "tre_version")).result).toBe("tronode/test");
    expect((await call(h, "miner_stop")).result).toBe(true);
  });

  it("answers tre_instanceId as 0x + 64 hex and debug_storageRangeAt with padded values without 0x", async () => {
    const h = createHarness();
    expect((await call(h, "tre_instanceId")).result).toBe(`0x${"5a".repeat(32)}`);
    const zero = "0".repeat(64);
    const slot = (n: number) => n.toString(16).padStart(64, "0");
    expect(
      (await call(h, "debug_storageRangeAt", [0, 0, addressToBase58(WITNESS), "0x0", 2])).result,
    ).toEqual({
      storage: { [zero]: { key: zero, value: slot(0x2a) }, [slot(1)]: { key: slot(1), value: zero } },
      nextKey: `0x${slot(2)}`,
    });
    expect(
      (await call(h, "debug_storageRangeAt", [0, 0, addressToBase58(WITNESS), "0x0", 0])).error.code,
    ).toBe(-32602);
    expect((await call(h, "debug_storageRangeAt", [0, 0, "nope", "0x0", 1])).error.code).toBe(-32602);
    // Hardhat's setStorageAt(address, 0, 7) passes the numbers on
    expect((await call(h, "tre_setAccountStorageAt", [addressToBase58(WITNESS), 1, 7])).result).toBe(true);
    expect(h.dev.calls.at(-1)).toEqual(["setAccountStorageAt", bytesToHex(WITNESS), slot(1), slot(7)]);
    expect((await call(h, "tre_setAccountStorageAt", [addressToBase58(WITNESS), -1, 7])).error.code).toBe(
      -32602,
    );
  });
});
