/**
 * The staking and vote opcodes follow java-tron's VM processors (vm/nativecontract/*Processor),
 * not the system-contract actuators, where the two differ; SELFDESTRUCT's reward settlement, its
 * java-tron behaviour on a chain without a Blackhole account, and #94 (TIP-6780). Each program is
 * raw bytecode: push the arguments (top of stack first in the list), run the opcode, return the word.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import { packAddresses } from "../../src/chain/witness-schedule.js";
import {
  AccountSchema,
  AccountType,
  addressToBase58,
  ContractResult,
  ContractTables,
  DelegatedResourceSchema,
  hexToBytes,
  type MemoryState,
  putContract,
  ResourceCode,
  SmartContractSchema,
  StateOverlay,
  Tables,
  VoteSchema,
  WitnessSchema,
} from "../../src/internal.js";
import { delegatedResourceKeyV1, delegatedResourceKeyV2 } from "../../src/resources/delegation.js";
import { GENESIS_WITNESS_LIST } from "../../src/witnesses/registry.js";
import { call, chainState, deploy, MAINNET_FLAGS, OTHER } from "./helpers.js";

const C = hexToBytes(`41${"0c".repeat(20)}`);
const W11 = hexToBytes(`41${"11".repeat(20)}`);
const W22 = hexToBytes(`41${"22".repeat(20)}`);
const W33 = hexToBytes(`41${"33".repeat(20)}`);
const NOW = 1_700_000_000_000n;
const DAY = 86_400_000n;
const TRX = 1_000_000n;

const hex32 = (v: bigint) => BigInt.asUintN(256, v).toString(16).padStart(64, "0");
const push = (v: bigint) => `7f${hex32(v)}`;
const addr = (a: Uint8Array) => BigInt(`0x${Buffer.from(a.subarray(1)).toString("hex")}`);
const RETURN_TOP = "60005260206000f3";
/** Pushes `args` (listed top of stack first), runs `op`, returns the result word. */
const program = (op: number, ...args: bigint[]) =>
  `${[...args].reverse().map(push).join("")}${op.toString(16)}${RETURN_TOP}`;
const mstore = (offset: number, v: bigint) => `${push(v)}${push(BigInt(offset))}52`;
const word = (r: { returnData: Uint8Array }) =>
  BigInt(`0x${Buffer.from(r.returnData).toString("hex") || "0"}`);

const STAKE_V1 = { ...MAINNET_FLAGS, LATEST_BLOCK_HEADER_TIMESTAMP: NOW };
const STAKE_V2 = {
  ...STAKE_V1,
  UNFREEZE_DELAY_DAYS: 14n,
  ALLOW_DELEGATE_RESOURCE: 1n,
  ALLOW_NEW_RESOURCE_MODEL: 1n,
  TOTAL_NET_LIMIT: 43_200_000_000n,
  TOTAL_ENERGY_CURRENT_LIMIT: 90_000_000_000n,
};

function edit(state: MemoryState, f: (o: StateOverlay) => void): void {
  const overlay = new StateOverlay(state);
  f(overlay);
  state.apply(overlay.changes());
}

/** The contract C running `code`, holding `balance` sun (and whatever `patch` adds). */
function contract(state: MemoryState, code: string, balance = 100n * TRX, patch: object = {}): void {
  edit(state, (o) => {
    o.put(
      Tables.accounts,
      C,
      create(AccountSchema, { address: C, type: AccountType.Contract, balance, ...patch }),
    );
    putContract(o, create(SmartContractSchema, { contractAddress: C, consumeUserResourcePercent: 100n }));
    o.put(ContractTables.code, C, hexToBytes(code));
  });
}

const account = (state: MemoryState, a: Uint8Array) => state.get(Tables.accounts, a)!;

