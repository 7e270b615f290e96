/**
 * Sapling notes: the 564-byte plaintext, note commitments (cmu), nullifiers and value commitments,
 * with librustzcash's acceptance rules (priv_get_note: valid d, pk_d a point of prime order,
 * rcm < r_J).
 */
import { blake2s } from "@noble/hashes/blake2.js";
import { TronodeError } from "../errors.js";
import {
  ascii,
  bigIntToBytesLE,
  bytesToBigIntLE,
  decodePoint,
  encodePoint,
  extractU,
  type JubjubPoint,
  mul,
  readScalar,
  saplingGenerators,
} from "./jubjub.js";
import { diversifyHash } from "./keys.js";
import { bytesToBitsLE, concatBits, pedersenHashToPoint } from "./pedersen.js";

export const MEMO_LENGTH = 512;
export const NOTE_PLAINTEXT_LENGTH = 564;
const U64_MASK = (1n << 64n) - 1n;

export interface SaplingNote {
  d: Uint8Array;
  pkD: Uint8Array;
  /** u64 (java-tron carries it in a signed long; the commitment uses the same 64 bits). */
  value: bigint;
  rcm: Uint8Array;
  /** 512 bytes. */
  memo: Uint8Array;
}

export function memoOf(bytes: Uint8Array | undefined): Uint8Array {
  const memo = new Uint8Array(MEMO_LENGTH);
  if (bytes) memo.set(bytes.subarray(0, MEMO_LENGTH));
  return memo;
}

/** Note.encode: 0x01 ‖ d ‖ v (u64 LE) ‖ rcm ‖ memo. */
export function encodeNotePlaintext(note: SaplingNote): Uint8Array {
  const out = new Uint8Array(NOTE_PLAINTEXT_LENGTH);
  out[0] = 0x01;
  out.set(note.d, 1);
  out.set(bigIntToBytesLE(note.value & U64_MASK, 8), 12);
  out.set(note.rcm, 20);
  out.set(memoOf(note.memo), 52);
  return out;
}

/**
 * Note.decode. java-tron throws ZksnarkException on another lead byte (which ends a whole scan);
 * the caller decides how to surface it, so this throws the same text.
 */
export function decodeNotePlaintext(plaintext: Uint8Array, pkD: Uint8Array): SaplingNote {
  if (plaintext[0] !== 0x01) {
    throw new TronodeError("SHIELDED_LEAD_BYTE", "lead byte of NotePlaintext is not recognized", {
      javaClass: "org.tron.core.exception.ZksnarkException",
    });
  }
  return {
    d: plaintext.slice(1, 12),
    pkD,
    value: bytesToBigIntLE(plaintext.subarray(12, 20)),
    rcm: plaintext.slice(20, 52),
    memo: plaintext.slice(52, 564),
  };
}

/** A prime-order point from its encoding (librustzcash's read + as_prime_order). */
export function decodePrimeOrderPoint(bytes: Uint8Array): JubjubPoint | undefined {
  const p = decodePoint(bytes);
  if (!p) return undefined;
  return p.isTorsionFree() ? p : undefined;
}

function noteCommitmentPoint(
  note: Pick<SaplingNote, "d" | "pkD" | "value" | "rcm">,
): JubjubPoint | undefined {
  const gd = diversifyHash(note.d);
  const pkD = decodePrimeOrderPoint(note.pkD);
  const rcm = readScalar(note.rcm);
  if (!gd || !pkD || rcm === undefined) return undefined;
  const contents = new Uint8Array(72);
  contents.set(bigIntToBytesLE(note.value & U64_MASK, 8));
  contents.set(encodePoint(gd), 8);
  contents.set(encodePoint(pkD), 40);
  const hash = pedersenHashToPoint(concatBits(Uint8Array.of(1, 1, 1, 1, 1, 1), bytesToBitsLE(contents)));
  return hash.add(mul(saplingGenerators().noteCommitmentRandomness, rcm));
}

/** librustzcash_sapling_compute_cm: cmu, or undefined where librustzcash answers false. */
export function noteCommitment(
  note: Pick<SaplingNote, "d" | "pkD" | "value" | "rcm">,
): Uint8Array | undefined {
  const cm = noteCommitmentPoint(note);
  return cm ? extractU(cm) : undefined;
}

/**
 * librustzcash_sapling_compute_nf: nf = BLAKE2s(`Zcash_nf`, nk ‖ (cm + [position]·J)), or
 * undefined where librustzcash answers false (invalid note, ak or nk not of prime order).
 */
export function noteNullifier(
  note: Pick<SaplingNote, "d" | "pkD" | "value" | "rcm">,
  ak: Uint8Array,
  nk: Uint8Array,
  position: bigint,
): Uint8Array | undefined {
  const cm = noteCommitmentPoint(note);
  if (!cm || !decodePrimeOrderPoint(ak)) return undefined;
  const nkPoint = decodePrimeOrderPoint(nk);
  if (!nkPoint) return undefined;
  const rho = cm.add(mul(saplingGenerators().notePosition, position & U64_MASK));
  const input = new Uint8Array(64);
  input.set(encodePoint(nkPoint));
  input.set(encodePoint(rho), 32);
  return blake2s(input, { dkLen: 32, personalization: ascii("Zcash_nf") });
}

/** cv = [v]·V_cv + [rcv]·R_cv, v a signed amount (value balances may be negative). */
export function valueCommitment(value: bigint, rcv: bigint): JubjubPoint {
  const g = saplingGenerators();
  return mul(g.valueCommitmentValue, value).add(mul(g.valueCommitmentRandomness, rcv));
}

/** The 32-byte value commitment encoding. */
export function valueCommitmentBytes(value: bigint, rcv: Uint8Array): Uint8Array | undefined {
  const r = readScalar(rcv);
  return r === undefined ? undefined : encodePoint(valueCommitment(value, r));
}
