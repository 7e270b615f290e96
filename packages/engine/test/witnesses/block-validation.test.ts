/**
 * Blocks from several witnesses (java-tron DposService.validBlock, BlockCapsule.validateSignature,
 * StatisticManager, DposService.updateSolidBlock, the network layer's clock checks).
 *
 * Three genesis witnesses with 300/200/100 votes: schedule [A, B, C]. The witness for the k-th slot
 * after the head is schedule[(abSlot(head) + k) mod 3].
 */
import { describe, expect, it } from "vitest";
import {
  addressOfPrivateKey,
  applyBlock,
  bytesToHex,
  ChainProperties,
  type MemoryState,
  produceBlock,
  Tables,
  TronodeError,
  unpackAddresses,
} from "../../src/internal.js";
import { GENESIS_TIME, genesisConfig, key, recoverer } from "../support/chain-fixture.js";
import { chainFrom } from "../support/tx-helpers.js";

const [A_KEY, B_KEY, C_KEY] = [key(1), key(21), key(22)] as [Uint8Array, Uint8Array, Uint8Array];
const [A, B, C] = [A_KEY, B_KEY, C_KEY].map(addressOfPrivateKey) as [Uint8Array, Uint8Array, Uint8Array];

function threeWitnesses(): MemoryState {
  return chainFrom({
    ...genesisConfig(),
    witnesses: [
      { address: A, url: "http://a", voteCount: 300n },
      { address: B, url: "http://b", voteCount: 200n },
      { address: C, url: "http://c", voteCount: 100n },
    ],
  });
}

function block(
  state: MemoryState,
  signer: Uint8Array,
  slotTime: bigint,
  witness = addressOfPrivateKey(signer),
) {
  return produceBlock(state, {
    timestamp: GENESIS_TIME + slotTime,
    witnessPrivateKey: signer,
    witnessAddress: witness,
    transactions: [],
    recoverer,
  }).block;
}

function accept(state: MemoryState, signer: Uint8Array, slotTime: bigint): void {
  state.apply(applyBlock(state, block(state, signer, slotTime), recoverer).changes);
}

function refusal(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof TronodeError) return e.message;
    throw e;
  }
  return "accepted";
}

const w = (state: MemoryState, address: Uint8Array) => state.get(Tables.witnesses, address)!;

describe("blocks from several witnesses", () => {
  it("the genesis schedule is ranked by votes", () => {
    const state = threeWitnesses();
    expect(unpackAddresses(new ChainProperties(state).getBytes("ACTIVE_WITNESSES")).map(bytesToHex)).toEqual(
      [A, B, C].map(bytesToHex),
    );
  });

  // Block 1 (by B at +3 s, abSlot 1) is unchecked while the head is block 0. It is also a maintenance
  // block (NEXT_MAINTENANCE_TIME starts at the genesis time), so the next slots skip two:
  // slot k after it is at +3 s + (k + 2)·3 s, scheduled schedule[(1 + k) mod 3]:
  //   k=1 +12 s → C, k=2 +15 s → A, k=3 +18 s → B.
  it("refuses a block by a witness other than the slot's, and a block in another witness's slot", () => {
    const state = threeWitnesses();
    accept(state, B_KEY, 3_000n);
    expect(refusal(() => applyBlock(state, block(state, A_KEY, 12_000n), recoverer))).toBe(
      "validateWitnessSchedule error",
    );
    expect(refusal(() => applyBlock(state, block(state, C_KEY, 15_000n), recoverer))).toBe(
      "validateWitnessSchedule error",
    );
    // A header naming C but signed by A's key: the signature check answers first.
    expect(refusal(() => applyBlock(state, block(state, A_KEY, 12_000n, C), recoverer))).toBe(
      "valid signature failed.",
    );
    // Not after the head's slot.
    expect(refusal(() => applyBlock(state, block(state, B_KEY, 3_500n), recoverer))).toBe(
      "validateWitnessSchedule error",
    );
    accept(state, C_KEY, 12_000n);
    // Head block 2 at abSlot 4, no skip: slot k at +12 s + k·3 s → schedule[(4 + k) mod 3]: C, A, B.
    accept(state, A_KEY, 18_000n);
    // Head abSlot 6: slot 1 (+21 s) → schedule[7 mod 3] = B.
    accept(state, B_KEY, 21_000n);
    expect([A, B, C].map((x) => w(state, x).totalProduced)).toEqual([1n, 2n, 1n]);
  });

  it("counts the empty slots between the head and a block as missed by their scheduled witnesses", () => {
    const state = threeWitnesses();
    accept(state, B_KEY, 3_000n);
    accept(state, C_KEY, 12_000n);
    expect([A, B, C].map((x) => w(state, x).totalMissed)).toEqual([0n, 0n, 0n]);
    accept(state, A_KEY, 18_000n); // slot 2: slot 1 (+15 s, C's) stayed empty
    expect([A, B, C].map((x) => w(state, x).totalMissed)).toEqual([0n, 0n, 1n]);
    accept(state, A_KEY, 27_000n); // head abSlot 6: slots +21 s (B) and +24 s (C) empty, +27 s is A's
    expect([A, B, C].map((x) => w(state, x).totalMissed)).toEqual([0n, 1n, 2n]);
    expect(w(state, A).latestSlotNum).toBe(9n);
    expect(w(state, A).latestBlockNum).toBe(4n);
  });

  it("refuses blocks from the future with java-tron's network messages", () => {
    const state = threeWitnesses();
    const b = block(state, B_KEY, 3_000n);
    const ts = GENESIS_TIME + 3_000n;
    expect(refusal(() => applyBlock(state, b, recoverer, { now: ts - 3_000n }))).toBe("block time error");
    expect(refusal(() => applyBlock(state, b, recoverer, { now: ts - 1_001n }))).toBe(
      `time:${ts - 1_001n},block time:${ts}`,
    );
    expect(refusal(() => applyBlock(state, b, recoverer, { now: ts - 1_000n }))).toBe("accepted");
  });

  it("solidifies at index ⌊3·0.3⌋ = 0 of the active witnesses' latest blocks: the lowest", () => {
    const state = threeWitnesses();
    const solid = () => new ChainProperties(state).solidifiedNumber;
    accept(state, B_KEY, 3_000n); // 1 by B
    expect(solid()).toBe(0n);
    accept(state, C_KEY, 12_000n); // 2 by C
    expect(solid()).toBe(0n);
    accept(state, A_KEY, 18_000n); // 3 by A: every witness has produced; lowest latest = 1
    expect(solid()).toBe(1n);
    accept(state, B_KEY, 21_000n); // 4 by B: latest A 3, B 4, C 2
    expect(solid()).toBe(2n);
  });
});
