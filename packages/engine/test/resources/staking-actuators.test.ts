/**
 * The eight staking actuators (java-tron FreezeBalanceV2, UnfreezeBalanceV2, WithdrawExpireUnfreeze,
 * CancelAllUnfreezeV2, DelegateResource, UnDelegateResource, FreezeBalance, UnfreezeBalance): every
 * validation check in java-tron's order with its exact message (table-driven, on the actuator
 * directly), then their effects through the transaction pipeline and blocks.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  Account_AccountResourceSchema,
  AccountType,
  addressOfPrivateKey,
  bytesToHex,
  ContractType,
  delegatedResourceKeyV1,
  delegatedResourceKeyV2,
  delegationIndexV1,
  delegationIndexV2,
  type MemoryState,
  type PropertyName,
  ResourceCode,
  Tables,
} from "../../src/internal.js";
import { ALICE, ALICE_KEY, BOB, newChain, WITNESS, WITNESS_KEY } from "../support/chain-fixture.js";
import {
  account,
  balance,
  CAROL_KEY,
  commit,
  edit,
  mutateAccount,
  produce,
  prop,
  pushError,
  tx,
  validateDirect,
} from "../support/tx-helpers.js";

const TRX = 1_000_000n;
const DAY = 86_400_000n;
const CAROL = addressOfPrivateKey(CAROL_KEY);
const hex = bytesToHex;
const { BANDWIDTH, ENERGY, TRON_POWER } = ResourceCode;
const BAD_CODE = 7;

const STAKE_2 = {
  UNFREEZE_DELAY_DAYS: 1n,
  ALLOW_DELEGATE_RESOURCE: 1n,
  ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n,
  ALLOW_TVM_CONSTANTINOPLE: 1n,
};
const STAKE_1 = { ALLOW_DELEGATE_RESOURCE: 1n, ALLOW_TVM_CONSTANTINOPLE: 1n };

/** A Stake 2.0 chain where ALICE (1000 TRX) and CAROL (an existing account with 100 TRX) can stake. */
function chain(parameters: Record<string, bigint> = STAKE_2): MemoryState {
  const state = newChain(parameters);
  commit(
    state,
    tx(
      state,
      ContractType.TransferContract,
      { ownerAddress: WITNESS, toAddress: CAROL, amount: 100n * TRX },
      [WITNESS_KEY],
    ),
  );
  return state;
}

let sequence = 0n;
/** Pushes and applies one transaction; a fresh raw timestamp keeps repeated contracts apart. */
function run(state: MemoryState, type: ContractType, parameter: Record<string, unknown>, key = ALICE_KEY) {
  sequence += 1n;
  return commit(state, tx(state, type, parameter, [key], { timestamp: sequence }));
}

const freezeV2 = (
  state: MemoryState,
  amount: bigint,
  resource: ResourceCode,
  owner = ALICE,
  key = ALICE_KEY,
) =>
  run(
    state,
    ContractType.FreezeBalanceV2Contract,
    { ownerAddress: owner, frozenBalance: amount, resource },
    key,
  );
const unfreezeV2 = (state: MemoryState, amount: bigint, resource: ResourceCode) =>
  run(state, ContractType.UnfreezeBalanceV2Contract, {
    ownerAddress: ALICE,
    unfreezeBalance: amount,
    resource,
  });
const delegate = (
  state: MemoryState,
  amount: bigint,
  resource: ResourceCode,
  lock = false,
  lockPeriod = 0n,
) =>
  run(state, ContractType.DelegateResourceContract, {
    ownerAddress: ALICE,
    receiverAddress: CAROL,
    balance: amount,
    resource,
    lock,
    lockPeriod,
  });

/** Moves the chain's head `ms` later with an empty block. */
function advance(state: MemoryState, ms: bigint): void {
  produce(state, [], prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP") + ms);
}

function setProps(state: MemoryState, values: Record<string, bigint>): void {
  edit(state, (_, props) => {
    for (const [k, v] of Object.entries(values) as [PropertyName, bigint][]) props.set(k, v);
  });
}

type Case = [
  name: string,
  parameter: Record<string, unknown>,
  message: string,
  setup?: (s: MemoryState) => void,
];

function checkAll(type: ContractType, base: Record<string, bigint>, cases: Case[]) {
  it.each(cases)("%s", (_name, parameter, message, setup) => {
    const state = chain(base);
    setup?.(state);
    expect(validateDirect(state, type, parameter)).toBe(message);
  });
}

const SHORT = ALICE.slice(1);
const missing = (address: Uint8Array, suffix: string) => `Account[${hex(address)}${suffix}`;

describe("FreezeBalanceV2 checks", () => {
  const p = (over: Record<string, unknown> = {}) => ({
    ownerAddress: ALICE,
    frozenBalance: TRX,
    resource: ENERGY,
    ...over,
  });
  const T = ContractType.FreezeBalanceV2Contract;
  checkAll(T, STAKE_2, [
    [
      "Stake 2.0 off",
      p(),
      "Not support FreezeV2 transaction, need to be opened by the committee",
      (s) => setProps(s, { UNFREEZE_DELAY_DAYS: 0n }),
    ],
    ["bad owner", p({ ownerAddress: SHORT }), "Invalid address"],
    ["missing owner", p({ ownerAddress: BOB }), missing(BOB, "] not exists")],
    ["zero", p({ frozenBalance: 0n }), "frozenBalance must be positive"],
    ["negative", p({ frozenBalance: -TRX }), "frozenBalance must be positive"],
    ["under 1 TRX", p({ frozenBalance: TRX - 1n }), "frozenBalance must be greater than or equal to 1 TRX"],
    [
      "over the balance",
      p({ frozenBalance: 1001n * TRX }),
      "frozenBalance must be less than or equal to accountBalance",
    ],
    [
      "TRON_POWER without the new model",
      p({ resource: TRON_POWER }),
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
    ],
    [
      "unknown resource",
      p({ resource: BAD_CODE }),
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
    ],
    [
      "unknown resource, new model",
      p({ resource: BAD_CODE }),
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]",
      (s) => setProps(s, { ALLOW_NEW_RESOURCE_MODEL: 1n }),
    ],
  ]);
  it("accepts exactly 1 TRX, the whole balance, and TRON_POWER under the new model", () => {
    const state = chain();
    expect(validateDirect(state, T, p())).toBeUndefined();
    expect(validateDirect(state, T, p({ frozenBalance: 1000n * TRX }))).toBeUndefined();
    setProps(state, { ALLOW_NEW_RESOURCE_MODEL: 1n });
    expect(validateDirect(state, T, p({ resource: TRON_POWER }))).toBeUndefined();
  });
});

