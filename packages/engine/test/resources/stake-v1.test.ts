import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  Account_FrozenSchema,
  AccountSchema,
  AccountType,
  bytesToHex,
  ContractType,
  type MemoryState,
  ResourceCode,
  Tables,
  VoteSchema,
} from "../../src/internal.js";
import { delegatedResourceKeyV1, delegationIndexV1, oldIndexRow } from "../../src/resources/delegation.js";
import { ALICE, ALICE_KEY, BOB, newChain, signedTx } from "../support/chain-fixture.js";
import {
  account,
  commit,
  edit,
  mutateAccount,
  prop,
  pushError,
  validateDirect,
} from "../support/tx-helpers.js";

const F = ContractType.FreezeBalanceContract;
const UF = ContractType.UnfreezeBalanceContract;
const TRX = 1_000_000n;
const DAY = 86_400_000n;
const V1 = { ALLOW_DELEGATE_RESOURCE: 1n, UNFREEZE_DELAY_DAYS: 0n };

function chain(params: Record<string, bigint> = V1): MemoryState {
  const state = newChain(params);
  edit(state, (overlay) => {
    overlay.put(Tables.accounts, BOB, create(AccountSchema, { address: BOB, balance: 1n, createTime: 1n }));
  });
  return state;
}

const freeze = (p: Record<string, unknown>) => ({
  ownerAddress: ALICE,
  frozenBalance: 10n * TRX,
  frozenDuration: 3n,
  resource: ResourceCode.BANDWIDTH,
  ...p,
});
const unfreeze = (p: Record<string, unknown>) => ({
  ownerAddress: ALICE,
  resource: ResourceCode.BANDWIDTH,
  ...p,
});

function later(state: MemoryState, ms: bigint) {
  edit(state, (_o, p) => p.set("LATEST_BLOCK_HEADER_TIMESTAMP", p.headTimestamp + ms));
}

