/**
 * Stake 2.0 end to end through npm `tronweb` against an in-process node (a block per transaction,
 * TRE's parameters: 1-day unfreeze delay, CancelAllUnfreezeV2 on). The node's clock is injected so
 * the test can move a day ahead and see unfreezes expire, as a real chain would after 28 800 blocks.
 */
import { bytesToHex, type Clock } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TRX = 1_000_000;
const DAY_MS = 86_400_000n;

let node: TronNode;
let now = BigInt(Date.now());
const clock: Clock = { now: () => now };
let keys: string[];
let addresses: string[];
let hexAddresses: string[];

function client(index: number): TronWeb {
  return new TronWeb({ fullHost: node.url!, privateKey: keys[index]! });
}

/** Builds with the account's own TronWeb, signs, broadcasts; returns the broadcast answer. */
async function send(
  index: number,
  build: (tw: TronWeb) => Promise<unknown>,
): Promise<{
  result?: boolean;
  code?: string;
  transaction: { txID: string };
}> {
  const tw = client(index);
  const tx = await build(tw);
  // biome-ignore lint/suspicious/noExplicitAny: TronWeb's broadcast answer, read loosely
  return (await tw.trx.sendRawTransaction(await tw.trx.sign(tx as never))) as any;
}

/**
 * TronWeb 6 builds transactions locally, so the node judges them at broadcast: the refusal's code
 * and its text (printed as hex).
 */
async function refusal(index: number, build: (tw: TronWeb) => Promise<unknown>): Promise<string> {
  const answer = (await send(index, build)) as unknown as { code?: string; message?: string };
  expect(answer.code).toBe("CONTRACT_VALIDATE_ERROR");
  return Buffer.from(answer.message ?? "", "hex").toString("utf8");
}

