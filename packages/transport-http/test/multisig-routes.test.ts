/**
 * The multi-signature rows: accountpermissionupdate (builder), getsignweight / getapprovedlist
 * (java-tron's print shapes, wire-and-http.md §3.4) and addtransactionsign / gettransactionsign
 * (§4.8), against the fake wallet.
 */
import {
  type AccountPermissionUpdateContract,
  addressOfPrivateKey,
  addressToBase58,
  bytesToHex,
  ContractType,
  createNobleRecoverer,
  defaultOwnerPermission,
  Permission_PermissionType,
  transactionId,
} from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { ALICE, ALICE_KEY, BOB, BOB_KEY, keyOf } from "./fake-wallet.js";
import { createHarness, type Harness } from "./server-harness.js";

const hex = bytesToHex;
const b58 = addressToBase58;
const recoverer = createNobleRecoverer();
/** Bits 1 (TransferContract) and 10 (AccountUpdateContract) of a 32-byte operations mask. */
const OPERATIONS = `0204${"00".repeat(30)}`;
/** A key outside the fake's permission. */
const STRANGER_KEY = keyOf(9);
const STRANGER = addressOfPrivateKey(STRANGER_KEY);

async function buildTransfer(h: Harness, extra: Record<string, unknown> = {}) {
  return (
    await h.post("/wallet/createtransaction", {
      owner_address: hex(ALICE),
      to_address: hex(BOB),
      amount: 5,
      ...extra,
    })
  ).json;
}

async function sign(h: Harness, transaction: unknown, key: Uint8Array) {
  return (await h.post("/wallet/gettransactionsign", { transaction, privateKey: hex(key) })).json;
}

describe("accountpermissionupdate", () => {
  it("parses java-tron's Permission JSON and answers the unsigned transaction", async () => {
    const h = createHarness();
    const answer = await h.post("/wallet/accountpermissionupdate", {
      owner_address: hex(ALICE),
      owner: {
        type: "Owner",
        permission_name: "owner",
        threshold: 2,
        keys: [
          { address: hex(ALICE), weight: 1 },
          { address: hex(BOB), weight: 1 },
        ],
      },
      actives: [
        {
          type: "active",
          permission_name: "pay",
          threshold: 1,
          operations: OPERATIONS,
          keys: [{ address: hex(BOB), weight: 1 }],
        },
        {
          type: 2,
          permission_name: "two",
          threshold: 1,
          operations: `0x${OPERATIONS}`,
          keys: [{ address: hex(ALICE), weight: 3 }],
        },
      ],
      Permission_id: 2,
    });
    expect(answer.status).toBe(200);
    const build = h.wallet.builds[0]!;
    expect(build.type).toBe(ContractType.AccountPermissionUpdateContract);
    expect(build.options).toEqual({ permissionId: 2 });
    const contract = build.parameter as AccountPermissionUpdateContract;
    expect(hex(contract.ownerAddress)).toBe(hex(ALICE));
    expect(contract.owner?.type).toBe(Permission_PermissionType.Owner);
    expect(contract.owner?.threshold).toBe(2n);
    expect(contract.owner?.keys.map((k) => hex(k.address))).toEqual([hex(ALICE), hex(BOB)]);
    expect(contract.actives.map((a) => a.type)).toEqual([
      Permission_PermissionType.Active,
      Permission_PermissionType.Active,
    ]);
    expect(contract.actives.map((a) => hex(a.operations))).toEqual([OPERATIONS, OPERATIONS]);
    expect(contract.actives[1]!.keys[0]!.weight).toBe(3n);
    expect(contract.witness).toBeUndefined();

    const json = answer.json;
    expect(json.visible).toBe(false);
    expect(json.txID).toBe(hex(transactionId(build.built!)));
    expect(json.signature).toBeUndefined();
    const printed = json.raw_data.contract[0];
    expect(printed.type).toBe("AccountPermissionUpdateContract");
    expect(printed.Permission_id).toBe(2);
    expect(printed.parameter.type_url).toBe("type.googleapis.com/protocol.AccountPermissionUpdateContract");
    // owner prints without type (Owner = 0); actives with their type name and hex operations
    expect(printed.parameter.value.owner).toEqual({
      permission_name: "owner",
      threshold: 2,
      keys: [
        { address: hex(ALICE), weight: 1 },
        { address: hex(BOB), weight: 1 },
      ],
    });
    expect(printed.parameter.value.actives[0]).toEqual({
      type: "Active",
      permission_name: "pay",
      threshold: 1,
      operations: OPERATIONS,
      keys: [{ address: hex(BOB), weight: 1 }],
    });
  });

  it("reads Base58Check key addresses with visible, and answers GET with an empty 200", async () => {
    const h = createHarness();
    const answer = await h.post("/wallet/accountpermissionupdate", {
      owner_address: b58(ALICE),
      owner: {
        type: "owner",
        permission_name: "owner",
        threshold: 1,
        keys: [{ address: b58(BOB), weight: 1 }],
      },
      actives: [
        {
          type: "Active",
          permission_name: "a",
          threshold: 1,
          operations: OPERATIONS,
          keys: [{ address: b58(ALICE), weight: 1 }],
        },
      ],
      visible: true,
    });
    expect(answer.json.visible).toBe(true);
    const value = answer.json.raw_data.contract[0].parameter.value;
    expect(value.owner_address).toBe(b58(ALICE));
    expect(value.owner.keys[0].address).toBe(b58(BOB));
    expect(value.actives[0].keys[0].address).toBe(b58(ALICE));
    // operations stay hex even when visible
    expect(value.actives[0].operations).toBe(OPERATIONS);

    const get = await h.get("/wallet/accountpermissionupdate");
    expect(get.status).toBe(200);
    expect(get.text).toBe("");
  });

  it("reports bad JSON and validation failures as {Error}", async () => {
    const h = createHarness();
    const badHex = await h.post("/wallet/accountpermissionupdate", {
      owner_address: hex(ALICE),
      actives: [{ type: "Active", operations: "zz" }],
    });
    expect(badHex.json.Error).toMatch(
      /^class org\.tron\.core\.services\.http\.JsonFormat\$ParseException : /,
    );
    const badEnum = await h.post("/wallet/accountpermissionupdate", {
      owner_address: hex(ALICE),
      owner: { type: "Boss" },
    });
    expect(badEnum.json.Error).toMatch(/ParseException/);
  });
});

