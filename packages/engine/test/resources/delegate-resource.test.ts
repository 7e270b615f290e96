import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  Account_FreezeV2Schema,
  AccountSchema,
  AccountType,
  bytesToHex,
  ChainProperties,
  ContractType,
  type MemoryState,
  ResourceCode,
  Tables,
} from "../../src/internal.js";
import { delegatedResourceKeyV2, delegationIndexV2 } from "../../src/resources/delegation.js";
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

const D = ContractType.DelegateResourceContract;
const U = ContractType.UnDelegateResourceContract;
const TRX = 1_000_000n;
const STAKE2 = { ALLOW_DELEGATE_RESOURCE: 1n, UNFREEZE_DELAY_DAYS: 14n };

/** A chain where Alice has staked `bandwidth`/`energy` (Stake 2.0) and Bob exists. */
function chain(params: Record<string, bigint> = STAKE2, bandwidth = 100n * TRX, energy = 100n * TRX) {
  const state = newChain(params);
  edit(state, (overlay, props) => {
    overlay.put(Tables.accounts, BOB, create(AccountSchema, { address: BOB, balance: 1n, createTime: 1n }));
    props.add("TOTAL_NET_WEIGHT", bandwidth / TRX);
    props.add("TOTAL_ENERGY_WEIGHT", energy / TRX);
  });
  mutateAccount(state, ALICE, (a) => {
    a.frozenV2.push(create(Account_FreezeV2Schema, { type: ResourceCode.BANDWIDTH, amount: bandwidth }));
    a.frozenV2.push(create(Account_FreezeV2Schema, { type: ResourceCode.ENERGY, amount: energy }));
  });
  return state;
}

function frozen(state: MemoryState, type: ResourceCode): bigint {
  return account(state, ALICE)!.frozenV2.find((f) => f.type === type)?.amount ?? 0n;
}

function record(state: MemoryState, locked: boolean) {
  return state.get(Tables.delegatedResources, delegatedResourceKeyV2(ALICE, BOB, locked));
}

const delegate = (p: Record<string, unknown>) => ({
  ownerAddress: ALICE,
  receiverAddress: BOB,
  resource: ResourceCode.BANDWIDTH,
  balance: 10n * TRX,
  ...p,
});

function delegateNow(state: MemoryState, p: Record<string, unknown>) {
  return commit(state, signedTx(state, D, delegate(p), [ALICE_KEY]));
}