describe("FREEZE / UNFREEZE (FreezeBalanceProcessor, UnfreezeBalanceProcessor)", () => {
  it("FREEZE freezes for MIN_FROZEN_TIME days, not a fixed 3", () => {
    const state = chainState({ ...STAKE_V1, MIN_FROZEN_TIME: 5n });
    contract(state, program(0xd5, 1n, 2n * TRX, addr(C)));
    const r = call(state, C);
    expect(word(r)).toBe(1n);
    expect(account(state, C).accountResource!.frozenBalanceForEnergy).toMatchObject({
      frozenBalance: 2n * TRX,
      expireTime: NOW + 5n * DAY,
    });
  });

  it("FREEZE to another address delegates without ALLOW_DELEGATE_RESOURCE, creating the receiver; no index row; weight += amount/1e6", () => {
    const state = chainState({ ...STAKE_V1, ALLOW_DELEGATE_RESOURCE: 0n, TOTAL_ENERGY_WEIGHT: 7n });
    const receiver = hexToBytes(`41${"9e".repeat(20)}`);
    contract(state, program(0xd5, 1n, 3n * TRX, addr(receiver)));
    expect(word(call(state, C))).toBe(1n);
    expect(account(state, receiver).type).toBe(AccountType.Normal);
    expect(account(state, receiver).accountResource!.acquiredDelegatedFrozenBalanceForEnergy).toBe(3n * TRX);
    expect(account(state, C).accountResource!.delegatedFrozenBalanceForEnergy).toBe(3n * TRX);
    expect(state.get(Tables.delegatedResources, delegatedResourceKeyV1(C, receiver))).toMatchObject({
      frozenBalanceForEnergy: 3n * TRX,
      expireTimeForEnergy: NOW + 3n * DAY,
    });
    expect(state.get(Tables.delegationIndex, C)).toBeUndefined();
    expect(state.get(Tables.properties, "TOTAL_ENERGY_WEIGHT")).toBe(10n);
  });

  it("FREEZE refuses TRON_POWER (the opcode knows bandwidth and energy only)", () => {
    const state = chainState(STAKE_V1);
    contract(state, program(0xd5, 2n, 2n * TRX, addr(C)));
    const r = call(state, C);
    expect(word(r)).toBe(0n);
    expect(r.internalTransactions[0]!.rejected).toBe(true);
  });

  it("UNFREEZE of a delegation keeps the zeroed record and stops the receiver's acquired amount at 0", () => {
    const state = chainState(STAKE_V1);
    edit(state, (o) => {
      o.put(
        Tables.delegatedResources,
        delegatedResourceKeyV1(C, OTHER),
        create(DelegatedResourceSchema, {
          from: C,
          to: OTHER,
          frozenBalanceForBandwidth: 4n * TRX,
          expireTimeForBandwidth: NOW - 1n,
        }),
      );
      o.put(Tables.accounts, OTHER, {
        ...account(state, OTHER),
        acquiredDelegatedFrozenBalanceForBandwidth: TRX,
      });
    });
    contract(state, program(0xd6, 0n, addr(OTHER)), 0n, { delegatedFrozenBalanceForBandwidth: 4n * TRX });
    const r = call(state, C);
    expect(word(r)).toBe(1n);
    expect(r.internalTransactions[0]!.value).toBe(4n * TRX);
    expect(account(state, C).balance).toBe(4n * TRX);
    expect(account(state, OTHER).acquiredDelegatedFrozenBalanceForBandwidth).toBe(0n);
    expect(state.get(Tables.delegatedResources, delegatedResourceKeyV1(C, OTHER))).toMatchObject({
      frozenBalanceForBandwidth: 0n,
      expireTimeForBandwidth: 0n,
    });
  });

  it("UNFREEZE keeps the votes the remaining tron power still covers, and clears them when it does not", () => {
    for (const [votes, kept] of [
      [3n, true],
      [6n, false],
    ] as const) {
      const state = chainState(STAKE_V1);
      contract(state, program(0xd6, 0n, addr(C)), 0n, {
        frozen: [{ frozenBalance: 5n * TRX, expireTime: NOW - 1n }],
        accountResource: { frozenBalanceForEnergy: { frozenBalance: 5n * TRX, expireTime: NOW + DAY } },
        votes: [create(VoteSchema, { voteAddress: W11, voteCount: votes })],
      });
      expect(word(call(state, C))).toBe(1n);
      expect(account(state, C).votes.length).toBe(kept ? 1 : 0);
      if (!kept) {
        expect(state.get(Tables.votes, C)).toMatchObject({ oldVotes: [{ voteCount: 6n }], newVotes: [] });
      }
    }
  });
});

