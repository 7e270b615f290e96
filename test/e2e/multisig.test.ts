/**
 * Multi-signature end to end with TronWeb 6 against an in-process node: updateAccountPermissions
 * (owner of three keys weighted 1, 1, 2 with threshold 2; two actives with different operation
 * masks), then multiSign passed from hand to hand with getSignWeight / getApprovedList checked at
 * every step, the threshold rule at broadcast, the multi-sign fee, the operations mask, the refused
 * witness permission, a missing permission, and addtransactionsign over loopback HTTP.
 */
import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TRX = 1_000_000;
const UPDATE_PERMISSION_FEE = 100 * TRX;
const MULTI_SIGN_FEE = TRX;
/** ContractType numbers (Tron.proto). */
const TRANSFER_CONTRACT = 1;
const ACCOUNT_UPDATE_CONTRACT = 10;

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's JSON answers are walked freely
type Json = any;

let node: TronNode;
let keys: string[];
let addresses: string[];
let hexAddresses: string[];
let owner: TronWeb;

function client(privateKey: string): TronWeb {
  return new TronWeb({ fullHost: node.url!, privateKey });
}

/** A 32-byte operations mask (64 hex chars) allowing exactly `types`: bit t%8 of byte t/8. */
function operationsMask(...types: number[]): string {
  const bytes = new Uint8Array(32);
  for (const t of types) bytes[t >> 3]! |= 1 << (t & 7);
  return Buffer.from(bytes).toString("hex");
}

const textOf = (hex: string) => Buffer.from(hex, "hex").toString("utf8");

async function balanceOf(index: number): Promise<number> {
  return owner.trx.getBalance(addresses[index]!);
}

async function post(path: string, body: unknown): Promise<Json> {
  const response = await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return response.json();
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 6 });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  owner = client(keys[0]!);
  addresses = keys.map((k) => owner.address.fromPrivateKey(k) as string);
  hexAddresses = addresses.map((a) => owner.address.toHex(a).toLowerCase());
});

afterAll(async () => {
  await node?.stop();
});