/** The node's own builder endpoint (java-tron's HTTP builders): the `Error` text of a refusal. */
async function builderError(operation: string, body: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${node.url}/wallet/${operation}`, {
    method: "POST",
    body: JSON.stringify({ ...body, visible: true }),
  });
  const answer = (await response.json()) as { Error?: string };
  expect(answer.Error).toBeDefined();
  return answer.Error!;
}

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 4, clock });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = node.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
  hexAddresses = node.accounts.map((a) => bytesToHex(a.address));
});

afterAll(async () => {
  await node?.stop();
});

describe("Stake 2.0 through TronWeb", () => {
  it("freezes for bandwidth and energy; the limits and total weights follow", async () => {
    const a = await send(0, (tw) =>
      tw.transactionBuilder.freezeBalanceV2(1000 * TRX, "BANDWIDTH", addresses[0]),
    );
    expect(a.result).toBe(true);
    const b = await send(0, (tw) =>
      tw.transactionBuilder.freezeBalanceV2(2000 * TRX, "ENERGY", addresses[0]),
    );
    expect(b.result).toBe(true);

    const tw = client(0);
    const resources = await tw.trx.getAccountResources(addresses[0]);
    expect(resources.TotalNetWeight).toBe(1000);
    expect(resources.TotalEnergyWeight).toBe(2000);
    // The only staker holds the whole network's limits.
    expect(resources.NetLimit).toBe(43_200_000_000);
    expect(resources.EnergyLimit).toBe(50_000_000_000);
    expect(resources.tronPowerLimit).toBe(3000);
    const account = await tw.trx.getAccount(addresses[0]);
    expect(account.balance).toBe(100_000 * TRX - 3000 * TRX);
    expect(account.frozenV2).toEqual([
      { amount: 1000 * TRX },
      { type: "ENERGY", amount: 2000 * TRX },
      { type: "TRON_POWER" },
    ]);
  });

  it("a transfer uses staked bandwidth before free bandwidth", async () => {
    const tw = client(0);
    const before = await tw.trx.getAccountResources(addresses[0]);
    const r = await tw.trx.sendTrx(addresses[1], TRX);
    expect(r.result).toBe(true);
    const info = await tw.trx.getTransactionInfo(r.transaction.txID);
    expect(info.receipt.net_usage).toBeGreaterThan(0);
    expect(info.receipt.net_fee).toBeUndefined();
    const after = await tw.trx.getAccountResources(addresses[0]);
    expect(after.NetUsed).toBe((before.NetUsed ?? 0) + info.receipt.net_usage);
    expect(after.freeNetUsed ?? 0).toBe(before.freeNetUsed ?? 0);
  });

  it("delegates unlocked bandwidth and locked energy; records, indexes and the receiver's limits follow", async () => {
    const tw = client(0);
    const maxBefore = await tw.trx.getCanDelegatedMaxSize(addresses[0], "BANDWIDTH");
    expect(maxBefore.max_size).toBeGreaterThan(990 * TRX);
    expect(maxBefore.max_size).toBeLessThan(1000 * TRX);

    const unlocked = await send(0, (t) =>
      t.transactionBuilder.delegateResource(100 * TRX, addresses[1], "BANDWIDTH", addresses[0], false),
    );
    expect(unlocked.result).toBe(true);
    const locked = await send(0, (t) =>
      t.transactionBuilder.delegateResource(200 * TRX, addresses[1], "ENERGY", addresses[0], true),
    );
    expect(locked.result).toBe(true);

    const head = await tw.trx.getCurrentBlock();
    const records = await tw.trx.getDelegatedResourceV2(addresses[0], addresses[1], { confirmed: false });
    expect(records.delegatedResource).toEqual([
      { from: hexAddresses[0], to: hexAddresses[1], frozen_balance_for_bandwidth: 100 * TRX },
      {
        from: hexAddresses[0],
        to: hexAddresses[1],
        frozen_balance_for_energy: 200 * TRX,
        // no lock period given: 86 400 blocks of 3 s
        expire_time_for_energy: head.block_header.raw_data.timestamp + 86_400 * 3000,
      },
    ]);
    const ownerIndex = await tw.trx.getDelegatedResourceAccountIndexV2(addresses[0], { confirmed: false });
    expect(ownerIndex).toEqual({ account: hexAddresses[0], toAccounts: [hexAddresses[1]] });
    const receiverIndex = await tw.trx.getDelegatedResourceAccountIndexV2(addresses[1]);
    expect(receiverIndex).toEqual({ account: hexAddresses[1], fromAccounts: [hexAddresses[0]] });

    const receiver = await tw.trx.getAccountResources(addresses[1]);
    expect(receiver.NetLimit).toBe(4_320_000_000); // 100 of 1000 staked TRX
    expect(receiver.EnergyLimit).toBe(5_000_000_000); // 200 of 2000
    const receiverAccount = await tw.trx.getAccount(addresses[1]);
    expect(receiverAccount.acquired_delegated_frozenV2_balance_for_bandwidth).toBe(100 * TRX);
    expect(receiverAccount.account_resource.acquired_delegated_frozenV2_balance_for_energy).toBe(200 * TRX);
    const ownerAccount = await tw.trx.getAccount(addresses[0]);
    expect(ownerAccount.delegated_frozenV2_balance_for_bandwidth).toBe(100 * TRX);
    expect(ownerAccount.account_resource.delegated_frozenV2_balance_for_energy).toBe(200 * TRX);
    // delegated stake still counts for the owner's weight and tron power
    const owner = await tw.trx.getAccountResources(addresses[0]);
    expect(owner.TotalNetWeight).toBe(1000);
    expect(owner.tronPowerLimit).toBe(3000);
    const maxAfter = await tw.trx.getCanDelegatedMaxSize(addresses[0], "BANDWIDTH");
    expect(maxAfter.max_size).toBeLessThan(maxBefore.max_size - 99 * TRX);
  });

  it("undelegates unlocked stake; locked stake stays until its lock expires", async () => {
    const r = await send(0, (t) =>
      t.transactionBuilder.undelegateResource(100 * TRX, addresses[1], "BANDWIDTH", addresses[0]),
    );
    expect(r.result).toBe(true);
    const tw = client(0);
    const records = await tw.trx.getDelegatedResourceV2(addresses[0], addresses[1], { confirmed: false });
    expect(records.delegatedResource).toHaveLength(1);
    expect(records.delegatedResource[0].frozen_balance_for_energy).toBe(200 * TRX);
    expect((await tw.trx.getAccountResources(addresses[1])).NetLimit ?? 0).toBe(0);

    const refused = await refusal(0, (t) =>
      t.transactionBuilder.undelegateResource(200 * TRX, addresses[1], "ENERGY", addresses[0]),
    );
    expect(refused).toContain(
      `insufficient delegateFrozenBalance(Energy), request=${200 * TRX}, unlock_balance=0`,
    );
  });

  it("unfreezes with a 1-day delay, withdraws after it, and cancels pending unfreezes", async () => {
    const tw = client(0);
    const u1 = await send(0, (t) =>
      t.transactionBuilder.unfreezeBalanceV2(300 * TRX, "BANDWIDTH", addresses[0]),
    );
    expect(u1.result).toBe(true);
    const head = (await tw.trx.getCurrentBlock()).block_header.raw_data.timestamp;
    expect((await tw.trx.getAccountResources(addresses[0])).TotalNetWeight).toBe(700);
    expect(await tw.trx.getAvailableUnfreezeCount(addresses[0], { confirmed: false })).toEqual({ count: 31 });
    // nothing is withdrawable before the delay, everything after it
    expect(await tw.trx.getCanWithdrawUnfreezeAmount(addresses[0], head, { confirmed: false })).toEqual({});
    expect(
      await tw.trx.getCanWithdrawUnfreezeAmount(addresses[0], head + Number(DAY_MS), { confirmed: false }),
    ).toEqual({ amount: 300 * TRX });

    const early = await refusal(0, (t) => t.transactionBuilder.withdrawExpireUnfreeze(addresses[0]));
    expect(early).toContain("no unFreeze balance to withdraw ");

    // a day later (plus a block), the unfreeze has expired
    now += DAY_MS + 3000n;
    await node.dev.mine(1);
    const before = await tw.trx.getBalance(addresses[0]);
    const w = await send(0, (t) => t.transactionBuilder.withdrawExpireUnfreeze(addresses[0]));
    expect(w.result).toBe(true);
    const info = await tw.trx.getTransactionInfo(w.transaction.txID);
    expect(info.withdraw_expire_amount).toBe(300 * TRX);
    expect(await tw.trx.getBalance(addresses[0])).toBe(before + 300 * TRX);

    // two pending unfreezes cancelled: both go back to their stakes
    await send(0, (t) => t.transactionBuilder.unfreezeBalanceV2(100 * TRX, "BANDWIDTH", addresses[0]));
    await send(0, (t) => t.transactionBuilder.unfreezeBalanceV2(50 * TRX, "ENERGY", addresses[0]));
    expect((await tw.trx.getAccountResources(addresses[0])).TotalNetWeight).toBe(600);
    const c = await send(0, (t) => t.transactionBuilder.cancelUnfreezeBalanceV2(addresses[0]));
    expect(c.result).toBe(true);
    const cancelInfo = await tw.trx.getTransactionInfo(c.transaction.txID);
    expect(cancelInfo.cancel_unfreezeV2_amount).toEqual(
      expect.arrayContaining([
        { key: "BANDWIDTH", value: 100 * TRX },
        { key: "ENERGY", value: 50 * TRX },
      ]),
    );
    const resources = await tw.trx.getAccountResources(addresses[0]);
    expect(resources.TotalNetWeight).toBe(700);
    expect(resources.TotalEnergyWeight).toBe(2000);
    expect((await tw.trx.getAccount(addresses[0])).unfrozenV2).toBeUndefined();
  });

  it("refuses bad staking input with java-tron's messages and changes nothing", async () => {
    const tw = client(2);
    const before = await tw.trx.getAccount(addresses[2]);
    const broadcasts: [(t: TronWeb) => Promise<unknown>, string][] = [
      [
        (t) => t.transactionBuilder.freezeBalanceV2(TRX - 1, "BANDWIDTH", addresses[2]),
        "frozenBalance must be greater than or equal to 1 TRX",
      ],
      [
        (t) => t.transactionBuilder.freezeBalanceV2(1_000_000 * TRX, "ENERGY", addresses[2]),
        "frozenBalance must be less than or equal to accountBalance",
      ],
      [
        (t) => t.transactionBuilder.unfreezeBalanceV2(TRX, "BANDWIDTH", addresses[2]),
        "no frozenBalance(BANDWIDTH)",
      ],
      [
        (t) => t.transactionBuilder.delegateResource(TRX, addresses[3], "ENERGY", addresses[2]),
        "delegateBalance must be less than or equal to available FreezeEnergyV2 balance",
      ],
      [
        (t) => t.transactionBuilder.undelegateResource(TRX, addresses[3], "BANDWIDTH", addresses[2]),
        "delegated Resource does not exist",
      ],
      [(t) => t.transactionBuilder.cancelUnfreezeBalanceV2(addresses[2]), "No unfreezeV2 list to cancel"],
      [(t) => t.transactionBuilder.withdrawExpireUnfreeze(addresses[2]), "no unFreeze balance to withdraw "],
      [
        (t) => t.transactionBuilder.freezeBalance(TRX, 3, "BANDWIDTH", addresses[2]),
        "freeze v2 is open, old freeze is closed",
      ],
    ];
    for (const [build, message] of broadcasts) {
      expect(await refusal(2, build)).toBe(`Contract validate error : ${message}`);
    }

    // What TronWeb refuses itself, the node's builders refuse with java-tron's texts too.
    const builders: [string, Record<string, unknown>, string][] = [
      [
        "freezebalancev2",
        { owner_address: addresses[2], frozen_balance: TRX, resource: "TRON_POWER" },
        "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
      ],
      [
        "freezebalancev2",
        { owner_address: addresses[2], frozen_balance: -5, resource: "ENERGY" },
        "frozenBalance must be positive",
      ],
      [
        "delegateresource",
        { owner_address: addresses[0], receiver_address: addresses[0], balance: TRX, resource: "ENERGY" },
        "receiverAddress must not be the same as ownerAddress",
      ],
      [
        "unfreezebalancev2",
        { owner_address: addresses[0], unfreeze_balance: 10_000 * TRX, resource: "ENERGY" },
        `Invalid unfreeze_balance, [${10_000 * TRX}] is error`,
      ],
      [
        "undelegateresource",
        { owner_address: addresses[0], receiver_address: addresses[1], balance: 0, resource: "ENERGY" },
        "unDelegateBalance must be more than 0 TRX",
      ],
      [
        "delegateresource",
        { owner_address: addresses[0], receiver_address: addresses[1], balance: TRX, resource: "TRON_POWER" },
        "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
      ],
    ];
    for (const [operation, body, message] of builders) {
      expect(await builderError(operation, body)).toBe(
        `class org.tron.core.exception.ContractValidateException : ${message}`,
      );
    }
    expect(await tw.trx.getAccount(addresses[2])).toEqual(before);
  });
});
