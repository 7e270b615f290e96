/**
 * Every java-tron builder that executes a contract type, sent through the kit on the in-memory dev
 * chain (TRE's parameters: Stake 2.0, multi-sign, TVM on; 300 s maintenances; 1-day unfreeze
 * delay): for each, a transaction that succeeds with one read of the state it changed, and the
 * first refusal java-tron's check order gives for a simple bad input, with the node's code and
 * text. Every case starts from the same chain (a snapshot, reverted after it) and creates what it
 * depends on: a token before transferring it, a witness before voting for it, a stake before
 * delegating it, an open market before ordering on it.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { accountOfKey, createTestClient, memory, type TestAccount, type TestClient } from "../src/index.js";
import "../src/vitest.js";
import { compiledContracts } from "../../../test/support/solidity.js";

const TRX = 1_000_000;
const DAY = 86_400;
/** java-tron reads and prints bytes (names, urls, token ids) as hex unless `visible`. */
const hex = (text: string) => Buffer.from(text).toString("hex");
/** TRX's token id in exchanges and market orders. */
const TRX_ID = hex("_");
/** An active permission's operations: every contract type the chain allows. */
const ALL_OPERATIONS = "7fff1fc0033e0000000000000000000000000000000000000000000000000000";

/** test/contracts/KitCounter.sol, compiled by npm solc (cached in test/.solc-cache). */
const COUNTER = (await compiledContracts()).KitCounter!;

let client: TestClient;
let alice: TestAccount;
let bob: TestAccount;
let carol: TestAccount;
/** An address the chain has never seen. */
const stranger = accountOfKey("ab".repeat(32));

type Body = Record<string, unknown>;
const post = (path: string, body: Body) => client.transport.post(path, body);

/** A refusal case: the builder, what is wrong, its request, and java-tron's text. */
interface Refusal {
  readonly operation: string;
  readonly why: string;
  /** The state the refusal needs, created first. */
  readonly setup?: () => Promise<unknown>;
  readonly body: () => Body;
  readonly text: string | (() => string);
}

/** Sends, expecting success. */
async function ok(operation: string, body: Body) {
  const receipt = await client.send(operation, body);
  expect(receipt).toSucceed();
  return receipt;
}

async function headTimestamp(): Promise<bigint> {
  const head = await post("/wallet/getnowblock", {});
  return BigInt(head.block_header.raw_data.timestamp);
}

/** Moves the clock on and mines a block at the new time. */
async function elapse(seconds: number): Promise<void> {
  await client.increaseTime(seconds);
  await client.mine(1);
}

/** Issues a 1 000 000-unit TRC-10 from `owner`, on sale from a minute after the head; its id. */
async function issueToken(owner: TestAccount, extra: Body = {}): Promise<string> {
  const now = await headTimestamp();
  await ok("createassetissue", {
    owner_address: owner,
    name: hex("KitCoin"),
    abbr: hex("KIT"),
    total_supply: 1_000_000,
    trx_num: 1,
    num: 1,
    start_time: now + 60_000n,
    end_time: now + 30n * 86_400_000n,
    url: hex("http://127.0.0.1/kit-token"),
    description: hex("a test token"),
    ...extra,
  });
  // java-tron prints a token's id as its decimal text
  return String((await client.getAccount(owner)).asset_issued_ID);
}

/** Opens exchange 1: 100 000 of `tokenId` against 100 TRX, created by `owner`. */
async function openExchange(owner: TestAccount, tokenId: string): Promise<void> {
  await ok("exchangecreate", {
    owner_address: owner,
    first_token_id: hex(tokenId),
    first_token_balance: 100_000,
    second_token_id: TRX_ID,
    second_token_balance: 100 * TRX,
  });
}

const becomeWitness = (account: TestAccount) =>
  ok("createwitness", { owner_address: account, url: hex("http://127.0.0.1/witness") });
const freeze = (account: TestAccount, sun: number) =>
  ok("freezebalancev2", { owner_address: account, frozen_balance: sun, resource: "BANDWIDTH" });
