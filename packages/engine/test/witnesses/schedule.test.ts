/**
 * Several witnesses: the schedule rotates over the active list from the head's slot
 * (DposSlot.getScheduledWitness), blocks by an unscheduled witness are refused, and skipped slots
 * count as missed for the witness scheduled in them.
 */
import { describe, expect, it } from "vitest";
import {
  addressOfPrivateKey,
  applyBlock,
  bytesToHex,
  ChainProperties,
  type MemoryState,
  produceBlock,
  scheduledWitness,
  slotTime,
  Tables,
  TronodeError,
  unpackAddresses,
} from "../../src/internal.js";
import { genesisConfig, key, recoverer } from "../support/chain-fixture.js";
import { chainFrom } from "../support/tx-helpers.js";

const KEYS = [key(11), key(12), key(13)];
const [W1, W2, W3] = KEYS.map(addressOfPrivateKey) as [Uint8Array, Uint8Array, Uint8Array];
const keyOf = (address: Uint8Array) =>
  KEYS[[W1, W2, W3].findIndex((w) => bytesToHex(w) === bytesToHex(address))]!;

function threeWitnesses(): MemoryState {
  const base = genesisConfig();
  return chainFrom({
    ...base,
    accounts: [...base.accounts, ...[W1, W2, W3].map((address) => ({ address, balance: 0n }))],
    witnesses: [
      { address: W1, url: "w1", voteCount: 30n },
      { address: W2, url: "w2", voteCount: 20n },
      { address: W3, url: "w3", voteCount: 10n },
    ],
  });
}

/** Produces the block of the `slot`-th slot after the head, by the witness scheduled for it (or `witnessKey`). */
function produceAt(state: MemoryState, slot: bigint, witnessKey?: Uint8Array) {
  const props = new ChainProperties(state);
  const produced = produceBlock(state, {
    timestamp: slotTime(props, slot),
    witnessPrivateKey: witnessKey ?? keyOf(scheduledWitness(props, slot)!),
    transactions: [],
    recoverer,
  });
  state.apply(produced.changes);
  return produced.block;
}

describe("a three-witness schedule", () => {
  it("ranks the genesis witnesses and rotates production from the head's slot", () => {
    const state = threeWitnesses();
    expect(unpackAddresses(new ChainProperties(state).getBytes("ACTIVE_WITNESSES")).map(bytesToHex)).toEqual(
      [W1, W2, W3].map(bytesToHex),
    );
    const producers: string[] = [];
    for (let i = 0; i < 6; i++)
      producers.push(bytesToHex(produceAt(state, 1n).blockHeader!.rawData!.witnessAddress));
    // The witness of slot k after the head is active[(abSlot(head) + k) mod 3]. Block 1 (slot 1) is
    // W2's and is a maintenance block, so the next block comes 3 slots later (absolute slot 4) yet
    // is scheduled from the head's slot 1 + 1: W3; then absolute slots 5, 6, 7, 8 → W3, W1, W2, W3.
    expect(producers).toEqual([W2, W3, W3, W1, W2, W3].map(bytesToHex));
  });

  it("refuses a block by the wrong witness or in another witness's slot", () => {
    const producer = threeWitnesses();
    produceAt(producer, 1n); // block 1, W2's
    const next = slotTime(new ChainProperties(producer), 1n); // W3's slot
    const refused = (witnessKey: Uint8Array) => {
      const block = produceBlock(producer, {
        timestamp: next,
        witnessPrivateKey: witnessKey,
        transactions: [],
        recoverer,
      }).block;
      try {
        applyBlock(producer, block, recoverer);
      } catch (e) {
        return e instanceof TronodeError ? e.message : String(e);
      }
      return "accepted";
    };
    expect(refused(KEYS[0]!)).toBe("validateWitnessSchedule error"); // W1: not its slot
    expect(refused(KEYS[1]!)).toBe("validateWitnessSchedule error"); // W2 again, in W3's slot
    expect(refused(KEYS[2]!)).toBe("accepted");
    // a block from the future (3 s or more ahead of the receiver's clock) is refused first
    const early = produceBlock(producer, {
      timestamp: next,
      witnessPrivateKey: KEYS[2]!,
      transactions: [],
      recoverer,
    }).block;
    expect(() => applyBlock(producer, early, recoverer, { now: next - 3000n })).toThrow("block time error");
    expect(() => applyBlock(producer, early, recoverer, { now: next - 1001n })).toThrow(
      `time:${next - 1001n},block time:${next}`,
    );
    expect(() => applyBlock(producer, early, recoverer, { now: next - 1000n })).not.toThrow();
  });

  it("counts skipped slots as missed by the witnesses scheduled in them", () => {
    const state = threeWitnesses();
    produceAt(state, 1n); // W2 at absolute slot 1; a maintenance block, so 2 slots are skipped next
    // the head's slots 1 and 2 (W3's and W1's) pass empty; W2 produces in slot 3
    produceAt(state, 3n, KEYS[1]);
    const missed = (w: Uint8Array) => state.get(Tables.witnesses, w)!.totalMissed;
    expect([missed(W1), missed(W2), missed(W3)]).toEqual([1n, 0n, 1n]);
    // a long gap: 30 slots skipped, 10 each
    produceAt(state, 31n, KEYS[1]);
    expect([missed(W1), missed(W2), missed(W3)]).toEqual([11n, 10n, 11n]);
  });
});