describe("UnfreezeBalanceV2 checks", () => {
  const T = ContractType.UnfreezeBalanceV2Contract;
  const p = (over: Record<string, unknown> = {}) => ({
    ownerAddress: ALICE,
    unfreezeBalance: TRX,
    resource: BANDWIDTH,
    ...over,
  });
  const staked = (s: MemoryState) => {
    freezeV2(s, 10n * TRX, BANDWIDTH);
    freezeV2(s, 10n * TRX, ENERGY);
  };
  checkAll(T, STAKE_2, [
    [
      "Stake 2.0 off",
      p(),
      "Not support UnfreezeV2 transaction, need to be opened by the committee",
      (s) => setProps(s, { UNFREEZE_DELAY_DAYS: 0n }),
    ],
    ["bad owner", p({ ownerAddress: SHORT }), "Invalid address"],
    ["missing owner", p({ ownerAddress: BOB }), missing(BOB, "] does not exist")],
    ["no bandwidth stake", p(), "no frozenBalance(BANDWIDTH)"],
    [
      "no energy stake",
      p({ resource: ENERGY }),
      "no frozenBalance(Energy)",
      (s) => freezeV2(s, 10n * TRX, BANDWIDTH),
    ],
    [
      "TRON_POWER without the new model",
      p({ resource: TRON_POWER }),
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
    ],
    [
      "no TRON_POWER stake",
      p({ resource: TRON_POWER }),
      "no frozenBalance(TronPower)",
      (s) => setProps(s, { ALLOW_NEW_RESOURCE_MODEL: 1n }),
    ],
    [
      "unknown resource",
      p({ resource: BAD_CODE }),
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
    ],
    [
      "unknown resource, new model",
      p({ resource: BAD_CODE }),
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]",
      (s) => setProps(s, { ALLOW_NEW_RESOURCE_MODEL: 1n }),
    ],
    ["zero", p({ unfreezeBalance: 0n }), "Invalid unfreeze_balance, [0] is error", staked],
    [
      "more than staked",
      p({ unfreezeBalance: 10n * TRX + 1n }),
      `Invalid unfreeze_balance, [${10n * TRX + 1n}] is error`,
      staked,
    ],
    [
      "what is delegated out is not unfreezable",
      p({ resource: ENERGY, unfreezeBalance: 6n * TRX }),
      `Invalid unfreeze_balance, [${6n * TRX}] is error`,
      (s) => {
        staked(s);
        delegate(s, 5n * TRX, ENERGY);
      },
    ],
    [
      "32 pending unfreezes",
      p(),
      "Invalid unfreeze operation, unfreezing times is over limit",
      (s) => {
        freezeV2(s, 100n * TRX, BANDWIDTH);
        for (let i = 0; i < 32; i++) unfreezeV2(s, TRX, BANDWIDTH);
      },
    ],
  ]);
  it("allows the 32nd pending unfreeze, and again once one has expired", () => {
    const state = chain();
    freezeV2(state, 100n * TRX, BANDWIDTH);
    for (let i = 0; i < 31; i++) unfreezeV2(state, TRX, BANDWIDTH);
    expect(validateDirect(state, T, p())).toBeUndefined();
    unfreezeV2(state, TRX, BANDWIDTH);
    expect(validateDirect(state, T, p())).toBe("Invalid unfreeze operation, unfreezing times is over limit");
    advance(state, DAY);
    expect(validateDirect(state, T, p())).toBeUndefined();
  });
});

