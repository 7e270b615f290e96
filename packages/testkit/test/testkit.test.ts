/**
 * The test kit over both transports, one suite: the in-memory chain and a node started over HTTP
 * (the only line that differs is the transport). Transfers with balance changes, java-tron's
 * refusals (builder and broadcast), Stake 2.0 with resources, a 2-of-3 multi-signature transfer,
 * snapshots, time and balance controls, and every matcher's passing and failing message.
 */
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type AddressLike,
  createTestClient,
  http,
  memory,
  type Receipt,
  type TestClient,
  tronMatchers,
} from "../src/index.js";
import "../src/vitest.js";

let node: TronNode | undefined;
afterAll(async () => {
  await node?.stop();
});

const transports = [
  { name: "memory", make: () => memory({ accounts: 4 }) },
  {
    name: "http",
    make: async () => {
      node = await createNode({ port: 0, blockTime: 0, accounts: 4 });
      return http(node.url);
    },
  },
];

describe.each(transports)("the test kit over $name", ({ make }) => {
  let client: TestClient;
  beforeAll(async () => {
    client = createTestClient(await make());
  });
  afterAll(async () => {
    await client.close();
  });

  it("sends a TRX transfer and checks the balances it changed", async () => {
    const [alice, bob] = await client.accounts();
    await expect(() => client.transfer(alice!, bob!.base58, 1_000_000n)).toChangeTrxBalances(
      client,
      [alice, bob],
      [(r) => -1_000_000n - r.fee!, 1_000_000n],
    );
  });

  it("gives a typed receipt: fee, bandwidth, block", async () => {
    const [alice, bob] = await client.accounts();
    const receipt = await client.transfer(alice!, bob!.hex, 5n);
    expect(receipt).toSucceed();
    expect(receipt.fee).toBe(0n);
    expect(receipt.bandwidth!.used).toBeGreaterThan(200n);
    expect(receipt.blockNumber).toBeGreaterThan(1n);
  });

  it("returns java-tron's refusals with their code and text", async () => {
    const [alice, bob] = await client.accounts();
    const overdraft = await client.transfer(alice!, bob!, 10n ** 18n);
    expect(overdraft).toBeRefusedWith(
      "CONTRACT_VALIDATE_ERROR",
      "Validate TransferContract error, balance is not sufficient.",
    );
    // signed by the wrong key: the broadcast's SIGERROR
    const wrongKey = await client.transfer(alice!, bob!, 1n, { signers: [bob!] });
    expect(wrongKey).toBeRefusedWith(
      "SIGERROR",
      /^Validate signature error: .* but it is not contained of permission\.$/,
    );
  });

  it("stakes 2.0 energy, delegates and undelegates it, with the resources to show", async () => {
    const [, , carol, dave] = await client.accounts();
    const frozen = await client.send("freezebalancev2", {
      owner_address: carol,
      frozen_balance: 1_000_000_000,
      resource: "ENERGY",
    });
    expect(frozen).toSucceed();
    expect((await client.getAccountResource(carol!)).EnergyLimit).toBeGreaterThan(0);
    expect(
      await client.send("delegateresource", {
        owner_address: carol,
        receiver_address: dave,
        balance: 500_000_000,
        resource: "ENERGY",
      }),
    ).toSucceed();
    expect((await client.getAccountResource(dave!)).EnergyLimit).toBeGreaterThan(0);
    expect(
      await client.send("undelegateresource", {
        owner_address: carol,
        receiver_address: dave,
        balance: 500_000_000,
        resource: "ENERGY",
      }),
    ).toSucceed();
    expect((await client.getAccountResource(dave!)).EnergyLimit ?? 0).toBe(0);
  });

  it("sends a 2-of-3 multi-signature transfer under an active permission", async () => {
    const [alice, bob, carol, dave] = await client.accounts();
    const keys = [alice, bob, carol].map((a) => ({ address: a!.hex, weight: 1 }));
    const updated = await client.send("accountpermissionupdate", {
      owner_address: dave,
      owner: { type: 0, permission_name: "owner", threshold: 1, keys: [{ address: dave!.hex, weight: 1 }] },
      actives: [
        {
          type: 2,
          permission_name: "two-of-three",
          threshold: 2,
          operations: "7fff1fc0033e0000000000000000000000000000000000000000000000000000",
          keys,
        },
      ],
    });
    expect(updated).toSucceed();
    const one = await client.transfer(dave!, alice!, 1n, { permissionId: 2, signers: [alice!] });
    expect(one).toBeRefusedWith("SIGERROR", "Validate signature error: sig error");
    await expect(() =>
      client.transfer(dave!, alice!, 7n, { permissionId: 2, signers: [alice!, bob!] }),
    ).toChangeTrxBalances(client, [alice], [7n]);
  });

  it("votes for the witness, crosses a maintenance and withdraws the voter's rewards", async () => {
    const [, bob] = await client.accounts();
    const witnesses = await client.transport.post("/wallet/listwitnesses", {});
    const witness = witnesses.witnesses[0].address as string;
    expect(
      await client.send("freezebalancev2", {
        owner_address: bob,
        frozen_balance: 2_000_000_000,
        resource: "BANDWIDTH",
      }),
    ).toSucceed();
    expect(
      await client.send("votewitnessaccount", {
        owner_address: bob,
        votes: [{ vote_address: witness, vote_count: 2000 }],
      }),
    ).toSucceed();
    // the votes count from the next maintenance; the witness's blocks of that cycle pay its voters
    // at the maintenance after it
    await client.increaseTime(300);
    await client.mine(10);
    await client.increaseTime(300);
    await client.mine(1);
    const reward = BigInt(
      (await client.transport.post("/wallet/getReward", { address: bob!.hex })).reward ?? 0,
    );
    expect(reward).toBeGreaterThan(0n);
    await expect(() => client.send("withdrawbalance", { owner_address: bob })).toChangeTrxBalances(
      client,
      [bob!],
      [(r) => reward - r.fee!],
    );
  });

  it("issues a TRC-10 token and transfers it, with the token balances it changed", async () => {
    const [alice, bob] = await client.accounts();
    const head = await client.transport.post("/wallet/getnowblock", {});
    const now = BigInt(head.block_header.raw_data.timestamp);
    const hex = (text: string) => Buffer.from(text).toString("hex");
    expect(
      await client.send("createassetissue", {
        owner_address: alice,
        name: hex("KitCoin"),
        abbr: hex("KIT"),
        total_supply: 1_000_000,
        trx_num: 1,
        num: 1,
        precision: 0,
        start_time: now + 60_000n,
        end_time: now + 30n * 86_400_000n,
        url: hex("http://127.0.0.1/kit-token"),
        description: hex("a test token"),
      }),
    ).toSucceed();
    // java-tron prints a token's id as its decimal text
    const tokenId = String((await client.getAccount(alice!)).asset_issued_ID);
    expect(await client.getTokenBalance(alice!, tokenId)).toBe(1_000_000n);
    await expect(() =>
      client.send("transferasset", {
        owner_address: alice,
        to_address: bob,
        asset_name: hex(tokenId),
        amount: 300,
      }),
    ).toChangeTrc10Balances(client, tokenId, [alice, bob], [-300n, 300n]);
  });

  it("checks the resources a stake changes, and impersonates an account it holds no key of", async () => {
    const [alice, bob] = await client.accounts();
    await expect(() =>
      client.send("freezebalancev2", {
        owner_address: alice,
        frozen_balance: 1_000_000,
        resource: "BANDWIDTH",
      }),
    ).toChangeResources(client, alice!, { tronPowerLimit: 1n });
    const stranger = "TLsV52sRDL79HXGGm9yzwKibb6BeruhUzy";
    await client.setBalance(stranger, 5_000_000n);
    await client.impersonate(stranger);
    await expect(() =>
      client.send(
        "createtransaction",
        { owner_address: stranger, to_address: bob, amount: 1_000 },
        { signers: [] },
      ),
    ).toChangeTrxBalances(client, [bob], [1_000n]);
    await client.stopImpersonating(stranger);
    const refused = await client.send(
      "createtransaction",
      { owner_address: stranger, to_address: bob, amount: 1_000 },
      { signers: [] },
    );
    expect(refused.refused?.code).toBe("SIGERROR");
  });

  it("snapshots and reverts, sets balances and moves time", async () => {
    const [alice] = await client.accounts();
    const before = await client.getBalance(alice!);
    const id = await client.snapshot();
    await client.setBalance(alice!, 42n);
    expect(await client.getBalance(alice!)).toBe(42n);
    await client.revert(id);
    expect(await client.getBalance(alice!)).toBe(before);
    const head = async () =>
      BigInt((await client.transport.post("/wallet/getnowblock", {})).block_header.raw_data.timestamp);
    const then = await head();
    await client.increaseTime(3600);
    await client.mine(1);
    expect((await head()) - then).toBeGreaterThanOrEqual(3_600_000n);
  });

  it("fails each matcher with a message naming expected and actual", async () => {
    const [alice, bob] = await client.accounts();
    const changes = await tronMatchers.toChangeTrxBalances.call(
      undefined,
      () => client.transfer(alice!, bob!, 3n),
      client,
      [bob!],
      [4n],
    );
    expect(changes.pass).toBe(false);
    expect(changes.message()).toBe(
      `expected TRX balance changes to be:\n  ${bob!.base58}: expected 4, got 3  ✗`,
    );
    const ok = await client.transfer(alice!, bob!, 1n);
    expect(tronMatchers.toBeRefusedWith(ok, "SIGERROR").message()).toBe(
      "expected the transaction to be refused with SIGERROR, it was accepted (SUCCESS)",
    );
    const refused = await client.transfer(alice!, bob!, 10n ** 18n);
    expect(tronMatchers.toSucceed(refused).message()).toBe(
      'expected the transaction to succeed, it was refused with CONTRACT_VALIDATE_ERROR "Validate TransferContract error, balance is not sufficient."',
    );
    const resources = await tronMatchers.toChangeResources(
      () =>
        client.send("freezebalancev2", {
          owner_address: alice,
          frozen_balance: 1_000_000,
          resource: "ENERGY",
        }),
      client,
      alice!,
      { tronPowerLimit: 5n },
    );
    expect(resources.pass).toBe(false);
    expect(resources.message()).toBe(
      `expected ${alice!.base58}'s resources to change by:\n  tronPowerLimit: expected 5, got 1  ✗`,
    );
    const trc10 = await tronMatchers.toChangeTrc10Balances(
      () => client.transfer(alice!, bob!, 1n),
      client,
      "1000001",
      [alice!],
      [-1n],
    );
    expect(trc10.pass).toBe(false);
    expect(trc10.message()).toBe(
      `expected token 1000001 balance changes to be:\n  ${alice!.base58}: expected -1, got 0  ✗`,
    );
    expect(tronMatchers.toRevertWith(ok, "nope").message()).toBe(
      'expected the transaction to revert with "nope", its result is SUCCESS',
    );
  });
});
