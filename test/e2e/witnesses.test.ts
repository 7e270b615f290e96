/**
 * Witnesses and votes end to end through npm `tronweb`: applyForSR costs 9 999 TRX, stakers vote,
 * the next maintenance counts the votes (listSuperRepresentatives), voters' rewards grow block by
 * block (ALLOW_CHANGE_DELEGATION on), withdrawBlockRewards pays once and is refused again within
 * 24 hours, updateBrokerage changes the split from the next cycle. The clock is injected and the
 * maintenance interval short, so the test moves through cycles quickly.
 */
import { bytesToHex, type Clock } from "@tronode/engine/internal";
import {
  createNode,
  DEFAULT_MNEMONIC,
  defaultNodeConfig,
  deriveDevAccounts,
  TRE_CHAIN_PARAMETERS,
  type TronNode,
} from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const TRX = 1_000_000;
let now = 1_800_000_000_000n;
const clock: Clock = { now: () => now };
let node: TronNode;
let keys: string[];
let addresses: string[];

const tw = (i: number) => new TronWeb({ fullHost: node.url!, privateKey: keys[i]! });

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's answers, read loosely
async function send(i: number, build: (t: TronWeb) => Promise<any>): Promise<any> {
  const t = tw(i);
  return t.trx.sendRawTransaction(await t.trx.sign(await build(t)));
}

/** One block, 3 s later (blocks are also mined after every transaction). */
async function mine(): Promise<void> {
  now += 3000n;
  await node.dev.mine(1);
}

/** Blocks until a maintenance has happened (the 30 s interval is 10 blocks). */
async function passMaintenance(): Promise<void> {
  const next = BigInt(
    await (await fetch(`${node.url}/wallet/getnextmaintenancetime`))
      .json()
      .then((j) => (j as { num: number }).num),
  );
  while (now < next) await mine();
  await mine();
}

beforeAll(async () => {
  const defaults = defaultNodeConfig();
  node = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 4,
    clock,
    maintenanceInterval: 30,
    // development account 0 becomes a witness: this node also produces its slots
    extraWitnessKeys: [deriveDevAccounts(DEFAULT_MNEMONIC, 1)[0]!.privateKey],
    genesis: { ...defaults.genesis, parameters: { ...TRE_CHAIN_PARAMETERS, ALLOW_CHANGE_DELEGATION: 1n } },
  });
  keys = node.accounts.map((a) => bytesToHex(a.privateKey));
  addresses = node.accounts.map((a) => TronWeb.address.fromHex(bytesToHex(a.address)));
});

afterAll(async () => {
  await node?.stop();
});