describe("FreezeBalanceContract validation", () => {
  const bad = new Uint8Array(21);
  const CAROL = new Uint8Array(21).fill(0x41, 0, 1).fill(7, 1);
  it.each<[string, Record<string, bigint>, Record<string, unknown>, string]>([
    ["bad owner", V1, { ownerAddress: bad }, "Invalid address"],
    ["no owner", V1, { ownerAddress: CAROL }, `Account[${bytesToHex(CAROL)}] not exists`],
    ["zero", V1, { frozenBalance: 0n }, "frozenBalance must be positive"],
    ["under 1 TRX", V1, { frozenBalance: TRX - 1n }, "frozenBalance must be greater than or equal to 1 TRX"],
    [
      "over balance",
      V1,
      { frozenBalance: 1_001n * TRX },
      "frozenBalance must be less than or equal to accountBalance",
    ],
    [
      "duration 2",
      V1,
      { frozenDuration: 2n },
      "frozenDuration must be less than 3 days and more than 3 days",
    ],
    [
      "duration 4",
      V1,
      { frozenDuration: 4n },
      "frozenDuration must be less than 3 days and more than 3 days",
    ],
    [
      "tron power, old model",
      V1,
      { resource: ResourceCode.TRON_POWER },
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
    ],
    [
      "tron power delegated",
      { ...V1, ALLOW_NEW_RESOURCE_MODEL: 1n },
      { resource: ResourceCode.TRON_POWER, receiverAddress: BOB },
      "TRON_POWER is not allowed to delegate to other accounts.",
    ],
    ["unknown resource", V1, { resource: 7 }, "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]"],
    [
      "unknown resource, new model",
      { ...V1, ALLOW_NEW_RESOURCE_MODEL: 1n },
      { resource: 7 },
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]",
    ],
    ["to oneself", V1, { receiverAddress: ALICE }, "receiverAddress must not be the same as ownerAddress"],
    ["bad receiver", V1, { receiverAddress: bad }, "Invalid receiverAddress"],
    ["no receiver", V1, { receiverAddress: CAROL }, `Account[${bytesToHex(CAROL)}] not exists`],
    ["Stake 2.0 on", { ...V1, UNFREEZE_DELAY_DAYS: 14n }, {}, "freeze v2 is open, old freeze is closed"],
    [
      "Stake 2.0 on, valid delegation",
      { ...V1, UNFREEZE_DELAY_DAYS: 14n },
      { receiverAddress: BOB },
      "freeze v2 is open, old freeze is closed",
    ],
  ])("%s", (_name, params, p, message) => {
    expect(validateDirect(chain(params), F, freeze(p))).toBe(message);
  });

  it("a receiver is ignored without delegation; contracts are refused only with Constantinople", () => {
    expect(validateDirect(chain({}), F, freeze({ receiverAddress: ALICE }))).toBeUndefined();
    const state = chain({ ...V1, ALLOW_TVM_CONSTANTINOPLE: 1n });
    mutateAccount(state, BOB, (a) => {
      a.type = AccountType.Contract;
    });
    expect(validateDirect(state, F, freeze({ receiverAddress: BOB }))).toBe(
      "Do not allow delegate resources to contract addresses",
    );
    edit(state, (_o, p) => p.set("ALLOW_TVM_CONSTANTINOPLE", 0n));
    expect(validateDirect(state, F, freeze({ receiverAddress: BOB }))).toBeUndefined();
  });

  it("refuses two frozen entries", () => {
    const state = chain();
    mutateAccount(state, ALICE, (a) => {
      a.frozen = [
        create(Account_FrozenSchema, { frozenBalance: TRX }),
        create(Account_FrozenSchema, { frozenBalance: TRX }),
      ];
    });
    expect(validateDirect(state, F, freeze({}))).toBe("frozenCount must be 0 or 1");
  });

  it("a refused freeze changes nothing", () => {
    const state = chain({ ...V1, UNFREEZE_DELAY_DAYS: 14n });
    const before = account(state, ALICE);
    expect(pushError(state, signedTx(state, F, freeze({}), [ALICE_KEY]))[1]).toBe(
      "Contract validate error : freeze v2 is open, old freeze is closed",
    );
    expect(account(state, ALICE)).toEqual(before);
  });
});