describe("WithdrawExpireUnfreeze and CancelAllUnfreezeV2 checks", () => {
  const W = ContractType.WithdrawExpireUnfreezeContract;
  const C = ContractType.CancelAllUnfreezeV2Contract;
  checkAll(W, STAKE_2, [
    [
      "Stake 2.0 off",
      { ownerAddress: ALICE },
      "Not support WithdrawExpireUnfreeze transaction, need to be opened by the committee",
      (s) => setProps(s, { UNFREEZE_DELAY_DAYS: 0n }),
    ],
    ["bad owner", { ownerAddress: SHORT }, "Invalid address"],
    ["missing owner", { ownerAddress: BOB }, missing(BOB, "] not exists")],
    ["nothing pending", { ownerAddress: ALICE }, "no unFreeze balance to withdraw "],
    [
      "nothing expired yet",
      { ownerAddress: ALICE },
      "no unFreeze balance to withdraw ",
      (s) => {
        freezeV2(s, 5n * TRX, ENERGY);
        unfreezeV2(s, TRX, ENERGY);
        advance(s, DAY - 1n);
      },
    ],
  ]);
  checkAll(C, STAKE_2, [
    [
      "flag off",
      { ownerAddress: ALICE },
      "Not support CancelAllUnfreezeV2 transaction, need to be opened by the committee",
      (s) => setProps(s, { ALLOW_CANCEL_ALL_UNFREEZE_V2: 0n }),
    ],
    [
      "Stake 2.0 off",
      { ownerAddress: ALICE },
      "Not support CancelAllUnfreezeV2 transaction, need to be opened by the committee",
      (s) => setProps(s, { UNFREEZE_DELAY_DAYS: 0n }),
    ],
    ["bad owner", { ownerAddress: SHORT }, "Invalid address"],
    ["missing owner", { ownerAddress: BOB }, missing(BOB, "] not exists")],
    ["nothing pending", { ownerAddress: ALICE }, "No unfreezeV2 list to cancel"],
  ]);
  it("withdraws exactly at the expiry time", () => {
    const state = chain();
    freezeV2(state, 5n * TRX, ENERGY);
    unfreezeV2(state, TRX, ENERGY);
    advance(state, DAY);
    expect(validateDirect(state, W, { ownerAddress: ALICE })).toBeUndefined();
  });
});

describe("DelegateResource checks", () => {
  const T = ContractType.DelegateResourceContract;
  const p = (over: Record<string, unknown> = {}) => ({
    ownerAddress: ALICE,
    receiverAddress: CAROL,
    balance: TRX,
    resource: ENERGY,
    ...over,
  });
  const staked = (s: MemoryState) => {
    freezeV2(s, 10n * TRX, BANDWIDTH);
    freezeV2(s, 10n * TRX, ENERGY);
  };
  const longLocks = { ...STAKE_2, MAX_DELEGATE_LOCK_PERIOD: 864_000n };
  checkAll(T, STAKE_2, [
    [
      "delegation off",
      p(),
      "No support for resource delegate",
      (s) => setProps(s, { ALLOW_DELEGATE_RESOURCE: 0n }),
    ],
    [
      "Stake 2.0 off",
      p(),
      "Not support Delegate resource transaction, need to be opened by the committee",
      (s) => setProps(s, { UNFREEZE_DELAY_DAYS: 0n }),
    ],
    ["bad owner", p({ ownerAddress: SHORT }), "Invalid address"],
    ["missing owner", p({ ownerAddress: BOB }), missing(BOB, "] not exists")],
    [
      "under 1 TRX",
      p({ balance: TRX - 1n }),
      "delegateBalance must be greater than or equal to 1 TRX",
      staked,
    ],
    [
      "more bandwidth than staked",
      p({ resource: BANDWIDTH, balance: 11n * TRX }),
      "delegateBalance must be less than or equal to available FreezeBandwidthV2 balance",
      staked,
    ],
    [
      "more energy than staked",
      p({ balance: 11n * TRX }),
      "delegateBalance must be less than or equal to available FreezeEnergyV2 balance",
      staked,
    ],
    [
      "energy in use is not delegatable",
      p({ balance: 10n * TRX }),
      "delegateBalance must be less than or equal to available FreezeEnergyV2 balance",
      (s) => {
        staked(s);
        // half the network's energy limit used: 5 of the 10 staked TRX are busy
        mutateAccount(s, ALICE, (a) => {
          a.accountResource ??= create(Account_AccountResourceSchema);
          a.accountResource.energyUsage = prop(s, "TOTAL_ENERGY_CURRENT_LIMIT") / 2n;
          a.accountResource.latestConsumeTimeForEnergy =
            (prop(s, "LATEST_BLOCK_HEADER_TIMESTAMP") - prop(s, "GENESIS_TIMESTAMP")) / 3000n;
        });
      },
    ],
    [
      "TRON_POWER",
      p({ resource: TRON_POWER }),
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
      staked,
    ],
    ["bad receiver", p({ receiverAddress: SHORT }), "Invalid receiverAddress", staked],
    [
      "to oneself",
      p({ receiverAddress: ALICE }),
      "receiverAddress must not be the same as ownerAddress",
      staked,
    ],
    ["missing receiver", p({ receiverAddress: BOB }), missing(BOB, "] not exists"), staked],
    [
      "to a contract",
      p(),
      "Do not allow delegate resources to contract addresses",
      (s) => {
        staked(s);
        mutateAccount(s, CAROL, (a) => {
          a.type = AccountType.Contract;
        });
      },
    ],
  ]);
  checkAll(T, longLocks, [
    [
      "lock period over the maximum",
      p({ lock: true, lockPeriod: 864_001n }),
      "The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!",
      staked,
    ],
    [
      "negative lock period",
      p({ lock: true, lockPeriod: -1n }),
      "The lock period of delegate resource cannot be less than 0 and cannot exceed 864000!",
      staked,
    ],
    [
      "shorter than the last lock's remaining time",
      p({ lock: true, lockPeriod: 100n }),
      `The lock period for ENERGY this time cannot be less than the remaining time[${200n * 3000n}ms] of the last lock period for ENERGY!`,
      (s) => {
        staked(s);
        delegate(s, TRX, ENERGY, true, 200n);
      },
    ],
  ]);
  it("accepts the whole idle stake and a lock as long as the remaining time", () => {
    const state = chain(longLocks);
    staked(state);
    expect(validateDirect(state, T, p({ balance: 10n * TRX }))).toBeUndefined();
    delegate(state, TRX, ENERGY, true, 200n);
    expect(validateDirect(state, T, p({ lock: true, lockPeriod: 200n }))).toBeUndefined();
    // with the 3-day maximum the lock period is not checked at all
    const short = chain();
    staked(short);
    expect(validateDirect(short, T, p({ lock: true, lockPeriod: 99_999_999n }))).toBeUndefined();
  });
});

