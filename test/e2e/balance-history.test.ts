/**
 * Balance history (java-tron's historyBalanceLookup) end to end: a block with a transfer that
 * creates an account, a freeze and a multi-signature transfer paying the multi-sign fee, read back
 * with /wallet/getblockbalance and /wallet/getaccountbalance; and the deferred-transaction
 * operations the spec lists. The clock is injected and the block time long, so the test decides
 * which transactions share a block.
 */
import { bytesToHex, type Clock } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TRX = 1_000_000;
// A multiple of the 60 s block interval: the producer's own next slot is a whole minute away.
let now = 1_800_000_000_000n;
const clock: Clock = { now: () => now };
let node: TronNode;
let keys: string[];
let addresses: string[];

type Json = Record<string, any>; // biome-ignore lint/suspicious/noExplicitAny: JSON answers

async function post(path: string, body: unknown): Promise<Json> {
  const response = await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) });
  return (await response.json()) as Json;
}

const tw = (i: number) => new TronWeb({ fullHost: node.url!, privateKey: keys[i]! });

async function mine(): Promise<Json> {
  now += 3000n;
  await node.dev.mine(1);
  return tw(0).trx.getCurrentBlock();
}

/** The balance at a block, exact (the Blackhole's balance is beyond a double's integers). */
async function balanceAt(address: string, block: Json): Promise<bigint> {
  const response = await fetch(`${node.url}/wallet/getaccountbalance`, {
    method: "POST",
    body: JSON.stringify({
      account_identifier: { address },
      block_identifier: { hash: block.blockID, number: block.block_header.raw_data.number },
      visible: true,
    }),
  });
  const text = await response.text();
  expect(text).not.toContain("Error");
  return BigInt(/"balance":\s*(-?\d+)/.exec(text)?.[1] ?? "0");
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 60, accounts: 4, clock });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = node.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
});

afterAll(async () => {
  await node?.stop();
});