describe("getsignweight", () => {
  it("prints java-tron's shape with hex addresses", async () => {
    const h = createHarness();
    const built = await buildTransfer(h, { Permission_id: 2 });
    const once = await sign(h, built, ALICE_KEY);
    const answer = await h.post("/wallet/getsignweight", once);
    expect(answer.status).toBe(200);
    const txid = built.txID as string;
    expect(answer.json).toEqual({
      permission: {
        type: "Active",
        id: 2,
        permission_name: "pair",
        threshold: 2,
        operations: "ff".repeat(32),
        keys: [
          { address: hex(ALICE), weight: 1 },
          { address: hex(BOB), weight: 2 },
        ],
      },
      approved_list: [hex(ALICE)],
      current_weight: 1,
      result: { code: "NOT_ENOUGH_PERMISSION" },
      transaction: {
        result: { result: true },
        txid,
        transaction: {
          txID: txid,
          raw_data: built.raw_data,
          raw_data_hex: built.raw_data_hex,
          signature: once.signature,
        },
      },
    });
    // txID and raw_data_hex from the client are ignored: the node re-encodes raw_data
    expect(hex(transactionId(h.wallet.weighed[0]!))).toBe(txid);

    const twice = await sign(h, once, BOB_KEY);
    const enough = (await h.post("/wallet/getsignweight", twice)).json;
    expect(enough.result).toEqual({});
    expect(enough.current_weight).toBe(3);
    expect(enough.approved_list).toEqual([hex(ALICE), hex(BOB)]);
    expect(enough.transaction.transaction.signature).toHaveLength(2);
    expect(enough.transaction.transaction.visible).toBeUndefined();
  });

  it("omits approved_list and current_weight without signatures; owner permission has no type/id", async () => {
    const h = createHarness();
    const built = await buildTransfer(h);
    h.wallet.signWeightAnswer = {
      permission: defaultOwnerPermission(ALICE),
      approvedList: [],
      currentWeight: 0n,
      code: "NOT_ENOUGH_PERMISSION",
    };
    const answer = (await h.post("/wallet/getsignweight", built)).json;
    expect(answer.permission).toEqual({
      permission_name: "owner",
      threshold: 1,
      keys: [{ address: hex(ALICE), weight: 1 }],
    });
    expect(answer).not.toHaveProperty("approved_list");
    expect(answer).not.toHaveProperty("current_weight");
    expect(answer.result).toEqual({ code: "NOT_ENOUGH_PERMISSION" });
    expect(answer.transaction.transaction).not.toHaveProperty("signature");
  });

  it("prints Base58Check addresses with visible", async () => {
    const h = createHarness();
    const built = await buildTransfer(h, {
      owner_address: b58(ALICE),
      to_address: b58(BOB),
      visible: true,
    });
    expect(built.visible).toBe(true);
    const signed = (
      await h.post("/wallet/gettransactionsign", { transaction: built, privateKey: hex(BOB_KEY) })
    ).json;
    const answer = (await h.post("/wallet/getsignweight", signed)).json;
    expect(answer.permission.keys.map((k: { address: string }) => k.address)).toEqual([b58(ALICE), b58(BOB)]);
    expect(answer.approved_list).toEqual([b58(BOB)]);
    expect(answer.result).toEqual({});
    expect(answer.transaction.txid).toBe(built.txID);
    expect(answer.transaction.transaction.raw_data.contract[0].parameter.value.owner_address).toBe(
      b58(ALICE),
    );
    // txid and signatures stay hex
    expect(answer.transaction.transaction.signature[0]).toMatch(/^[0-9a-f]{130}$/);
  });

  it("prints failures as result {code, message} in plain text, without a permission", async () => {
    const h = createHarness();
    const built = await buildTransfer(h, { Permission_id: 5 });
    h.wallet.signWeightAnswer = {
      approvedList: [],
      currentWeight: 0n,
      code: "PERMISSION_ERROR",
      message: "Permission for this, does not exist!",
    };
    const answer = (await h.post("/wallet/getsignweight", built)).json;
    expect(answer.result).toEqual({
      code: "PERMISSION_ERROR",
      message: "Permission for this, does not exist!",
    });
    expect(answer).not.toHaveProperty("permission");
    expect(answer.transaction.transaction.raw_data.contract[0].Permission_id).toBe(5);

    h.wallet.signWeightAnswer = {
      approvedList: [],
      currentWeight: 0n,
      code: "OTHER_ERROR",
      message: "Invalid transaction: no valid contract",
    };
    const noContract = (
      await h.post("/wallet/getsignweight", { raw_data: { contract: [{ type: "NoSuchContract" }] } })
    ).json;
    expect(noContract.result).toEqual({
      code: "OTHER_ERROR",
      message: "Invalid transaction: no valid contract",
    });
    expect(noContract.transaction.transaction.raw_data.contract).toEqual([]);
    expect(h.wallet.weighed.at(-1)!.rawData!.contract).toHaveLength(0);
  });

  it("answers unparseable bodies with {Error}, and GET with an empty 200", async () => {
    const h = createHarness();
    expect((await h.post("/wallet/getsignweight", {})).json).toEqual({
      Error: "class java.lang.NullPointerException : null",
    });
    expect((await h.post("/wallet/getsignweight", "{")).json.Error).toMatch(/JSONException/);
    const get = await h.get("/wallet/getsignweight");
    expect(get.status).toBe(200);
    expect(get.text).toBe("");
    expect((await h.request("PUT", "/wallet/getsignweight", "{}")).status).toBe(405);
  });
});