describe("UnDelegateResource checks", () => {
  const T = ContractType.UnDelegateResourceContract;
  const p = (over: Record<string, unknown> = {}) => ({
    ownerAddress: ALICE,
    receiverAddress: CAROL,
    balance: TRX,
    resource: ENERGY,
    ...over,
  });
  const delegated = (s: MemoryState) => {
    freezeV2(s, 10n * TRX, BANDWIDTH);
    freezeV2(s, 10n * TRX, ENERGY);
    delegate(s, 2n * TRX, ENERGY);
    delegate(s, 3n * TRX, ENERGY, true);
  };
  checkAll(T, STAKE_2, [
    [
      "delegation off",
      p(),
      "No support for resource delegate",
      (s) => setProps(s, { ALLOW_DELEGATE_RESOURCE: 0n }),
    ],
    [
      "Stake 2.0 off",
      p(),
      "Not support unDelegate resource transaction, need to be opened by the committee",
      (s) => setProps(s, { UNFREEZE_DELAY_DAYS: 0n }),
    ],
    ["bad owner", p({ ownerAddress: SHORT }), "Invalid address"],
    ["missing owner", p({ ownerAddress: BOB }), missing(BOB, "] does not exist")],
    ["bad receiver", p({ receiverAddress: SHORT }), "Invalid receiverAddress"],
    ["from oneself", p({ receiverAddress: ALICE }), "receiverAddress must not be the same as ownerAddress"],
    ["nothing delegated", p(), "delegated Resource does not exist"],
    ["zero", p({ balance: 0n }), "unDelegateBalance must be more than 0 TRX", delegated],
    [
      "more energy than unlocked",
      p({ balance: 3n * TRX }),
      `insufficient delegateFrozenBalance(Energy), request=${3n * TRX}, unlock_balance=${2n * TRX}`,
      delegated,
    ],
    [
      "bandwidth never delegated",
      p({ resource: BANDWIDTH }),
      `insufficient delegatedFrozenBalance(BANDWIDTH), request=${TRX}, unlock_balance=0`,
      delegated,
    ],
    [
      "unknown resource",
      p({ resource: TRON_POWER }),
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
      delegated,
    ],
  ]);
  it("counts a locked delegation once its lock has passed (strictly)", () => {
    const state = chain();
    delegated(state);
    advance(state, 86_400n * 3000n);
    expect(validateDirect(state, T, p({ balance: 5n * TRX }))).toMatch(/unlock_balance=2000000$/);
    advance(state, 1n);
    expect(validateDirect(state, T, p({ balance: 5n * TRX }))).toBeUndefined();
  });
});