describe("balance history", () => {
  it("traces every balance change of a block and answers balances before and after it", async () => {
    // account 3 lets account 2's key sign for it too (weight 1 each, threshold 1)
    const update = await tw(3).transactionBuilder.updateAccountPermissions(
      addresses[3],
      {
        type: 0,
        permission_name: "owner",
        threshold: 1,
        keys: [
          { address: addresses[3], weight: 1 },
          { address: addresses[2], weight: 1 },
        ],
      } as never,
      undefined,
      [
        {
          type: 2,
          permission_name: "active",
          threshold: 1,
          operations: "7fff1fc0033e0000000000000000000000000000000000000000000000000000",
          keys: [{ address: addresses[3], weight: 1 }],
        },
      ] as never,
    );
    expect((await tw(3).trx.sendRawTransaction(await tw(3).trx.sign(update))).result).toBe(true);
    const before = await mine();

    const fresh = TronWeb.createRandom().address;
    const sent = await tw(0).trx.sendTrx(fresh, 5 * TRX);
    expect(sent.result).toBe(true);
    const freeze = await tw(1).transactionBuilder.freezeBalanceV2(10 * TRX, "ENERGY", addresses[1]);
    expect((await tw(1).trx.sendRawTransaction(await tw(1).trx.sign(freeze))).result).toBe(true);
    const multi = await tw(3).transactionBuilder.sendTrx(addresses[0], 2 * TRX, addresses[3]);
    const twice = await tw(2).trx.multiSign(await tw(3).trx.multiSign(multi, keys[3], 0), keys[2], 0);
    const multiSent = await tw(3).trx.sendRawTransaction(twice);
    expect(multiSent.result).toBe(true);
    const block = await mine();
    expect(block.transactions).toHaveLength(3);

    const trace = await post("/wallet/getblockbalance", {
      hash: block.blockID,
      number: block.block_header.raw_data.number,
      visible: true,
    });
    expect(trace.block_identifier).toEqual({
      hash: block.blockID,
      number: block.block_header.raw_data.number,
    });
    expect(trace.timestamp).toBe(block.block_header.raw_data.timestamp);
    expect(trace.transaction_balance_trace.map((t: Json) => [t.type, t.status])).toEqual([
      ["TransferContract", "SUCCESS"],
      ["FreezeBalanceV2Contract", "SUCCESS"],
      ["TransferContract", "SUCCESS"],
    ]);
    expect(trace.transaction_balance_trace.map((t: Json) => t.transaction_identifier)).toEqual([
      sent.transaction.txID,
      freeze.txID,
      twice.txID,
    ]);

    // the operations of the block sum, per account, to its balance change over the block
    const sums = new Map<string, bigint>();
    for (const t of trace.transaction_balance_trace) {
      t.operation.forEach((op: Json, i: number) => {
        expect(op.operation_identifier ?? 0).toBe(i);
        sums.set(op.address, (sums.get(op.address) ?? 0n) + BigInt(op.amount));
      });
    }
    expect(sums.size).toBeGreaterThanOrEqual(5); // 0, 1, 3, the new account, the Blackhole
    for (const [address, sum] of sums) {
      expect((await balanceAt(address, block)) - (await balanceAt(address, before))).toBe(sum);
    }
    // the multi-sign fee (1 TRX) and the new account's fee (0.1 TRX) are in the traces
    const multiOps = trace.transaction_balance_trace[2].operation;
    expect(multiOps.filter((op: Json) => op.address === addresses[3]).map((op: Json) => op.amount)).toContain(
      -TRX,
    );
    expect(await balanceAt(fresh, before)).toBe(0n);
    expect(await balanceAt(fresh, block)).toBe(BigInt(5 * TRX));
    expect(await balanceAt(addresses[1], block)).toBe(BigInt(await tw(1).trx.getBalance(addresses[1])));

    // a later block that leaves an account alone answers the block its balance was last set in
    const later = await mine();
    const answer = await post("/wallet/getaccountbalance", {
      account_identifier: { address: fresh },
      block_identifier: { hash: later.blockID, number: later.block_header.raw_data.number },
      visible: true,
    });
    expect(answer).toEqual({
      balance: 5 * TRX,
      block_identifier: { hash: block.blockID, number: block.block_header.raw_data.number },
    });
  });

  it("answers java-tron's errors", async () => {
    const head = await tw(0).trx.getCurrentBlock();
    const number = head.block_header.raw_data.number;
    expect(await post("/wallet/getblockbalance", { hash: "00".repeat(32), number })).toEqual({
      Error: "class java.lang.IllegalArgumentException : number and hash do not match",
    });
    expect(await post("/wallet/getblockbalance", { hash: head.blockID, number: number + 100 })).toEqual({
      Error: `class org.tron.core.exception.ItemNotFoundException : number: ${number + 100} is not found!`,
    });
    const genesis = await tw(0).trx.getBlock(0);
    expect(await post("/wallet/getblockbalance", { hash: genesis.blockID, number: 0 })).toEqual({
      Error: "class org.tron.core.exception.ItemNotFoundException : This block does not exist",
    });
    expect(
      await post("/wallet/getaccountbalance", { block_identifier: { hash: head.blockID, number } }),
    ).toEqual({
      Error: "class java.lang.IllegalArgumentException : account_identifier is null",
    });
    expect(
      await post("/wallet/getaccountbalance", {
        account_identifier: { address: addresses[0] },
        visible: true,
      }),
    ).toEqual({ Error: "class java.lang.IllegalArgumentException : block_identifier null" });
    expect(await post("/wallet/getblockbalance", {})).toEqual({
      Error: "class java.lang.IllegalArgumentException : block_identifier hash length not equals 32",
    });
  });

  it("answers the deferred-transaction operations the spec lists", async () => {
    const id = "ab".repeat(32);
    expect(await post("/wallet/getdeferredtransactionbyid", { value: id })).toEqual({});
    expect(await post("/walletsolidity/getdeferredtransactioninfobyid", { value: id })).toEqual({});
    expect((await post("/wallet/getdeferredtransactionbyid", { value: "zz" })).Error).toContain(
      "INVALID hex String",
    );
    expect(await post("/wallet/canceldeferredtransactionbyid", { transactionId: id })).toEqual({
      Error:
        "class java.lang.UnsupportedOperationException : deferred transactions are not supported: TRON removed them (delay_seconds) in java-tron 4.0",
    });
  });
});

describe("balance history off", () => {
  it("keeps no traces and says so for account balances", async () => {
    const off = await createNode({ port: 0, blockTime: 0, accounts: 1, historyBalanceLookup: false });
    try {
      const head = await new TronWeb({ fullHost: off.url! }).trx.getCurrentBlock();
      const identifier = { hash: head.blockID, number: head.block_header.raw_data.number };
      const answer = await fetch(`${off.url}/wallet/getblockbalance`, {
        method: "POST",
        body: JSON.stringify(identifier),
      });
      expect(await answer.json()).toEqual({
        Error: "class org.tron.core.exception.ItemNotFoundException : This block does not exist",
      });
      const account = await fetch(`${off.url}/wallet/getaccountbalance`, {
        method: "POST",
        body: JSON.stringify({
          account_identifier: { address: bytesToHex(off.accounts[0]!.address) },
          block_identifier: identifier,
        }),
      });
      expect(await account.json()).toEqual({
        Error:
          "class org.tron.core.exception.ItemNotFoundException : historyBalanceLookup is off: this node keeps no balance history",
      });
    } finally {
      await off.stop();
    }
  });
});
