/**
 * The witness domain: the five actuators (every check with java-tron's text, in order), vote
 * counting and ranking at maintenance, the active schedule, and block/standby/voter rewards with
 * brokerage, against figures worked out by hand from java-tron's formulas.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  addressOfPrivateKey,
  bytesToHex,
  ChainProperties,
  ContractType,
  type MemoryState,
  queryReward as queryRewardOf,
  ResourceCode,
  sortWitnessAddresses,
  Tables,
  unpackAddresses,
  utf8Encode,
  WitnessSchema,
} from "../../src/internal.js";
import {
  ALICE,
  ALICE_KEY,
  BLACKHOLE,
  BOB,
  newChain,
  WITNESS,
  WITNESS_KEY,
} from "../support/chain-fixture.js";
import {
  account,
  balance,
  CAROL_KEY,
  commit,
  DAVE_KEY,
  edit,
  mutateAccount,
  produce,
  prop,
  tx,
  validateDirect,
} from "../support/tx-helpers.js";

const TRX = 1_000_000n;
const DAY = 86_400_000n;
const COST = 9_999n * TRX;
const CAROL = addressOfPrivateKey(CAROL_KEY);
const DAVE = addressOfPrivateKey(DAVE_KEY);
const hex = bytesToHex;
const SHORT = ALICE.slice(1);
const INTERVAL = 30_000n; // maintenance every 10 blocks

function chain(parameters: Record<string, bigint> = {}): MemoryState {
  const state = newChain({
    UNFREEZE_DELAY_DAYS: 1n,
    MAINTENANCE_TIME_INTERVAL: INTERVAL,
    ALLOW_BLACKHOLE_OPTIMIZATION: 0n,
    ...parameters,
  });
  for (const to of [CAROL, DAVE]) {
    commit(
      state,
      tx(
        state,
        ContractType.TransferContract,
        { ownerAddress: WITNESS, toAddress: to, amount: 20_000n * TRX },
        [WITNESS_KEY],
      ),
    );
  }
  produce(state);
  return state;
}

let sequence = 0n;
function run(state: MemoryState, type: ContractType, parameter: Record<string, unknown>, key: Uint8Array) {
  sequence += 1n;
  return commit(state, tx(state, type, parameter, [key], { timestamp: sequence }));
}

/** CAROL becomes a witness (20 000 TRX, pays 9 999). */
function makeCandidate(state: MemoryState) {
  return run(
    state,
    ContractType.WitnessCreateContract,
    { ownerAddress: CAROL, url: utf8Encode("https://carol.example") },
    CAROL_KEY,
  );
}

function stake(state: MemoryState, owner: Uint8Array, key: Uint8Array, trx: bigint) {
  run(
    state,
    ContractType.FreezeBalanceV2Contract,
    { ownerAddress: owner, frozenBalance: trx * TRX, resource: ResourceCode.ENERGY },
    key,
  );
}

function vote(state: MemoryState, owner: Uint8Array, key: Uint8Array, votes: [Uint8Array, bigint][]) {
  return run(
    state,
    ContractType.VoteWitnessContract,
    { ownerAddress: owner, votes: votes.map(([voteAddress, voteCount]) => ({ voteAddress, voteCount })) },
    key,
  );
}

/** Produces blocks (3 s apart) up to and including the next maintenance block. */
function untilMaintenance(state: MemoryState): number {
  let blocks = 0;
  for (;;) {
    const next = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP") + 3000n;
    const due = next >= prop(state, "NEXT_MAINTENANCE_TIME");
    produce(state, [], next);
    blocks++;
    if (due) return blocks;
  }
}

type Case = [
  name: string,
  parameter: Record<string, unknown>,
  message: string,
  setup?: (s: MemoryState) => void,
];
function checkAll(type: ContractType, cases: Case[], parameters: Record<string, bigint> = {}) {
  it.each(cases)("%s", (_n, parameter, message, setup) => {
    const state = chain(parameters);
    setup?.(state);
    expect(validateDirect(state, type, parameter)).toBe(message);
  });
}