describe("FreezeBalance and UnfreezeBalance (v1) checks", () => {
  const F = ContractType.FreezeBalanceContract;
  const U = ContractType.UnfreezeBalanceContract;
  const f = (over: Record<string, unknown> = {}) => ({
    ownerAddress: ALICE,
    frozenBalance: TRX,
    frozenDuration: 3n,
    resource: BANDWIDTH,
    ...over,
  });
  checkAll(F, STAKE_1, [
    ["bad owner", f({ ownerAddress: SHORT }), "Invalid address"],
    ["missing owner", f({ ownerAddress: BOB }), missing(BOB, "] not exists")],
    ["zero", f({ frozenBalance: 0n }), "frozenBalance must be positive"],
    ["under 1 TRX", f({ frozenBalance: TRX - 1n }), "frozenBalance must be greater than or equal to 1 TRX"],
    [
      "two frozen entries",
      f(),
      "frozenCount must be 0 or 1",
      (s) =>
        mutateAccount(s, ALICE, (a) => {
          a.frozen = [
            { $typeName: "protocol.Account.Frozen", frozenBalance: TRX, expireTime: 0n },
            { $typeName: "protocol.Account.Frozen", frozenBalance: TRX, expireTime: 0n },
          ];
        }),
    ],
    [
      "over the balance",
      f({ frozenBalance: 1001n * TRX }),
      "frozenBalance must be less than or equal to accountBalance",
    ],
    ["2 days", f({ frozenDuration: 2n }), "frozenDuration must be less than 3 days and more than 3 days"],
    [
      "TRON_POWER, old model",
      f({ resource: TRON_POWER }),
      "ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]",
    ],
    [
      "TRON_POWER to a receiver",
      f({ resource: TRON_POWER, receiverAddress: CAROL }),
      "TRON_POWER is not allowed to delegate to other accounts.",
      (s) => setProps(s, { ALLOW_NEW_RESOURCE_MODEL: 1n }),
    ],
    ["to oneself", f({ receiverAddress: ALICE }), "receiverAddress must not be the same as ownerAddress"],
    ["bad receiver", f({ receiverAddress: SHORT }), "Invalid receiverAddress"],
    ["missing receiver", f({ receiverAddress: BOB }), missing(BOB, "] not exists")],
    [
      "to a contract",
      f({ receiverAddress: CAROL }),
      "Do not allow delegate resources to contract addresses",
      (s) =>
        mutateAccount(s, CAROL, (a) => {
          a.type = AccountType.Contract;
        }),
    ],
    [
      "Stake 2.0 on",
      f(),
      "freeze v2 is open, old freeze is closed",
      (s) => setProps(s, { UNFREEZE_DELAY_DAYS: 1n }),
    ],
  ]);
  const u = (over: Record<string, unknown> = {}) => ({ ownerAddress: ALICE, resource: BANDWIDTH, ...over });
  const frozen = (s: MemoryState) => run(s, F, f({ frozenBalance: 5n * TRX }));
  const frozenFor = (s: MemoryState) =>
    run(s, F, f({ frozenBalance: 5n * TRX, receiverAddress: CAROL, resource: ENERGY }));
  checkAll(U, STAKE_1, [
    ["bad owner", u({ ownerAddress: SHORT }), "Invalid address"],
    ["missing owner", u({ ownerAddress: BOB }), missing(BOB, "] does not exist")],
    ["from oneself", u({ receiverAddress: ALICE }), "receiverAddress must not be the same as ownerAddress"],
    ["bad receiver", u({ receiverAddress: SHORT }), "Invalid receiverAddress"],
    [
      "missing receiver before Constantinople",
      u({ receiverAddress: BOB }),
      `Receiver Account[${hex(BOB)}] does not exist`,
      (s) => setProps(s, { ALLOW_TVM_CONSTANTINOPLE: 0n }),
    ],
    ["nothing delegated", u({ receiverAddress: CAROL }), "delegated Resource does not exist"],
    [
      "no delegated bandwidth",
      u({ receiverAddress: CAROL }),
      "no delegatedFrozenBalance(BANDWIDTH)",
      frozenFor,
    ],
    [
      "delegated energy still locked",
      u({ receiverAddress: CAROL, resource: ENERGY }),
      "It's not time to unfreeze.",
      frozenFor,
    ],
    [
      "receiver holds less than delegated",
      u({ receiverAddress: CAROL, resource: ENERGY }),
      `AcquiredDelegatedFrozenBalanceForEnergy[${TRX}] < delegatedEnergy[${5n * TRX}]`,
      (s) => {
        frozenFor(s);
        mutateAccount(s, CAROL, (a) => {
          a.accountResource!.acquiredDelegatedFrozenBalanceForEnergy = TRX;
        });
      },
    ],
    [
      "delegated, unknown resource",
      u({ receiverAddress: CAROL, resource: TRON_POWER }),
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
      frozenFor,
    ],
    ["no bandwidth", u(), "no frozenBalance(BANDWIDTH)"],
    ["bandwidth not expired", u(), "It's not time to unfreeze(BANDWIDTH).", frozen],
    ["no energy", u({ resource: ENERGY }), "no frozenBalance(Energy)"],
    [
      "TRON_POWER, old model",
      u({ resource: TRON_POWER }),
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]",
    ],
    [
      "no TRON_POWER",
      u({ resource: TRON_POWER }),
      "no frozenBalance(TronPower)",
      (s) => setProps(s, { ALLOW_NEW_RESOURCE_MODEL: 1n }),
    ],
    [
      "unknown resource, new model",
      u({ resource: BAD_CODE }),
      "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]",
      (s) => setProps(s, { ALLOW_NEW_RESOURCE_MODEL: 1n }),
    ],
  ]);
});

