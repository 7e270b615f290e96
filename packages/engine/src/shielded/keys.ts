/**
 * Sapling key derivation as java-tron does it (non-ZIP-32): sk → (ask, nsk, ovk) → (ak, nk) → ivk,
 * diversifiers and `ztron1…` payment addresses. Randomness (sk, d) comes in from the caller.
 */
import { blake2b, blake2s } from "@noble/hashes/blake2.js";
import { bech32 } from "@scure/base";
import { TronodeError } from "../errors.js";
import { type SaplingDomain, TRON_SAPLING } from "./domain.js";
import {
  ascii,
  bytesToBigIntLE,
  decodePoint,
  encodePoint,
  groupHash,
  type JubjubPoint,
  mul,
  saplingGenerators,
  scalarToBytes,
  toScalar,
} from "./jubjub.js";

export const SPENDING_KEY_LENGTH = 32;
export const DIVERSIFIER_LENGTH = 11;

/** PRF^expand(sk, t) = BLAKE2b-512(personal, sk ‖ t). */
export function prfExpand(sk: Uint8Array, t: Uint8Array, domain: SaplingDomain = TRON_SAPLING): Uint8Array {
  const input = new Uint8Array(sk.length + t.length);
  input.set(sk);
  input.set(t, sk.length);
  return blake2b(input, { dkLen: 64, personalization: ascii(domain.expandSeed) });
}

export interface ExpandedSpendingKey {
  ask: Uint8Array;
  nsk: Uint8Array;
  ovk: Uint8Array;
}

export function expandSpendingKey(sk: Uint8Array, domain: SaplingDomain = TRON_SAPLING): ExpandedSpendingKey {
  return {
    ask: scalarToBytes(toScalar(prfExpand(sk, Uint8Array.of(0), domain))),
    nsk: scalarToBytes(toScalar(prfExpand(sk, Uint8Array.of(1), domain))),
    ovk: prfExpand(sk, Uint8Array.of(2), domain).slice(0, 32),
  };
}

/**
 * ak = [ask]·G_spend (librustzcash_ask_to_ak). librustzcash multiplies by the 256-bit
 * little-endian integer as it is, without a range check, so any 32 bytes give an answer.
 */
export function akFromAsk(ask: Uint8Array): Uint8Array {
  return encodePoint(mul(saplingGenerators().spendAuth, bytesToBigIntLE(ask)));
}

/** nk = [nsk]·G_proof (librustzcash_nsk_to_nk), the integer taken as it is like ak. */
export function nkFromNsk(nsk: Uint8Array): Uint8Array {
  return encodePoint(mul(saplingGenerators().proofGeneration, bytesToBigIntLE(nsk)));
}

/** CRH^ivk: BLAKE2s-256(`Zcashivk`, ak ‖ nk) truncated to 251 bits (librustzcash_crh_ivk). */
export function incomingViewingKey(ak: Uint8Array, nk: Uint8Array): Uint8Array {
  const input = new Uint8Array(64);
  input.set(ak);
  input.set(nk, 32);
  const ivk = blake2s(input, { dkLen: 32, personalization: ascii("Zcashivk") });
  ivk[31]! &= 0x07;
  return ivk;
}

/** DiversifyHash(d) = GroupHash(`Zcash_gd`, d); undefined when d is not a valid diversifier. */
export function diversifyHash(d: Uint8Array): JubjubPoint | undefined {
  if (d.length !== DIVERSIFIER_LENGTH) return undefined;
  return groupHash(d, "Zcash_gd");
}

export function isValidDiversifier(d: Uint8Array): boolean {
  return diversifyHash(d) !== undefined;
}

/**
 * pk_d = [ivk]·g_d (librustzcash_ivk_to_pkd); undefined when d is not a valid diversifier.
 * The ivk integer is used as it is (no range check), like librustzcash.
 */
export function transmissionKey(ivk: Uint8Array, d: Uint8Array): Uint8Array | undefined {
  const gd = diversifyHash(d);
  if (!gd) return undefined;
  return encodePoint(mul(gd, bytesToBigIntLE(ivk)));
}

/**
 * SpendingKey.defaultDiversifier: the first 11 bytes of PRF^expand(sk, [3, i]) for the first
 * i = 0…255 that gives a valid diversifier.
 */
export function defaultDiversifier(sk: Uint8Array, domain: SaplingDomain = TRON_SAPLING): Uint8Array {
  for (let i = 0; i < 256; i++) {
    // libsodium is initialised for 64 bytes and read for 11: the head of PRF^expand, not an
    // 11-byte BLAKE2b.
    const d = prfExpand(sk, Uint8Array.of(3, i), domain).slice(0, DIVERSIFIER_LENGTH);
    if (isValidDiversifier(d)) return d;
  }
  throw new TronodeError(
    "SHIELDED_NO_DIVERSIFIER",
    "librustzcash_check_diversifier does not return valid diversifier",
    { javaClass: "org.tron.core.exception.BadItemException" },
  );
}

export interface FullViewingKey {
  ak: Uint8Array;
  nk: Uint8Array;
  ovk: Uint8Array;
}

export function fullViewingKey(expanded: ExpandedSpendingKey): FullViewingKey {
  return { ak: akFromAsk(expanded.ask), nk: nkFromNsk(expanded.nsk), ovk: expanded.ovk };
}