describe("WitnessCreate", () => {
  const T = ContractType.WitnessCreateContract;
  const p = (over: Record<string, unknown> = {}) => ({
    ownerAddress: CAROL,
    url: utf8Encode("https://x"),
    ...over,
  });
  checkAll(T, [
    ["bad owner", p({ ownerAddress: SHORT }), "Invalid address"],
    ["empty url", p({ url: new Uint8Array() }), "Invalid url"],
    ["url over 256 bytes", p({ url: new Uint8Array(257).fill(97) }), "Invalid url"],
    ["missing account", p({ ownerAddress: BOB }), `account[${hex(BOB)}] not exists`],
    ["already a witness", p({ ownerAddress: WITNESS }), `Witness[${hex(WITNESS)}] has existed`],
    ["balance under the cost", p({ ownerAddress: ALICE }), "balance < AccountUpgradeCost"],
  ]);
  it("accepts a 256-byte url; costs 9 999 TRX into the Blackhole and registers the candidate", () => {
    const state = chain();
    expect(validateDirect(state, T, p({ url: new Uint8Array(256).fill(97) }))).toBeUndefined();
    const before = balance(state, BLACKHOLE);
    const out = makeCandidate(state);
    expect(out.info.fee).toBe(COST);
    expect(balance(state, CAROL)).toBe(20_000n * TRX - COST);
    expect(balance(state, BLACKHOLE)).toBe(before + COST);
    const w = state.get(Tables.witnesses, CAROL)!;
    expect([w.url, w.voteCount, w.isJobs]).toEqual(["https://carol.example", 0n, false]);
    expect(account(state, CAROL)!.isWitness).toBe(true);
    expect(account(state, CAROL)!.witnessPermission?.keys[0]?.address).toEqual(CAROL);
    expect(prop(state, "TOTAL_CREATE_WITNESS_FEE")).toBe(COST);
  });
});

describe("WitnessUpdate", () => {
  const T = ContractType.WitnessUpdateContract;
  const p = (over: Record<string, unknown> = {}) => ({
    ownerAddress: WITNESS,
    updateUrl: utf8Encode("https://new"),
    ...over,
  });
  checkAll(T, [
    ["bad owner", p({ ownerAddress: SHORT }), "Invalid address"],
    ["missing account", p({ ownerAddress: BOB }), "account does not exist"],
    ["empty url", p({ updateUrl: new Uint8Array() }), "Invalid url"],
    ["not a witness", p({ ownerAddress: ALICE }), "Witness does not exist"],
  ]);
  it("changes the url", () => {
    const state = chain();
    run(state, T, p(), WITNESS_KEY);
    expect(state.get(Tables.witnesses, WITNESS)!.url).toBe("https://new");
  });
});

