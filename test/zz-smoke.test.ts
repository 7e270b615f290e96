import { bytesToHex } from "@tronode/engine";
import { createNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { expect, it } from "vitest";

const MNEMONIC =
  "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

it("forks", async () => {
  const up = await createNode({ port: 0, blockTime: 0, accounts: 3 });
  const upKeys = up.accounts.map((a) => bytesToHex(a.privateKey));
  const upAddr = up.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
  const tw = new TronWeb({ fullHost: up.url!, privateKey: upKeys[0]! });
  await tw.trx.sendTransaction(upAddr[1]!, 5_000_000);
  await up.dev.mine(1);
  const fork = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 2,
    mnemonic: MNEMONIC,
    fork: { url: up.url!, cache: false },
  });
  try {
    const ftw = new TronWeb({ fullHost: fork.url!, privateKey: upKeys[0]! });
    const upNow = await tw.trx.getCurrentBlock();
    const fNow = await ftw.trx.getCurrentBlock();
    console.log(
      upNow.block_header.raw_data.number,
      fNow.block_header.raw_data.number,
      fNow.blockID === upNow.blockID,
    );
    const a = await ftw.trx.getAccount(upAddr[1]!);
    const b = await tw.trx.getAccount(upAddr[1]!);
    console.log(JSON.stringify(a).slice(0, 300));
    expect(a).toEqual(b);
    const sent = await ftw.trx.sendTransaction(upAddr[2]!, 1_000_000);
    console.log(JSON.stringify(sent).slice(0, 300));
    expect(sent.result).toBe(true);
    const after = await ftw.trx.getCurrentBlock();
    console.log(
      "after",
      after.block_header.raw_data.number,
      after.block_header.raw_data.parentHash === fNow.blockID,
    );
    const c = await ftw.trx.getBalance(upAddr[2]!);
    const d = await tw.trx.getBalance(upAddr[2]!);
    console.log(c, d);
    const info = await fetch(`${fork.url}/jsonrpc`, {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tre_forkInfo", params: [] }),
    });
    console.log(await info.text());
  } finally {
    await fork.stop();
    await up.stop();
  }
}, 60_000);