describe("Stake 2.0 effects", () => {
  it("freezing moves the balance into frozenV2 and the total weight by whole TRX", () => {
    const state = chain();
    const outcome = freezeV2(state, 1_500_000n, BANDWIDTH);
    expect(outcome.info.fee).toBe(0n);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(1n);
    freezeV2(state, 1_500_000n, BANDWIDTH);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(3n);
    freezeV2(state, 2n * TRX, ENERGY);
    const a = account(state, ALICE)!;
    expect(a.frozenV2.map((f) => [f.type, f.amount])).toEqual([
      [BANDWIDTH, 3_000_000n],
      [ENERGY, 2n * TRX],
    ]);
    expect(a.balance).toBe(995n * TRX);
    expect(prop(state, "TOTAL_ENERGY_WEIGHT")).toBe(2n);
  });

  it("unfreezing queues the amount for the delay and pays out expired ones automatically", () => {
    const state = chain();
    freezeV2(state, 10n * TRX, ENERGY);
    const first = unfreezeV2(state, 4n * TRX, ENERGY);
    expect(first.info.withdrawExpireAmount).toBe(0n);
    const head = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    expect(
      account(state, ALICE)!.unfrozenV2.map((u) => [u.type, u.unfreezeAmount, u.unfreezeExpireTime]),
    ).toEqual([[ENERGY, 4n * TRX, head + DAY]]);
    expect(prop(state, "TOTAL_ENERGY_WEIGHT")).toBe(6n);
    advance(state, DAY);
    const before = balance(state, ALICE);
    const second = unfreezeV2(state, TRX, ENERGY);
    expect(second.info.withdrawExpireAmount).toBe(4n * TRX);
    expect(balance(state, ALICE)).toBe(before + 4n * TRX);
    expect(account(state, ALICE)!.unfrozenV2).toHaveLength(1);
  });

  it("withdraws expired unfreezes only", () => {
    const state = chain();
    freezeV2(state, 10n * TRX, BANDWIDTH);
    unfreezeV2(state, 2n * TRX, BANDWIDTH);
    advance(state, DAY);
    unfreezeV2(state, 3n * TRX, BANDWIDTH); // pays the 2 TRX itself
    advance(state, DAY / 2n);
    expect(
      pushError(
        state,
        tx(state, ContractType.WithdrawExpireUnfreezeContract, { ownerAddress: ALICE }, [ALICE_KEY]),
      ),
    ).toEqual(["CONTRACT_VALIDATE_ERROR", "Contract validate error : no unFreeze balance to withdraw "]);
    advance(state, DAY / 2n);
    const before = balance(state, ALICE);
    const out = run(state, ContractType.WithdrawExpireUnfreezeContract, { ownerAddress: ALICE });
    expect(out.info.withdrawExpireAmount).toBe(3n * TRX);
    expect(balance(state, ALICE)).toBe(before + 3n * TRX);
    expect(account(state, ALICE)!.unfrozenV2).toEqual([]);
  });

  it("cancelling pays expired unfreezes and re-freezes the others, naming all three resources", () => {
    const state = chain();
    freezeV2(state, 10n * TRX, BANDWIDTH);
    freezeV2(state, 10n * TRX, ENERGY);
    unfreezeV2(state, 1_500_000n, BANDWIDTH);
    advance(state, DAY);
    unfreezeV2(state, 2n * TRX, ENERGY); // withdraws the 1.5 TRX
    unfreezeV2(state, 500_000n, BANDWIDTH);
    advance(state, DAY);
    unfreezeV2(state, 3n * TRX, ENERGY); // withdraws the 2 TRX and the 0.5 TRX
    const netBefore = prop(state, "TOTAL_NET_WEIGHT");
    const energyBefore = prop(state, "TOTAL_ENERGY_WEIGHT");
    const before = balance(state, ALICE);
    const out = run(state, ContractType.CancelAllUnfreezeV2Contract, { ownerAddress: ALICE });
    expect(out.info.withdrawExpireAmount).toBe(0n);
    expect(out.info.cancelUnfreezeV2Amount).toEqual({ BANDWIDTH: 0n, ENERGY: 3n * TRX, TRON_POWER: 0n });
    expect(balance(state, ALICE)).toBe(before);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(netBefore);
    expect(prop(state, "TOTAL_ENERGY_WEIGHT")).toBe(energyBefore + 3n);
    expect(account(state, ALICE)!.unfrozenV2).toEqual([]);
  });

  it("an unfreeze scales votes down in Java double arithmetic when the stake no longer covers them", () => {
    const state = chain();
    freezeV2(state, 10n * TRX, ENERGY);
    const w1 = ALICE.slice();
    w1[20] ^= 1;
    mutateAccount(state, ALICE, (a) => {
      a.votes = [
        { $typeName: "protocol.Vote", voteAddress: WITNESS, voteCount: 7n },
        { $typeName: "protocol.Vote", voteAddress: w1, voteCount: 3n },
      ];
    });
    unfreezeV2(state, 5n * TRX, ENERGY);
    // 5 TRX left for 10 votes: (long)(7/10·5e6/1e6) = 3, (long)(3/10·5e6/1e6) = 1
    expect(account(state, ALICE)!.votes.map((v) => v.voteCount)).toEqual([3n, 1n]);
    const row = state.get(Tables.votes, ALICE)!;
    expect(row.oldVotes.map((v) => v.voteCount)).toEqual([7n, 3n]);
    expect(row.newVotes.map((v) => v.voteCount)).toEqual([3n, 1n]);
    unfreezeV2(state, 4n * TRX, ENERGY);
    // 1 TRX for 4 votes: 0.75 → 0 (dropped), 0.25 → 0 (dropped)
    expect(account(state, ALICE)!.votes).toEqual([]);
  });

  it("under the new resource model the first unfreeze clears the votes and invalidates the old tron power", () => {
    const state = chain({ ...STAKE_2, ALLOW_NEW_RESOURCE_MODEL: 1n });
    freezeV2(state, 10n * TRX, ENERGY);
    expect(account(state, ALICE)!.oldTronPower).toBe(-1n); // initialised before the first stake
    mutateAccount(state, ALICE, (a) => {
      a.oldTronPower = 10n * TRX;
      a.votes = [{ $typeName: "protocol.Vote", voteAddress: WITNESS, voteCount: 1n }];
    });
    unfreezeV2(state, TRX, ENERGY);
    expect(account(state, ALICE)!.votes).toEqual([]);
    expect(account(state, ALICE)!.oldTronPower).toBe(-1n);
    // once invalid, a bandwidth/energy unfreeze leaves votes (backed by TRON_POWER) alone
    freezeV2(state, 5n * TRX, TRON_POWER);
    mutateAccount(state, ALICE, (a) => {
      a.votes = [{ $typeName: "protocol.Vote", voteAddress: WITNESS, voteCount: 5n }];
    });
    unfreezeV2(state, TRX, ENERGY);
    expect(account(state, ALICE)!.votes.map((v) => v.voteCount)).toEqual([5n]);
  });
});

