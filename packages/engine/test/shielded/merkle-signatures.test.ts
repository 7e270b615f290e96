/**
 * The note-commitment tree (zcashd's depth-4 vectors as java-tron's MerkleTreeTest runs them,
 * the 32 empty roots, MerkleCRH at layer 25) and RedJubjub (zcash sapling_signatures, TRON's
 * published createspendauthsig example, java-tron's lenient R̄ decoding).
 */
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../../src/crypto/bytes.js";
import {
  decodePoint,
  encodePoint,
  JubjubPoint,
  mul,
  readScalar,
  saplingGenerators,
  scalarToBytes,
} from "../../src/shielded/jubjub.js";
import {
  emptyRoot,
  encodeMerklePath,
  IncrementalMerkleTree,
  IncrementalMerkleVoucher,
  merkleHash,
} from "../../src/shielded/merkle.js";
import { valueCommitment } from "../../src/shielded/note.js";
import {
  bindingSign,
  bindingVerify,
  hStar,
  randomizedKeys,
  redJubjubSign,
  redJubjubVerify,
  spendAuthSign,
  spendAuthVerify,
} from "../../src/shielded/redjubjub.js";
import {
  MERKLE_COMMITMENTS_REVERSED_HEX,
  MERKLE_CRH_LAYER25,
  MERKLE_DEPTH4_PATHS,
  MERKLE_DEPTH4_ROOTS,
  MERKLE_EMPTY_ROOTS,
} from "./vectors/merkle.js";
import { TRON_API_EXAMPLES } from "./vectors/tron-keys.js";
import { ZCASH_SIGNATURES } from "./vectors/zcash-signatures.js";

const hex = bytesToHex;
const h = hexToBytes;
const reversed = (s: string) => h(s).reverse();

describe("Merkle tree", () => {
  it("MerkleCRH at layer 25 (zcash merkle_tree.py)", () => {
    const v = MERKLE_CRH_LAYER25;
    // merkle_crh(MERKLE_DEPTH − 1 − 25, …) prefixes I2LEBSP6(25): librustzcash's depth 25.
    const depth = v.layer;
    const parent = merkleHash(depth, reversed(v.leftReversedHex), reversed(v.rightReversedHex));
    // Only the 255 low bits are hashed and the result is an Fr element: compare as integers.
    expect(hex(parent)).toBe(hex(reversed(v.parentReversedHex)));
    expect(hex(merkleHash(depth + 1, reversed(v.leftReversedHex), reversed(v.rightReversedHex)))).not.toBe(
      hex(parent),
    );
  });

  it("empty roots by height (63 values) and the depth-32 empty root java-tron hard-codes", () => {
    for (const [d, expected] of MERKLE_EMPTY_ROOTS.entries()) expect(hex(emptyRoot(d))).toBe(expected);
    expect(hex(new IncrementalMerkleTree().root())).toBe(MERKLE_EMPTY_ROOTS[32]);
    expect(hex(emptyRoot(32)).startsWith("fbc2f430")).toBe(true);
  });

  it("depth 4: 16 roots after each append, 120 witness paths, witness roots, full-tree errors", () => {
    const tree = new IncrementalMerkleTree({}, 4);
    expect(hex(tree.root())).toBe(hex(emptyRoot(4)));
    expect(() => tree.last()).toThrow("tree has no cursor");
    expect(tree.size()).toBe(0);
    const witnesses: IncrementalMerkleVoucher[] = [];
    let pathIndex = 0;
    for (let i = 0; i < 16; i++) {
      witnesses.push(new IncrementalMerkleVoucher(tree));
      const leaf = reversed(MERKLE_COMMITMENTS_REVERSED_HEX[i]!);
      tree.append(leaf);
      expect(tree.size()).toBe(i + 1);
      expect(hex(tree.last())).toBe(hex(leaf));
      expect(hex(tree.root())).toBe(MERKLE_DEPTH4_ROOTS[i]);
      witnesses.forEach((w, j) => {
        w.append(leaf);
        if (j === 0) {
          expect(() => w.path()).toThrow("can't create an authentication path for the beginning of the tree");
        } else {
          expect(hex(encodeMerklePath(w.path()))).toBe(MERKLE_DEPTH4_PATHS[pathIndex++]);
          expect(w.position()).toBe(j - 1);
        }
        expect(hex(w.root())).toBe(hex(tree.root()));
      });
    }
    expect(pathIndex).toBe(120);
    expect(() => tree.append(new Uint8Array(32))).toThrow("tree is full");
    for (const w of witnesses) expect(() => w.append(new Uint8Array(32))).toThrow("tree is full");
  });

  it("a depth-32 path encodes to 1 065 bytes with the position last", () => {
    const tree = new IncrementalMerkleTree();
    for (let i = 0; i < 3; i++) tree.append(scalarToBytes(BigInt(i + 10)));
    const w = new IncrementalMerkleVoucher(tree);
    w.append(scalarToBytes(99n));
    const encoded = encodeMerklePath(w.path());
    expect(encoded.length).toBe(1065);
    expect(encoded[0]).toBe(32);
    expect(encoded[1]).toBe(32);
    expect(hex(encoded.subarray(1057))).toBe("0200000000000000");
  });
});

