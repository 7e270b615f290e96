/**
 * The shielded TRC-20 precompiles: byte layouts, java-tron's zero-word answers, the frontier
 * insertion against the incremental tree, and the spend-key gap answered as an error.
 */
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../../src/crypto/bytes.js";
import { encodePoint, scalarToBytes } from "../../src/shielded/jubjub.js";
import { IncrementalMerkleTree, merkleHash } from "../../src/shielded/merkle.js";
import { valueCommitment } from "../../src/shielded/note.js";
import {
  insertLeaves,
  merkleHashPrecompile,
  shieldedPrecompileAt,
  verifyBurnProof,
  verifyMintProof,
  verifyTransferProof,
} from "../../src/shielded/precompiles.js";
import { bindingSign, randomizedKeys, spendAuthSign } from "../../src/shielded/redjubjub.js";
import { MERKLE_CRH_LAYER25 } from "./vectors/merkle.js";
import { ZCASH_BLOCK_419201_OUTPUTS } from "./vectors/zcash-output-proof.js";

const word = (v: bigint) => {
  const w = new Uint8Array(32);
  let x = v;
  for (let i = 31; i >= 0; i--) {
    w[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return w;
};
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const ZERO = bytesToHex(new Uint8Array(32));
const realOutput = ZCASH_BLOCK_419201_OUTPUTS[0];

describe("merkleHash precompile (0x1000004)", () => {
  it("hashes level ‖ left ‖ right; fails the call on short data or a level outside 0…62", () => {
    const v = MERKLE_CRH_LAYER25;
    const left = hexToBytes(v.leftReversedHex).reverse();
    const right = hexToBytes(v.rightReversedHex).reverse();
    const r = merkleHashPrecompile(cat(word(25n), left, right));
    expect(r.success).toBe(true);
    expect(bytesToHex(r.output)).toBe(bytesToHex(hexToBytes(v.parentReversedHex).reverse()));
    expect(merkleHashPrecompile(cat(word(25n), left))).toEqual({ success: false, output: new Uint8Array(0) });
    expect(merkleHashPrecompile(cat(word(63n), left, right)).success).toBe(false);
    expect(merkleHashPrecompile(cat(word(62n), left, right)).success).toBe(true);
  });

  it("exists only while ALLOW_SHIELDED_TRC20_TRANSACTION is on", () => {
    expect(shieldedPrecompileAt(0x1000004n, false)).toBeUndefined();
    expect(shieldedPrecompileAt(0x1000004n, true)?.energy).toBe(500n);
    expect(shieldedPrecompileAt(0x1000001n, true)?.energy).toBe(150_000n);
    expect(shieldedPrecompileAt(0x1000002n, true)?.energy).toBe(200_000n);
    expect(shieldedPrecompileAt(0x1000005n, true)).toBeUndefined();
  });
});

describe("insertLeaves over the contract's 33-slot frontier", () => {
  it("a contract keeping frontier[slot] from each answer reaches the incremental tree's roots", () => {
    const frontier = Array.from({ length: 33 }, () => new Uint8Array(32));
    const tree = new IncrementalMerkleTree();
    let leafCount = 0n;
    for (const batch of [[1n], [2n, 3n], [4n], [5n, 6n], [7n]]) {
      const leaves = batch.map((v) => scalarToBytes(v * 1000n + 7n));
      const out = insertLeaves(
        frontier.map((f) => Uint8Array.from(f)),
        leafCount,
        leaves,
      );
      expect(bytesToHex(out.subarray(0, 32))).toBe(bytesToHex(word(1n)));
      let o = 32;
      for (const leaf of leaves) {
        const slot = Number(BigInt(`0x${bytesToHex(out.subarray(o, o + 32))}`));
        o += 32;
        let last = leaf;
        for (let k = 0; k < slot; k++) {
          last = out.slice(o, o + 32);
          o += 32;
        }
        frontier[slot] = Uint8Array.from(last);
        tree.append(leaf);
      }
      expect(out.length).toBe(o + 32);
      expect(bytesToHex(out.subarray(o))).toBe(bytesToHex(tree.root()));
      leafCount += BigInt(leaves.length);
    }
  });
});

describe("verifyMintProof (0x1000001)", () => {
  const mintData = (overrides: { proof?: Uint8Array; leafCount?: bigint } = {}) =>
    cat(
      hexToBytes(realOutput.cmu),
      hexToBytes(realOutput.cv),
      hexToBytes(realOutput.epk),
      overrides.proof ?? hexToBytes(realOutput.proof),
      new Uint8Array(64),
      word(100n),
      new Uint8Array(32),
      new Uint8Array(33 * 32),
      word(overrides.leafCount ?? 0n),
    );

  it("answers a zero word for another size, a full tree, or a proof TRON's output key rejects", () => {
    expect(mintData().length).toBe(1504);
    expect(bytesToHex(verifyMintProof(new Uint8Array(1503)).output)).toBe(ZERO);
    expect(verifyMintProof(mintData({ leafCount: 1n << 32n }))).toEqual({
      success: true,
      output: new Uint8Array(32),
    });
    // A real Zcash proof: well-formed, but not a TRON proof.
    expect(verifyMintProof(mintData())).toEqual({ success: true, output: new Uint8Array(32) });
  });
});

describe("spend-side precompiles without TRON's spend key", () => {
  const ask = scalarToBytes(987654321n);
  const alpha = scalarToBytes(12345n);
  const rcv = 4242n;
  const value = 100n;
  const sighash = new Uint8Array(32).fill(5);
  const { rk } = randomizedKeys(ask, alpha)!;
  const cv = encodePoint(valueCommitment(value, rcv));
  const spendAuthSig = spendAuthSign(ask, alpha, sighash, new Uint8Array(80).fill(2))!;
  const burnData = (bindingSig: Uint8Array, proof = hexToBytes(realOutput.proof)) =>
    cat(
      new Uint8Array(32).fill(1), // nf
      new Uint8Array(32), // anchor
      cv,
      rk,
      proof,
      spendAuthSig,
      word(value),
      bindingSig,
      sighash,
    );

  it("burn: a wrong binding signature is answered (zero word) without the key", () => {
    const badBinding = bindingSign(rcv + 1n, sighash, new Uint8Array(80).fill(4));
    expect(burnData(badBinding).length).toBe(512);
    expect(verifyBurnProof(burnData(badBinding))).toEqual({ success: true, output: new Uint8Array(32) });
    // A malformed proof is false whatever the key.
    const goodBinding = bindingSign(rcv, sighash, new Uint8Array(80).fill(4));
    expect(verifyBurnProof(burnData(goodBinding, new Uint8Array(192))).output).toEqual(new Uint8Array(32));
  });

  it("burn: when only the spend proof decides, the precompile throws the documented error", () => {
    const goodBinding = bindingSign(rcv, sighash, new Uint8Array(80).fill(4));
    expect(() => verifyBurnProof(burnData(goodBinding))).toThrow(
      /not possible here: TRON's Sapling spend verifying key/,
    );
  });

  it("transfer: layout offsets, counts and duplicate rules; a failing output proof answers without the key", () => {
    const spend = cat(new Uint8Array(32).fill(1), new Uint8Array(32), cv, rk, hexToBytes(realOutput.proof));
    const output = cat(
      hexToBytes(realOutput.cmu),
      hexToBytes(realOutput.cv),
      hexToBytes(realOutput.epk),
      hexToBytes(realOutput.proof),
    );
    const head = (spendOffset: number, sigOffset: number, receiveOffset: number) =>
      cat(
        word(BigInt(spendOffset)),
        word(BigInt(sigOffset)),
        word(BigInt(receiveOffset)),
        new Uint8Array(64),
        sighash,
        word(0n),
        new Uint8Array(33 * 32),
        word(0n),
      );
    const build = (spends: Uint8Array[], outputs: Uint8Array[]) => {
      const spendOffset = 1312;
      const sigOffset = spendOffset + 32 + 320 * spends.length;
      const receiveOffset = sigOffset + 32 + 64 * spends.length;
      return cat(
        head(spendOffset, sigOffset, receiveOffset),
        word(BigInt(spends.length)),
        ...spends,
        word(BigInt(spends.length)),
        ...spends.map(() => spendAuthSig),
        word(BigInt(outputs.length)),
        ...outputs,
      );
    };
    const oneOne = build([spend], [output]);
    expect(oneOne.length).toBe(2080);
    expect(verifyTransferProof(oneOne)).toEqual({ success: true, output: new Uint8Array(32) });
    const twoTwoDuplicateNf = build([spend, spend], [output, output]);
    expect(twoTwoDuplicateNf.length).toBe(2752);
    expect(verifyTransferProof(twoTwoDuplicateNf).output).toEqual(new Uint8Array(32));
    expect(verifyTransferProof(new Uint8Array(2081)).output).toEqual(new Uint8Array(32));
  });
});

describe("merkleHash agrees with the tree code", () => {
  it("level 0 over two leaves", () => {
    const a = scalarToBytes(1n);
    const b = scalarToBytes(2n);
    expect(merkleHashPrecompile(cat(word(0n), a, b)).output).toEqual(merkleHash(0, a, b));
  });
});
