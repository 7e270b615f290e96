/**
 * The context-free Sapling checks java-tron calls through JNI (librustzcash's *_new functions):
 * check_output_new, check_spend_new and final_check_new, with the same decoding and small-order
 * rules. The verifying keys are parameters so tests can use Zcash's; the chain uses TRON's.
 */
import type { Groth16VerifyingKey } from "./groth16.js";
import { parseProof, verifyGroth16 } from "./groth16.js";
import { decodePoint, JubjubPoint, readFieldElement, saplingGenerators } from "./jubjub.js";
import { bindingVerify, spendAuthVerify } from "./redjubjub.js";
import { outputVerifyingKey, spendVerifyingKey } from "./verifying-keys.js";

const I64_MIN = -(1n << 63n);

function notSmallOrder(bytes: Uint8Array): JubjubPoint | undefined {
  const p = decodePoint(bytes);
  return p && !p.isSmallOrder() ? p : undefined;
}

export interface OutputDescription {
  cv: Uint8Array;
  cmu: Uint8Array;
  epk: Uint8Array;
  zkproof: Uint8Array;
}

export interface SpendDescription {
  cv: Uint8Array;
  anchor: Uint8Array;
  nullifier: Uint8Array;
  rk: Uint8Array;
  zkproof: Uint8Array;
  spendAuthSig: Uint8Array;
}

/** librustzcash_sapling_check_output_new. */
export function checkOutput(
  output: OutputDescription,
  key: Groth16VerifyingKey = outputVerifyingKey(),
): boolean {
  const cv = notSmallOrder(output.cv);
  if (!cv) return false;
  const cmu = readFieldElement(output.cmu);
  if (cmu === undefined) return false;
  const epk = notSmallOrder(output.epk);
  if (!epk) return false;
  const c = cv.toAffine();
  const e = epk.toAffine();
  return verifyGroth16(key, output.zkproof, [c.x, c.y, e.x, e.y, cmu]);
}

/** The nullifier's 256 bits packed little-endian into Fr chunks of 254 and 2 bits (multipack). */
export function packNullifier(nullifier: Uint8Array): [bigint, bigint] {
  let v = 0n;
  for (let i = nullifier.length - 1; i >= 0; i--) v = (v << 8n) | BigInt(nullifier[i]!);
  const low = v & ((1n << 254n) - 1n);
  return [low, v >> 254n];
}

/**
 * librustzcash_sapling_check_spend_new. The spend verifying key is TRON's, which this node does
 * not have: with the default key this throws SHIELDED_SPEND_VK_UNAVAILABLE after the checks that
 * need no key (which can already answer false).
 */
export function checkSpend(
  spend: SpendDescription,
  sighash: Uint8Array,
  key: () => Groth16VerifyingKey = spendVerifyingKey,
): boolean {
  const cv = notSmallOrder(spend.cv);
  if (!cv) return false;
  const anchor = readFieldElement(spend.anchor);
  if (anchor === undefined) return false;
  const rk = notSmallOrder(spend.rk);
  if (!rk) return false;
  if (!spendAuthVerify(spend.rk, sighash, spend.spendAuthSig)) return false;
  // Proof::read comes before verify_proof: a malformed proof is false whatever the key.
  if (!parseProof(spend.zkproof)) return false;
  const r = rk.toAffine();
  const c = cv.toAffine();
  const [nf0, nf1] = packNullifier(spend.nullifier);
  return verifyGroth16(key(), spend.zkproof, [r.x, r.y, c.x, c.y, anchor, nf0, nf1]);
}

/**
 * The binding-signature check: bvk = Σ spend cv − Σ output cv − [valueBalance]·V_cv and the
 * signature over bvk ‖ sighash. As librustzcash_sapling_final_check_new (the default) it answers
 * false when either list is empty; `requireSpendsAndOutputs: false` is the context-based
 * final_check the mint and burn precompiles use, where bvk was accumulated by check_output /
 * check_spend. Both answer false when a cv does not decode or for valueBalance = i64::MIN.
 */
export function finalCheck(
  valueBalance: bigint,
  bindingSig: Uint8Array,
  sighash: Uint8Array,
  spendCvs: Uint8Array[],
  outputCvs: Uint8Array[],
  options: { requireSpendsAndOutputs?: boolean } = {},
): boolean {
  if ((options.requireSpendsAndOutputs ?? true) && (spendCvs.length === 0 || outputCvs.length === 0))
    return false;
  if (valueBalance === I64_MIN) return false;
  let bvk = JubjubPoint.ZERO;
  for (const bytes of spendCvs) {
    const p = decodePoint(bytes);
    if (!p) return false;
    bvk = bvk.add(p);
  }
  for (const bytes of outputCvs) {
    const p = decodePoint(bytes);
    if (!p) return false;
    bvk = bvk.subtract(p);
  }
  const g = saplingGenerators().valueCommitmentValue;
  const abs = valueBalance < 0n ? -valueBalance : valueBalance;
  const balance = abs === 0n ? JubjubPoint.ZERO : g.multiplyUnsafe(abs);
  bvk = valueBalance < 0n ? bvk.add(balance) : bvk.subtract(balance);
  return bindingVerify(bvk, sighash, bindingSig);
}