/** Proposal 1 by `witness`: ALLOW_MARKET_TRANSACTION (44) on. */
const proposeMarket = (witness: TestAccount) =>
  ok("proposalcreate", { owner_address: witness, parameters: [{ key: 44, value: 1 }] });

/** Deploys the counter from `owner`; its address. */
async function deployCounter(owner: TestAccount): Promise<string> {
  const receipt = await ok("deploycontract", {
    owner_address: owner,
    abi: JSON.stringify(COUNTER.abi),
    bytecode: COUNTER.bytecode,
    fee_limit: 1_000 * TRX,
    call_value: 0,
    consume_user_resource_percent: 100,
    origin_energy_limit: 10_000_000,
    name: "Counter",
  });
  return receipt.contractAddress!;
}
const getContract = (address: string) => post("/wallet/getcontract", { value: address });

describe("every builder that executes a contract, through the kit", () => {
  let start: string;
  beforeAll(async () => {
    client = createTestClient(await memory({ accounts: 3 }));
    [alice, bob, carol] = (await client.accounts()) as [TestAccount, TestAccount, TestAccount];
  });
  afterAll(async () => {
    await client.close();
  });
  beforeEach(async () => {
    start = await client.snapshot();
  });
  afterEach(async () => {
    await client.revert(start);
  });

  /** The table's refusals: each after its setup, CONTRACT_VALIDATE_ERROR with java-tron's text. */
  const refuses = (rows: readonly Refusal[]) =>
    it.each(rows)("$operation refuses $why", async ({ operation, setup, body, text }) => {
      await setup?.();
      expect(await client.send(operation, body())).toBeRefusedWith(
        "CONTRACT_VALIDATE_ERROR",
        typeof text === "string" ? text : text(),
      );
    });

  describe("TRX and accounts", () => {
    it("createtransaction moves TRX", async () => {
      const before = await client.getBalance(bob);
      await ok("createtransaction", { owner_address: alice, to_address: bob, amount: 5 * TRX });
      expect(await client.getBalance(bob)).toBe(before + 5_000_000n);
    });

    it("createaccount activates an address", async () => {
      await ok("createaccount", { owner_address: alice, account_address: stranger });
      expect((await client.getAccount(stranger)).address).toBe(stranger.hex);
    });

    it("updateaccount names the account", async () => {
      await ok("updateaccount", { owner_address: alice, account_name: hex("alice") });
      expect((await client.getAccount(alice)).account_name).toBe(hex("alice"));
    });

    it("setaccountid sets the account's id", async () => {
      await ok("setaccountid", { owner_address: alice, account_id: hex("alice-0001") });
      expect((await client.getAccount(alice)).account_id).toBe(hex("alice-0001"));
    });

    it("accountpermissionupdate sets a 2-of-2 active permission", async () => {
      // the kit writes addresses as hex at the top level and inside arrays, not inside the `owner`
      // object (its key would stay base58 and the node refuses it): hex there
      await ok("accountpermissionupdate", {
        owner_address: alice,
        owner: {
          type: 0,
          permission_name: "owner",
          threshold: 1,
          keys: [{ address: alice.base58, weight: 1 }],
        },
        actives: [
          {
            type: 2,
            permission_name: "pay",
            threshold: 2,
            operations: ALL_OPERATIONS,
            keys: [
              { address: bob.hex, weight: 1 },
              { address: carol.hex, weight: 1 },
            ],
          },
        ],
      });
      const account = await client.getAccount(alice);
      expect(account.active_permission.map((p: { permission_name: string }) => p.permission_name)).toEqual([
        "pay",
      ]);
    });

    refuses([
      {
        operation: "createtransaction",
        why: "an amount of 0",
        body: () => ({ owner_address: alice, to_address: bob, amount: 0 }),
        text: "Amount must be greater than 0.",
      },
      {
        operation: "createaccount",
        why: "an address that already exists",
        body: () => ({ owner_address: alice, account_address: bob }),
        text: "Account has existed",
      },
      {
        operation: "updateaccount",
        why: "a second name (ALLOW_UPDATE_ACCOUNT_NAME is off)",
        setup: () => ok("updateaccount", { owner_address: alice, account_name: hex("alice") }),
        body: () => ({ owner_address: alice, account_name: hex("alicia") }),
        text: "This account name is already existed",
      },
      {
        operation: "setaccountid",
        why: "an id shorter than 8 bytes",
        body: () => ({ owner_address: alice, account_id: hex("short") }),
        text: "Invalid accountId",
      },
      {
        operation: "accountpermissionupdate",
        why: "no active permission",
        body: () => ({
          owner_address: alice,
          owner: {
            type: 0,
            permission_name: "owner",
            threshold: 1,
            keys: [{ address: alice.hex, weight: 1 }],
          },
        }),
        text: "active permission is missed",
      },
    ]);
  });

  describe("TRC-10 tokens", () => {
    it("createassetissue issues the supply to its owner", async () => {
      const tokenId = await issueToken(alice);
      expect(await client.getTokenBalance(alice, tokenId)).toBe(1_000_000n);
    });

    it("transferasset moves tokens", async () => {
      const tokenId = await issueToken(alice);
      await ok("transferasset", {
        owner_address: alice,
        to_address: bob,
        asset_name: hex(tokenId),
        amount: 300,
      });
      expect(await client.getTokenBalance(bob, tokenId)).toBe(300n);
    });

    it("participateassetissue buys tokens in the sale window", async () => {
      const tokenId = await issueToken(alice);
      await elapse(120);
      await ok("participateassetissue", {
        owner_address: bob,
        to_address: alice,
        asset_name: hex(tokenId),
        amount: 1_000,
      });
      expect(await client.getTokenBalance(bob, tokenId)).toBe(1_000n);
    });

    it("updateasset changes the token's url", async () => {
      const tokenId = await issueToken(alice);
      await ok("updateasset", {
        owner_address: alice,
        url: hex("http://127.0.0.1/kit-token-new"),
        description: hex("updated"),
        new_limit: 100,
        new_public_limit: 1_000,
      });
      expect((await post("/wallet/getassetissuebyid", { value: tokenId })).url).toBe(
        hex("http://127.0.0.1/kit-token-new"),
      );
    });

    it("unfreezeasset releases a frozen supply once it expires", async () => {
      const tokenId = await issueToken(alice, { frozen_supply: [{ frozen_amount: 1_000, frozen_days: 1 }] });
      expect(await client.getTokenBalance(alice, tokenId)).toBe(999_000n);
      await elapse(DAY + 120);
      await ok("unfreezeasset", { owner_address: alice });
      expect(await client.getTokenBalance(alice, tokenId)).toBe(1_000_000n);
    });

    let tokenId = "";
    let now = 0n;
    refuses([
      {
        operation: "createassetissue",
        why: "a total supply of 0",
        setup: async () => {
          now = await headTimestamp();
        },
        body: () => ({
          owner_address: alice,
          name: hex("KitCoin"),
          abbr: hex("KIT"),
          total_supply: 0,
          trx_num: 1,
          num: 1,
          start_time: now + 60_000n,
          end_time: now + 86_400_000n,
          url: hex("http://127.0.0.1/kit-token"),
          description: hex("a test token"),
        }),
        text: "TotalSupply must greater than 0!",
      },
      {
        operation: "transferasset",
        why: "more than the owner holds",
        setup: async () => {
          tokenId = await issueToken(alice);
        },
        body: () => ({ owner_address: alice, to_address: bob, asset_name: hex(tokenId), amount: 1_000_001 }),
        text: "assetBalance is not sufficient.",
      },
      {
        operation: "participateassetissue",
        why: "before the sale starts",
        setup: async () => {
          tokenId = await issueToken(alice);
        },
        body: () => ({ owner_address: bob, to_address: alice, asset_name: hex(tokenId), amount: 1_000 }),
        text: "No longer valid period!",
      },
      {
        operation: "updateasset",
        why: "an account that issued no token",
        body: () => ({
          owner_address: bob,
          url: hex("http://127.0.0.1/kit-token-new"),
          description: hex("updated"),
        }),
        text: "Account has not issued any asset",
      },
      {
        operation: "unfreezeasset",
        why: "before the frozen supply expires",
        setup: () => issueToken(alice, { frozen_supply: [{ frozen_amount: 1_000, frozen_days: 1 }] }),
        body: () => ({ owner_address: alice }),
        text: "It's not time to unfreeze asset supply",
      },
    ]);
  });

  describe("staking", () => {
    it("freezebalancev2 stakes TRX for bandwidth and tron power", async () => {
      await freeze(alice, 10 * TRX);
      expect((await client.getAccountResource(alice)).tronPowerLimit).toBe(10);
    });

    it("unfreezebalancev2 starts unfreezing part of a stake", async () => {
      await freeze(alice, 10 * TRX);
      await ok("unfreezebalancev2", {
        owner_address: alice,
        unfreeze_balance: 4 * TRX,
        resource: "BANDWIDTH",
      });
      expect((await client.getAccount(alice)).unfrozenV2[0].unfreeze_amount).toBe(4 * TRX);
    });

    it("delegateresource lends staked bandwidth", async () => {
      await freeze(alice, 10 * TRX);
      await ok("delegateresource", {
        owner_address: alice,
        receiver_address: bob,
        balance: 5 * TRX,
        resource: "BANDWIDTH",
      });
      expect((await client.getAccount(bob)).acquired_delegated_frozenV2_balance_for_bandwidth).toBe(5 * TRX);
    });

    it("undelegateresource takes delegated bandwidth back", async () => {
      await freeze(alice, 10 * TRX);
      const delegation = {
        owner_address: alice,
        receiver_address: bob,
        balance: 5 * TRX,
        resource: "BANDWIDTH",
      };
      await ok("delegateresource", delegation);
      await ok("undelegateresource", delegation);
      expect((await client.getAccount(alice)).delegated_frozenV2_balance_for_bandwidth ?? 0).toBe(0);
    });

    it("withdrawexpireunfreeze pays out an unfreeze after the 1-day delay", async () => {
      await freeze(alice, 10 * TRX);
      await ok("unfreezebalancev2", {
        owner_address: alice,
        unfreeze_balance: 4 * TRX,
        resource: "BANDWIDTH",
      });
      await elapse(DAY);
      const before = await client.getBalance(alice);
      const receipt = await ok("withdrawexpireunfreeze", { owner_address: alice });
      expect(await client.getBalance(alice)).toBe(before + 4_000_000n - receipt.fee!);
    });

    it("cancelallunfreezev2 puts pending unfreezes back into the stake", async () => {
      await freeze(alice, 10 * TRX);
      await ok("unfreezebalancev2", {
        owner_address: alice,
        unfreeze_balance: 4 * TRX,
        resource: "BANDWIDTH",
      });
      await ok("cancelallunfreezev2", { owner_address: alice });
      expect((await client.getAccount(alice)).unfrozenV2).toBeUndefined();
    });

    refuses([
      // Stake 1.0 cannot succeed here: the chain has Stake 2.0 (UNFREEZE_DELAY_DAYS) on, which closes
      // FreezeBalanceContract, so no account can hold a 1.0 stake for unfreezebalance either
      // (stake-v1.test.ts covers both on a chain that keeps Stake 1.0)
      {
        operation: "freezebalance",
        why: "any stake (Stake 2.0 is on)",
        body: () => ({
          owner_address: alice,
          frozen_balance: TRX,
          frozen_duration: 3,
          resource: "BANDWIDTH",
        }),
        text: "freeze v2 is open, old freeze is closed",
      },
      {
        operation: "unfreezebalance",
        why: "no Stake 1.0 balance",
        body: () => ({ owner_address: alice, resource: "BANDWIDTH" }),
        text: "no frozenBalance(BANDWIDTH)",
      },
      {
        operation: "freezebalancev2",
        why: "an amount of 0",
        body: () => ({ owner_address: alice, frozen_balance: 0, resource: "BANDWIDTH" }),
        text: "frozenBalance must be positive",
      },
      {
        operation: "unfreezebalancev2",
        why: "more than the stake",
        setup: () => freeze(alice, 10 * TRX),
        body: () => ({ owner_address: alice, unfreeze_balance: 11 * TRX, resource: "BANDWIDTH" }),
        text: "Invalid unfreeze_balance, [11000000] is error",
      },
      {
        operation: "delegateresource",
        why: "no stake to lend",
        body: () => ({ owner_address: alice, receiver_address: bob, balance: TRX, resource: "BANDWIDTH" }),
        text: "delegateBalance must be less than or equal to available FreezeBandwidthV2 balance",
      },
      {
        operation: "undelegateresource",
        why: "nothing delegated",
        body: () => ({ owner_address: alice, receiver_address: bob, balance: TRX, resource: "BANDWIDTH" }),
        text: "delegated Resource does not exist",
      },
      {
        operation: "withdrawexpireunfreeze",
        why: "an unfreeze still in its delay",
        setup: async () => {
          await freeze(alice, 10 * TRX);
          await ok("unfreezebalancev2", {
            owner_address: alice,
            unfreeze_balance: TRX,
            resource: "BANDWIDTH",
          });
        },
        body: () => ({ owner_address: alice }),
        // java-tron's text ends with a space
        text: "no unFreeze balance to withdraw ",
      },
      {
        operation: "cancelallunfreezev2",
        why: "no pending unfreeze",
        body: () => ({ owner_address: alice }),
        text: "No unfreezeV2 list to cancel",
      },
    ]);
  });

  describe("witnesses and votes", () => {
    const witnessOf = async (account: TestAccount) =>
      (await post("/wallet/listwitnesses", {})).witnesses.find(
        (w: { address: string }) => w.address === account.hex,
      );

    it("createwitness makes the account a witness", async () => {
      await becomeWitness(alice);
      // a witness's url is a string field: printed as text
      expect((await witnessOf(alice)).url).toBe("http://127.0.0.1/witness");
    });

    it("updatewitness changes the witness's url", async () => {
      await becomeWitness(alice);
      await ok("updatewitness", { owner_address: alice, update_url: hex("http://127.0.0.1/witness-new") });
      expect((await witnessOf(alice)).url).toBe("http://127.0.0.1/witness-new");
    });

    it("votewitnessaccount votes with staked TRX", async () => {
      await becomeWitness(alice);
      await freeze(bob, 10 * TRX);
      await ok("votewitnessaccount", {
        owner_address: bob,
        votes: [{ vote_address: alice, vote_count: 10 }],
      });
      expect((await client.getAccount(bob)).votes).toEqual([{ vote_address: alice.hex, vote_count: 10 }]);
    });

    it("withdrawbalance pays a voter's rewards", async () => {
      // the votes go to the genesis witness: a witness created here would join the schedule at the
      // maintenance, and the chain in memory holds no key to produce its slots
      const genesis = (await post("/wallet/listwitnesses", {})).witnesses[0].address as string;
      await freeze(bob, 2_000 * TRX);
      await ok("votewitnessaccount", {
        owner_address: bob,
        votes: [{ vote_address: genesis, vote_count: 2_000 }],
      });
      // the votes count from the next maintenance; that cycle's blocks pay at the one after it
      await client.increaseTime(300);
      await client.mine(10);
      await elapse(300);
      const reward = BigInt((await post("/wallet/getReward", { address: bob.hex })).reward ?? 0);
      expect(reward).toBeGreaterThan(0n);
      const before = await client.getBalance(bob);
      const receipt = await ok("withdrawbalance", { owner_address: bob });
      expect(await client.getBalance(bob)).toBe(before + reward - receipt.fee!);
    });

    it("updateBrokerage changes the witness's share from the next cycle", async () => {
      await becomeWitness(alice);
      await ok("updateBrokerage", { owner_address: alice, brokerage: 50 });
      expect((await post("/wallet/getBrokerage", { address: alice.hex })).brokerage).toBe(20);
      await elapse(300);
      expect((await post("/wallet/getBrokerage", { address: alice.hex })).brokerage).toBe(50);
    });

    refuses([
      {
        operation: "createwitness",
        why: "a balance below the 9 999 TRX it costs",
        setup: () => client.setBalance(alice, 9_998n * 1_000_000n),
        body: () => ({ owner_address: alice, url: hex("http://127.0.0.1/witness") }),
        text: "balance < AccountUpgradeCost",
      },
      {
        operation: "updatewitness",
        why: "an account that is no witness",
        body: () => ({ owner_address: alice, update_url: hex("http://127.0.0.1/witness-new") }),
        text: "Witness does not exist",
      },
      {
        operation: "votewitnessaccount",
        why: "a vote for an account that is no witness",
        setup: () => freeze(bob, 10 * TRX),
        body: () => ({ owner_address: bob, votes: [{ vote_address: alice, vote_count: 1 }] }),
        text: () => `Witness[${alice.hex}] not exists`,
      },
      {
        operation: "withdrawbalance",
        why: "no reward",
        body: () => ({ owner_address: bob }),
        text: "witnessAccount does not have any reward",
      },
      {
        operation: "updateBrokerage",
        why: "a brokerage above 100",
        setup: () => becomeWitness(alice),
        body: () => ({ owner_address: alice, brokerage: 101 }),
        text: "Invalid brokerage",
      },
    ]);
  });

  describe("committee proposals", () => {
    const proposal = async () => post("/wallet/getproposalbyid", { id: 1 });

    it("proposalcreate opens a proposal", async () => {
      await becomeWitness(alice);
      await proposeMarket(alice);
      expect((await proposal()).proposer_address).toBe(alice.hex);
    });

    it("proposalapprove adds the witness's approval", async () => {
      await becomeWitness(alice);
      await proposeMarket(alice);
      await ok("proposalapprove", { owner_address: alice, proposal_id: 1, is_add_approval: true });
      expect((await proposal()).approvals).toEqual([alice.hex]);
    });

    it("proposaldelete cancels the proposal", async () => {
      await becomeWitness(alice);
      await proposeMarket(alice);
      await ok("proposaldelete", { owner_address: alice, proposal_id: 1 });
      expect((await proposal()).state).toBe("CANCELED");
    });

    refuses([
      {
        operation: "proposalcreate",
        why: "an account that is no witness",
        body: () => ({ owner_address: alice, parameters: [{ key: 44, value: 1 }] }),
        text: () => `Witness[${alice.hex}] not exists`,
      },
      {
        operation: "proposalapprove",
        why: "a second approval",
        setup: async () => {
          await becomeWitness(alice);
          await proposeMarket(alice);
          await ok("proposalapprove", { owner_address: alice, proposal_id: 1, is_add_approval: true });
        },
        body: () => ({ owner_address: alice, proposal_id: 1, is_add_approval: true }),
        text: () => `Witness[${alice.hex}]has approved proposal[1] before`,
      },
      {
        operation: "proposaldelete",
        why: "another account's proposal",
        setup: async () => {
          await becomeWitness(alice);
          await proposeMarket(alice);
        },
        body: () => ({ owner_address: bob, proposal_id: 1 }),
        text: () => `Proposal[1] is not proposed by ${bob.hex}`,
      },
    ]);
  });

  describe("Bancor exchanges", () => {
    const exchange = () => post("/wallet/getexchangebyid", { id: 1 });

    it("exchangecreate opens a token/TRX exchange", async () => {
      await openExchange(alice, await issueToken(alice));
      expect((await exchange()).first_token_balance).toBe(100_000);
    });

    it("exchangeinject adds to both sides", async () => {
      await openExchange(alice, await issueToken(alice));
      await ok("exchangeinject", { owner_address: alice, exchange_id: 1, token_id: TRX_ID, quant: 10 * TRX });
      expect((await exchange()).second_token_balance).toBe(110 * TRX);
    });

    it("exchangewithdraw takes from both sides", async () => {
      const tokenId = await issueToken(alice);
      await openExchange(alice, tokenId);
      await ok("exchangewithdraw", {
        owner_address: alice,
        exchange_id: 1,
        token_id: hex(tokenId),
        quant: 10_000,
      });
      expect((await exchange()).first_token_balance).toBe(90_000);
    });

    it("exchangetransaction trades TRX for tokens", async () => {
      const tokenId = await issueToken(alice);
      await openExchange(alice, tokenId);
      const receipt = await ok("exchangetransaction", {
        owner_address: bob,
        exchange_id: 1,
        token_id: TRX_ID,
        quant: TRX,
        expected: 1,
      });
      expect(await client.getTokenBalance(bob, tokenId)).toBe(BigInt(receipt.info.exchange_received_amount));
    });

    let tokenId = "";
    const withExchange = async () => {
      tokenId = await issueToken(alice);
      await openExchange(alice, tokenId);
    };
    refuses([
      {
        operation: "exchangecreate",
        why: "TRX against TRX",
        body: () => ({
          owner_address: alice,
          first_token_id: TRX_ID,
          first_token_balance: TRX,
          second_token_id: TRX_ID,
          second_token_balance: TRX,
        }),
        text: "cannot exchange same tokens",
      },
      {
        operation: "exchangeinject",
        why: "an exchange that does not exist",
        body: () => ({ owner_address: alice, exchange_id: 1, token_id: TRX_ID, quant: TRX }),
        text: "Exchange[1] not exists",
      },
      {
        operation: "exchangewithdraw",
        why: "an account that did not create the exchange",
        setup: withExchange,
        body: () => ({ owner_address: bob, exchange_id: 1, token_id: TRX_ID, quant: TRX }),
        text: () => `account[${bob.hex}] is not creator`,
      },
      {
        operation: "exchangetransaction",
        why: "an expected amount above what the trade gives",
        setup: withExchange,
        body: () => ({ owner_address: bob, exchange_id: 1, token_id: TRX_ID, quant: TRX, expected: 100_000 }),
        text: "token required must greater than expected",
      },
    ]);
  });

  describe("market orders", () => {
    refuses([
      {
        operation: "marketsellasset",
        why: "any order while the committee has not opened the market",
        body: () => ({
          owner_address: alice,
          sell_token_id: TRX_ID,
          sell_token_quantity: 1_000,
          buy_token_id: hex("1000001"),
          buy_token_quantity: 10,
        }),
        text: "Not support Market Transaction, need to be opened by the committee",
      },
    ]);

    describe("once the committee opens the market", () => {
      let closed: string;
      beforeAll(async () => {
        closed = await client.snapshot();
        await becomeWitness(carol);
        await proposeMarket(carol);
        // decided at the first maintenance reaching its expiration (3 days on): one active witness
        // (the genesis one), so ⌊1 · 7/10⌋ = 0 approvals carry it
        await elapse(3 * DAY);
        for (let i = 0; i < 3 && (await post("/wallet/getproposalbyid", { id: 1 })).state === undefined; i++)
          await elapse(300);
        expect((await post("/wallet/getproposalbyid", { id: 1 })).state).toBe("APPROVED");
      });
      afterAll(async () => {
        await client.revert(closed);
      });

      /** Alice's order selling 1 000 sun for 10 of a token she issues; its id. */
      const sellTrx = async () => {
        const tokenId = await issueToken(alice);
        const receipt = await ok("marketsellasset", {
          owner_address: alice,
          sell_token_id: TRX_ID,
          sell_token_quantity: 1_000,
          buy_token_id: hex(tokenId),
          buy_token_quantity: 10,
        });
        return receipt.info.orderId as string;
      };

      it("marketsellasset places an order", async () => {
        const orderId = await sellTrx();
        expect((await post("/wallet/getmarketorderbyaccount", { value: alice.hex })).orders).toEqual([
          expect.objectContaining({ order_id: orderId, sell_token_quantity_remain: 1_000 }),
        ]);
      });

      it("marketcancelorder cancels an order", async () => {
        const orderId = await sellTrx();
        await ok("marketcancelorder", { owner_address: alice, order_id: orderId });
        expect((await post("/wallet/getmarketorderbyid", { value: orderId })).state).toBe("CANCELED");
      });

      refuses([
        {
          operation: "marketcancelorder",
          why: "an order that does not exist",
          body: () => ({ owner_address: alice, order_id: "11".repeat(32) }),
          text: "orderId not exists",
        },
      ]);
    });
  });

  describe("smart contracts", () => {
    it("deploycontract creates the contract", async () => {
      const address = await deployCounter(alice);
      expect((await getContract(address)).name).toBe("Counter");
    });

    it("triggersmartcontract calls it", async () => {
      const address = await deployCounter(alice);
      await ok("triggersmartcontract", {
        owner_address: alice,
        contract_address: address,
        function_selector: "add(uint256)",
        parameter: 5n.toString(16).padStart(64, "0"),
        fee_limit: 100 * TRX,
      });
      expect(await client.contractAt(address, COUNTER.abi).read("count")).toBe(5n);
    });

    it("updatesetting changes the caller's energy share", async () => {
      const address = await deployCounter(alice);
      await ok("updatesetting", {
        owner_address: alice,
        contract_address: address,
        consume_user_resource_percent: 30,
      });
      expect((await getContract(address)).consume_user_resource_percent).toBe(30);
    });

    it("updateenergylimit changes the origin's energy limit", async () => {
      const address = await deployCounter(alice);
      await ok("updateenergylimit", {
        owner_address: alice,
        contract_address: address,
        origin_energy_limit: 5_000_000,
      });
      expect((await getContract(address)).origin_energy_limit).toBe(5_000_000);
    });

    it("clearabi clears the stored ABI", async () => {
      const address = await deployCounter(alice);
      await ok("clearabi", { owner_address: alice, contract_address: address });
      expect((await getContract(address)).abi).toEqual({});
    });

    let address = "";
    const withCounter = async () => {
      address = await deployCounter(alice);
    };
    refuses([
      {
        operation: "deploycontract",
        why: "a caller share above 100 %",
        body: () => ({
          owner_address: alice,
          abi: JSON.stringify(COUNTER.abi),
          bytecode: COUNTER.bytecode,
          fee_limit: 1_000 * TRX,
          consume_user_resource_percent: 101,
          origin_energy_limit: 10_000_000,
          name: "Counter",
        }),
        text: "percent must be >= 0 and <= 100",
      },
      {
        operation: "triggersmartcontract",
        why: "an address with no contract",
        body: () => ({
          owner_address: alice,
          contract_address: stranger,
          function_selector: "add(uint256)",
          parameter: 5n.toString(16).padStart(64, "0"),
          fee_limit: 100 * TRX,
        }),
        text: "No contract or not a valid smart contract",
      },
      {
        operation: "updatesetting",
        why: "a caller share above 100 %",
        setup: withCounter,
        body: () => ({ owner_address: alice, contract_address: address, consume_user_resource_percent: 101 }),
        text: "percent not in [0, 100]",
      },
      {
        operation: "updateenergylimit",
        why: "a limit of 0",
        setup: withCounter,
        body: () => ({ owner_address: alice, contract_address: address, origin_energy_limit: 0 }),
        text: "origin energy limit must be > 0",
      },
      {
        operation: "clearabi",
        why: "an account that is not the deployer",
        setup: withCounter,
        body: () => ({ owner_address: bob, contract_address: address }),
        text: () => `Account[${bob.hex}] is not the owner of the contract`,
      },
    ]);
  });

  describe("shielded transfers", () => {
    // cannot succeed here: a ShieldedTransferContract needs Groth16 proofs made with TRON's Sapling
    // proving parameters, which the node does not have (and ALLOW_SHIELDED_TRANSACTION is off)
    it("createshieldedtransaction refuses to build proofs", async () => {
      expect(
        await client.send("createshieldedtransaction", { transparent_from_address: alice, from_amount: TRX }),
      ).toBeRefusedWith(
        "BUILDER",
        "not possible here: building a shielded transaction needs Groth16 proofs made with TRON's own Sapling proving parameters (~48 MB), which no source this node can reach carries",
      );
    });
  });
});