/** FullViewingKey.isValid: ivk ≠ 0 (what SpendingKey.random retries on). */
export function isValidSpendingKey(sk: Uint8Array): boolean {
  const fvk = fullViewingKey(expandSpendingKey(sk));
  return bytesToBigIntLE(incomingViewingKey(fvk.ak, fvk.nk)) !== 0n;
}

/** SpendingKey.randomUint256's shape: 32 bytes with the high nibble of byte 0 cleared. */
export function spendingKeyFromRandom(random32: Uint8Array): Uint8Array {
  const sk = Uint8Array.from(random32.subarray(0, 32));
  sk[0]! &= 0x0f;
  return sk;
}

export interface PaymentAddress {
  d: Uint8Array;
  pkD: Uint8Array;
}

/** KeyIo.encodePaymentAddress: classic bech32 of d ‖ pk_d. */
export function encodePaymentAddress(address: PaymentAddress, domain: SaplingDomain = TRON_SAPLING): string {
  const payload = new Uint8Array(43);
  payload.set(address.d);
  payload.set(address.pkD, 11);
  return bech32.encode(domain.addressPrefix, bech32.toWords(payload), 1023);
}

const ILLEGAL_ARGUMENT = "java.lang.IllegalArgumentException";
const BECH32_CHARSET = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BECH32_GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function bech32Error(message: string): TronodeError {
  return new TronodeError("SHIELDED_BAD_ADDRESS", message, { javaClass: ILLEGAL_ARGUMENT });
}

function bech32Polymod(values: number[]): number {
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= BECH32_GENERATOR[i]!;
  }
  return chk >>> 0;
}

/**
 * java-tron's Bech32.decode (org.tron.common.utils.Bech32), with its IllegalArgumentException
 * texts: length 8–90, printable ASCII in one case, a `1` separator, a data part of at least 6
 * characters from the charset, a valid checksum. The hrp comes back lower-cased.
 */
function javaBech32Decode(text: string): { hrp: string; values: number[] } {
  if (text.length < 8) throw bech32Error(`Input too short: ${text.length}`);
  if (text.length > 90) throw bech32Error(`Input too long: ${text.length}`);
  let lower = false;
  let upper = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const invalid = `InvalidCharacter(${text[i]}, ${i})`;
    if (c < 33 || c > 126) throw bech32Error(invalid);
    if (c >= 0x61 && c <= 0x7a) {
      if (upper) throw bech32Error(invalid);
      lower = true;
    }
    if (c >= 0x41 && c <= 0x5a) {
      if (lower) throw bech32Error(invalid);
      upper = true;
    }
  }
  const pos = text.lastIndexOf("1");
  if (pos < 1) throw bech32Error("Missing human-readable part");
  const dataLength = text.length - 1 - pos;
  if (dataLength < 6) throw bech32Error(`Data part too short: ${dataLength}`);
  const values: number[] = [];
  for (let i = 0; i < dataLength; i++) {
    const c = text[i + pos + 1]!;
    const value = BECH32_CHARSET.indexOf(c.toLowerCase());
    // java-tron concatenates the position as text: "" + i + pos + 1.
    if (value < 0) throw bech32Error(`InvalidCharacter(${c}, ${i}${pos}1)`);
    values.push(value);
  }
  const hrp = text.slice(0, pos).toLowerCase();
  const expanded: number[] = [];
  for (let i = 0; i < hrp.length; i++) expanded.push(hrp.charCodeAt(i) >> 5);
  expanded.push(0);
  for (let i = 0; i < hrp.length; i++) expanded.push(hrp.charCodeAt(i) & 31);
  if (bech32Polymod([...expanded, ...values]) !== 1) throw bech32Error("InvalidChecksum:");
  return { hrp, values: values.slice(0, values.length - 6) };
}

/**
 * KeyIo.decodePaymentAddress: undefined (java-tron's null) for an empty string, another prefix or
 * another length; the d and pk_d it returns are not checked here (callers check them later, as
 * java-tron does). Text that is not bech32 throws java-tron's IllegalArgumentException texts.
 */
export function decodePaymentAddress(
  text: string,
  domain: SaplingDomain = TRON_SAPLING,
): PaymentAddress | undefined {
  if (text.length === 0) return undefined;
  const { hrp, values } = javaBech32Decode(text);
  if (hrp !== domain.addressPrefix || values.length !== 69) return undefined;
  // KeyIo.convertBits(5 → 8, no padding): 345 bits give 43 bytes; the spare bit must be zero.
  if ((values[68]! & 1) !== 0) throw bech32Error("Could not convert bits, invalid padding");
  const bytes = Uint8Array.from(bech32.fromWords(values.map((v, i) => (i === 68 ? v & ~1 : v))));
  return { d: bytes.slice(0, 11), pkD: bytes.slice(11, 43) };
}

/** The payment address for (ivk, d); undefined when d is not a valid diversifier. */
export function paymentAddressOf(ivk: Uint8Array, d: Uint8Array): PaymentAddress | undefined {
  const pkD = transmissionKey(ivk, d);
  return pkD ? { d: Uint8Array.from(d), pkD } : undefined;
}

/** Whether pk_d decodes to a Jubjub point (java-tron checks this when notes are built or scanned). */
export function isValidTransmissionKey(pkD: Uint8Array): boolean {
  return decodePoint(pkD) !== undefined;
}