describe("VoteWitness", () => {
  const T = ContractType.VoteWitnessContract;
  const v = (address: Uint8Array, count: bigint) => ({ voteAddress: address, voteCount: count });
  const p = (votes: unknown[], owner = ALICE) => ({ ownerAddress: owner, votes });
  const staked = (s: MemoryState) => stake(s, ALICE, ALICE_KEY, 10n);
  checkAll(T, [
    ["bad owner", p([v(WITNESS, 1n)], SHORT), "Invalid address"],
    ["no votes", p([]), "VoteNumber must more than 0"],
    [
      "31 votes",
      p(Array.from({ length: 31 }, () => v(WITNESS, 1n))),
      "VoteNumber more than maxVoteNumber 30",
    ],
    ["bad vote address", p([v(SHORT, 1n)]), "Invalid vote address!"],
    ["zero votes", p([v(WITNESS, 0n)]), "vote count must be greater than 0"],
    ["candidate without account", p([v(BOB, 1n)]), `Account[${hex(BOB)}] not exists`],
    ["candidate not a witness", p([v(ALICE, 1n)]), `Witness[${hex(ALICE)}] not exists`],
    ["owner missing (checked after the votes)", p([v(WITNESS, 1n)], BOB), `Account[${hex(BOB)}] not exists`],
    [
      "more votes than tron power",
      p([v(WITNESS, 11n)]),
      `The total number of votes[${11n * TRX}] is greater than the tronPower[${10n * TRX}]`,
      staked,
    ],
    [
      "no tron power",
      p([v(WITNESS, 1n)]),
      `The total number of votes[${TRX}] is greater than the tronPower[0]`,
    ],
  ]);
  it("accepts 30 votes within the tron power and records old and new votes for maintenance", () => {
    const state = chain();
    stake(state, ALICE, ALICE_KEY, 30n);
    expect(validateDirect(state, T, p(Array.from({ length: 30 }, () => v(WITNESS, 1n))))).toBeUndefined();
    vote(state, ALICE, ALICE_KEY, [[WITNESS, 20n]]);
    vote(state, ALICE, ALICE_KEY, [[WITNESS, 30n]]);
    expect(account(state, ALICE)!.votes.map((x) => x.voteCount)).toEqual([30n]);
    const row = state.get(Tables.votes, ALICE)!;
    expect([row.oldVotes.length, row.newVotes.map((x) => x.voteCount)]).toEqual([0, [30n]]);
  });
});

describe("WithdrawBalance", () => {
  const T = ContractType.WithdrawBalanceContract;
  checkAll(T, [
    ["bad owner", { ownerAddress: SHORT }, "Invalid address"],
    ["missing account", { ownerAddress: BOB }, `Account[${hex(BOB)}] not exists`],
    [
      "genesis witness",
      { ownerAddress: WITNESS },
      `Account[${hex(WITNESS)}] is a guard representative and is not allowed to withdraw Balance`,
    ],
    ["nothing to withdraw", { ownerAddress: ALICE }, "witnessAccount does not have any reward"],
    [
      "within 24 hours of the last withdraw",
      { ownerAddress: ALICE },
      "The last withdraw time is 1700000000000, less than 24 hours",
      (s) =>
        mutateAccount(s, ALICE, (a) => {
          a.allowance = TRX;
          a.latestWithdrawTime = 1_700_000_000_000n;
        }),
    ],
  ]);
  it("pays the allowance once, then again only 24 hours later", () => {
    const state = chain();
    mutateAccount(state, ALICE, (a) => {
      a.allowance = 5n * TRX;
    });
    const before = balance(state, ALICE);
    expect(run(state, T, { ownerAddress: ALICE }, ALICE_KEY).info.withdrawAmount).toBe(5n * TRX);
    expect(balance(state, ALICE)).toBe(before + 5n * TRX);
    mutateAccount(state, ALICE, (a) => {
      a.allowance = TRX;
    });
    const last = account(state, ALICE)!.latestWithdrawTime;
    produce(state, [], last + DAY - 1n);
    expect(validateDirect(state, T, { ownerAddress: ALICE })).toBe(
      `The last withdraw time is ${last}, less than 24 hours`,
    );
    produce(state, [], last + DAY);
    expect(validateDirect(state, T, { ownerAddress: ALICE })).toBeUndefined();
  });
});

describe("UpdateBrokerage", () => {
  const T = ContractType.UpdateBrokerageContract;
  const on = { ALLOW_CHANGE_DELEGATION: 1n };
  checkAll(T, [
    [
      "delegation off",
      { ownerAddress: WITNESS, brokerage: 10 },
      "contract type error, unexpected type [UpdateBrokerageContract]",
    ],
  ]);
  checkAll(
    T,
    [
      ["bad owner", { ownerAddress: SHORT, brokerage: 10 }, "Invalid ownerAddress"],
      ["negative", { ownerAddress: WITNESS, brokerage: -1 }, "Invalid brokerage"],
      ["over 100", { ownerAddress: WITNESS, brokerage: 101 }, "Invalid brokerage"],
      ["not a witness", { ownerAddress: ALICE, brokerage: 10 }, `Not existed witness:${hex(ALICE)}`],
    ],
    on,
  );
});