describe("Stake 2.0 opcodes (the V2 processors)", () => {
  it("UNFREEZEBALANCEV2 refuses more than the entry holds and a full unfreezing list", () => {
    const state = chainState(STAKE_V2);
    const frozenV2 = [{ type: ResourceCode.ENERGY, amount: 2n * TRX }];
    contract(state, program(0xdb, 1n, 3n * TRX), 0n, { frozenV2 });
    expect(word(call(state, C))).toBe(0n);
    const full = Array.from({ length: 32 }, () => ({
      type: ResourceCode.BANDWIDTH,
      unfreezeAmount: 1n,
      unfreezeExpireTime: NOW + DAY,
    }));
    contract(state, program(0xdb, 1n, TRX), 0n, { frozenV2, unfrozenV2: full });
    expect(word(call(state, C))).toBe(0n);
  });

  it("CANCELALLUNFREEZEV2 with nothing pending succeeds (the actuator refuses)", () => {
    const state = chainState({ ...STAKE_V2, ALLOW_CANCEL_ALL_UNFREEZE_V2: 1n });
    contract(state, program(0xdc));
    const r = call(state, C);
    expect(word(r)).toBe(1n);
    expect(r.internalTransactions[0]!.rejected).toBe(false);
  });

  it("DELEGATERESOURCE uses the unlocked record and leaves an expired lock alone; UNDELEGATERESOURCE sees only the unlocked part, keeps the emptied record and drops the index pair", () => {
    const state = chainState(STAKE_V2);
    const lockedKey = delegatedResourceKeyV2(C, OTHER, true);
    edit(state, (o) =>
      o.put(
        Tables.delegatedResources,
        lockedKey,
        create(DelegatedResourceSchema, {
          from: C,
          to: OTHER,
          frozenBalanceForEnergy: 5n * TRX,
          expireTimeForEnergy: NOW - 1n,
        }),
      ),
    );
    const frozenV2 = [{ type: ResourceCode.ENERGY, amount: 10n * TRX }];
    contract(state, program(0xde, 1n, 2n * TRX, addr(OTHER)), 0n, { frozenV2 });
    expect(word(call(state, C))).toBe(1n);
    expect(state.get(Tables.delegatedResources, lockedKey)!.frozenBalanceForEnergy).toBe(5n * TRX);
    const unlockedKey = delegatedResourceKeyV2(C, OTHER, false);
    expect(state.get(Tables.delegatedResources, unlockedKey)!.frozenBalanceForEnergy).toBe(2n * TRX);
    // 3 TRX is more than the unlocked 2 (the actuator would count the expired lock too)
    edit(state, (o) => o.put(ContractTables.code, C, hexToBytes(program(0xdf, 1n, 3n * TRX, addr(OTHER)))));
    expect(word(call(state, C))).toBe(0n);
    edit(state, (o) => o.put(ContractTables.code, C, hexToBytes(program(0xdf, 1n, 2n * TRX, addr(OTHER)))));
    expect(word(call(state, C))).toBe(1n);
    expect(state.get(Tables.delegatedResources, unlockedKey)).toMatchObject({ frozenBalanceForEnergy: 0n });
    expect(state.get(Tables.delegationIndex, Uint8Array.of(0x03, ...C))).toBeUndefined();
  });
});

describe("VOTEWITNESS and WITHDRAWREWARD (VoteWitnessProcessor, WithdrawRewardProcessor)", () => {
  function voteProgram(witnesses: Uint8Array[], counts: bigint[], witnessLength = witnesses.length): string {
    let code = mstore(0x100, BigInt(witnessLength));
    witnesses.forEach((w, i) => {
      code += mstore(0x120 + 32 * i, addr(w));
    });
    code += mstore(0x400, BigInt(counts.length));
    counts.forEach((c, i) => {
      code += mstore(0x420 + 32 * i, c);
    });
    return code + program(0xd8, BigInt(counts.length), 0x400n, BigInt(witnessLength), 0x100n);
  }

  function votingChain(): MemoryState {
    const state = chainState(STAKE_V2);
    edit(state, (o) => {
      for (const w of [W11, W22, W33])
        o.put(Tables.witnesses, w, create(WitnessSchema, { address: w, url: "w" }));
    });
    return state;
  }
  const power = { frozenV2: [{ type: ResourceCode.TRON_POWER, amount: 10n * TRX }], oldTronPower: -1n };

  it("arrays of different lengths push 0 without rejecting the internal transaction", () => {
    const state = votingChain();
    contract(state, voteProgram([W11, W22], [1n]), 0n, power);
    const r = call(state, C);
    expect(word(r)).toBe(0n);
    expect(r.internalTransactions[0]!.rejected).toBe(false);
  });

  it("repeated witnesses merge, zero counts drop, votes are listed in java.util.HashMap order, extra names them in Base58", () => {
    const state = votingChain();
    contract(state, voteProgram([W11, W22, W11, W33], [1n, 2n, 3n, 0n]), 0n, power);
    const r = call(state, C);
    expect(word(r)).toBe(1n);
    // ByteString hash buckets (capacity 16): 0x22… → 7, 0x11… → 9
    expect(
      account(state, C).votes.map((v) => [Buffer.from(v.voteAddress).toString("hex"), v.voteCount]),
    ).toEqual([
      [Buffer.from(W22).toString("hex"), 2n],
      [Buffer.from(W11).toString("hex"), 4n],
    ]);
    const [a, b, c] = [W11, W22, W33].map(addressToBase58);
    expect(r.internalTransactions[0]!.extra).toBe(
      `{"votes":[{"vote_address":"${a}","vote_count":1},{"vote_address":"${b}","vote_count":2},{"vote_address":"${a}","vote_count":3},{"vote_address":"${c}","vote_count":0}]}`,
    );
    expect(account(state, C).oldTronPower).toBe(-1n);
  });

  it("an empty vote list clears the votes; a missing witness is refused", () => {
    const state = votingChain();
    contract(state, voteProgram([], []), 0n, {
      ...power,
      votes: [create(VoteSchema, { voteAddress: W11, voteCount: 2n })],
    });
    expect(word(call(state, C))).toBe(1n);
    expect(account(state, C).votes).toEqual([]);
    contract(state, voteProgram([OTHER], [1n]), 0n, power);
    expect(word(call(state, C))).toBe(0n);
  });

  it("WITHDRAWREWARD settles the voter reward under ALLOW_TVM_VOTE alone (Vi for every cycle), not ALLOW_CHANGE_DELEGATION", () => {
    const state = chainState({ ...STAKE_V2, ALLOW_CHANGE_DELEGATION: 0n, CURRENT_CYCLE_NUMBER: 5n });
    const hex = Buffer.from(W11).toString("hex");
    // Vi of W11 at cycle 4: 2e18 per vote ⇒ 3 votes earn 6 sun over cycles 0–4
    edit(state, (o) => o.put(Tables.delegationVi, `4-${hex}-vi`, hexToBytes("1bc16d674ec80000")));
    contract(state, program(0xd9), 0n, { votes: [create(VoteSchema, { voteAddress: W11, voteCount: 3n })] });
    const r = call(state, C);
    expect(word(r)).toBe(6n);
    expect(r.internalTransactions[0]!.value).toBe(6n);
    expect(account(state, C)).toMatchObject({
      balance: 6n,
      allowance: 0n,
      latestWithdrawTime: 1_700_000_000_000n,
    });
  });

  it("WITHDRAWREWARD refuses a genesis witness", () => {
    const state = chainState(STAKE_V2);
    edit(state, (o) => o.put(Tables.byteProperties, GENESIS_WITNESS_LIST, packAddresses([C])));
    contract(state, program(0xd9), 0n, { allowance: 5n });
    const r = call(state, C);
    expect(word(r)).toBe(0n);
    expect(r.internalTransactions[0]!.rejected).toBe(true);
  });
});

