import { bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let node: TronNode;
let tronWeb: TronWeb;
let keys: string[];
let addresses: string[];

function client(privateKey: string): TronWeb {
  return new TronWeb({ fullHost: node.url!, privateKey });
}

const hexToText = (hex: string) => Buffer.from(hex, "hex").toString("utf8");

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 4 });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  tronWeb = client(keys[0]!);
  addresses = keys.map((k) => tronWeb.address.fromPrivateKey(k) as string);
});

afterAll(async () => {
  await node?.stop();
});

describe("TronWeb 6 against an in-process tronode", () => {
  it("reads blocks and accounts", async () => {
    const block = await tronWeb.trx.getCurrentBlock();
    expect(block.blockID).toMatch(/^[0-9a-f]{64}$/);
    const genesis = await tronWeb.trx.getBlock(0);
    expect(genesis.block_header.raw_data.parentHash).toBe(
      "957dc2d350daecc7bb6a38f3938ebde0a0c1cedafe15f0edae4256a2907449f6",
    );
    expect(await tronWeb.trx.getBalance(addresses[0]!)).toBe(100_000_000_000);
    const account = await tronWeb.trx.getAccount(addresses[0]!);
    expect(account.address).toBe(tronWeb.address.toHex(addresses[0]!).toLowerCase());
    expect(await tronWeb.isConnected()).toMatchObject({ fullNode: true, solidityNode: true });
  });

  it("sends TRX, and the transaction and its info are found", async () => {
    const fresh = TronWeb.createRandom();
    const result = await tronWeb.trx.sendTrx(fresh.address, 1_000_000);
    expect(result.result).toBe(true);
    const txid = result.transaction.txID;
    expect(await tronWeb.trx.getBalance(fresh.address)).toBe(1_000_000);
    const tx = await tronWeb.trx.getTransaction(txid);
    expect(tx.txID).toBe(txid);
    expect(tx.ret?.[0]?.contractRet).toBe("SUCCESS");
    const info = await tronWeb.trx.getTransactionInfo(txid);
    expect(info.id).toBe(txid);
    // creating the recipient without staked bandwidth costs 0.1 TRX
    expect(info.fee).toBe(100_000);
    expect(info.blockNumber).toBeGreaterThan(0);
    const count = await tronWeb.trx.getBlockTransactionCount(info.blockNumber);
    expect(count).toBe(1);
  });

  it("sends TRX between existing accounts on free bandwidth", async () => {
    const before = await tronWeb.trx.getBalance(addresses[1]!);
    const r = await client(keys[1]!).trx.sendTrx(addresses[2]!, 10);
    expect(r.result).toBe(true);
    expect(await tronWeb.trx.getBalance(addresses[1]!)).toBe(before - 10);
  });

  it("creates, names and identifies accounts with transactionBuilder", async () => {
    const fresh = TronWeb.createRandom();
    const create = await tronWeb.transactionBuilder.createAccount(fresh.address, addresses[0]);
    const signed = await tronWeb.trx.sign(create);
    const sent = await tronWeb.trx.sendRawTransaction(signed);
    expect(sent.result).toBe(true);
    const created = await tronWeb.trx.getAccount(fresh.address);
    expect(created.address).toBeDefined();

    const named = await client(keys[3]!).transactionBuilder.updateAccount("tronode-dev", addresses[3]);
    const r1 = await client(keys[3]!).trx.sendRawTransaction(await client(keys[3]!).trx.sign(named));
    expect(r1.result).toBe(true);
    const acct = await tronWeb.trx.getAccount(addresses[3]!);
    expect(hexToText(acct.account_name)).toBe("tronode-dev");

    const id = await client(keys[3]!).transactionBuilder.setAccountId(
      Buffer.from("tronode-id-3").toString("hex"),
      addresses[3],
    );
    const r2 = await client(keys[3]!).trx.sendRawTransaction(await client(keys[3]!).trx.sign(id));
    expect(r2.result).toBe(true);
    const byId = await tronWeb.trx.getAccountById(Buffer.from("tronode-id-3").toString("hex"));
    expect(byId.address).toBe(acct.address);
  });

  it("broadcasts a hex transaction", async () => {
    const tx = await tronWeb.transactionBuilder.sendTrx(addresses[1]!, 5, addresses[0]);
    const signed = await tronWeb.trx.sign(tx);
    const pb = tronWeb.utils.transaction.txJsonToPb(signed);
    for (const sig of signed.signature ?? []) pb.addSignature(Buffer.from(sig, "hex"));
    const bytes = Buffer.from(pb.serializeBinary()).toString("hex");
    const result = await tronWeb.trx.sendHexTransaction(bytes);
    expect(result, JSON.stringify(result)).toMatchObject({ result: true, code: "SUCCESS" });
  });

  it("reports java-tron's errors", async () => {
    const poor = TronWeb.createRandom();
    await tronWeb.trx.sendTrx(poor.address, 1);
    const r = await client(poor.privateKey.replace(/^0x/, "")).trx.sendTrx(addresses[0]!, 1_000_000);
    expect(r.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(hexToText(r.message)).toBe(
      "Contract validate error : Validate TransferContract error, balance is not sufficient.",
    );

    // a transaction signed by the wrong key
    const tx = await tronWeb.transactionBuilder.sendTrx(addresses[2]!, 1, addresses[1]);
    const signed = await tronWeb.trx.sign(tx, keys[0]!, true, true);
    const bad = await tronWeb.trx.sendRawTransaction(signed);
    expect(bad.code).toBe("SIGERROR");
    expect(hexToText(bad.message)).toMatch(
      /^Validate signature error: .* but it is not contained of permission\.$/,
    );

    const dup = await tronWeb.trx.sendRawTransaction(
      await tronWeb.trx.sign(await tronWeb.transactionBuilder.sendTrx(addresses[2]!, 3, addresses[0])),
    );
    expect(dup.result).toBe(true);
    const again = await tronWeb.trx.sendRawTransaction(dup.transaction);
    expect(again.code).toBe("DUP_TRANSACTION_ERROR");

    const invalid = await fetch(`${node.url}/wallet/getaccount`, {
      method: "POST",
      body: JSON.stringify({ address: "Tnotanaddress", visible: true }),
    });
    expect(invalid.status).toBe(200);
    expect(await invalid.json()).toHaveProperty("Error");
  });
});
