/**
 * Committee proposals end to end through npm `tronweb` on a three-witness chain: a witness
 * proposes three fee changes (TronWeb signs its own encoding, whose map order is neither java-tron's
 * nor protobuf-es's — the node keeps the signed bytes), two witnesses approve, and after the
 * maintenance that reaches the proposal's expiration `getChainParameters` shows the new values and
 * the new fee is charged. Also a cancelled proposal, java-tron's refusal texts over HTTP, and the
 * proposal reads. The clock is injected and the proposal lifetime short (`proposalExpireTime`).
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bytesToHex, type Clock } from "@tronode/engine/internal";
import {
  applyConfigFile,
  createNode,
  DEFAULT_MNEMONIC,
  defaultNodeConfig,
  deriveDevAccounts,
  type TronNode,
} from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllClis, startCli, startedUrl, waitForOutput } from "../support/cli-process.js";

let now = 1_800_000_000_000n;
const clock: Clock = { now: () => now };
let node: TronNode;
/** Witness keys (hex) and base58 addresses, in the node's witness order. */
let witnessKeys: string[];
let witnesses: string[];
let userKey: string;
let user: string;

// biome-ignore lint/suspicious/noExplicitAny: TronWeb's and java-tron's JSON, read loosely
type Json = any;

const tw = (key: string) => new TronWeb({ fullHost: node.url!, privateKey: key });
const post = async (path: string, body: unknown): Promise<Json> =>
  (await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) })).json();

async function send(key: string, build: (t: TronWeb) => Promise<Json>): Promise<Json> {
  const t = tw(key);
  const signed = await t.trx.sign(await build(t));
  return { ...(await t.trx.sendRawTransaction(signed)), signed };
}

async function mine(): Promise<void> {
  now += 3000n;
  await node.dev.mine(1);
}

const parameter = async (key: string): Promise<number | undefined> =>
  ((await tw(userKey).trx.getChainParameters()) as { key: string; value?: number }[]).find(
    (p) => p.key === key,
  )?.value;

beforeAll(async () => {
  node = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 2,
    clock,
    witnessCount: 3,
    maintenanceInterval: 30,
    proposalExpireTime: 60,
  });
  witnessKeys = node.witnesses.map((w) => bytesToHex(w.privateKey));
  witnesses = node.witnesses.map((w) => TronWeb.address.fromHex(bytesToHex(w.address)));
  userKey = bytesToHex(node.accounts[0]!.privateKey);
  user = TronWeb.address.fromHex(bytesToHex(node.accounts[0]!.address));
  await mine();
});

afterAll(async () => {
  await node?.stop();
});