describe("SELFDESTRUCT", () => {
  const selfdestruct = (heir: Uint8Array) => `${push(addr(heir))}ff`;

  it("to itself on a chain without a Blackhole account fails as java-tron's does (the null address reaches the store)", () => {
    const state = chainState(STAKE_V1);
    contract(state, selfdestruct(C));
    const r = call(state, C);
    expect(r.contractResult).toBe(ContractResult.UNKNOWN);
    expect(r.runtimeError).toBe("The key argument cannot be null");
    expect(account(state, C).balance).toBe(100n * TRX);
  });

  it("to itself with a Blackhole account burns into it", () => {
    const state = chainState(STAKE_V1);
    const hole = hexToBytes(`41${"00".repeat(19)}01`);
    edit(state, (o) => {
      o.put(Tables.byteProperties, "BLACKHOLE_ADDRESS", hole);
      o.put(Tables.accounts, hole, create(AccountSchema, { address: hole }));
    });
    contract(state, selfdestruct(C));
    const r = call(state, C);
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    expect(account(state, hole).balance).toBe(100n * TRX);
    expect(r.deletedAccounts).toEqual([C]);
  });

  const RESTRICTED = { ...STAKE_V1, ALLOW_TVM_SELFDESTRUCT_RESTRICTION: 1n };

  it("#94: a contract from an earlier transaction is not deleted; its TRX goes to the heir; SELFDESTRUCT costs 5000", () => {
    const state = chainState(RESTRICTED);
    contract(state, selfdestruct(OTHER));
    const before = account(state, OTHER).balance;
    const r = call(state, C);
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    expect(r.deletedAccounts).toEqual([]);
    expect(account(state, OTHER).balance).toBe(before + 100n * TRX);
    expect(account(state, C).balance).toBe(0n);
    expect(state.get(ContractTables.code, C)).toBeDefined();
    expect(r.energyUsed).toBe(3n + 5000n);
  });

  it("#94: to itself, an earlier contract keeps everything (nothing is burnt)", () => {
    const state = chainState(RESTRICTED);
    contract(state, selfdestruct(C));
    const r = call(state, C);
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    expect(account(state, C).balance).toBe(100n * TRX);
    expect(r.internalTransactions[0]!.note).toBe("suicide");
  });

  it("#94: a contract created in the same transaction is still deleted; a new heir costs 25000 more", () => {
    const state = chainState(RESTRICTED);
    const heir = hexToBytes(`41${"7e".repeat(20)}`);
    const { result } = deploy(state, hexToBytes(selfdestruct(heir)), { callValue: 5n });
    expect(result.contractResult).toBe(ContractResult.SUCCESS);
    expect(result.deletedAccounts.length).toBe(1);
    expect(account(state, heir).balance).toBe(5n);
    expect(result.energyUsed).toBe(3n + 5000n + 25000n);
  });
});