describe("DelegateResourceContract validation", () => {
  const bad = new Uint8Array(21);
  const CAROL = new Uint8Array(21).fill(0x41, 0, 1).fill(7, 1);
  it.each<[string, Record<string, bigint>, Record<string, unknown>, string]>([
    ["delegation off", { UNFREEZE_DELAY_DAYS: 14n }, {}, "No support for resource delegate"],
    [
      "Stake 2.0 off",
      { ALLOW_DELEGATE_RESOURCE: 1n },
      {},
      "Not support Delegate resource transaction, need to be opened by the committee",
    ],
    ["bad owner", STAKE2, { ownerAddress: bad }, "Invalid address"],
    ["no owner", STAKE2, { ownerAddress: CAROL }, `Account[${bytesToHex(CAROL)}] not exists`],
    ["under 1 TRX", STAKE2, { balance: TRX - 1n }, "delegateBalance must be greater than or equal to 1 TRX"],
    [
      "over bandwidth stake",
      STAKE2,
      { balance: 100n * TRX + 1n },
      "delegateBalance must be less than or equal to available FreezeBandwidthV2 balance",
    ],
    [
      "over energy stake",
      STAKE2,
      { resource: ResourceCode.ENERGY, balance: 100n * TRX + 1n },
      "delegateBalance must be less than or equal to available FreezeEnergyV2 balance",
    ],
    [
      "tron power",
      STAKE2,
      { resource: ResourceCode.TRON_POWER },
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
    ],
    ["bad receiver", STAKE2, { receiverAddress: bad }, "Invalid receiverAddress"],
    [
      "to oneself",
      STAKE2,
      { receiverAddress: ALICE },
      "receiverAddress must not be the same as ownerAddress",
    ],
    ["no receiver", STAKE2, { receiverAddress: CAROL }, `Account[${bytesToHex(CAROL)}] not exists`],
    [
      "lock over max",
      { ...STAKE2, MAX_DELEGATE_LOCK_PERIOD: 100_000n },
      { lock: true, lockPeriod: 100_001n },
      "The lock period of delegate resource cannot be less than 0 and cannot exceed 100000!",
    ],
    [
      "negative lock",
      { ...STAKE2, MAX_DELEGATE_LOCK_PERIOD: 100_000n },
      { lock: true, lockPeriod: -1n },
      "The lock period of delegate resource cannot be less than 0 and cannot exceed 100000!",
    ],
  ])("%s", (_name, params, p, message) => {
    const state = chain(params);
    expect(validateDirect(state, D, delegate(p))).toBe(message);
  });

  it("the exact available stake passes; a custom lock is ignored (not validated) below the max", () => {
    const state = chain();
    expect(validateDirect(state, D, delegate({ balance: 100n * TRX }))).toBeUndefined();
    expect(validateDirect(state, D, delegate({ lock: true, lockPeriod: -5n }))).toBeUndefined();
  });

  it("refuses a contract receiver", () => {
    const state = chain();
    mutateAccount(state, BOB, (a) => {
      a.type = AccountType.Contract;
    });
    expect(validateDirect(state, D, delegate({}))).toBe(
      "Do not allow delegate resources to contract addresses",
    );
  });

  it("subtracts the owner's own usage converted to stake, minus v1 and acquired stakes", () => {
    const state = chain();
    const props = new ChainProperties(state);
    // 100 TRX of 100 total weight over TOTAL_NET_LIMIT: usage u occupies u·1e6·100/limit sun.
    const limit = props.get("TOTAL_NET_LIMIT");
    const usage = limit / 10n; // occupies 10 TRX
    mutateAccount(state, ALICE, (a) => {
      a.netUsage = usage;
      a.latestConsumeTime = props.headSlot;
    });
    expect(validateDirect(state, D, delegate({ balance: 90n * TRX }))).toBeUndefined();
    expect(validateDirect(state, D, delegate({ balance: 90n * TRX + 1n }))).toBe(
      "delegateBalance must be less than or equal to available FreezeBandwidthV2 balance",
    );
    // Acquired v2 stake covers part of the usage first.
    mutateAccount(state, ALICE, (a) => {
      a.acquiredDelegatedFrozenV2BalanceForBandwidth = 4n * TRX;
    });
    expect(validateDirect(state, D, delegate({ balance: 94n * TRX }))).toBeUndefined();
    expect(validateDirect(state, D, delegate({ balance: 94n * TRX + 1n }))).not.toBeUndefined();
  });

  it("decays the owner's usage to the head slot before the check", () => {
    const state = chain();
    const props = new ChainProperties(state);
    const limit = props.get("TOTAL_NET_LIMIT");
    // Usage of 10 TRX worth consumed a full window (28 800 slots) ago has fully recovered.
    edit(state, (_o, p) => p.set("LATEST_BLOCK_HEADER_TIMESTAMP", p.headTimestamp + 28_800n * 3_000n));
    mutateAccount(state, ALICE, (a) => {
      a.netUsage = limit / 10n;
      a.latestConsumeTime = 0n;
    });
    expect(validateDirect(state, D, delegate({ balance: 100n * TRX }))).toBeUndefined();
  });

  it("the remaining time of the last lock period bounds a new lock", () => {
    const params = { ...STAKE2, MAX_DELEGATE_LOCK_PERIOD: 200_000n };
    const state = chain(params);
    delegateNow(state, { lock: true, lockPeriod: 1_000n });
    const remain = 1_000n * 3_000n;
    expect(validateDirect(state, D, delegate({ lock: true, lockPeriod: 999n }))).toBe(
      `The lock period for BANDWIDTH this time cannot be less than the remaining time[${remain}ms] of the last lock period for BANDWIDTH!`,
    );
    expect(validateDirect(state, D, delegate({ lock: true, lockPeriod: 1_000n }))).toBeUndefined();
    // Energy's lock is separate: none yet (expiry 0 → negative remaining time).
    expect(
      validateDirect(state, D, delegate({ resource: ResourceCode.ENERGY, lock: true, lockPeriod: 1n })),
    ).toBe(undefined);
    // Unlocked delegation is never bounded.
    expect(validateDirect(state, D, delegate({ lock: false }))).toBeUndefined();
  });

  it("a refused delegation changes nothing", () => {
    const state = chain();
    const before = account(state, ALICE);
    const [code, message] = pushError(
      state,
      signedTx(state, D, delegate({ balance: 101n * TRX }), [ALICE_KEY]),
    );
    expect(code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(message).toBe(
      "Contract validate error : delegateBalance must be less than or equal to available FreezeBandwidthV2 balance",
    );
    expect(account(state, ALICE)).toEqual(before);
    expect(record(state, false)).toBeUndefined();
  });
});

describe("DelegateResourceContract execution", () => {
  it("moves the stake into delegated, credits the receiver, writes the record and the v2 index", () => {
    const state = chain();
    const weight = prop(state, "TOTAL_NET_WEIGHT");
    delegateNow(state, { balance: 10n * TRX });
    expect(frozen(state, ResourceCode.BANDWIDTH)).toBe(90n * TRX);
    expect(account(state, ALICE)!.delegatedFrozenV2BalanceForBandwidth).toBe(10n * TRX);
    expect(account(state, BOB)!.acquiredDelegatedFrozenV2BalanceForBandwidth).toBe(10n * TRX);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(weight);
    const r = record(state, false)!;
    expect([r.frozenBalanceForBandwidth, r.expireTimeForBandwidth]).toEqual([10n * TRX, 0n]);
    expect(record(state, true)).toBeUndefined();
    expect(delegationIndexV2(state, ALICE).toAccounts).toEqual([BOB]);
    expect(delegationIndexV2(state, BOB).fromAccounts).toEqual([ALICE]);

    commit(
      state,
      signedTx(state, D, delegate({ resource: ResourceCode.ENERGY, balance: 3n * TRX }), [ALICE_KEY]),
    );
    expect(account(state, ALICE)!.accountResource!.delegatedFrozenV2BalanceForEnergy).toBe(3n * TRX);
    expect(account(state, BOB)!.accountResource!.acquiredDelegatedFrozenV2BalanceForEnergy).toBe(3n * TRX);
    expect(frozen(state, ResourceCode.ENERGY)).toBe(97n * TRX);
    expect(record(state, false)!.frozenBalanceForEnergy).toBe(3n * TRX);
  });

  it("a lock uses the default 3 days unless custom periods are on", () => {
    const state = chain();
    const now = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    delegateNow(state, { lock: true, lockPeriod: 10n });
    expect(record(state, true)!.expireTimeForBandwidth).toBe(now + 86_400n * 3_000n);

    const custom = chain({ ...STAKE2, MAX_DELEGATE_LOCK_PERIOD: 100_000n });
    delegateNow(custom, { lock: true, lockPeriod: 10n });
    expect(record(custom, true)!.expireTimeForBandwidth).toBe(now + 30_000n);
    delegateNow(custom, { lock: true, lockPeriod: 0n });
    const r = record(custom, true)!;
    expect([r.frozenBalanceForBandwidth, r.expireTimeForBandwidth]).toEqual([
      20n * TRX,
      now + 86_400n * 3_000n,
    ]);
  });

  it("first moves expired locked parts into the unlocked record", () => {
    const state = chain({ ...STAKE2, MAX_DELEGATE_LOCK_PERIOD: 100_000n });
    delegateNow(state, { lock: true, lockPeriod: 1n });
    edit(state, (_o, p) => p.set("LATEST_BLOCK_HEADER_TIMESTAMP", p.headTimestamp + 3_000n));
    // Expiry == now is not yet expired (strictly before now).
    delegateNow(state, { resource: ResourceCode.ENERGY, balance: TRX });
    expect(record(state, true)!.frozenBalanceForBandwidth).toBe(10n * TRX);
    edit(state, (_o, p) => p.set("LATEST_BLOCK_HEADER_TIMESTAMP", p.headTimestamp + 1n));
    delegateNow(state, { resource: ResourceCode.ENERGY, balance: TRX });
    expect(record(state, true)).toBeUndefined();
    const r = record(state, false)!;
    expect([r.frozenBalanceForBandwidth, r.frozenBalanceForEnergy]).toEqual([10n * TRX, 2n * TRX]);
  });
});

const undelegate = (p: Record<string, unknown>) => ({
  ownerAddress: ALICE,
  receiverAddress: BOB,
  resource: ResourceCode.BANDWIDTH,
  balance: 10n * TRX,
  ...p,
});

describe("UnDelegateResourceContract validation", () => {
  const bad = new Uint8Array(21);
  const CAROL = new Uint8Array(21).fill(0x41, 0, 1).fill(7, 1);
  it.each<[string, Record<string, bigint>, Record<string, unknown>, string]>([
    ["delegation off", { UNFREEZE_DELAY_DAYS: 14n }, {}, "No support for resource delegate"],
    [
      "Stake 2.0 off",
      { ALLOW_DELEGATE_RESOURCE: 1n },
      {},
      "Not support unDelegate resource transaction, need to be opened by the committee",
    ],
    ["bad owner", STAKE2, { ownerAddress: bad }, "Invalid address"],
    ["no owner", STAKE2, { ownerAddress: CAROL }, `Account[${bytesToHex(CAROL)}] does not exist`],
    ["bad receiver", STAKE2, { receiverAddress: bad }, "Invalid receiverAddress"],
    [
      "to oneself",
      STAKE2,
      { receiverAddress: ALICE },
      "receiverAddress must not be the same as ownerAddress",
    ],
    ["nothing delegated", STAKE2, { receiverAddress: CAROL }, "delegated Resource does not exist"],
    ["zero", STAKE2, { balance: 0n }, "unDelegateBalance must be more than 0 TRX"],
    [
      "over bandwidth",
      STAKE2,
      { balance: 10n * TRX + 1n },
      `insufficient delegatedFrozenBalance(BANDWIDTH), request=${10n * TRX + 1n}, unlock_balance=${10n * TRX}`,
    ],
    [
      "over energy",
      STAKE2,
      { resource: ResourceCode.ENERGY, balance: 1n },
      "insufficient delegateFrozenBalance(Energy), request=1, unlock_balance=0",
    ],
    [
      "tron power",
      STAKE2,
      { resource: ResourceCode.TRON_POWER },
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
    ],
  ])("%s", (_name, params, p, message) => {
    const state = chain({ ...STAKE2 });
    delegateNow(state, {});
    edit(state, (_o, props) => {
      for (const name of ["ALLOW_DELEGATE_RESOURCE", "UNFREEZE_DELAY_DAYS"] as const)
        props.set(name, params[name] ?? 0n);
    });
    expect(validateDirect(state, U, undelegate(p))).toBe(message);
  });

  it("locked stake counts only once its lock expired (strictly before now)", () => {
    const state = chain({ ...STAKE2, MAX_DELEGATE_LOCK_PERIOD: 100_000n });
    delegateNow(state, { lock: true, lockPeriod: 1n });
    expect(validateDirect(state, U, undelegate({}))).toBe(
      "insufficient delegatedFrozenBalance(BANDWIDTH), request=10000000, unlock_balance=0",
    );
    edit(state, (_o, p) => p.set("LATEST_BLOCK_HEADER_TIMESTAMP", p.headTimestamp + 3_000n));
    expect(validateDirect(state, U, undelegate({}))).toMatch(/unlock_balance=0$/);
    edit(state, (_o, p) => p.set("LATEST_BLOCK_HEADER_TIMESTAMP", p.headTimestamp + 1n));
    expect(validateDirect(state, U, undelegate({}))).toBeUndefined();
  });
});

describe("UnDelegateResourceContract execution", () => {
  it("returns the stake, debits the receiver, deletes the record and the index when nothing remains", () => {
    const state = chain();
    delegateNow(state, { balance: 10n * TRX });
    commit(state, signedTx(state, U, undelegate({ balance: 4n * TRX }), [ALICE_KEY]));
    expect(frozen(state, ResourceCode.BANDWIDTH)).toBe(94n * TRX);
    expect(account(state, ALICE)!.delegatedFrozenV2BalanceForBandwidth).toBe(6n * TRX);
    expect(account(state, BOB)!.acquiredDelegatedFrozenV2BalanceForBandwidth).toBe(6n * TRX);
    expect(record(state, false)!.frozenBalanceForBandwidth).toBe(6n * TRX);
    expect(delegationIndexV2(state, ALICE).toAccounts).toEqual([BOB]);

    commit(state, signedTx(state, U, undelegate({ balance: 6n * TRX }), [ALICE_KEY]));
    expect(frozen(state, ResourceCode.BANDWIDTH)).toBe(100n * TRX);
    expect(record(state, false)).toBeUndefined();
    expect(delegationIndexV2(state, ALICE).toAccounts).toEqual([]);
    expect(delegationIndexV2(state, BOB).fromAccounts).toEqual([]);
  });

  it("keeps the index while a locked record remains", () => {
    const state = chain();
    delegateNow(state, { balance: 2n * TRX });
    delegateNow(state, { balance: 3n * TRX, lock: true });
    commit(state, signedTx(state, U, undelegate({ balance: 2n * TRX }), [ALICE_KEY]));
    expect(record(state, false)).toBeUndefined();
    expect(record(state, true)!.frozenBalanceForBandwidth).toBe(3n * TRX);
    expect(delegationIndexV2(state, ALICE).toAccounts).toEqual([BOB]);
  });

  it("transfers the receiver's usage share back to the owner and re-weights the owner's window", () => {
    const state = chain();
    delegateNow(state, { resource: ResourceCode.ENERGY, balance: 10n * TRX });
    const props = new ChainProperties(state);
    const slot = props.headSlot;
    mutateAccount(state, BOB, (a) => {
      a.accountResource = { ...a.accountResource!, energyUsage: 1_000n, latestConsumeTimeForEnergy: slot };
    });
    commit(
      state,
      signedTx(state, U, undelegate({ resource: ResourceCode.ENERGY, balance: 4n * TRX }), [ALICE_KEY]),
    );
    // Bob's whole energy stake is the 10 TRX acquired: 4/10 of his usage moves (below the cap).
    const bob = account(state, BOB)!.accountResource!;
    expect(bob.energyUsage).toBe(600n);
    expect(bob.acquiredDelegatedFrozenV2BalanceForEnergy).toBe(6n * TRX);
    const alice = account(state, ALICE)!.accountResource!;
    expect(alice.energyUsage).toBe(400n);
    expect(alice.latestConsumeTimeForEnergy).toBe(slot);
    // Alice had no usage: her window becomes Bob's (the full 28 800 slots).
    expect(alice.energyWindowSize).toBe(28_800n);
  });

  it("with ALLOW_CANCEL_ALL_UNFREEZE_V2 the owner's window is the usage-weighted mean (×1000, optimized)", () => {
    const state = chain({ ...STAKE2, ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n });
    delegateNow(state, { resource: ResourceCode.ENERGY, balance: 10n * TRX });
    const slot = new ChainProperties(state).headSlot;
    mutateAccount(state, ALICE, (a) => {
      a.accountResource = {
        ...a.accountResource!,
        energyUsage: 600n,
        latestConsumeTimeForEnergy: slot,
        energyWindowSize: 14_400_000n,
        energyWindowOptimized: true,
      };
    });
    mutateAccount(state, BOB, (a) => {
      a.accountResource = { ...a.accountResource!, energyUsage: 1_000n, latestConsumeTimeForEnergy: slot };
    });
    commit(
      state,
      signedTx(state, U, undelegate({ resource: ResourceCode.ENERGY, balance: 2n * TRX }), [ALICE_KEY]),
    );
    const alice = account(state, ALICE)!.accountResource!;
    // 200 usage moves in from Bob (full window 28 800 000); Alice's 600 sit in a 14 400 000 window.
    expect(alice.energyUsage).toBe(800n);
    expect(alice.energyWindowSize).toBe((600n * 14_400_000n + 200n * 28_800_000n + 799n) / 800n);
    expect(alice.energyWindowOptimized).toBe(true);
  });

  it("caps the transferred usage at what the stake could carry", () => {
    const state = chain();
    delegateNow(state, { resource: ResourceCode.ENERGY, balance: 10n * TRX });
    const props = new ChainProperties(state);
    const cap = (10n * props.get("TOTAL_ENERGY_CURRENT_LIMIT")) / props.get("TOTAL_ENERGY_WEIGHT");
    const slot = props.headSlot;
    mutateAccount(state, BOB, (a) => {
      a.accountResource = { ...a.accountResource!, energyUsage: cap * 10n, latestConsumeTimeForEnergy: slot };
    });
    commit(state, signedTx(state, U, undelegate({ resource: ResourceCode.ENERGY }), [ALICE_KEY]));
    expect(account(state, ALICE)!.accountResource!.energyUsage).toBe(cap);
    expect(account(state, BOB)!.accountResource!.energyUsage).toBe(cap * 9n);
  });

  it("works when the receiver no longer exists, and zeroes an acquired amount below the request", () => {
    const state = chain();
    delegateNow(state, { balance: 10n * TRX });
    mutateAccount(state, BOB, (a) => {
      a.acquiredDelegatedFrozenV2BalanceForBandwidth = TRX;
    });
    commit(state, signedTx(state, U, undelegate({ balance: 4n * TRX }), [ALICE_KEY]));
    expect(account(state, BOB)!.acquiredDelegatedFrozenV2BalanceForBandwidth).toBe(0n);

    edit(state, (overlay) => overlay.delete(Tables.accounts, BOB));
    commit(state, signedTx(state, U, undelegate({ balance: 6n * TRX }), [ALICE_KEY]));
    expect(frozen(state, ResourceCode.BANDWIDTH)).toBe(100n * TRX);
    expect(account(state, BOB)).toBeUndefined();
    expect(record(state, false)).toBeUndefined();
  });

  it("a refused undelegation changes nothing", () => {
    const state = chain();
    delegateNow(state, { balance: 10n * TRX });
    const before = [account(state, ALICE), account(state, BOB), record(state, false)];
    expect(pushError(state, signedTx(state, U, undelegate({ balance: 11n * TRX }), [ALICE_KEY]))[0]).toBe(
      "CONTRACT_VALIDATE_ERROR",
    );
    expect([account(state, ALICE), account(state, BOB), record(state, false)]).toEqual(before);
  });
});