describe("FreezeBalanceContract execution", () => {
  it("freezes for itself: balance, frozen entry with expiry, total weight", () => {
    const state = chain();
    const now = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    const balance = account(state, ALICE)!.balance;
    const outcome = commit(
      state,
      signedTx(state, F, freeze({ frozenBalance: 10n * TRX + 500_000n }), [ALICE_KEY]),
    );
    const alice = account(state, ALICE)!;
    expect(alice.balance).toBe(balance - 10n * TRX - 500_000n - outcome.info.fee);
    expect(alice.frozen.map((f) => [f.frozenBalance, f.expireTime])).toEqual([[10_500_000n, now + 3n * DAY]]);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(10n);
    commit(
      state,
      signedTx(state, F, freeze({ resource: ResourceCode.ENERGY, frozenBalance: 2n * TRX }), [ALICE_KEY]),
    );
    expect(account(state, ALICE)!.accountResource!.frozenBalanceForEnergy!.frozenBalance).toBe(2n * TRX);
    expect(prop(state, "TOTAL_ENERGY_WEIGHT")).toBe(2n);
  });

  it("ALLOW_NEW_REWARD moves the weight by the floor difference, before it by amount / 1e6", () => {
    const old = chain();
    commit(old, signedTx(old, F, freeze({ frozenBalance: 1_500_000n }), [ALICE_KEY]));
    commit(old, signedTx(old, F, freeze({ frozenBalance: 1_500_001n }), [ALICE_KEY]));
    expect(prop(old, "TOTAL_NET_WEIGHT")).toBe(2n);
    const next = chain({ ...V1, ALLOW_NEW_REWARD: 1n });
    commit(next, signedTx(next, F, freeze({ frozenBalance: 1_500_000n }), [ALICE_KEY]));
    commit(next, signedTx(next, F, freeze({ frozenBalance: 1_500_001n }), [ALICE_KEY]));
    expect(prop(next, "TOTAL_NET_WEIGHT")).toBe(3n);
  });

  it("TRON_POWER under the new resource model snapshots the old tron power", () => {
    const state = chain({ ...V1, ALLOW_NEW_RESOURCE_MODEL: 1n });
    commit(state, signedTx(state, F, freeze({ resource: ResourceCode.TRON_POWER }), [ALICE_KEY]));
    const alice = account(state, ALICE)!;
    expect(alice.tronPower!.frozenBalance).toBe(10n * TRX);
    expect(alice.oldTronPower).toBe(-1n);
    expect(prop(state, "TOTAL_TRON_POWER_WEIGHT")).toBe(10n);
  });

  it.each([
    ["old index layout", 0n],
    ["optimized index layout", 1n],
  ])("delegates to a receiver (%s)", (_name, optimization) => {
    const state = chain({ ...V1, ALLOW_DELEGATE_OPTIMIZATION: optimization });
    const now = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    commit(state, signedTx(state, F, freeze({ receiverAddress: BOB }), [ALICE_KEY]));
    commit(
      state,
      signedTx(state, F, freeze({ receiverAddress: BOB, resource: ResourceCode.ENERGY }), [ALICE_KEY]),
    );
    const record = state.get(Tables.delegatedResources, delegatedResourceKeyV1(ALICE, BOB))!;
    expect([record.frozenBalanceForBandwidth, record.expireTimeForBandwidth]).toEqual([
      10n * TRX,
      now + 3n * DAY,
    ]);
    expect(record.frozenBalanceForEnergy).toBe(10n * TRX);
    expect(account(state, ALICE)!.delegatedFrozenBalanceForBandwidth).toBe(10n * TRX);
    expect(account(state, BOB)!.acquiredDelegatedFrozenBalanceForBandwidth).toBe(10n * TRX);
    expect(account(state, BOB)!.accountResource!.acquiredDelegatedFrozenBalanceForEnergy).toBe(10n * TRX);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(10n);
    expect(delegationIndexV1(state, ALICE).toAccounts).toEqual([BOB]);
    expect(delegationIndexV1(state, BOB).fromAccounts).toEqual([ALICE]);
    expect(oldIndexRow(state, ALICE) !== undefined).toBe(optimization === 0n);
  });
});