describe("getapprovedlist", () => {
  it("lists every signer and prints SUCCESS as result {}", async () => {
    const h = createHarness();
    const built = await buildTransfer(h);
    const signed = await sign(h, await sign(h, built, BOB_KEY), STRANGER_KEY);
    const answer = (await h.post("/wallet/getapprovedlist", signed)).json;
    expect(answer).toEqual({
      approved_list: [hex(BOB), hex(STRANGER)],
      result: {},
      transaction: {
        result: { result: true },
        txid: built.txID,
        transaction: {
          txID: built.txID,
          raw_data: built.raw_data,
          raw_data_hex: built.raw_data_hex,
          signature: signed.signature,
        },
      },
    });
    // with visible the body's addresses are Base58Check, so a hex transaction marked visible would be
    // a different transaction: build one with visible
    const visibleBuilt = await buildTransfer(h, {
      owner_address: b58(ALICE),
      to_address: b58(BOB),
      visible: true,
    });
    const visibleSigned = await sign(h, await sign(h, visibleBuilt, BOB_KEY), STRANGER_KEY);
    const visible = (await h.post("/wallet/getapprovedlist", visibleSigned)).json;
    expect(visible.approved_list).toEqual([b58(BOB), b58(STRANGER)]);
    expect((await h.get("/wallet/getapprovedlist")).text).toBe("");
  });

  it("prints failures with code and message", async () => {
    const h = createHarness();
    const built = await buildTransfer(h);
    h.wallet.approvedListAnswer = {
      approvedList: [],
      code: "SIGNATURE_FORMAT_ERROR",
      message: "Signature size is 3",
    };
    const answer = (await h.post("/wallet/getapprovedlist", { ...built, signature: ["010203"] })).json;
    expect(answer.result).toEqual({ code: "SIGNATURE_FORMAT_ERROR", message: "Signature size is 3" });
    expect(answer).not.toHaveProperty("approved_list");
    expect(answer.transaction.transaction.signature).toEqual(["010203"]);
  });
});

