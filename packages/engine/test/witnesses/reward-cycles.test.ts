/**
 * Voter rewards by cycle (java-tron MortgageService, DelegationStore) against a hand-computed table.
 *
 * Set-up: ALLOW_CHANGE_DELEGATION = 1, maintenance every 30 s (10 blocks of 3 s), the genesis
 * witness has 0 votes and produces every block, candidate W (key 11) gets 100 + 300 + 600 = 1 000
 * votes from three voters at the first maintenance (block 10). Each block pays
 * WITNESS_127_PAY_PER_BLOCK = 16 TRX to the standby witnesses by votes — W is the only one with
 * votes — so per block W's share is split by its brokerage: 20 % → 3.2 TRX allowance, 12.8 TRX to
 * the voters' pool of the cycle. W changes its brokerage to 50 % during cycle 2: it applies from
 * cycle 3 on (8 TRX / 8 TRX).
 *
 *   cycle | blocks | brokerage | W allowance | voters' pool | V1 (100) | V2 (300) | V3 (600)
 *   ------+--------+-----------+-------------+--------------+----------+----------+---------
 *     0   |  1–10  |     —     |      0      |       0      |     0    |     0    |     0
 *     1   | 11–20  |    20 %   |    32 TRX   |    128 TRX   | 12.8 TRX | 38.4 TRX | 76.8 TRX
 *     2   | 21–30  |    20 %   |    32 TRX   |    128 TRX   | 12.8 TRX | 38.4 TRX | 76.8 TRX
 *     3   | 31–40  |    50 %   |    80 TRX   |     80 TRX   |  8.0 TRX | 24.0 TRX | 48.0 TRX
 *   total |        |           |   144 TRX   |    336 TRX   | 33.6 TRX | 100.8 TRX| 201.6 TRX
 *
 * A cycle's reward is claimable once the cycle has ended: during cycle 4 (after block 40).
 */

import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  Account_FreezeV2Schema,
  addressOfPrivateKey,
  bytesToHex,
  ChainProperties,
  ContractType,
  type MemoryState,
  newAccount,
  queryReward,
  ResourceCode,
  registerWitness,
  Tables,
  WitnessSchema,
} from "../../src/internal.js";
import { ALICE, ALICE_KEY, BOB, BOB_KEY, genesisConfig, key, WITNESS } from "../support/chain-fixture.js";
import {
  account,
  balance,
  CAROL_KEY,
  chainFrom,
  commit,
  edit,
  mutateAccount,
  produce,
  prop,
  tx,
} from "../support/tx-helpers.js";

const TRX = 1_000_000n;

/** `trx` TRX of v2 bandwidth stake (tron power), counted in TOTAL_NET_WEIGHT. */
function stake(state: MemoryState, address: Uint8Array, trx: bigint): void {
  mutateAccount(state, address, (a) => {
    a.frozenV2.push(create(Account_FreezeV2Schema, { type: ResourceCode.BANDWIDTH, amount: trx * TRX }));
  });
  edit(state, (_, props) => props.set("TOTAL_NET_WEIGHT", props.get("TOTAL_NET_WEIGHT") + trx));
}

/** A witness candidate with an account, written directly (as WitnessCreate would, without the fee). */
function addWitness(state: MemoryState, address: Uint8Array): void {
  edit(state, (overlay, props) => {
    overlay.put(Tables.accounts, address, {
      ...newAccount({ address, createTime: 0n, props }),
      isWitness: true,
    });
    overlay.put(
      Tables.witnesses,
      address,
      create(WitnessSchema, { address, voteCount: 0n, url: "http://w" }),
    );
    registerWitness(props, address);
  });
}

const pool = (state: MemoryState, cycle: bigint, witness: Uint8Array) =>
  state.get(Tables.delegation, `${cycle}-${bytesToHex(witness)}-reward`) ?? 0n;

const W_KEY = key(11);
const W = addressOfPrivateKey(W_KEY);
const CAROL = addressOfPrivateKey(CAROL_KEY);
const VOTERS: [Uint8Array, Uint8Array, bigint][] = [
  [ALICE, ALICE_KEY, 100n],
  [BOB, BOB_KEY, 300n],
  [CAROL, CAROL_KEY, 600n],
];