describe("delegation effects", () => {
  it("delegates and undelegates: records, index, account fields; weights unchanged", () => {
    const state = chain();
    freezeV2(state, 10n * TRX, BANDWIDTH);
    freezeV2(state, 10n * TRX, ENERGY);
    delegate(state, 2n * TRX, BANDWIDTH);
    delegate(state, 3n * TRX, ENERGY, true);
    const head = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    expect(
      state.get(Tables.delegatedResources, delegatedResourceKeyV2(ALICE, CAROL, false))
        ?.frozenBalanceForBandwidth,
    ).toBe(2n * TRX);
    const locked = state.get(Tables.delegatedResources, delegatedResourceKeyV2(ALICE, CAROL, true))!;
    expect([locked.frozenBalanceForEnergy, locked.expireTimeForEnergy]).toEqual([
      3n * TRX,
      head + 86_400n * 3000n,
    ]);
    expect(delegationIndexV2(state, ALICE).toAccounts).toEqual([CAROL]);
    expect(delegationIndexV2(state, CAROL).fromAccounts).toEqual([ALICE]);
    const alice = account(state, ALICE)!;
    expect(alice.delegatedFrozenV2BalanceForBandwidth).toBe(2n * TRX);
    expect(alice.accountResource?.delegatedFrozenV2BalanceForEnergy).toBe(3n * TRX);
    expect(alice.frozenV2.map((f) => f.amount)).toEqual([8n * TRX, 7n * TRX]);
    const carol = account(state, CAROL)!;
    expect(carol.acquiredDelegatedFrozenV2BalanceForBandwidth).toBe(2n * TRX);
    expect(carol.accountResource?.acquiredDelegatedFrozenV2BalanceForEnergy).toBe(3n * TRX);
    expect([prop(state, "TOTAL_NET_WEIGHT"), prop(state, "TOTAL_ENERGY_WEIGHT")]).toEqual([10n, 10n]);

    run(state, ContractType.UnDelegateResourceContract, {
      ownerAddress: ALICE,
      receiverAddress: CAROL,
      balance: 2n * TRX,
      resource: BANDWIDTH,
    });
    expect(state.get(Tables.delegatedResources, delegatedResourceKeyV2(ALICE, CAROL, false))).toBeUndefined();
    expect(delegationIndexV2(state, ALICE).toAccounts).toEqual([CAROL]); // the locked record remains
    advance(state, 86_400n * 3000n + 1n);
    run(state, ContractType.UnDelegateResourceContract, {
      ownerAddress: ALICE,
      receiverAddress: CAROL,
      balance: 3n * TRX,
      resource: ENERGY,
    });
    expect(state.get(Tables.delegatedResources, delegatedResourceKeyV2(ALICE, CAROL, true))).toBeUndefined();
    expect(delegationIndexV2(state, ALICE).toAccounts).toEqual([]);
    expect(delegationIndexV2(state, CAROL).fromAccounts).toEqual([]);
    expect(account(state, ALICE)!.frozenV2.map((f) => f.amount)).toEqual([10n * TRX, 10n * TRX]);
    expect(account(state, CAROL)!.acquiredDelegatedFrozenV2BalanceForBandwidth).toBe(0n);
  });

  it("an undelegation takes the receiver's usage back in proportion to the stake", () => {
    const state = chain();
    freezeV2(state, 10n * TRX, ENERGY);
    delegate(state, 4n * TRX, ENERGY);
    // CAROL used 1000 energy in the current slot
    const slot = (prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP") - prop(state, "GENESIS_TIMESTAMP")) / 3000n;
    mutateAccount(state, CAROL, (a) => {
      a.accountResource!.energyUsage = 1000n;
      a.accountResource!.latestConsumeTimeForEnergy = slot;
    });
    run(state, ContractType.UnDelegateResourceContract, {
      ownerAddress: ALICE,
      receiverAddress: CAROL,
      balance: TRX,
      resource: ENERGY,
    });
    // CAROL's stake was 4 TRX: a quarter of her usage moves to ALICE
    expect(account(state, CAROL)!.accountResource?.energyUsage).toBe(750n);
    expect(account(state, ALICE)!.accountResource?.energyUsage).toBe(250n);
  });

  it("Stake 1.0 delegation keeps the old index layout, or the optimized one", () => {
    for (const optimized of [0n, 1n]) {
      const state = chain({ ...STAKE_1, ALLOW_DELEGATE_OPTIMIZATION: optimized });
      run(state, ContractType.FreezeBalanceContract, {
        ownerAddress: ALICE,
        frozenBalance: 5n * TRX,
        frozenDuration: 3n,
        resource: ENERGY,
        receiverAddress: CAROL,
      });
      expect(
        state.get(Tables.delegatedResources, delegatedResourceKeyV1(ALICE, CAROL))?.frozenBalanceForEnergy,
      ).toBe(5n * TRX);
      expect(delegationIndexV1(state, ALICE).toAccounts).toEqual([CAROL]);
      expect(delegationIndexV1(state, CAROL).fromAccounts).toEqual([ALICE]);
      expect(state.get(Tables.delegationIndex, ALICE) !== undefined).toBe(optimized === 0n);
      expect(account(state, CAROL)!.accountResource?.acquiredDelegatedFrozenBalanceForEnergy).toBe(5n * TRX);
      expect(prop(state, "TOTAL_ENERGY_WEIGHT")).toBe(5n);
      advance(state, 3n * DAY);
      const out = run(state, ContractType.UnfreezeBalanceContract, {
        ownerAddress: ALICE,
        receiverAddress: CAROL,
        resource: ENERGY,
      });
      expect(out.info.unfreezeAmount).toBe(5n * TRX);
      expect(delegationIndexV1(state, ALICE).toAccounts).toEqual([]);
      expect(state.get(Tables.delegatedResources, delegatedResourceKeyV1(ALICE, CAROL))).toBeUndefined();
      expect(prop(state, "TOTAL_ENERGY_WEIGHT")).toBe(0n);
    }
  });
});

describe("Stake 1.0 effects", () => {
  it("freezes for 3 days, refuses to unfreeze earlier, then returns the stake and clears the votes", () => {
    const state = chain(STAKE_1);
    const head = prop(state, "LATEST_BLOCK_HEADER_TIMESTAMP");
    run(state, ContractType.FreezeBalanceContract, {
      ownerAddress: ALICE,
      frozenBalance: 7n * TRX,
      frozenDuration: 3n,
      resource: BANDWIDTH,
    });
    expect(account(state, ALICE)!.frozen.map((f) => [f.frozenBalance, f.expireTime])).toEqual([
      [7n * TRX, head + 3n * DAY],
    ]);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(7n);
    mutateAccount(state, ALICE, (a) => {
      a.votes = [{ $typeName: "protocol.Vote", voteAddress: WITNESS, voteCount: 7n }];
    });
    advance(state, 3n * DAY - 1n);
    const unfreeze = { ownerAddress: ALICE, resource: BANDWIDTH };
    expect(pushError(state, tx(state, ContractType.UnfreezeBalanceContract, unfreeze, [ALICE_KEY]))[1]).toBe(
      "Contract validate error : It's not time to unfreeze(BANDWIDTH).",
    );
    advance(state, 1n);
    const before = balance(state, ALICE);
    const out = run(state, ContractType.UnfreezeBalanceContract, unfreeze);
    expect(out.info.unfreezeAmount).toBe(7n * TRX);
    expect(balance(state, ALICE)).toBe(before + 7n * TRX);
    expect(account(state, ALICE)!.frozen).toEqual([]);
    expect(account(state, ALICE)!.votes).toEqual([]);
    expect(state.get(Tables.votes, ALICE)?.newVotes).toEqual([]);
    expect(prop(state, "TOTAL_NET_WEIGHT")).toBe(0n);
  });

  it("legacy stakes can still be released once Stake 2.0 is on", () => {
    const state = chain(STAKE_1);
    run(state, ContractType.FreezeBalanceContract, {
      ownerAddress: ALICE,
      frozenBalance: 2n * TRX,
      frozenDuration: 3n,
      resource: ENERGY,
    });
    setProps(state, { UNFREEZE_DELAY_DAYS: 1n });
    advance(state, 3n * DAY);
    expect(
      run(state, ContractType.UnfreezeBalanceContract, { ownerAddress: ALICE, resource: ENERGY }).info
        .unfreezeAmount,
    ).toBe(2n * TRX);
  });
});

describe("refused staking transactions change nothing", () => {
  it("leaves state untouched on every refusal", () => {
    const state = chain();
    freezeV2(state, 5n * TRX, ENERGY);
    const refusals = [
      tx(
        state,
        ContractType.FreezeBalanceV2Contract,
        { ownerAddress: ALICE, frozenBalance: 10_000n * TRX, resource: ENERGY },
        [ALICE_KEY],
      ),
      tx(
        state,
        ContractType.UnfreezeBalanceV2Contract,
        { ownerAddress: ALICE, unfreezeBalance: 6n * TRX, resource: ENERGY },
        [ALICE_KEY],
      ),
      tx(
        state,
        ContractType.DelegateResourceContract,
        { ownerAddress: ALICE, receiverAddress: ALICE, balance: TRX, resource: ENERGY },
        [ALICE_KEY],
      ),
      tx(
        state,
        ContractType.UnDelegateResourceContract,
        { ownerAddress: ALICE, receiverAddress: CAROL, balance: TRX, resource: ENERGY },
        [ALICE_KEY],
      ),
    ];
    const before = account(state, ALICE);
    for (const t of refusals) expect(pushError(state, t)[0]).toBe("CONTRACT_VALIDATE_ERROR");
    expect(account(state, ALICE)).toEqual(before);
  });
});