describe("addtransactionsign", () => {
  it("appends the signature through the wallet and prints the signed transaction", async () => {
    const h = createHarness();
    const built = await buildTransfer(h, { Permission_id: 2 });
    const first = await h.post("/wallet/addtransactionsign", {
      transaction: built,
      privateKey: hex(ALICE_KEY),
    });
    expect(first.json.visible).toBe(false);
    expect(first.json.txID).toBe(built.txID);
    expect(first.json.raw_data).toEqual(built.raw_data);
    expect(first.json.signature).toHaveLength(1);
    const txId = Uint8Array.from(Buffer.from(built.txID, "hex"));
    const sig = Uint8Array.from(Buffer.from(first.json.signature[0], "hex"));
    expect(hex(recoverer.recoverAddress(txId, sig))).toBe(hex(ALICE));
    expect(h.wallet.weighed[0]!.rawData!.contract[0]!.PermissionId).toBe(2);

    const second = await h.post("/wallet/addtransactionsign", {
      transaction: first.json,
      privateKey: hex(BOB_KEY),
    });
    expect(second.json.signature).toHaveLength(2);
    expect(second.json.signature[0]).toBe(first.json.signature[0]);
  });

  it("takes visible from the body, else from the transaction", async () => {
    const h = createHarness();
    const built = await buildTransfer(h, { owner_address: b58(ALICE), to_address: b58(BOB), visible: true });
    const signed = await h.post("/wallet/addtransactionsign", {
      transaction: built,
      privateKey: hex(ALICE_KEY),
    });
    expect(signed.json.visible).toBe(true);
    expect(signed.json.raw_data.contract[0].parameter.value.owner_address).toBe(b58(ALICE));
    const hexBuilt = await buildTransfer(h);
    const asVisible = await h.post("/wallet/addtransactionsign", {
      transaction: { ...hexBuilt, visible: true },
      privateKey: hex(ALICE_KEY),
      visible: false,
    });
    expect(asVisible.json.visible).toBe(false);
    expect(asVisible.json.raw_data.contract[0].parameter.value.owner_address).toBe(hex(ALICE));
  });

  it("answers the wallet's refusals and bad input as {Error}", async () => {
    const h = createHarness();
    const built = await buildTransfer(h);
    expect(
      (await h.post("/wallet/addtransactionsign", { transaction: built, privateKey: hex(STRANGER_KEY) }))
        .json,
    ).toEqual({
      Error: "class org.tron.core.exception.PermissionException : it is not contained of permission.",
    });
    expect((await h.post("/wallet/addtransactionsign", { privateKey: hex(ALICE_KEY) })).json).toEqual({
      Error: "class java.lang.NullPointerException : null",
    });
    expect(
      (await h.post("/wallet/addtransactionsign", { transaction: built, privateKey: "zz" })).json.Error,
    ).toMatch(/ParseException/);
    expect((await h.get("/wallet/addtransactionsign")).text).toBe("");
  });
});

describe("gettransactionsign (§4.8)", () => {
  it("signs without any permission check, with java's BigInteger reading of the key", async () => {
    const h = createHarness();
    const built = await buildTransfer(h);
    const foreign = await sign(h, built, STRANGER_KEY);
    expect(foreign.signature).toHaveLength(1);
    expect(h.wallet.weighed).toHaveLength(0);
    // a key with its leading zero bytes left out is the same key
    const short = await h.post("/wallet/gettransactionsign", {
      transaction: built,
      privateKey: hex(ALICE_KEY.subarray(28)),
    });
    const full = await sign(h, built, ALICE_KEY);
    expect(short.json.signature).toEqual(full.signature);
    expect(
      (await h.post("/wallet/gettransactionsign", { transaction: built, privateKey: "00" })).json,
    ).toEqual({ Error: "class java.lang.IllegalArgumentException : Invalid private key." });
  });
});
