/**
 * RedJubjub (Zcash spec §5.4.6) as java-tron's librustzcash: spend-authorisation signatures over
 * G_spend with re-randomised keys, binding signatures over R_cv. Signing takes its 80 random bytes
 * from the caller. Verification decodes R̄ leniently like java-tron (shielded.md §0.8).
 */
import { blake2b } from "@noble/hashes/blake2.js";
import {
  ascii,
  decodePoint,
  encodePoint,
  type JubjubPoint,
  modFs,
  mul,
  readScalar,
  saplingGenerators,
  scalarToBytes,
  toScalar,
} from "./jubjub.js";

/** H*(x) = BLAKE2b-512(`Zcash_RedJubjubH`, x) mod r_J. */
export function hStar(...parts: Uint8Array[]): bigint {
  const h = blake2b.create({ dkLen: 64, personalization: ascii("Zcash_RedJubjubH") });
  for (const p of parts) h.update(p);
  return toScalar(h.digest());
}

/** Signs msg with secret scalar sk over base P; `random80` is T (80 random bytes). */
export function redJubjubSign(
  sk: bigint,
  message: Uint8Array,
  base: JubjubPoint,
  random80: Uint8Array,
): Uint8Array {
  const r = hStar(random80, message);
  const rBar = encodePoint(mul(base, r));
  const s = modFs(r + hStar(rBar, message) * sk);
  const sig = new Uint8Array(64);
  sig.set(rBar);
  sig.set(scalarToBytes(s), 32);
  return sig;
}

/**
 * Verifies sig under vk (a decoded point) over base P: R̄ must decode (leniently), S < r_J, and
 * [8]([c]·vk + R − [S]·P) = O with c = H*(R̄ ‖ msg) — sapling-crypto's PublicKey::verify.
 */
export function redJubjubVerify(
  vk: JubjubPoint,
  message: Uint8Array,
  signature: Uint8Array,
  base: JubjubPoint,
): boolean {
  if (signature.length !== 64) return false;
  const rBar = signature.subarray(0, 32);
  const r = decodePoint(rBar);
  const s = readScalar(signature.subarray(32, 64));
  if (!r || s === undefined) return false;
  const c = hStar(rBar, message);
  return mulAny(vk, c).add(r).subtract(mul(base, s)).clearCofactor().is0();
}

/** [k]·P for a point that may carry torsion (vk comes from the wire); k = c is already < r_J. */
function mulAny(point: JubjubPoint, k: bigint): JubjubPoint {
  return point.multiplyUnsafe(k);
}

/** rsk = ask + α; rk = [rsk]·G_spend. */
export function randomizedKeys(
  ask: Uint8Array,
  alpha: Uint8Array,
): { rsk: bigint; rk: Uint8Array } | undefined {
  const a = readScalar(ask);
  const al = readScalar(alpha);
  if (a === undefined || al === undefined) return undefined;
  const rsk = modFs(a + al);
  return { rsk, rk: encodePoint(mul(saplingGenerators().spendAuth, rsk)) };
}

/**
 * librustzcash_sapling_spend_sig: sign rk ‖ sighash with rsk = ask + α over G_spend.
 * Undefined where librustzcash answers false (ask or α not canonical scalars).
 */
export function spendAuthSign(
  ask: Uint8Array,
  alpha: Uint8Array,
  sighash: Uint8Array,
  random80: Uint8Array,
): Uint8Array | undefined {
  const keys = randomizedKeys(ask, alpha);
  if (!keys) return undefined;
  const message = new Uint8Array(32 + sighash.length);
  message.set(keys.rk);
  message.set(sighash, 32);
  return redJubjubSign(keys.rsk, message, saplingGenerators().spendAuth, random80);
}

/** Spend-auth check: rk must decode; message rk ‖ sighash over G_spend. */
export function spendAuthVerify(rk: Uint8Array, sighash: Uint8Array, signature: Uint8Array): boolean {
  const vk = decodePoint(rk);
  if (!vk) return false;
  const message = new Uint8Array(32 + sighash.length);
  message.set(rk);
  message.set(sighash, 32);
  return redJubjubVerify(vk, message, signature, saplingGenerators().spendAuth);
}

/**
 * Binding signature check: bvk = Σcv_spend − Σcv_output − [valueBalance]·V_cv, message bvk ‖ sighash
 * over R_cv (librustzcash final_check).
 */
export function bindingVerify(bvk: JubjubPoint, sighash: Uint8Array, signature: Uint8Array): boolean {
  const message = new Uint8Array(32 + sighash.length);
  message.set(encodePoint(bvk));
  message.set(sighash, 32);
  return redJubjubVerify(bvk, message, signature, saplingGenerators().valueCommitmentRandomness);
}

/** Binding signature with bsk (tests and builders): message [bsk]·R_cv ‖ sighash. */
export function bindingSign(bsk: bigint, sighash: Uint8Array, random80: Uint8Array): Uint8Array {
  const base = saplingGenerators().valueCommitmentRandomness;
  const bvk = encodePoint(mul(base, bsk));
  const message = new Uint8Array(32 + sighash.length);
  message.set(bvk);
  message.set(sighash, 32);
  return redJubjubSign(modFs(bsk), message, base, random80);
}
