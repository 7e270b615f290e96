/**
 * Groth16 over BLS12-381: a real Sapling output proof (Zcash mainnet block 419 201) verifies under
 * the key it was made for, fails under TRON's output key (TRON ran its own ceremony), and fails
 * when tampered with. The spend key is unavailable and says so.
 */
import { describe, expect, it } from "vitest";
import { hexToBytes } from "../../src/crypto/bytes.js";
import { parseProof, parseVerifyingKey } from "../../src/shielded/groth16.js";
import { checkOutput, checkSpend, packNullifier } from "../../src/shielded/sapling-verify.js";
import { outputVerifyingKey, spendVerifyingKey } from "../../src/shielded/verifying-keys.js";
import { ZCASH_BLOCK_419201_OUTPUTS, ZCASH_OUTPUT_VK_HEX } from "./vectors/zcash-output-proof.js";

const zcashKey = parseVerifyingKey(hexToBytes(ZCASH_OUTPUT_VK_HEX));
const outputs = ZCASH_BLOCK_419201_OUTPUTS.map((o) => ({
  cv: hexToBytes(o.cv),
  cmu: hexToBytes(o.cmu),
  epk: hexToBytes(o.epk),
  zkproof: hexToBytes(o.proof),
}));

describe("Groth16 Sapling output verification", () => {
  it("the two mainnet output proofs verify under the key they were made for", () => {
    for (const o of outputs) expect(checkOutput(o, zcashKey)).toBe(true);
  });

  it("fails under TRON's output key (its own ceremony) — the key parses and has 6 IC points", () => {
    const tron = outputVerifyingKey();
    expect(tron.ic.length).toBe(6);
    expect(checkOutput(outputs[0]!, tron)).toBe(false);
  });

  it("a tampered proof, swapped public inputs, or a bad encoding are rejected", () => {
    const o = outputs[0]!;
    // Another valid proof for other inputs: the swap must fail.
    expect(checkOutput({ ...o, zkproof: outputs[1]!.zkproof }, zcashKey)).toBe(false);
    const cmu = Uint8Array.from(o.cmu);
    cmu[0]! ^= 1;
    expect(checkOutput({ ...o, cmu }, zcashKey)).toBe(false);
    // Flipping a bit of A's x coordinate gives another point or none: rejected either way.
    const proof = Uint8Array.from(o.zkproof);
    proof[40]! ^= 1;
    expect(checkOutput({ ...o, zkproof: proof }, zcashKey)).toBe(false);
    expect(checkOutput({ ...o, zkproof: o.zkproof.subarray(0, 191) }, zcashKey)).toBe(false);
    // A at infinity (compressed infinity encoding 0xc0…) is refused as bellman's Proof::read does.
    const infinity = Uint8Array.from(o.zkproof);
    infinity.fill(0, 0, 48);
    infinity[0] = 0xc0;
    expect(parseProof(infinity)).toBeUndefined();
    // cmu ≥ q is not a field element.
    expect(checkOutput({ ...o, cmu: new Uint8Array(32).fill(0xff) }, zcashKey)).toBe(false);
    // A small-order epk (the identity, y = 1) is refused before the pairing.
    const identity = new Uint8Array(32);
    identity[0] = 1;
    expect(checkOutput({ ...o, epk: identity }, zcashKey)).toBe(false);
  });

  it("spend proofs: the spend key is unavailable, and the check says so instead of answering", () => {
    expect(() => spendVerifyingKey()).toThrow(/not possible here: TRON's Sapling spend verifying key/);
    expect(packNullifier(new Uint8Array(32).fill(0xff))).toEqual([(1n << 254n) - 1n, 3n]);
  });

  it("spend checks that need no key still answer false (small-order cv)", () => {
    const identity = new Uint8Array(32);
    identity[0] = 1;
    const spend = {
      cv: identity,
      anchor: new Uint8Array(32),
      nullifier: new Uint8Array(32),
      rk: identity,
      zkproof: new Uint8Array(192),
      spendAuthSig: new Uint8Array(64),
    };
    expect(checkSpend(spend, new Uint8Array(32))).toBe(false);
  });
});