describe("multi-signature with TronWeb 6", () => {
  it("updates the account's permissions for 100 TRX", async () => {
    const before = await balanceOf(0);
    const update = await owner.transactionBuilder.updateAccountPermissions(
      addresses[0],
      {
        type: 0,
        permission_name: "owner",
        threshold: 2,
        keys: [
          { address: addresses[1]!, weight: 1 },
          { address: addresses[2]!, weight: 1 },
          { address: addresses[3]!, weight: 2 },
        ],
      },
      undefined,
      [
        {
          type: 2,
          permission_name: "pay",
          threshold: 2,
          operations: operationsMask(TRANSFER_CONTRACT),
          keys: [
            { address: addresses[4]!, weight: 1 },
            { address: addresses[1]!, weight: 1 },
          ],
        },
        {
          type: 2,
          permission_name: "rename",
          threshold: 1,
          operations: operationsMask(ACCOUNT_UPDATE_CONTRACT),
          keys: [{ address: addresses[4]!, weight: 1 }],
        },
      ] as Json,
    );
    // the node's builder takes the same contract JSON and builds the same contract
    const contractJson = update.raw_data.contract[0].parameter.value;
    expect(contractJson.owner_address).toBe(hexAddresses[0]);
    const fromNode = await post("/wallet/accountpermissionupdate", contractJson);
    expect(fromNode.raw_data.contract[0].parameter).toEqual(update.raw_data.contract[0].parameter);

    const sent = await owner.trx.sendRawTransaction(await owner.trx.sign(update));
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    const info = await owner.trx.getTransactionInfo(update.txID);
    expect(info.fee).toBe(UPDATE_PERMISSION_FEE);
    expect(await balanceOf(0)).toBe(before - UPDATE_PERMISSION_FEE);

    const account: Json = await owner.trx.getAccount(addresses[0]!);
    expect(account.owner_permission).toEqual({
      permission_name: "owner",
      threshold: 2,
      keys: [
        { address: hexAddresses[1], weight: 1 },
        { address: hexAddresses[2], weight: 1 },
        { address: hexAddresses[3], weight: 2 },
      ],
    });
    expect(account.active_permission.map((p: Json) => [p.id, p.permission_name, p.operations])).toEqual([
      [2, "pay", operationsMask(TRANSFER_CONTRACT)],
      [3, "rename", operationsMask(ACCOUNT_UPDATE_CONTRACT)],
    ]);
  });

  it("owner permission: weighs every signature and broadcasts only at the threshold", async () => {
    const tx: Json = await owner.transactionBuilder.sendTrx(addresses[5]!, 7, addresses[0]);

    const unsigned: Json = await owner.trx.getSignWeight(tx);
    expect(unsigned.result).toEqual({ code: "NOT_ENOUGH_PERMISSION" });
    expect(unsigned.permission.threshold).toBe(2);
    expect(unsigned.permission.keys.map((k: Json) => k.address)).toEqual(hexAddresses.slice(1, 4));
    expect(unsigned.permission).not.toHaveProperty("type");
    expect(unsigned.permission).not.toHaveProperty("id");
    expect(unsigned).not.toHaveProperty("approved_list");
    expect(unsigned).not.toHaveProperty("current_weight");
    expect(unsigned.transaction.txid).toBe(tx.txID);
    expect(unsigned.transaction.transaction.raw_data_hex).toBe(tx.raw_data_hex);
    const unsignedList: Json = await owner.trx.getApprovedList(tx);
    expect(unsignedList.result).toEqual({});
    expect(unsignedList).not.toHaveProperty("approved_list");

    // hand 1: weight 1 of 2
    const once: Json = await client(keys[1]!).trx.multiSign(tx, keys[1]!, 0);
    expect(once.signature).toHaveLength(1);
    const weightOnce: Json = await owner.trx.getSignWeight(once);
    expect(weightOnce.result).toEqual({ code: "NOT_ENOUGH_PERMISSION" });
    expect(weightOnce.current_weight).toBe(1);
    expect(weightOnce.approved_list).toEqual([hexAddresses[1]]);
    expect((await owner.trx.getApprovedList(once)).approved_list).toEqual([hexAddresses[1]]);
    const early: Json = await owner.trx.sendRawTransaction(once);
    expect(early.code).toBe("SIGERROR");
    expect(textOf(early.message)).toBe("Validate signature error: sig error");

    // hand 2: weight 1 + 1 reaches the threshold
    const twice: Json = await client(keys[2]!).trx.multiSign(once, keys[2]!, 0);
    expect(twice.signature).toHaveLength(2);
    const weightTwice: Json = await owner.trx.getSignWeight(twice);
    expect(weightTwice.result).toEqual({});
    expect(weightTwice.current_weight).toBe(2);
    expect(weightTwice.approved_list).toEqual([hexAddresses[1], hexAddresses[2]]);
    const list: Json = await owner.trx.getApprovedList(twice);
    expect(list.approved_list).toHaveLength(unsigned.permission.threshold);

    const before = await balanceOf(0);
    const sent: Json = await owner.trx.sendRawTransaction(twice);
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    const info: Json = await owner.trx.getTransactionInfo(tx.txID);
    expect(info.fee).toBe(MULTI_SIGN_FEE);
    expect(await balanceOf(0)).toBe(before - 7 - MULTI_SIGN_FEE);
  });

  it("owner permission: one weight-2 signature is enough and pays no multi-sign fee", async () => {
    const tx: Json = await owner.transactionBuilder.sendTrx(addresses[5]!, 9, addresses[0]);
    const signed: Json = await client(keys[3]!).trx.multiSign(tx, keys[3]!, 0);
    const weight: Json = await owner.trx.getSignWeight(signed);
    expect(weight.result).toEqual({});
    expect(weight.current_weight).toBe(2);
    expect(weight.approved_list).toEqual([hexAddresses[3]]);
    const before = await balanceOf(0);
    const sent: Json = await owner.trx.sendRawTransaction(signed);
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    // the multi-sign fee is charged only for more than one signature
    const info: Json = await owner.trx.getTransactionInfo(tx.txID);
    expect(info.fee ?? 0).toBe(0);
    expect(await balanceOf(0)).toBe(before - 9);
  });

  it("the former single key no longer signs for the account", async () => {
    const tx: Json = await owner.transactionBuilder.sendTrx(addresses[5]!, 1, addresses[0]);
    const sent: Json = await owner.trx.sendRawTransaction(await owner.trx.sign(tx));
    expect(sent.code).toBe("SIGERROR");
    expect(textOf(sent.message)).toMatch(
      /^Validate signature error: [0-9a-f]{130} is signed by T\w+ but it is not contained of permission\.$/,
    );
  });

  it("active permission: multiSign with a permission id adopts the node's transaction", async () => {
    const tx: Json = await owner.transactionBuilder.sendTrx(addresses[5]!, 11, addresses[0]);
    expect(tx.raw_data.contract[0].Permission_id).toBeUndefined();

    const once: Json = await client(keys[4]!).trx.multiSign(tx, keys[4]!, 2);
    expect(once.raw_data.contract[0].Permission_id).toBe(2);
    expect(once.txID).not.toBe(tx.txID);
    const weightOnce: Json = await owner.trx.getSignWeight(once);
    expect(weightOnce.permission).toMatchObject({
      type: "Active",
      id: 2,
      permission_name: "pay",
      threshold: 2,
      operations: operationsMask(TRANSFER_CONTRACT),
    });
    expect(weightOnce.result).toEqual({ code: "NOT_ENOUGH_PERMISSION" });
    expect(weightOnce.approved_list).toEqual([hexAddresses[4]]);

    await expect(client(keys[2]!).trx.multiSign(tx, keys[2]!, 2)).rejects.toThrow(
      /has no permission to sign/,
    );

    const twice: Json = await client(keys[1]!).trx.multiSign(once, keys[1]!, 2);
    const weightTwice: Json = await owner.trx.getSignWeight(twice);
    expect(weightTwice.result).toEqual({});
    expect(weightTwice.current_weight).toBe(2);
    expect((await owner.trx.getApprovedList(twice)).approved_list).toEqual([
      hexAddresses[4],
      hexAddresses[1],
    ]);

    const before = await balanceOf(0);
    const sent: Json = await owner.trx.sendRawTransaction(twice);
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    expect((await owner.trx.getTransactionInfo(twice.txID)).fee).toBe(MULTI_SIGN_FEE);
    expect(await balanceOf(0)).toBe(before - 11 - MULTI_SIGN_FEE);
  });

  it("active permission: a contract outside the operations mask is denied", async () => {
    const rename: Json = await owner.transactionBuilder.updateAccount("multisig-owner", addresses[0], {
      permissionId: 2,
    });
    expect(rename.raw_data.contract[0].Permission_id).toBe(2);
    const weight: Json = await owner.trx.getSignWeight(rename);
    expect(weight.result).toEqual({ code: "PERMISSION_ERROR", message: "Permission denied!" });
    expect(weight).not.toHaveProperty("permission");
    // multiSign stops at getsignweight's PERMISSION_ERROR
    const plain: Json = await owner.transactionBuilder.updateAccount("multisig-owner", addresses[0]);
    await expect(client(keys[4]!).trx.multiSign(plain, keys[4]!, 2)).rejects.toThrow("Permission denied!");
    // signed anyway, the broadcast check refuses it
    const signed: Json = await owner.trx.sign(rename, keys[4]!, true, true);
    const sent: Json = await owner.trx.sendRawTransaction(signed);
    expect(sent.code).toBe("SIGERROR");
    expect(textOf(sent.message)).toBe("Validate signature error: Permission denied");

    // the second active permission allows exactly this contract
    const allowed: Json = await client(keys[4]!).trx.multiSign(plain, keys[4]!, 3);
    expect(allowed.raw_data.contract[0].Permission_id).toBe(3);
    const ok: Json = await owner.trx.sendRawTransaction(allowed);
    expect(ok.result, JSON.stringify(ok)).toBe(true);
    expect(textOf((await owner.trx.getAccount(addresses[0]!)).account_name)).toBe("multisig-owner");
    // one signature: no multi-sign fee
    expect((await owner.trx.getTransactionInfo(allowed.txID)).fee ?? 0).toBe(0);
  });

  it("refuses Permission_id 1 and a missing permission", async () => {
    const witnessId: Json = await owner.transactionBuilder.sendTrx(addresses[5]!, 1, addresses[0], {
      permissionId: 1,
    });
    const signed: Json = await owner.trx.sign(witnessId, keys[3]!, true, true);
    const sent: Json = await owner.trx.sendRawTransaction(signed);
    expect(sent.code).toBe("SIGERROR");
    // the account is no witness: it has no permission 1
    expect(textOf(sent.message)).toBe("Validate signature error: permission isn't exit");
    expect((await owner.trx.getSignWeight(witnessId)).result).toEqual({
      code: "PERMISSION_ERROR",
      message: "Permission for this, does not exist!",
    });

    const tx: Json = await owner.transactionBuilder.sendTrx(addresses[5]!, 1, addresses[0]);
    const missing: Json = await owner.trx.getSignWeight(structuredClone(tx), 7);
    expect(missing.result).toEqual({
      code: "PERMISSION_ERROR",
      message: "Permission for this, does not exist!",
    });
    expect(missing).not.toHaveProperty("permission");
    expect(missing.transaction.transaction.raw_data.contract[0].Permission_id).toBe(7);
    await expect(client(keys[1]!).trx.multiSign(tx, keys[1]!, 7)).rejects.toThrow(
      "Permission for this, does not exist!",
    );
  });

  it("addtransactionsign over loopback HTTP adds signatures after the permission checks", async () => {
    const tx: Json = await owner.transactionBuilder.sendTrx(addresses[5]!, 13, addresses[0]);
    const once: Json = await post("/wallet/addtransactionsign", { transaction: tx, privateKey: keys[2] });
    expect(once.txID).toBe(tx.txID);
    expect(once.visible).toBe(false);
    expect(once.signature).toHaveLength(1);
    expect((await owner.trx.getApprovedList(once)).approved_list).toEqual([hexAddresses[2]]);

    expect(await post("/wallet/addtransactionsign", { transaction: once, privateKey: keys[2] })).toEqual({
      Error: `class org.tron.core.exception.PermissionException : ${addresses[2]} had signed!`,
    });
    expect(await post("/wallet/addtransactionsign", { transaction: once, privateKey: keys[5] })).toEqual({
      Error: `class org.tron.core.exception.PermissionException : ${keys[5]}'s address is ${addresses[5]} but it is not contained of permission.`,
    });

    const twice: Json = await post("/wallet/addtransactionsign", { transaction: once, privateKey: keys[1] });
    expect(twice.signature).toHaveLength(2);
    expect((await owner.trx.getSignWeight(twice)).result).toEqual({});
    const sent: Json = await owner.trx.sendRawTransaction(twice);
    expect(sent.result, JSON.stringify(sent)).toBe(true);
    expect((await owner.trx.getTransactionInfo(tx.txID)).fee).toBe(MULTI_SIGN_FEE);
  });
});
