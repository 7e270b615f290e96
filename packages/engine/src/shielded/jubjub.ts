/**
 * Jubjub as Sapling uses it: point and scalar encodings, java-tron's (pre-ZIP-216) lenient point
 * decoding, the fixed generators (found by GroupHash, computed once on first use).
 */

import type { EdwardsPoint } from "@noble/curves/abstract/edwards.js";
import { jubjub, jubjub_findGroupHash, jubjub_groupHash } from "@noble/curves/misc.js";

export type JubjubPoint = EdwardsPoint;
export const JubjubPoint = jubjub.Point;

/** BLS12-381 scalar field order q: Jubjub's base field, the field of `cmu`, Merkle nodes, roots. */
export const FR_MODULUS = 0x73eda753299d7d483339d80809a1d80553bda402fffe5bfeffffffff00000001n;
/** Order r_J of Jubjub's prime subgroup: the field of ask, nsk, rcm, rcv, esk, alpha. */
export const FS_MODULUS = 0x0e7db4ea6533afa906673b0101343b00a6682093ccc81082d0970e5ed6f72cb7n;

export const ascii = (text: string): Uint8Array => new TextEncoder().encode(text);

export function bytesToBigIntLE(bytes: Uint8Array): bigint {
  let v = 0n;
  for (let i = bytes.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(bytes[i]!);
  return v;
}

export function bigIntToBytesLE(value: bigint, length = 32): Uint8Array {
  const out = new Uint8Array(length);
  let v = value;
  for (let i = 0; i < length; i++) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export function modFs(value: bigint): bigint {
  const m = value % FS_MODULUS;
  return m < 0n ? m + FS_MODULUS : m;
}

/** ToScalar: a 64-byte (or any) little-endian string reduced mod r_J. */
export function toScalar(bytes: Uint8Array): bigint {
  return modFs(bytesToBigIntLE(bytes));
}

/** A 32-byte little-endian Fs element; undefined when not canonical (≥ r_J), as librustzcash's from_repr. */
export function readScalar(bytes: Uint8Array): bigint | undefined {
  if (bytes.length !== 32) return undefined;
  const v = bytesToBigIntLE(bytes);
  return v < FS_MODULUS ? v : undefined;
}

/** A 32-byte little-endian Fr element; undefined when ≥ q. */
export function readFieldElement(bytes: Uint8Array): bigint | undefined {
  if (bytes.length !== 32) return undefined;
  const v = bytesToBigIntLE(bytes);
  return v < FR_MODULUS ? v : undefined;
}

export function scalarToBytes(value: bigint): Uint8Array {
  return bigIntToBytesLE(modFs(value));
}

/** [k]P for any integer k (reduced mod r_J; P must lie in the prime-order subgroup). */
export function mul(point: JubjubPoint, k: bigint): JubjubPoint {
  return point.multiplyUnsafe(modFs(k));
}

/**
 * Strict decoding as zcashd's `edwards::Point::read` of 2019 with one exception noble makes:
 * undefined for y ≥ q or y not on the curve. The point may have small order or torsion.
 */
export function decodePoint(bytes: Uint8Array): JubjubPoint | undefined {
  if (bytes.length !== 32) return undefined;
  try {
    return JubjubPoint.fromBytes(bytes);
  } catch {
    return lenientZero(bytes);
  }
}

/**
 * java-tron's librustzcash decodes x = 0 with the sign bit set as (0, y) — pre-ZIP-216 — where
 * noble refuses it. Only the two points (0, ±1) are affected; every decode here accepts them the
 * way java-tron does, so R̄ of a signature decodes exactly when java-tron's does (shielded.md §0.8).
 */
function lenientZero(bytes: Uint8Array): JubjubPoint | undefined {
  if ((bytes[31]! & 0x80) === 0) return undefined;
  const cleared = Uint8Array.from(bytes);
  cleared[31]! &= 0x7f;
  try {
    const p = JubjubPoint.fromBytes(cleared);
    return p.toAffine().x === 0n ? p : undefined;
  } catch {
    return undefined;
  }
}

export function encodePoint(point: JubjubPoint): Uint8Array {
  return point.toBytes();
}

/** extract_J: the u (= x) coordinate, 32 bytes little-endian. */
export function extractU(point: JubjubPoint): Uint8Array {
  return bigIntToBytesLE(point.toAffine().x);
}

export function groupHash(tag: Uint8Array, personalisation: string): JubjubPoint | undefined {
  try {
    return jubjub_groupHash(tag, ascii(personalisation));
  } catch {
    return undefined;
  }
}

export interface SaplingGenerators {
  /** G_spend: spend authorisation base. */
  spendAuth: JubjubPoint;
  /** G_proof: proof generation key base (nk = [nsk]·G_proof). */
  proofGeneration: JubjubPoint;
  /** J: nullifier position base. */
  notePosition: JubjubPoint;
  /** R_cm: note commitment randomness base. */
  noteCommitmentRandomness: JubjubPoint;
  /** V_cv: value commitment value base. */
  valueCommitmentValue: JubjubPoint;
  /** R_cv: value commitment randomness base (also the binding signature base). */
  valueCommitmentRandomness: JubjubPoint;
}

let generators: SaplingGenerators | undefined;

/** The fixed Sapling generators; derived by FindGroupHash once (they are constants of the protocol). */
export function saplingGenerators(): SaplingGenerators {
  if (!generators) {
    const find = (m: string, p: string) => withPrecompute(jubjub_findGroupHash(ascii(m), ascii(p)));
    generators = {
      spendAuth: find("", "Zcash_G_"),
      proofGeneration: find("", "Zcash_H_"),
      notePosition: find("", "Zcash_J_"),
      noteCommitmentRandomness: find("r", "Zcash_PH"),
      valueCommitmentValue: find("v", "Zcash_cv"),
      valueCommitmentRandomness: find("r", "Zcash_cv"),
    };
  }
  return generators;
}

function withPrecompute(point: JubjubPoint): JubjubPoint {
  point.precompute(8);
  return point;
}