describe("maintenance", () => {
  it("counts votes at the next maintenance only, then ranks and schedules", () => {
    const state = chain();
    makeCandidate(state);
    stake(state, DAVE, DAVE_KEY, 20_000n);
    vote(state, DAVE, DAVE_KEY, [[CAROL, 15_000n]]);
    expect(state.get(Tables.witnesses, CAROL)!.voteCount).toBe(0n);
    untilMaintenance(state);
    expect(state.get(Tables.witnesses, CAROL)!.voteCount).toBe(15_000n);
    expect(state.get(Tables.votes, DAVE)).toBeUndefined();
    // CAROL (15 000) now ranks before the genesis witness (10 000)
    const active = unpackAddresses(new ChainProperties(state).getBytes("ACTIVE_WITNESSES"));
    expect(active.map(hex)).toEqual([hex(CAROL), hex(WITNESS)]);
    expect(state.get(Tables.witnesses, CAROL)!.isJobs).toBe(true);
    // standby allowance (ALLOW_CHANGE_DELEGATION off): 115 200 TRX split by votes over 25 000
    expect(account(state, CAROL)!.allowance).toBe(BigInt(Math.trunc(15_000 * (115_200_000_000 / 25_000))));
    // a changed vote moves votes from the old candidate at the next maintenance
    vote(state, DAVE, DAVE_KEY, [[WITNESS, 5_000n]]);
    untilMaintenance(state);
    expect(state.get(Tables.witnesses, CAROL)!.voteCount).toBe(0n);
    expect(state.get(Tables.witnesses, WITNESS)!.voteCount).toBe(15_000n);
  });

  it("ranks ties by protobuf ByteString hash code, or by hex address with the sort optimization", () => {
    const state = chain();
    // five candidates with votes 30, 20, 20, 20, 10 (three tied)
    const addresses = [1, 2, 3, 4, 5].map((n) => {
      const a = new Uint8Array(21);
      a[0] = 0x41;
      a[20] = n * 37;
      a[10] = 200 - n;
      return a;
    });
    const votes = [30n, 20n, 20n, 20n, 10n];
    edit(state, (overlay) => {
      for (const [i, address] of addresses.entries()) {
        overlay.put(Tables.witnesses, address, create(WitnessSchema, { address, voteCount: votes[i]! }));
      }
    });
    const hashOrder = sortWitnessAddresses(state, addresses, false).map((a) => a[20]! / 37);
    const hexOrder = sortWitnessAddresses(state, addresses, true).map((a) => a[20]! / 37);
    // Votes descending; the three 20-vote candidates by ByteString.hashCode() descending
    // (h = length, then h = 31·h + signed byte, in 32-bit arithmetic): candidate 2 → 2147362140,
    // 4 → 1446297380, 3 → -350653760. By hex address (sort optimization): byte 10 is 200 − n, so
    // the address of candidate 2 sorts above 3 above 4.
    expect(hashOrder).toEqual([1, 2, 4, 3, 5]);
    expect(hexOrder).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("rewards with ALLOW_CHANGE_DELEGATION (brokerage 20 %, three voters, three cycles)", () => {
  it("splits block rewards by brokerage into the voters' pool and pays voters by cycle", () => {
    const state = chain({ ALLOW_CHANGE_DELEGATION: 1n });
    makeCandidate(state);
    stake(state, ALICE, ALICE_KEY, 900n);
    stake(state, DAVE, DAVE_KEY, 100n);
    stake(state, CAROL, CAROL_KEY, 100n);
    vote(state, ALICE, ALICE_KEY, [[CAROL, 10n]]);
    vote(state, DAVE, DAVE_KEY, [[CAROL, 20n]]);
    vote(state, CAROL, CAROL_KEY, [[CAROL, 30n]]);
    untilMaintenance(state); // cycle 1 starts: CAROL has 60 votes
    expect(prop(state, "CURRENT_CYCLE_NUMBER")).toBe(1n);
    const n1 = untilMaintenance(state); // all of cycle 1, ending with the block that starts cycle 2
    run(state, ContractType.UpdateBrokerageContract, { ownerAddress: CAROL, brokerage: 50 }, CAROL_KEY);
    const n2 = untilMaintenance(state); // cycle 2 still at 20 %
    const n3 = untilMaintenance(state); // cycle 3 at 50 %
    expect(prop(state, "CURRENT_CYCLE_NUMBER")).toBe(4n);

    // Each block pays 16 TRX standby over 10 000 (genesis) + 60 (CAROL) votes:
    // CAROL's share (long)(60 · (16e6 / 10060)) = 95 427; at 20 % she keeps (long)(0.2 · 95 427) = 19 085,
    // the pool gets 76 342; at 50 % she keeps 47 713 and the pool gets 47 714.
    const pool20 = 95_427n - 19_085n;
    const pool50 = 95_427n - 47_713n;
    const pools = [BigInt(n1) * pool20, BigInt(n2) * pool20, BigInt(n3) * pool50];
    // a voter's reward per cycle: (long)(0 + votes / 60 · pool), summed over the cycles
    const expected = (votes: number) =>
      pools.reduce((sum, pool) => sum + BigInt(Math.trunc((votes / 60) * Number(pool))), 0n);
    const reward = (address: Uint8Array) => {
      let out = 0n;
      edit(state, (overlay, props) => {
        out = queryRewardOf(overlay, props, address);
      });
      return out;
    };
    expect(reward(ALICE)).toBe(expected(10));
    expect(reward(DAVE)).toBe(expected(20));
    // CAROL's own share of block rewards is her allowance, on top of her voter reward
    const carol = account(state, CAROL)!;
    expect(reward(CAROL)).toBe(expected(30) + carol.allowance);
    expect(carol.allowance).toBe(BigInt(n1 + n2) * 19_085n + BigInt(n3) * 47_713n);

    // withdrawbalance pays the settled voter reward; a second one inside 24 h is refused
    const before = balance(state, ALICE);
    const out = run(state, ContractType.WithdrawBalanceContract, { ownerAddress: ALICE }, ALICE_KEY);
    expect(out.info.withdrawAmount).toBe(expected(10));
    expect(balance(state, ALICE)).toBe(before + expected(10));
    expect(reward(ALICE)).toBe(0n);
  });
});

describe("rewards with the Vi algorithm (a chain born with ALLOW_TVM_VOTE)", () => {
  it("pays voters by the difference of the witness's reward per vote", () => {
    const state = chain({ ALLOW_CHANGE_DELEGATION: 1n, ALLOW_TVM_VOTE: 1n });
    expect(prop(state, "NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE")).toBe(0n);
    makeCandidate(state);
    stake(state, ALICE, ALICE_KEY, 900n);
    stake(state, DAVE, DAVE_KEY, 100n);
    vote(state, ALICE, ALICE_KEY, [[CAROL, 10n]]);
    vote(state, DAVE, DAVE_KEY, [[CAROL, 50n]]);
    untilMaintenance(state); // cycle 1: CAROL has 60 votes
    const n1 = untilMaintenance(state);
    const n2 = untilMaintenance(state);
    // Vi(c) = Vi(c−1) + pool(c)·1e18 / 60 with the 20 % brokerage pool of §3.6 (76 342 a block)
    const vi = [n1, n2].reduce((sum, n) => sum + (BigInt(n) * 76_342n * 10n ** 18n) / 60n, 0n);
    let alice = 0n;
    let dave = 0n;
    edit(state, (overlay, props) => {
      alice = queryRewardOf(overlay, props, ALICE);
      dave = queryRewardOf(overlay, props, DAVE);
    });
    expect(alice).toBe((vi * 10n) / 10n ** 18n);
    expect(dave).toBe((vi * 50n) / 10n ** 18n);
  });
});