const g = saplingGenerators();
const cat = (a: Uint8Array, b: Uint8Array) => Uint8Array.from([...a, ...b]);

describe("RedJubjub (zcash sapling_signatures, 10 rows; the message signed is vk ‖ m)", () => {
  for (const [i, v] of ZCASH_SIGNATURES.entries()) {
    it(`row ${i}: vk, rsk/rvk, sig and rsig verify; a changed message does not`, () => {
      const sk = readScalar(h(v.sk))!;
      expect(hex(encodePoint(mul(g.spendAuth, sk)))).toBe(v.vk);
      const keys = randomizedKeys(h(v.sk), h(v.alpha))!;
      expect(hex(scalarToBytes(keys.rsk))).toBe(v.rsk);
      expect(hex(keys.rk)).toBe(v.rvk);
      const vk = decodePoint(h(v.vk))!;
      const rvk = decodePoint(h(v.rvk))!;
      expect(redJubjubVerify(vk, cat(h(v.vk), h(v.m)), h(v.sig), g.spendAuth)).toBe(true);
      expect(redJubjubVerify(rvk, cat(h(v.rvk), h(v.m)), h(v.rsig), g.spendAuth)).toBe(true);
      expect(spendAuthVerify(h(v.rvk), h(v.m), h(v.rsig))).toBe(true);
      expect(redJubjubVerify(vk, cat(h(v.vk), h(v.m)), h(v.rsig), g.spendAuth)).toBe(false);
      expect(redJubjubVerify(rvk, cat(h(v.rvk), h(v.m)), h(v.sig), g.spendAuth)).toBe(false);
      const other = h(v.m);
      other[0]! ^= 1;
      expect(redJubjubVerify(vk, cat(h(v.vk), other), h(v.sig), g.spendAuth)).toBe(false);
    });
  }

  it("own sign/verify round trip with caller randomness", () => {
    const random = new Uint8Array(80).fill(7);
    const sk = 123456789n;
    const vk = mul(g.spendAuth, sk);
    const sig = redJubjubSign(sk, h("abcd"), g.spendAuth, random);
    expect(redJubjubVerify(vk, h("abcd"), sig, g.spendAuth)).toBe(true);
    expect(redJubjubVerify(vk, h("abce"), sig, g.spendAuth)).toBe(false);
  });
});

describe("spend authorisation and binding signatures", () => {
  it("verifies java-tron's published createspendauthsig output (randomised, so checked by verification)", () => {
    const v = TRON_API_EXAMPLES.spendAuthSig;
    const { rk } = randomizedKeys(h(v.ask), h(v.alpha))!;
    expect(spendAuthVerify(rk, h(v.txHash), h(v.signature))).toBe(true);
    const ours = spendAuthSign(h(v.ask), h(v.alpha), h(v.txHash), new Uint8Array(80).fill(1))!;
    expect(spendAuthVerify(rk, h(v.txHash), ours)).toBe(true);
    expect(spendAuthVerify(rk, new Uint8Array(32), ours)).toBe(false);
  });

  it("binding signature: bvk = Σcv_spend − Σcv_out − [valueBalance]·V_cv", () => {
    const rcvSpend = 1111n;
    const rcvOut = 222n;
    const cvSpend = valueCommitment(100n, rcvSpend);
    const cvOut = valueCommitment(60n, rcvOut);
    const valueBalance = 40n;
    const bvk = cvSpend.subtract(cvOut).subtract(mul(g.valueCommitmentValue, valueBalance));
    const sighash = new Uint8Array(32).fill(9);
    const sig = bindingSign(rcvSpend - rcvOut, sighash, new Uint8Array(80).fill(3));
    expect(bindingVerify(bvk, sighash, sig)).toBe(true);
    const wrongBalance = cvSpend.subtract(cvOut).subtract(mul(g.valueCommitmentValue, 41n));
    expect(bindingVerify(wrongBalance, sighash, sig)).toBe(false);
  });

  it("R̄ = (0, −1) encoded with the sign bit set decodes as java-tron's librustzcash does", () => {
    // y = −1 (q − 1) with x = 0: a small-order point noble refuses with the sign bit set.
    const yMinusOne = scalarToBytes(0n);
    const q = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
    let v = q - 1n;
    for (let i = 0; i < 32; i++) {
      yMinusOne[i] = Number(v & 0xffn);
      v >>= 8n;
    }
    const signed = Uint8Array.from(yMinusOne);
    signed[31]! |= 0x80;
    expect(() => JubjubPoint.fromBytes(signed)).toThrow();
    const p = decodePoint(signed)!;
    expect(p.toAffine().x).toBe(0n);
    expect(p.clearCofactor().is0()).toBe(true);
    // A signature whose R̄ is that encoding: R has order 2, so [8](...) still checks out when
    // S and c are made consistent: S = c·sk gives [8]([c]vk + R − [S]G) = [8]R = O.
    const sk = 42n;
    const vk = mul(g.spendAuth, sk);
    const message = h("00");
    const c = hStar(signed, message);
    const sig = new Uint8Array(64);
    sig.set(signed);
    sig.set(scalarToBytes(c * sk), 32);
    expect(redJubjubVerify(vk, message, sig, g.spendAuth)).toBe(true);
  });
});