describe("witnesses through TronWeb", () => {
  it("applies for SR, gathers votes counted at maintenance, and pays voters", async () => {
    const before = await tw(0).trx.getBalance(addresses[0]);
    expect(
      (await send(0, (t) => t.transactionBuilder.applyForSR(addresses[0], "https://sr.example"))).result,
    ).toBe(true);
    expect(await tw(0).trx.getBalance(addresses[0])).toBe(before - 9_999 * TRX);

    for (const [i, stake, votes] of [
      [1, 1_000, 600],
      [2, 500, 400],
    ] as const) {
      expect(
        (await send(i, (t) => t.transactionBuilder.freezeBalanceV2(stake * TRX, "ENERGY", addresses[i])))
          .result,
      ).toBe(true);
      expect(
        (await send(i, (t) => t.transactionBuilder.vote({ [addresses[0]!]: votes }, addresses[i]))).result,
      ).toBe(true);
    }
    const sr = (list: { address: string; voteCount?: number }[]) =>
      list.find((w) => w.address === tw(0).address.toHex(addresses[0]!).toLowerCase());
    // votes count only at the next maintenance
    expect(sr(await tw(0).trx.listSuperRepresentatives())?.voteCount ?? 0).toBe(0);
    // …while getNowWitnessList (java-tron 4.8.1) already shows the live counts
    const live = await tw(0).trx.getNowWitnessList({ confirmed: false });
    expect(sr(live)?.voteCount).toBe(1000);
    const page = async (body: unknown) =>
      (
        await fetch(`${node.url}/wallet/getpaginatednowwitnesslist`, {
          method: "POST",
          body: JSON.stringify(body),
        })
      ).json();
    expect(await page({ offset: 0, limit: 0 })).toEqual({});
    expect(((await page({ offset: 1, limit: 1 })) as { witnesses: unknown[] }).witnesses).toHaveLength(1);
    // during a maintenance block java-tron 4.8.1 refuses on the head (its vote records were just cleared)
    const next = BigInt(
      await (await fetch(`${node.url}/wallet/getnextmaintenancetime`))
        .json()
        .then((j) => (j as { num: number }).num),
    );
    while (now + 3000n < next) await mine();
    await mine(); // the maintenance block
    expect(await page({ offset: 0, limit: 5 })).toEqual({
      Error:
        "class org.tron.core.exception.MaintenanceUnavailableException : Service temporarily unavailable during maintenance period. Please try again later.",
    });
    expect(sr(await tw(0).trx.listSuperRepresentatives())?.voteCount).toBe(1000);

    // a cycle of blocks with the new SR among the standby witnesses: the voters' reward grows
    const start = await tw(1).trx.getUnconfirmedReward(addresses[1]);
    await passMaintenance();
    const grown = await tw(1).trx.getUnconfirmedReward(addresses[1]);
    expect(grown).toBeGreaterThan(start);
    expect(await tw(2).trx.getUnconfirmedReward(addresses[2])).toBeGreaterThan(0);
    // 600 and 400 votes share the pool 3:2
    expect(Math.abs((await tw(2).trx.getUnconfirmedReward(addresses[2])) * 1.5 - grown)).toBeLessThan(2);

    // withdrawBlockRewards pays once; again within 24 h answers java-tron's text
    const balance = await tw(1).trx.getUnconfirmedBalance(addresses[1]);
    const paid = await send(1, (t) => t.transactionBuilder.withdrawBlockRewards(addresses[1]));
    expect(paid.result).toBe(true);
    expect(await tw(1).trx.getUnconfirmedBalance(addresses[1])).toBe(balance + grown);
    // getBalance reads /walletsolidity: with two witnesses the payment shows once its block is solid
    expect(await tw(1).trx.getBalance(addresses[1])).toBe(balance);
    for (let i = 0; i < 3; i++) await mine();
    expect(await tw(1).trx.getBalance(addresses[1])).toBe(balance + grown);
    const again = await send(1, (t) => t.transactionBuilder.withdrawBlockRewards(addresses[1]));
    expect(again.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(Buffer.from(again.message, "hex").toString()).toMatch(
      /^Contract validate error : The last withdraw time is \d+, less than 24 hours$/,
    );
  });

  it("changes the brokerage from the next cycle", async () => {
    expect(await tw(0).trx.getUnconfirmedBrokerage(addresses[0])).toBe(20);
    expect((await send(0, (t) => t.transactionBuilder.updateBrokerage(50, addresses[0]))).result).toBe(true);
    expect(await tw(0).trx.getUnconfirmedBrokerage(addresses[0])).toBe(20);
    await passMaintenance();
    expect(await tw(0).trx.getUnconfirmedBrokerage(addresses[0])).toBe(50);
  });

  it("refuses the genesis witness's withdrawal and bad votes with java-tron's texts", async () => {
    const post = async (path: string, body: unknown) =>
      (await (await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json()) as {
        Error?: string;
      };
    const genesisWitness = TronWeb.address.fromPrivateKey(
      "0000000000000000000000000000000000000000000000000000000000000001",
    );
    expect(
      (await post("/wallet/withdrawbalance", { owner_address: genesisWitness, visible: true })).Error,
    ).toContain("is a guard representative and is not allowed to withdraw Balance");
    expect(
      (
        await post("/wallet/votewitnessaccount", {
          owner_address: addresses[3],
          votes: [{ vote_address: addresses[3], vote_count: 1 }],
          visible: true,
        })
      ).Error,
    ).toContain(`Witness[${tw(0).address.toHex(addresses[3]!).toLowerCase()}] not exists`);
    expect(
      (
        await post("/wallet/createwitness", {
          owner_address: addresses[0],
          url: "https://again",
          visible: true,
        })
      ).Error,
    ).toContain("has existed");
  });
});
