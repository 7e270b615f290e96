/**
 * The shielded TRC-20 scan core over logs made by our own code: notes encrypted to a known
 * ivk/ovk with the engine's primitives, placed in Mint/Transfer/BurnNewLeaf and TokenBurn logs of
 * a contract, are found with their values, memos, positions and spent flags; a range over 1 000
 * blocks is refused with java-tron's text.
 */
import { describe, expect, it } from "vitest";
import { bytesToHex } from "../../src/crypto/bytes.js";
import { encodePoint, scalarToBytes } from "../../src/shielded/jubjub.js";
import {
  akFromAsk,
  defaultDiversifier,
  encodePaymentAddress,
  expandSpendingKey,
  incomingViewingKey,
  nkFromNsk,
  transmissionKey,
} from "../../src/shielded/keys.js";
import { memoOf, noteCommitment, valueCommitment } from "../../src/shielded/note.js";
import { encryptBurnMessage, encryptNote } from "../../src/shielded/note-encryption.js";
import {
  type ContractLog,
  checkScanRange,
  isShieldedTrc20NoteSpent,
  nullifiersCallData,
  SHIELDED_TRC20_TOPICS,
  scanShieldedTrc20NotesByIvk,
  scanShieldedTrc20NotesByOvk,
  shieldedTrc20Nullifier,
  type TransactionLogs,
} from "../../src/shielded/trc20-scan.js";

const CONTRACT = Uint8Array.from([0x41, ...new Array(20).fill(0xab)]);
const OTHER_CONTRACT = Uint8Array.from([0x41, ...new Array(20).fill(0xcd)]);

function wallet(seed: number) {
  const sk = new Uint8Array(32).fill(seed);
  sk[0] = 0x0f & seed;
  const e = expandSpendingKey(sk);
  const ak = akFromAsk(e.ask);
  const nk = nkFromNsk(e.nsk);
  const ivk = incomingViewingKey(ak, nk);
  const d = defaultDiversifier(sk);
  const pkD = transmissionKey(ivk, d)!;
  return { ...e, ak, nk, ivk, d, pkD, address: encodePaymentAddress({ d, pkD }) };
}