function chain(parameters: Record<string, bigint> = {}): MemoryState {
  const config = genesisConfig({
    ALLOW_CHANGE_DELEGATION: 1n,
    MAINTENANCE_TIME_INTERVAL: 30_000n,
    ...parameters,
  });
  const state = chainFrom({
    ...config,
    accounts: [
      ...config.accounts,
      { name: "Bob", address: BOB, balance: 1_000_000_000n },
      { name: "Carol", address: CAROL, balance: 1_000_000_000n },
    ],
    witnesses: [{ address: WITNESS, url: "http://tronode.local", voteCount: 0n }],
  });
  addWitness(state, W);
  for (const [voter, voterKey, votes] of VOTERS) {
    stake(state, voter, votes);
    commit(
      state,
      tx(
        state,
        ContractType.VoteWitnessContract,
        { ownerAddress: voter, votes: [{ voteAddress: W, voteCount: votes }] },
        [voterKey],
      ),
    );
  }
  return state;
}

function produceBlocks(state: MemoryState, n: number): void {
  for (let i = 0; i < n; i++) produce(state);
}

const reward = (state: MemoryState, who: Uint8Array) => queryReward(state, new ChainProperties(state), who);

describe("voter rewards by cycle with brokerage", () => {
  it("matches the hand-computed table over three cycles (old per-cycle method)", () => {
    const state = chain();
    produceBlocks(state, 10);
    expect(prop(state, "CURRENT_CYCLE_NUMBER")).toBe(1n);
    produceBlocks(state, 15); // cycle 2 begins at block 20; now at block 25
    commit(
      state,
      tx(state, ContractType.UpdateBrokerageContract, { ownerAddress: W, brokerage: 50 }, [W_KEY]),
    );
    // Cycle 1 is over: its reward is claimable, cycle 2's not yet.
    expect(reward(state, ALICE)).toBe(12_800_000n);
    produceBlocks(state, 15); // to block 40: cycle 4 begins
    expect(prop(state, "CURRENT_CYCLE_NUMBER")).toBe(4n);
    expect([1n, 2n, 3n].map((c) => pool(state, c, W))).toEqual([128n * TRX, 128n * TRX, 80n * TRX]);
    expect(account(state, W)!.allowance).toBe(144n * TRX);
    expect(VOTERS.map(([v]) => reward(state, v))).toEqual([33_600_000n, 100_800_000n, 201_600_000n]);
  });

  it("the same table under the Vi algorithm (ALLOW_NEW_REWARD from genesis)", () => {
    const state = chain({ ALLOW_NEW_REWARD: 1n });
    expect(prop(state, "NEW_REWARD_ALGORITHM_EFFECTIVE_CYCLE")).toBe(0n);
    produceBlocks(state, 25);
    commit(
      state,
      tx(state, ContractType.UpdateBrokerageContract, { ownerAddress: W, brokerage: 50 }, [W_KEY]),
    );
    produceBlocks(state, 15);
    expect(VOTERS.map(([v]) => reward(state, v))).toEqual([33_600_000n, 100_800_000n, 201_600_000n]);
    // Vi(3) = (128 + 128 + 80) TRX · 1e18 / 1 000 votes, stored as BigInteger bytes.
    const vi = state.get(Tables.delegationVi, `3-${bytesToHex(W)}-vi`)!;
    expect(BigInt(`0x${bytesToHex(vi)}`)).toBe((336n * TRX * 10n ** 18n) / 1_000n);
  });

  it("withdrawbalance pays exactly what getReward answered, and voting again settles first", () => {
    const state = chain();
    produceBlocks(state, 40);
    mutateAccount(state, ALICE, (a) => {
      a.latestWithdrawTime = 0n;
    });
    const before = balance(state, ALICE);
    // Brokerage stays 20 % here: 3 cycles × 12.8 TRX.
    const expected = reward(state, ALICE);
    expect(expected).toBe(38_400_000n);
    const out = commit(
      state,
      tx(state, ContractType.WithdrawBalanceContract, { ownerAddress: ALICE }, [ALICE_KEY]),
    );
    expect(out.info.withdrawAmount).toBe(expected);
    expect(balance(state, ALICE)).toBe(before + expected);
    expect(reward(state, ALICE)).toBe(0n);
    // Bob re-votes: his unsettled rewards move into his allowance first.
    commit(
      state,
      tx(
        state,
        ContractType.VoteWitnessContract,
        { ownerAddress: BOB, votes: [{ voteAddress: W, voteCount: 1n }] },
        [BOB_KEY],
      ),
    );
    expect(account(state, BOB)!.allowance).toBe(115_200_000n);
    expect(reward(state, BOB)).toBe(115_200_000n);
  });

  it("getReward answers 0 while ALLOW_CHANGE_DELEGATION is off", () => {
    const state = chain({ ALLOW_CHANGE_DELEGATION: 0n });
    produceBlocks(state, 12);
    expect(reward(state, ALICE)).toBe(0n);
  });
});
