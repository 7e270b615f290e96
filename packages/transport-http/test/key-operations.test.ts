import {
  addressOfPrivateKey,
  addressToBase58,
  bytesToHex,
  createNobleRecoverer,
  sha256,
  transactionId,
  utf8Encode,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { KEY_OPERATIONS } from "../src/index.js";
import { isLoopbackHost } from "../src/loopback-host.js";
import { ROUTE_TABLE } from "../src/route-table.js";
import { ALICE, ALICE_KEY, BOB } from "./fake-wallet.js";
import { createHarness } from "./server-harness.js";

const hex = bytesToHex;
const recoverer = createNobleRecoverer();

describe("key operations on a loopback listener", () => {
  it("generateaddress returns a fresh key and its address", async () => {
    const h = createHarness();
    const answer = (await h.get("/wallet/generateaddress")).json;
    const privateKey = Uint8Array.from(Buffer.from(answer.privateKey, "hex"));
    expect(answer.hexAddress).toBe(hex(addressOfPrivateKey(privateKey)));
    expect(answer.address).toBe(addressToBase58(addressOfPrivateKey(privateKey)));
    expect((await h.post("/wallet/generateaddress")).json.privateKey).not.toBe(answer.privateKey);
  });

  it("createaddress derives the key as sha256(pass phrase)", async () => {
    const h = createHarness();
    const address = addressOfPrivateKey(sha256(utf8Encode("secret words")));
    const expected = { base58checkAddress: addressToBase58(address), value: hex(address) };
    expect((await h.post("/wallet/createaddress", { value: hex(utf8Encode("secret words")) })).json).toEqual(
      expected,
    );
    expect((await h.post("/wallet/createaddress", { value: "secret words", visible: true })).json).toEqual(
      expected,
    );
    expect((await h.get("/wallet/createaddress?value=secret%20words&visible=true")).json).toEqual(expected);
    expect((await h.post("/wallet/createaddress", { value: "zz" })).json.Error).toMatch(/ParseException/);
  });

  it("gettransactionsign appends a signature over the txID", async () => {
    const h = createHarness();
    const built = (
      await h.post("/wallet/createtransaction", {
        owner_address: hex(ALICE),
        to_address: hex(BOB),
        amount: 3,
      })
    ).json;
    const signed = await h.post("/wallet/gettransactionsign", {
      transaction: built,
      privateKey: hex(ALICE_KEY),
    });
    expect(signed.json.txID).toBe(built.txID);
    expect(signed.json.visible).toBe(false);
    expect(signed.json.signature).toHaveLength(1);
    const signature = Uint8Array.from(Buffer.from(signed.json.signature[0], "hex"));
    const txId = Uint8Array.from(Buffer.from(built.txID, "hex"));
    expect(hex(recoverer.recoverAddress(txId, signature))).toBe(hex(ALICE));
    // visible taken from the transaction when the body has none
    const visibleBuilt = (
      await h.post("/wallet/createtransaction", {
        owner_address: addressToBase58(ALICE),
        to_address: addressToBase58(BOB),
        amount: 3,
        visible: true,
      })
    ).json;
    const visibleSigned = await h.post("/wallet/gettransactionsign", {
      transaction: visibleBuilt,
      privateKey: hex(ALICE_KEY),
    });
    expect(visibleSigned.json.visible).toBe(true);
    expect(visibleSigned.json.raw_data.contract[0].parameter.value.owner_address).toBe(
      addressToBase58(ALICE),
    );
    expect((await h.post("/wallet/gettransactionsign", { privateKey: hex(ALICE_KEY) })).json).toEqual({
      Error: "class java.lang.NullPointerException : null",
    });
    expect(
      (await h.post("/wallet/gettransactionsign", { transaction: built, privateKey: "00" })).json,
    ).toEqual({
      Error: "class java.lang.IllegalArgumentException : Invalid private key.",
    });
  });

  it("easytransfer / easytransferbyprivate build, sign and broadcast", async () => {
    const h = createHarness();
    const byPrivate = await h.post("/wallet/easytransferbyprivate", {
      privateKey: hex(ALICE_KEY),
      toAddress: hex(BOB),
      amount: 7,
    });
    expect(byPrivate.json.result).toEqual({ result: true });
    const sent = h.wallet.broadcasts[0]!;
    expect(byPrivate.json.transaction.txID).toBe(hex(transactionId(sent)));
    expect(hex(recoverer.recoverAddress(transactionId(sent), sent.signature[0]!))).toBe(hex(ALICE));

    const passPhraseOwner = addressOfPrivateKey(sha256(utf8Encode("pass")));
    const easy = await h.post("/wallet/easytransfer", {
      passPhrase: "pass",
      toAddress: addressToBase58(BOB),
      amount: 9,
      visible: true,
    });
    expect(easy.json.result).toEqual({ result: true });
    expect(easy.json.transaction.raw_data.contract[0].parameter.value.owner_address).toBe(
      addressToBase58(passPhraseOwner),
    );

    const invalid = await h.post("/wallet/easytransferbyprivate", {
      privateKey: hex(ALICE_KEY),
      toAddress: hex(BOB),
      amount: 0,
    });
    expect(invalid.json).toEqual({
      result: { code: "CONTRACT_VALIDATE_ERROR", message: hex(utf8Encode("Amount must be greater than 0.")) },
    });
    const badKey = await h.post("/wallet/easytransferbyprivate", {
      privateKey: "zz",
      toAddress: hex(BOB),
      amount: 1,
    });
    expect(badKey.json.result.code).toBe("CONTRACT_VALIDATE_ERROR");
    const invalidEasy = await h.post("/wallet/easytransfer", {
      passPhrase: "pass",
      toAddress: addressToBase58(BOB),
      amount: 0,
      visible: true,
    });
    expect(invalidEasy.json).toEqual({
      result: { code: "CONTRACT_VALIDATE_ERROR", message: "Amount must be greater than 0." },
    });
  });

  it("easytransferasset / easytransferassetbyprivate build, sign and broadcast a TransferAssetContract", async () => {
    const h = createHarness();
    const byPrivate = await h.post("/wallet/easytransferassetbyprivate", {
      privateKey: hex(ALICE_KEY),
      toAddress: hex(BOB),
      assetId: "1000001",
      amount: 7,
    });
    expect(byPrivate.json.result).toEqual({ result: true });
    const contract = byPrivate.json.transaction.raw_data.contract[0];
    expect(contract.type).toBe("TransferAssetContract");
    expect(contract.parameter.value).toMatchObject({
      asset_name: hex(utf8Encode("1000001")),
      owner_address: hex(ALICE),
      to_address: hex(BOB),
      amount: 7,
    });
    const easy = await h.post("/wallet/easytransferasset", {
      passPhrase: "pass",
      toAddress: addressToBase58(BOB),
      assetId: "1000001",
      amount: 9,
      visible: true,
    });
    expect(easy.json.result).toEqual({ result: true });
    expect(easy.json.transaction.raw_data.contract[0].parameter.value.asset_name).toBe("1000001");
    expect(h.wallet.broadcasts).toHaveLength(2);
  });
});

describe("key operations off loopback", () => {
  it("are refused unless allowKeyOperations is set, without touching the body", async () => {
    const h = createHarness({ host: "0.0.0.0" });
    for (const row of ROUTE_TABLE.filter((r) => r.handlesKeys === true)) {
      const answer = await h.post(row.paths[0]!, { privateKey: hex(ALICE_KEY), passPhrase: "pass" });
      expect(answer.status, row.name).toBe(404);
      expect(answer.json.Error).toBe(
        `this API is unavailable due to config: ${row.name} handles private keys and is served only on a loopback listener or with allowKeyOperations: true`,
      );
    }
    expect(h.wallet.broadcasts).toHaveLength(0);
    // 8 key operations plus the shielded ones that take or return secrets (12).
    expect(KEY_OPERATIONS.length).toBe(20);
    // everything else is still served
    expect((await h.get("/wallet/getnowblock")).status).toBe(200);

    const optedIn = createHarness({ host: "0.0.0.0", allowKeyOperations: true });
    expect((await optedIn.get("/wallet/generateaddress")).json.privateKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it("loopback detection", () => {
    for (const host of ["127.0.0.1", "127.1.2.3", "::1", "[::1]", "localhost", "::ffff:127.0.0.1"]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ["0.0.0.0", "::", "192.168.1.2", "10.0.0.1", "example.com", "::ffff:10.0.0.1"]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
