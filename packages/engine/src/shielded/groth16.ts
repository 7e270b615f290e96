/**
 * Groth16 verification over BLS12-381 as bellman's verify_proof: proofs are A ‖ B ‖ C in Zcash's
 * compressed encoding (points at infinity refused, subgroup checked by the decoder), and the check
 * is e(A,B)·e(acc,−γ)·e(C,−δ) = e(α,β) with acc = IC₀ + Σ xᵢ·ICᵢ. e(α,β), −γ and −δ are computed
 * once per key.
 */
import type { WeierstrassPoint } from "@noble/curves/abstract/weierstrass.js";
import { bls12_381 } from "@noble/curves/bls12-381.js";
import { TronodeError } from "../errors.js";

type G1 = WeierstrassPoint<bigint>;
type G2 = ReturnType<typeof bls12_381.G2.Point.fromBytes>;
type Gt = ReturnType<typeof bls12_381.pairing>;

const G1Point = bls12_381.G1.Point;
const G2Point = bls12_381.G2.Point;
const Fp12 = bls12_381.fields.Fp12;

export const GROTH16_PROOF_LENGTH = 192;

export interface Groth16VerifyingKey {
  alphaG1: G1;
  betaG2: G2;
  gammaG2: G2;
  deltaG2: G2;
  ic: G1[];
}

interface PreparedKey {
  key: Groth16VerifyingKey;
  alphaBeta: Gt;
  negGamma: G2;
  negDelta: G2;
}

/**
 * Reads the verifying key at the head of a bellman/Zcash params file: α_g1, β_g1, β_g2, γ_g2,
 * δ_g1, δ_g2 (uncompressed), u32 big-endian n, then n IC points.
 */
export function parseVerifyingKey(bytes: Uint8Array): Groth16VerifyingKey {
  let o = 0;
  const take = (length: number) => {
    const part = bytes.subarray(o, o + length);
    o += length;
    return part;
  };
  const g1 = () => G1Point.fromBytes(take(96));
  const g2 = () => G2Point.fromBytes(take(192));
  const alphaG1 = g1();
  g1(); // β_g1 is not used by verification
  const betaG2 = g2();
  const gammaG2 = g2();
  g1(); // δ_g1
  const deltaG2 = g2();
  const n = new DataView(bytes.buffer, bytes.byteOffset + o, 4).getUint32(0, false);
  o += 4;
  if (bytes.length < o + n * 96) {
    throw new TronodeError(
      "SHIELDED_BAD_VK",
      `verifying key truncated: ${n} IC points need ${o + n * 96} bytes`,
    );
  }
  const ic: G1[] = [];
  for (let i = 0; i < n; i++) ic.push(g1());
  return { alphaG1, betaG2, gammaG2, deltaG2, ic };
}

const prepared = new WeakMap<Groth16VerifyingKey, PreparedKey>();

function prepare(key: Groth16VerifyingKey): PreparedKey {
  let p = prepared.get(key);
  if (!p) {
    p = {
      key,
      alphaBeta: bls12_381.pairing(key.alphaG1, key.betaG2),
      negGamma: key.gammaG2.negate(),
      negDelta: key.deltaG2.negate(),
    };
    prepared.set(key, p);
  }
  return p;
}

export interface Groth16Proof {
  a: G1;
  b: G2;
  c: G1;
}

/** Proof::read: undefined for a bad encoding, a point off the subgroup, or a point at infinity. */
export function parseProof(bytes: Uint8Array): Groth16Proof | undefined {
  if (bytes.length !== GROTH16_PROOF_LENGTH) return undefined;
  try {
    const a = G1Point.fromBytes(bytes.subarray(0, 48));
    const b = G2Point.fromBytes(bytes.subarray(48, 144));
    const c = G1Point.fromBytes(bytes.subarray(144, 192));
    if (a.is0() || b.is0() || c.is0()) return undefined;
    return { a, b, c };
  } catch {
    return undefined;
  }
}

/** Fr elements (each < q) as public inputs; false where bellman returns false or an error. */
export function verifyGroth16(
  key: Groth16VerifyingKey,
  proofBytes: Uint8Array,
  publicInputs: bigint[],
): boolean {
  const proof = parseProof(proofBytes);
  if (!proof) return false;
  const p = prepare(key);
  if (publicInputs.length + 1 !== key.ic.length) return false;
  let acc = key.ic[0]!;
  publicInputs.forEach((x, i) => {
    if (x !== 0n) acc = acc.add(key.ic[i + 1]!.multiplyUnsafe(x));
  });
  const pairs: { g1: G1; g2: G2 }[] = [
    { g1: proof.a, g2: proof.b },
    { g1: proof.c, g2: p.negDelta },
  ];
  // bellman pairs the identity too (contributing 1); noble refuses infinity, so leave it out.
  if (!acc.is0()) pairs.push({ g1: acc, g2: p.negGamma });
  return Fp12.eql(bls12_381.pairingBatch(pairs), p.alphaBeta);
}
