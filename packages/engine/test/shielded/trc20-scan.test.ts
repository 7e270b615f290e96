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
  it("by ivk: exactly the notes to that ivk, with value, memo, position, log index", async () => {
    const notes = await scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk);
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
    expect((await scanShieldedTrc20NotesByIvk(blocks, CONTRACT, bob.ivk)).map((n) => n.note?.value)).toEqual([
      600n,
    ]);
  });

  it("spent flags follow the contract's nullifier set (isshieldedtrc20contractnotespent flips once recorded)", async () => {
    // The contract's `mapping(bytes32 => bytes32) nullifiers` as a constant call sees it: the
    // recorded value, or the zero word for an unset key.
    const recorded = new Map<string, Uint8Array>();
    const selector = bytesToHex(nullifiersCallData(new Uint8Array(32)).subarray(0, 4));
    const call = async (data: Uint8Array) => {
      expect(bytesToHex(data.subarray(0, 4))).toBe(selector);
      return recorded.get(bytesToHex(data.subarray(4))) ?? new Uint8Array(32);
    };
    const spent = { ak: alice.ak, nk: alice.nk, call };
    const before = await scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk, { spent });
    expect(before.map((n) => n.isSpent)).toEqual([false, false, false]);
    const first = before[0]!;
    expect(await isShieldedTrc20NoteSpent(first.note!, first.position!, alice.ak, alice.nk, call)).toBe(
      false,
    );
    const nf = shieldedTrc20Nullifier(first.note!, first.position!, alice.ak, alice.nk);
    recorded.set(bytesToHex(nf), nf);
    expect(await isShieldedTrc20NoteSpent(first.note!, first.position!, alice.ak, alice.nk, call)).toBe(true);
    const after = await scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk, { spent });
    expect(after.map((n) => n.isSpent)).toEqual([true, false, false]);
    // The same note at another position has another nullifier.
    expect(bytesToHex(shieldedTrc20Nullifier(first.note!, 7n, alice.ak, alice.nk))).not.toBe(bytesToHex(nf));
    expect(bytesToHex(nullifiersCallData(nf).subarray(4))).toBe(bytesToHex(nf));
    // Without ak or nk no flag is computed (java-tron checks both are non-empty).
    const unmarked = await scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk, {
      spent: { ak: new Uint8Array(0), nk: alice.nk, call },
    });
    expect(unmarked.map((n) => n.isSpent)).toEqual([undefined, undefined, undefined]);
  });

  it("nullifiers take java-tron's checks; a note librustzcash refuses gives the zero nullifier", async () => {
    const note = { value: 5n, paymentAddress: alice.address, rcm: scalarToBytes(9n) };
    expect(() =>
      shieldedTrc20Nullifier({ ...note, paymentAddress: "zs1qqqqqqqq" }, 0n, alice.ak, alice.nk),
    ).toThrow("InvalidChecksum:");
    expect(() => shieldedTrc20Nullifier({ ...note, value: -1n }, 0n, alice.ak, alice.nk)).toThrow(
      "Value should be non-negative.",
    );
    expect(() => shieldedTrc20Nullifier(note, -1n, alice.ak, alice.nk)).toThrow(
      "Position should be non-negative.",
    );
    expect(() => shieldedTrc20Nullifier({ ...note, rcm: new Uint8Array(0) }, 0n, alice.ak, alice.nk)).toThrow(
      "param is null",
    );
    expect(() => shieldedTrc20Nullifier(note, 0n, alice.ak.subarray(1), alice.nk)).toThrow(
      "param length must be 32",
    );
    // ak = the encoding of a point of small order: librustzcash answers false, java-tron keeps zeros,
    // and an unset mapping entry (the zero word) then reads as "spent".
    const smallOrder = new Uint8Array(32);
    const zero = shieldedTrc20Nullifier(note, 0n, smallOrder, alice.nk);
    expect(bytesToHex(zero)).toBe("00".repeat(32));
    expect(
      await isShieldedTrc20NoteSpent(note, 0n, smallOrder, alice.nk, async () => new Uint8Array(32)),
    ).toBe(true);
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

  it("events narrow the logs by name; a scan range over 1 000 blocks is refused with java-tron's text", async () => {
    const onlyMint = await scanShieldedTrc20NotesByIvk(blocks, CONTRACT, alice.ivk, {
      events: ["MintNewLeaf(uint256,bytes32,bytes32,bytes32,bytes32[21])"],
    });
    expect(onlyMint.map((n) => n.note?.value)).toEqual([1_000n]);
    expect(() => checkScanRange(0n, 1001n)).toThrow(
      "request requires start_block_index >= 0 && end_block_index > start_block_index && end_block_index - start_block_index <= 1000",
    );
    expect(() => checkScanRange(5n, 5n)).toThrow();
    expect(() => checkScanRange(0n, 1000n)).not.toThrow();
    await expect(scanShieldedTrc20NotesByIvk(blocks, CONTRACT.subarray(1), alice.ivk)).rejects.toThrow(
      "invalid contract address",
    );
  });

  it("fails as java-tron on short log data and on keys of the wrong length", async () => {
    const short: TransactionLogs[] = [
      { txId: txId(9), logs: [{ ...blocks[0]!.logs[0]!, data: blocks[0]!.logs[0]!.data.slice(0, 700) }] },
    ];
    await expect(scanShieldedTrc20NotesByIvk(short, CONTRACT, alice.ivk)).rejects.toMatchObject({
      message: "null",
      javaClass: "java.lang.ArrayIndexOutOfBoundsException",
    });
    await expect(scanShieldedTrc20NotesByIvk(blocks, CONTRACT, new Uint8Array(0))).rejects.toThrow(
      "param is null",
    );
    expect(() => scanShieldedTrc20NotesByOvk(blocks, CONTRACT, alice.ovk.subarray(0, 31))).toThrow(
      expect.objectContaining({ javaClass: "java.lang.ArrayIndexOutOfBoundsException" }),
    );
    // A no-match scan never touches the keys.
    expect(await scanShieldedTrc20NotesByIvk([], CONTRACT, new Uint8Array(0))).toEqual([]);
  });
});
