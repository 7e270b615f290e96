import { addressToBase58, bytesToHex, TronodeError } from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "../src/route-table.js";
import { ALICE, BOB } from "./fake-wallet.js";
import { createHarness, type Harness } from "./server-harness.js";

const hex = bytesToHex;
const JAVA_ERROR = /^class [\w.$]+ : /;

async function expectHealthy(h: Harness): Promise<void> {
  const head = await h.get("/wallet/getnowblock");
  expect(head.status).toBe(200);
  expect(head.json.blockID).toMatch(/^[0-9a-f]{64}$/);
}

/** Rows that read a JSON body (POST), i.e. every served row whose servlet parses its body. */
const BODY_READING_ROWS = ROUTE_TABLE.filter(
  (row) => row.availability === "served" && row.methods.includes("POST") && row.visibleFrom === "body",
);

describe("bad input answers java-tron-shaped errors and the server stays up", () => {
  it("malformed JSON on every body-reading route", async () => {
    const h = createHarness();
    for (const row of BODY_READING_ROWS) {
      for (const path of row.paths) {
        const answer = await h.post(path, '{"address": ');
        expect(answer.status, path).toBe(200);
        const error = answer.json.Error ?? answer.json.result?.message;
        expect(error, `${path}: ${answer.text}`).toBeDefined();
        if (answer.json.Error !== undefined) {
          expect(answer.json.Error, path).toMatch(/^class com\.alibaba\.fastjson\.JSONException : /);
        }
      }
    }
    await expectHealthy(h);
  });

  it("a JSON body that is not an object", async () => {
    const h = createHarness();
    for (const body of ["[1,2]", '"text"', "42", "null"]) {
      const answer = await h.post("/wallet/getaccount", body);
      expect(answer.json.Error).toBe(
        "class com.alibaba.fastjson.JSONException : can not cast to JSONObject.",
      );
    }
  });

  it("wrong types, bad hex and bad Base58Check on every body-reading route", async () => {
    const h = createHarness();
    const bodies = [
      { address: "41zz", owner_address: "41zz", value: "zz", num: "x", transaction: "zz", raw_data: 5 },
      { address: "Tnope", owner_address: "Tnope", to_address: "Tnope", visible: true },
      { num: { nested: true }, value: [1, 2], amount: "five", id_or_num: 5, startNum: "a", detail: "maybe" },
    ];
    for (const row of BODY_READING_ROWS) {
      for (const path of row.paths) {
        for (const body of bodies) {
          const answer = await h.post(path, body);
          expect(answer.status, path).toBe(200);
          expect(answer.json, `${path} ${answer.text}`).toBeTypeOf("object");
          if (answer.json?.Error !== undefined) expect(answer.json.Error, path).toMatch(JAVA_ERROR);
        }
      }
    }
    await expectHealthy(h);
  });

  it("specific texts for addresses and numbers", async () => {
    const h = createHarness();
    expect((await h.post("/wallet/getaccount", { address: "41zz" })).json.Error).toMatch(
      /^class org\.tron\.core\.services\.http\.JsonFormat\$ParseException : 1:\d+: /,
    );
    expect((await h.post("/wallet/getaccount", { address: "Tnope", visible: true })).json).toEqual({
      Error: "class java.lang.NullPointerException : null",
    });
    expect((await h.post("/wallet/getaccount", { address: hex(ALICE), visible: true })).json).toEqual({
      Error: "class java.lang.NullPointerException : null",
    });
    expect((await h.get("/wallet/getblockbylatestnum")).json).toEqual({
      Error: "class java.lang.NumberFormatException : null",
    });
    expect((await h.get("/wallet/getblockbylatestnum?num=abc")).json).toEqual({
      Error: 'class java.lang.NumberFormatException : For input string: "abc"',
    });
    expect((await h.get("/wallet/gettransactionbyid?value=xyz")).json).toEqual({
      Error:
        "class org.bouncycastle.util.encoders.DecoderException : exception decoding Hex string: invalid characters encountered in Hex string",
    });
    expect(
      (
        await h.post("/wallet/createtransaction", {
          owner_address: hex(ALICE),
          to_address: hex(BOB),
          amount: 1,
          Permission_id: "x",
        })
      ).json,
    ).toEqual({
      Error: 'class java.lang.NumberFormatException : For input string: "x"',
    });
    expect(
      (
        await h.post("/wallet/createtransaction", {
          owner_address: hex(ALICE),
          to_address: hex(BOB),
          amount: 1,
          extra_data: "zz",
        })
      ).json.Error,
    ).toMatch(/DecoderException/);
    expect((await h.post("/wallet/broadcasttransaction", {})).json).toEqual({
      Error: "class java.lang.NullPointerException : null",
    });
  });

  it("an empty body is {} and a form body is turned into fields", async () => {
    const h = createHarness();
    expect((await h.post("/wallet/getaccount")).json).toEqual({});
    const form = await h.post(
      "/wallet/getaccount",
      `address=${hex(ALICE)}`,
      "application/x-www-form-urlencoded",
    );
    expect(form.json.address).toBe(hex(ALICE));
    const formVisible = await h.post(
      "/wallet/getaccount",
      `address=${addressToBase58(ALICE)}&visible=true`,
      "application/x-www-form-urlencoded",
    );
    expect(formVisible.json.address).toBe(addressToBase58(ALICE));
    // only the exact content type is a form; anything else is JSON text
    const notExact = await h.post(
      "/wallet/getaccount",
      `address=${hex(ALICE)}`,
      "application/x-www-form-urlencoded; charset=UTF-8",
    );
    expect(notExact.json.Error).toMatch(/JSONException/);
    // no content type at all: JSON
    const bare = await h.request("POST", "/wallet/getaccount", JSON.stringify({ address: hex(ALICE) }));
    expect(bare.json.address).toBe(hex(ALICE));
  });

  it("oversize bodies answer java-tron's body-size error", async () => {
    const h = createHarness();
    const big = JSON.stringify({ address: hex(ALICE), pad: "x".repeat(4_194_304) });
    const answer = await h.post("/wallet/getaccount", big);
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({
      Error: "class java.lang.Exception : body size is too big, the limit is 4194304",
    });
    const small = createHarness({ bodyLimit: 100 });
    expect((await small.post("/wallet/broadcasttransaction", "x".repeat(101))).json).toEqual({
      Error: "class java.lang.Exception : body size is too big, the limit is 100",
    });
    await expectHealthy(h);
  });

  it("unknown paths are 404, wrong methods 405, paths are case-sensitive", async () => {
    const h = createHarness();
    for (const path of [
      "/wallet/nope",
      "/wallet/GetAccount",
      "/wallet/getaccount/",
      "/",
      "/walletpbft/nope",
    ]) {
      const answer = await h.get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.json).toEqual({ Error: "HTTP ERROR 404 Not Found" });
    }
    expect((await h.get("/wallet/broadcasttransaction")).status).toBe(405);
    expect((await h.get("/wallet/createaccount")).status).toBe(405);
    const empty = await h.get("/wallet/createtransaction");
    expect([empty.status, empty.text]).toEqual([200, ""]);
    expect((await h.request("DELETE", "/wallet/getaccount")).status).toBe(405);
    // paths keep java-tron's case: getBrokerage is served, getbrokerage is not a path
    expect((await h.get("/wallet/getBrokerage")).json).toEqual({ brokerage: 0 });
    expect((await h.get("/wallet/getbrokerage")).status).toBe(404);
    expect((await h.get("/wallet/getBrokerage?address=41zz")).json.Error).toMatch(/^INVALID address, /);
    await expectHealthy(h);
  });

  it("unexpected failures answer java.lang.Exception without a stack and are logged at warn", async () => {
    const h = createHarness();
    const boom = new TypeError("cannot read things\n    at secret (/src/x.ts:1:1)");
    h.wallet.failNextWith = boom;
    const answer = await h.post("/wallet/getaccount", { address: hex(ALICE) });
    expect(answer.status).toBe(200);
    expect(answer.json).toEqual({ Error: "class java.lang.Exception : cannot read things" });
    expect(h.logged.some((line) => line.level === "warn" && line.fields.operation === "getaccount")).toBe(
      true,
    );
    expect(JSON.stringify(h.logged)).not.toContain(hex(ALICE));
    h.wallet.failNextWith = new TronodeError("BAD_ITEM", "typed failure", {
      javaClass: "org.tron.core.exception.BadItemException",
    });
    expect((await h.get("/wallet/getnowblock")).json).toEqual({
      Error: "class org.tron.core.exception.BadItemException : typed failure",
    });
    await expectHealthy(h);
  });

  it("walletextension answers not supported", async () => {
    const h = createHarness();
    for (const path of [
      "/walletextension/gettransactionsfromthis",
      "/walletextension/gettransactionstothis",
    ]) {
      expect((await h.post(path, {})).json).toEqual({
        Error: "class java.lang.UnsupportedOperationException : This api is not supported any more",
      });
    }
  });

  it("getblockbalance and getaccountbalance answer java-tron's checks", async () => {
    const h = createHarness();
    expect((await h.post("/wallet/getblockbalance", {})).json).toEqual({
      Error: "class java.lang.IllegalArgumentException : block_identifier hash length not equals 32",
    });
    expect((await h.post("/wallet/getblockbalance", { number: 9, hash: "00".repeat(32) })).json).toEqual({
      Error: "class org.tron.core.exception.ItemNotFoundException : number: 9 is not found!",
    });
    expect((await h.post("/wallet/getblockbalance", { number: 1, hash: "00".repeat(32) })).json).toEqual({
      Error: "class java.lang.IllegalArgumentException : number and hash do not match",
    });
    const id = (await h.post("/wallet/getblockbynum", { num: 1 })).json.blockID;
    expect((await h.post("/wallet/getblockbalance", { number: 1, hash: id })).json).toEqual({
      Error: "class org.tron.core.exception.ItemNotFoundException : This block does not exist",
    });
    expect((await h.post("/wallet/getaccountbalance", {})).json).toEqual({
      Error: "class java.lang.IllegalArgumentException : account_identifier is null",
    });
  });
});