describe("UnfreezeBalanceContract", () => {
  const CAROL = new Uint8Array(21).fill(0x41, 0, 1).fill(7, 1);

  function frozenChain(params: Record<string, bigint> = V1) {
    const state = chain(params);
    commit(state, signedTx(state, F, freeze({}), [ALICE_KEY]));
    commit(state, signedTx(state, F, freeze({ receiverAddress: BOB, frozenBalance: 5n * TRX }), [ALICE_KEY]));
    return state;
  }

  it.each<[string, Record<string, unknown>, string]>([
    ["bad owner", { ownerAddress: new Uint8Array(21) }, "Invalid address"],
    ["no owner", { ownerAddress: CAROL }, `Account[${bytesToHex(CAROL)}] does not exist`],
    ["to oneself", { receiverAddress: ALICE }, "receiverAddress must not be the same as ownerAddress"],
    ["no receiver", { receiverAddress: CAROL }, `Receiver Account[${bytesToHex(CAROL)}] does not exist`],
    [
      "no energy delegated",
      { receiverAddress: BOB, resource: ResourceCode.ENERGY },
      "no delegateFrozenBalance(Energy)",
    ],
    ["delegated, not expired", { receiverAddress: BOB }, "It's not time to unfreeze."],
    [
      "tron power delegated",
      { receiverAddress: BOB, resource: ResourceCode.TRON_POWER },
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
    ],
    ["own, not expired", {}, "It's not time to unfreeze(BANDWIDTH)."],
    ["own energy", { resource: ResourceCode.ENERGY }, "no frozenBalance(Energy)"],
    [
      "tron power, old model",
      { resource: ResourceCode.TRON_POWER },
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
    ],
  ])("%s", (_name, p, message) => {
    expect(validateDirect(frozenChain(), UF, unfreeze(p))).toBe(message);
  });

  it("checks the receiver's acquired amount and the record", () => {
    const state = frozenChain();
    mutateAccount(state, BOB, (a) => {
      a.acquiredDelegatedFrozenBalanceForBandwidth = TRX;
    });
    expect(validateDirect(state, UF, unfreeze({ receiverAddress: BOB }))).toBe(
      `AcquiredDelegatedFrozenBalanceForBandwidth[${TRX}] < delegatedBandwidth[${5n * TRX}]`,
    );
    edit(state, (o) => o.delete(Tables.delegatedResources, delegatedResourceKeyV1(ALICE, BOB)));
    expect(validateDirect(state, UF, unfreeze({ receiverAddress: BOB }))).toBe(
      "delegated Resource does not exist",
    );
    expect(validateDirect(chain(), UF, unfreeze({}))).toBe("no frozenBalance(BANDWIDTH)");
  });

  it("expiry is inclusive: releasable at exactly the expire time", () => {
    const state = frozenChain();
    later(state, 3n * DAY - 1n);
    expect(validateDirect(state, UF, unfreeze({}))).toBe("It's not time to unfreeze(BANDWIDTH).");
    later(state, 1n);
    expect(validateDirect(state, UF, unfreeze({}))).toBeUndefined();
    expect(validateDirect(state, UF, unfreeze({ receiverAddress: BOB }))).toBeUndefined();
  });

  it("releases its own stake, clears votes, answers unfreeze_amount — also with Stake 2.0 on", () => {
    const state = frozenChain();
    later(state, 3n * DAY);
    edit(state, (_o, p) => p.set("UNFREEZE_DELAY_DAYS", 14n));
    mutateAccount(state, ALICE, (a) => {
      a.votes = [create(VoteSchema, { voteAddress: BOB, voteCount: 3n })];
    });
    const balance = account(state, ALICE)!.balance;
    const outcome = commit(state, signedTx(state, UF, unfreeze({}), [ALICE_KEY]));
    expect(outcome.info.unfreezeAmount).toBe(10n * TRX);
    const alice = account(state, ALICE)!;
    expect(alice.balance).toBe(balance + 10n * TRX - outcome.info.fee);
    expect(alice.frozen).toEqual([]);
    expect(alice.votes).toEqual([]);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(5n);
    const votes = state.get(Tables.votes, ALICE)!;
    expect(votes.oldVotes.map((v) => v.voteCount)).toEqual([3n]);
    expect(votes.newVotes).toEqual([]);
  });

  it.each([
    ["old index layout", 0n],
    ["optimized index layout", 1n],
  ])("releases a delegation: record, index (%s), receiver, weight", (_name, optimization) => {
    const state = frozenChain({ ...V1, ALLOW_DELEGATE_OPTIMIZATION: optimization });
    later(state, 3n * DAY);
    const outcome = commit(state, signedTx(state, UF, unfreeze({ receiverAddress: BOB }), [ALICE_KEY]));
    expect(outcome.info.unfreezeAmount).toBe(5n * TRX);
    expect(state.get(Tables.delegatedResources, delegatedResourceKeyV1(ALICE, BOB))).toBeUndefined();
    expect(account(state, ALICE)!.delegatedFrozenBalanceForBandwidth).toBe(0n);
    expect(account(state, BOB)!.acquiredDelegatedFrozenBalanceForBandwidth).toBe(0n);
    expect(delegationIndexV1(state, ALICE).toAccounts).toEqual([]);
    expect(delegationIndexV1(state, BOB).fromAccounts).toEqual([]);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(10n);
  });

  it("under the new model keeps votes when the old tron power is spent, for BANDWIDTH", () => {
    const state = frozenChain({ ...V1, ALLOW_NEW_RESOURCE_MODEL: 1n });
    later(state, 3n * DAY);
    mutateAccount(state, ALICE, (a) => {
      a.votes = [create(VoteSchema, { voteAddress: BOB, voteCount: 3n })];
      a.oldTronPower = -1n;
    });
    commit(state, signedTx(state, UF, unfreeze({}), [ALICE_KEY]));
    expect(account(state, ALICE)!.votes.map((v) => v.voteCount)).toEqual([3n]);
  });

  it("under the new model clears votes and invalidates a valid old tron power", () => {
    const state = frozenChain({ ...V1, ALLOW_NEW_RESOURCE_MODEL: 1n });
    later(state, 3n * DAY);
    mutateAccount(state, ALICE, (a) => {
      a.votes = [create(VoteSchema, { voteAddress: BOB, voteCount: 3n })];
      // The freezes above ran under the new model and already spent it (-1): make it valid again.
      a.oldTronPower = 15n * TRX;
    });
    commit(state, signedTx(state, UF, unfreeze({}), [ALICE_KEY]));
    const alice = account(state, ALICE)!;
    expect(alice.votes).toEqual([]);
    expect(alice.oldTronPower).toBe(-1n);
  });

  it("with Constantinople a missing receiver is allowed and the weight drops by amount / 1e6", () => {
    const state = frozenChain({ ...V1, ALLOW_TVM_CONSTANTINOPLE: 1n, ALLOW_NEW_REWARD: 1n });
    later(state, 3n * DAY);
    edit(state, (o) => o.delete(Tables.accounts, BOB));
    expect(validateDirect(state, UF, unfreeze({ receiverAddress: BOB }))).toBeUndefined();
    const outcome = commit(state, signedTx(state, UF, unfreeze({ receiverAddress: BOB }), [ALICE_KEY]));
    expect(outcome.info.unfreezeAmount).toBe(5n * TRX);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(10n);
    expect(account(state, BOB)).toBeUndefined();
  });

  it("with Solidity 0.5.9 a receiver holding less is zeroed and the weight drops by the record", () => {
    const state = frozenChain({
      ...V1,
      ALLOW_TVM_CONSTANTINOPLE: 1n,
      ALLOW_TVM_SOLIDITY_059: 1n,
      ALLOW_NEW_REWARD: 1n,
    });
    later(state, 3n * DAY);
    mutateAccount(state, BOB, (a) => {
      a.acquiredDelegatedFrozenBalanceForBandwidth = TRX;
    });
    expect(validateDirect(state, UF, unfreeze({ receiverAddress: BOB }))).toBeUndefined();
    commit(state, signedTx(state, UF, unfreeze({ receiverAddress: BOB }), [ALICE_KEY]));
    expect(account(state, BOB)!.acquiredDelegatedFrozenBalanceForBandwidth).toBe(0n);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(10n);
  });

  it("before multi-sign a delegated energy stake unlocks at the bandwidth expiry", () => {
    const state = chain({ ...V1, ALLOW_MULTI_SIGN: 0n });
    commit(
      state,
      signedTx(state, F, freeze({ receiverAddress: BOB, resource: ResourceCode.ENERGY }), [ALICE_KEY]),
    );
    edit(state, (o) => {
      const key = delegatedResourceKeyV1(ALICE, BOB);
      const r = o.get(Tables.delegatedResources, key)!;
      o.put(Tables.delegatedResources, key, {
        ...r,
        expireTimeForEnergy: 0n,
        expireTimeForBandwidth: 1n << 60n,
      });
    });
    expect(validateDirect(state, UF, unfreeze({ receiverAddress: BOB, resource: ResourceCode.ENERGY }))).toBe(
      "It's not time to unfreeze.",
    );
  });

  it("a refused unfreeze changes nothing", () => {
    const state = frozenChain();
    const before = [account(state, ALICE), account(state, BOB)];
    expect(pushError(state, signedTx(state, UF, unfreeze({}), [ALICE_KEY]))[0]).toBe(
      "CONTRACT_VALIDATE_ERROR",
    );
    expect([account(state, ALICE), account(state, BOB)]).toEqual(before);
  });
});