const word = (v: bigint) => {
  const w = new Uint8Array(32);
  let x = v;
  for (let i = 31; i >= 0; i--) {
    w[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return w;
};

/** A NewLeaf log as the shielded TRC-20 contract emits it: pos ‖ cm ‖ cv ‖ epk ‖ c_enc ‖ c_out ‖ pad. */
function leafLog(
  topic: Uint8Array,
  position: bigint,
  to: ReturnType<typeof wallet>,
  senderOvk: Uint8Array,
  value: bigint,
  memo: string,
  seed: bigint,
  contract = CONTRACT,
): ContractLog {
  const note = {
    d: to.d,
    pkD: to.pkD,
    value,
    rcm: scalarToBytes(seed * 31n + 5n),
    memo: memoOf(new TextEncoder().encode(memo)),
  };
  const cv = encodePoint(valueCommitment(value, seed * 17n + 3n));
  const enc = encryptNote(note, scalarToBytes(seed * 13n + 1n), senderOvk, cv)!;
  const data = new Uint8Array(32 * 4 + 21 * 32);
  data.set(word(position));
  data.set(enc.cmu, 32);
  data.set(cv, 64);
  data.set(enc.epk, 96);
  data.set(enc.cEnc, 128);
  data.set(enc.cOut, 708);
  expect(bytesToHex(noteCommitment(note)!)).toBe(bytesToHex(enc.cmu));
  return { address: contract.subarray(1), topics: [topic], data };
}

function burnLog(ovk: Uint8Array, to21: Uint8Array, amount: bigint): ContractLog {
  const data = new Uint8Array(32 + 32 + 96);
  data.set(to21.subarray(1), 12);
  data.set(word(amount), 32);
  data.set(encryptBurnMessage(ovk, amount, to21), 64);
  return { address: CONTRACT.subarray(1), topics: [SHIELDED_TRC20_TOPICS.burnToken], data };
}

const alice = wallet(1);
const bob = wallet(2);
const txId = (n: number) => new Uint8Array(32).fill(n);
const recipient21 = Uint8Array.from([0x41, ...new Array(20).fill(0x77)]);

const blocks: TransactionLogs[] = [
  { txId: txId(1), logs: [leafLog(SHIELDED_TRC20_TOPICS.mint, 0n, alice, alice.ovk, 1_000n, "first", 1n)] },
  {
    txId: txId(2),
    logs: [
      leafLog(SHIELDED_TRC20_TOPICS.transfer, 1n, bob, alice.ovk, 600n, "to bob", 2n),
      leafLog(SHIELDED_TRC20_TOPICS.transfer, 2n, alice, alice.ovk, 400n, "change", 3n),
    ],
  },
  // Same kind of log from another contract: not scanned.
  {
    txId: txId(3),
    logs: [leafLog(SHIELDED_TRC20_TOPICS.mint, 0n, alice, alice.ovk, 5n, "x", 4n, OTHER_CONTRACT)],
  },
  {
    txId: txId(4),
    logs: [
      leafLog(SHIELDED_TRC20_TOPICS.burnLeaf, 3n, alice, bob.ovk, 50n, "", 5n),
      burnLog(bob.ovk, recipient21, 550n),
    ],
  },
];

describe("shielded TRC-20 scan core", () => {
  it("by ivk: exactly the notes to that ivk, with value, memo, position, log index", () => {
    const notes = scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk);
    expect(
      notes.map((n) => [
        bytesToHex(n.txId).slice(0, 2),
        n.index,
        n.position,
        n.note?.value,
        new TextDecoder().decode(n.note?.memo),
      ]),
    ).toEqual([
      ["01", 0, 0n, 1_000n, "first"],
      ["02", 1, 2n, 400n, "change"],
      ["04", 0, 3n, 50n, ""],
    ]);
    for (const n of notes) expect(n.note?.paymentAddress).toBe(alice.address);
    expect(scanShieldedTrc20NotesByIvk(blocks, CONTRACT, bob.ivk).map((n) => n.note?.value)).toEqual([600n]);
  });

  it("spent flags follow the contract's nullifier set (isshieldedtrc20contractnotespent flips once recorded)", () => {
    const recorded = new Set<string>();
    const spent = {
      ak: alice.ak,
      nk: alice.nk,
      isRecorded: (nf: Uint8Array) => recorded.has(bytesToHex(nf)),
    };
    const before = scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk, { spent });
    expect(before.map((n) => n.isSpent)).toEqual([false, false, false]);
    const first = before[0]!;
    expect(isShieldedTrc20NoteSpent(first.note!, first.position!, alice.ak, alice.nk, spent.isRecorded)).toBe(
      false,
    );
    const nf = shieldedTrc20Nullifier(first.note!, first.position!, alice.ak, alice.nk)!;
    recorded.add(bytesToHex(nf));
    expect(isShieldedTrc20NoteSpent(first.note!, first.position!, alice.ak, alice.nk, spent.isRecorded)).toBe(
      true,
    );
    const after = scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk, { spent });
    expect(after.map((n) => n.isSpent)).toEqual([true, false, false]);
    // The same note at another position has another nullifier.
    expect(bytesToHex(shieldedTrc20Nullifier(first.note!, 7n, alice.ak, alice.nk)!)).not.toBe(bytesToHex(nf));
    expect(bytesToHex(nullifiersCallData(nf).subarray(4))).toBe(bytesToHex(nf));
  });

  it("by ovk: the notes that ovk sent, and the TokenBurn records it can open", () => {
    const sentByAlice = scanShieldedTrc20NotesByOvk(blocks, CONTRACT, alice.ovk);
    expect(sentByAlice.map((n) => [n.note?.value, n.note?.paymentAddress])).toEqual([
      [1_000n, alice.address],
      [600n, bob.address],
      [400n, alice.address],
    ]);
    const sentByBob = scanShieldedTrc20NotesByOvk(blocks, CONTRACT, bob.ovk);
    expect(
      sentByBob.map((n) => [
        n.index,
        n.note?.value,
        n.toAmount,
        n.transparentToAddress && bytesToHex(n.transparentToAddress),
      ]),
    ).toEqual([
      [0, 50n, undefined, undefined],
      [1, undefined, "550", bytesToHex(recipient21)],
    ]);
  });

  it("events narrow the logs by name; a scan range over 1 000 blocks is refused with java-tron's text", () => {
    const onlyMint = scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk, {
      events: ["MintNewLeaf(uint256,bytes32,bytes32,bytes32,bytes32[21])"],
    });
    expect(onlyMint.map((n) => n.note?.value)).toEqual([1_000n]);
    expect(() => checkScanRange(0n, 1001n)).toThrow(
      "request requires start_block_index >= 0 && end_block_index > start_block_index && end_block_index - start_block_index <= 1000",
    );
    expect(() => checkScanRange(5n, 5n)).toThrow();
    expect(() => checkScanRange(0n, 1000n)).not.toThrow();
    expect(() => scanShieldedTrc20NotesByIvk(blocks, CONTRACT.subarray(1), alice.ivk)).toThrow(
      "invalid contract address",
    );
  });
});