describe("committee proposals through TronWeb", () => {
  it("a witness proposes, two approve, the maintenance applies it and the new fee is charged", async () => {
    // keys 11, 3, 2: TronWeb writes them sorted as strings (11, 2, 3), java-tron as given, protobuf-es ascending
    const created = await send(witnessKeys[0]!, (t) =>
      t.transactionBuilder.createProposal(
        [
          { key: 11, value: 200 },
          { key: 3, value: 20 },
          { key: 2, value: 5_000_000 },
        ],
        witnesses[0],
      ),
    );
    expect(created.result).toBe(true);
    expect(created.transaction.txID).toBe(created.signed.txID);
    const stored: Json = await tw(userKey).trx.getTransaction(created.signed.txID);
    expect(stored.raw_data_hex).toBe(created.signed.raw_data_hex);

    const proposal: Json = await tw(userKey).trx.getProposal(1);
    expect(proposal.proposal_id).toBe(1);
    expect(proposal.proposer_address).toBe(TronWeb.address.toHex(witnesses[0]!).toLowerCase());
    // stored and printed in the order TronWeb wrote them
    expect(proposal.parameters).toEqual([
      { key: 11, value: 200 },
      { key: 2, value: 5_000_000 },
      { key: 3, value: 20 },
    ]);
    expect(proposal.state ?? "PENDING").toBe("PENDING");

    for (const i of [1, 2]) {
      const approved = await send(witnessKeys[i]!, (t) =>
        t.transactionBuilder.voteProposal(1, true, witnesses[i]),
      );
      expect(approved.result).toBe(true);
    }
    // approving twice is refused with java-tron's text
    const twice = await send(witnessKeys[1]!, (t) =>
      t.transactionBuilder.voteProposal(1, true, witnesses[1]),
    );
    expect(twice.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(Buffer.from(twice.message, "hex").toString()).toBe(
      `Contract validate error : Witness[${TronWeb.address.toHex(witnesses[1]!).toLowerCase()}]has approved proposal[1] before`,
    );
    expect((await tw(userKey).trx.getProposal(1)).approvals).toHaveLength(2);

    expect(await parameter("getEnergyFee")).toBe(100);
    const expiration = BigInt((await tw(userKey).trx.getProposal(1)).expiration_time);
    while (now < expiration) await mine();
    await mine();
    expect((await tw(userKey).trx.getProposal(1)).state).toBe("APPROVED");
    expect(await parameter("getEnergyFee")).toBe(200);
    expect(await parameter("getTransactionFee")).toBe(20);
    expect(await parameter("getCreateAccountFee")).toBe(5_000_000);
    expect(((await (await fetch(`${node.url}/wallet/getenergyprices`)).json()) as Json).prices).toBe(
      `0:100,${expiration}:200`,
    );

    // creating an account now costs the new fee (no staked bandwidth: CREATE_ACCOUNT_FEE is burned)
    const fresh = TronWeb.address.fromPrivateKey("11".repeat(32)) as string;
    // getBalance reads /walletsolidity, which trails the head with three witnesses
    const before = await tw(userKey).trx.getUnconfirmedBalance(user);
    const paid = await send(userKey, (t) => t.transactionBuilder.sendTrx(fresh, 1, user));
    expect(paid.result).toBe(true);
    await mine();
    const info: Json = await post("/wallet/gettransactioninfobyid", { value: paid.signed.txID });
    expect(info.fee).toBe(5_000_000);
    expect(await tw(userKey).trx.getUnconfirmedBalance(user)).toBe(before - 5_000_001);
  });

  it("cancels a proposal, refuses other witnesses' cancels, and lists proposals", async () => {
    const created = await send(witnessKeys[1]!, (t) =>
      t.transactionBuilder.createProposal({ key: 14, value: 1 }, witnesses[1]),
    );
    expect(created.result).toBe(true);
    const notMine = await send(witnessKeys[0]!, (t) => t.transactionBuilder.deleteProposal(2, witnesses[0]));
    expect(Buffer.from(notMine.message, "hex").toString()).toBe(
      `Contract validate error : Proposal[2] is not proposed by ${TronWeb.address.toHex(witnesses[0]!).toLowerCase()}`,
    );
    expect(
      (await send(witnessKeys[1]!, (t) => t.transactionBuilder.deleteProposal(2, witnesses[1]))).result,
    ).toBe(true);
    expect((await tw(userKey).trx.getProposal(2)).state).toBe("CANCELED");
    // a bad value answers ProposalUtil's text
    const bad = await send(witnessKeys[0]!, (t) =>
      t.transactionBuilder.createProposal({ key: 0, value: 1 }, witnesses[0]),
    );
    expect(Buffer.from(bad.message, "hex").toString()).toBe(
      "Contract validate error : Bad chain parameter value, valid range is [3 * 27 * 1000,24 * 3600 * 1000]",
    );
    // a non-witness cannot propose
    const stranger = await send(userKey, (t) =>
      t.transactionBuilder.createProposal({ key: 14, value: 1 }, user),
    );
    expect(Buffer.from(stranger.message, "hex").toString()).toBe(
      `Contract validate error : Witness[${TronWeb.address.toHex(user).toLowerCase()}] not exists`,
    );

    const listed = (await tw(userKey).trx.listProposals()) as Json[];
    expect(listed.map((p) => p.proposal_id).sort()).toEqual([1, 2]);
    expect(await post("/wallet/getpaginatedproposallist", { offset: 1, limit: 5 })).toEqual({
      proposals: [expect.objectContaining({ proposal_id: 2, state: "CANCELED" })],
    });
    expect(await post("/wallet/getpaginatedproposallist", { offset: 2, limit: 5 })).toEqual({});
    expect(await post("/wallet/getproposalbyid", { id: 9 })).toEqual({});
    expect(await post("/wallet/getproposalbyid", {})).toEqual({
      Error: "class java.security.InvalidParameterException : key [id] does not exist",
    });
    // found by the route fuzzer: an object id was printed as JavaScript's "[object Object]"
    expect(await post("/wallet/getproposalbyid", { id: { a: [1, true] } })).toEqual({
      Error: 'class com.alibaba.fastjson.JSONException : can not cast to BigDecimal, value : {"a":[1,true]}',
    });
  });

  it("builds proposals over HTTP in the JSON's order, as java-tron's proposalcreate does", async () => {
    const built = await post("/wallet/proposalcreate", {
      owner_address: TronWeb.address.toHex(witnesses[0]!),
      parameters: [
        { key: 9, value: 1 },
        { key: 2, value: 7 },
      ],
    });
    const value = built.raw_data.contract[0].parameter.value;
    expect(value.parameters).toEqual([
      { key: 9, value: 1 },
      { key: 2, value: 7 },
    ]);
    // the bytes keep 9 before 2 (the raw data the txID covers)
    expect(built.raw_data_hex).toContain("120408091001120408021007");
  });
});

describe("the proposal lifetime setting", () => {
  afterAll(async () => {
    await killAllClis();
  });

  it("tronode --proposal-expire-time sets how long proposals stay open", async () => {
    const cli = startCli([
      "--witnesses",
      "3",
      "--maintenance-interval",
      "60",
      "--proposal-expire-time",
      "120",
      "--block-time",
      "0",
      "--port",
      "0",
      "--accounts",
      "1",
      "-q",
    ]);
    const url = await waitForOutput(cli, startedUrl, 15_000);
    const key = bytesToHex(deriveDevAccounts(DEFAULT_MNEMONIC, 1, "m/44'/195'/1'/0")[0]!.privateKey);
    const t = new TronWeb({ fullHost: url, privateKey: key });
    const owner = t.defaultAddress.base58 as string;
    const sent: Json = await t.trx.sendRawTransaction(
      await t.trx.sign(await t.transactionBuilder.createProposal({ key: 4, value: 1 }, owner)),
    );
    expect(sent.result).toBe(true);
    const p: Json = await (await fetch(`${url}/wallet/getproposalbyid?id=1`)).json();
    const lifetime = p.expiration_time - p.create_time;
    // the first maintenance boundary at least 120 s after the proposal's block
    expect(lifetime).toBeGreaterThanOrEqual(120_000);
    expect(lifetime).toBeLessThan(180_000);
  }, 30_000);

  it("reads proposalExpireTime from the config file", async () => {
    const dir = await mkdtemp(join(tmpdir(), "tronode-proposals-"));
    try {
      const path = join(dir, "config.json");
      await writeFile(path, JSON.stringify({ proposalExpireTime: 45 }));
      expect((await applyConfigFile(defaultNodeConfig(), path)).proposalExpireTime).toBe(45);
      await writeFile(path, JSON.stringify({ proposalExpireTime: "soon" }));
      await expect(applyConfigFile(defaultNodeConfig(), path)).rejects.toThrow(
        "proposalExpireTime must be a whole number of seconds from 0 to 31536000",
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
