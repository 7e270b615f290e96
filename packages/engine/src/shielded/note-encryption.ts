/**
 * Sapling in-band note encryption as java-tron's NoteEncryption: KA over Jubjub, the KDF and
 * PRF^ock under the domain's personalisations, IETF ChaCha20-Poly1305 with an all-zero nonce.
 * esk comes from the caller (the engine has no randomness).
 */
import { chacha20poly1305 } from "@noble/ciphers/chacha.js";
import { blake2b } from "@noble/hashes/blake2.js";
import { type SaplingDomain, TRON_SAPLING } from "./domain.js";
import { ascii, decodePoint, encodePoint, mul, readScalar } from "./jubjub.js";
import { diversifyHash, transmissionKey } from "./keys.js";
import {
  decodeNotePlaintext,
  encodeNotePlaintext,
  NOTE_PLAINTEXT_LENGTH,
  noteCommitment,
  type SaplingNote,
} from "./note.js";

export const ENC_CIPHERTEXT_LENGTH = 580;
export const OUT_CIPHERTEXT_LENGTH = 80;
const ZERO_NONCE = new Uint8Array(12);

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

/** librustzcash_sapling_ka_agree: [sk]·([8]·P); undefined when P does not decode or sk ≥ r_J. */
export function keyAgreement(point: Uint8Array, sk: Uint8Array): Uint8Array | undefined {
  const p = decodePoint(point);
  const s = readScalar(sk);
  if (!p || s === undefined) return undefined;
  return encodePoint(mul(p.clearCofactor(), s));
}

/** librustzcash_sapling_ka_derivepublic: epk = [esk]·g_d. */
export function ephemeralPublicKey(d: Uint8Array, esk: Uint8Array): Uint8Array | undefined {
  const gd = diversifyHash(d);
  const s = readScalar(esk);
  if (!gd || s === undefined) return undefined;
  return encodePoint(mul(gd, s));
}

/** KDF^Sapling: BLAKE2b-256(kdf personalisation, shared ‖ epk). */
export function kdfSapling(
  shared: Uint8Array,
  epk: Uint8Array,
  domain: SaplingDomain = TRON_SAPLING,
): Uint8Array {
  const input = new Uint8Array(64);
  input.set(shared);
  input.set(epk, 32);
  return blake2b(input, { dkLen: 32, personalization: ascii(domain.kdf) });
}

/** PRF^ock: BLAKE2b-256(ock personalisation, ovk ‖ cv ‖ cmu ‖ epk). */
export function prfOck(
  ovk: Uint8Array,
  cv: Uint8Array,
  cmu: Uint8Array,
  epk: Uint8Array,
  domain: SaplingDomain = TRON_SAPLING,
): Uint8Array {
  const input = new Uint8Array(128);
  input.set(ovk);
  input.set(cv, 32);
  input.set(cmu, 64);
  input.set(epk, 96);
  return blake2b(input, { dkLen: 32, personalization: ascii(domain.ock) });
}

export function aeadEncrypt(key: Uint8Array, plaintext: Uint8Array): Uint8Array {
  return chacha20poly1305(key, ZERO_NONCE).encrypt(plaintext);
}

export function aeadDecrypt(key: Uint8Array, ciphertext: Uint8Array): Uint8Array | undefined {
  try {
    return chacha20poly1305(key, ZERO_NONCE).decrypt(ciphertext);
  } catch {
    return undefined;
  }
}

export interface EncryptedNote {
  epk: Uint8Array;
  cmu: Uint8Array;
  cEnc: Uint8Array;
  cOut: Uint8Array;
}

/**
 * Encrypts a note to its recipient (c_enc) and to the sender's ovk (c_out), as the builders do:
 * epk = [esk]·g_d, c_enc under KDF(KA(esk, pk_d), epk), c_out = AEAD(ock, pk_d ‖ esk).
 * Undefined when the note is invalid (bad d, pk_d or rcm) or esk ≥ r_J.
 */
export function encryptNote(
  note: SaplingNote,
  esk: Uint8Array,
  ovk: Uint8Array,
  cv: Uint8Array,
  domain: SaplingDomain = TRON_SAPLING,
): EncryptedNote | undefined {
  const epk = ephemeralPublicKey(note.d, esk);
  const cmu = noteCommitment(note);
  const shared = keyAgreement(note.pkD, esk);
  if (!epk || !cmu || !shared) return undefined;
  const cEnc = aeadEncrypt(kdfSapling(shared, epk, domain), encodeNotePlaintext(note));
  const outPlaintext = new Uint8Array(64);
  outPlaintext.set(note.pkD);
  outPlaintext.set(esk, 32);
  const cOut = aeadEncrypt(prfOck(ovk, cv, cmu, epk, domain), outPlaintext);
  return { epk, cmu, cEnc, cOut };
}

/**
 * Trial decryption by ivk (Note.decrypt(ciphertext, ivk, epk, cmu)): KA(ivk, epk) → KDF → open
 * c_enc → lead byte (throws like java-tron) → pk_d = [ivk]·g_d → recompute cmu and compare.
 */
export function decryptNoteByIvk(
  cEnc: Uint8Array,
  ivk: Uint8Array,
  epk: Uint8Array,
  cmu: Uint8Array,
  domain: SaplingDomain = TRON_SAPLING,
): SaplingNote | undefined {
  if (cEnc.length !== ENC_CIPHERTEXT_LENGTH) return undefined;
  const shared = keyAgreement(epk, ivk);
  if (!shared) return undefined;
  const plaintext = aeadDecrypt(kdfSapling(shared, epk, domain), cEnc);
  if (!plaintext || plaintext.length !== NOTE_PLAINTEXT_LENGTH) return undefined;
  const decoded = decodeNotePlaintext(plaintext, new Uint8Array(32));
  const pkD = transmissionKey(ivk, decoded.d);
  if (!pkD) return undefined;
  const note = { ...decoded, pkD };
  const expected = noteCommitment(note);
  return expected && bytesEqual(expected, cmu) ? note : undefined;
}

export interface OutgoingPlaintext {
  pkD: Uint8Array;
  esk: Uint8Array;
}

/** OutgoingPlaintext.decrypt: open c_out with ock = PRF^ock(ovk, cv, cmu, epk). */
export function decryptOutgoing(
  cOut: Uint8Array,
  ovk: Uint8Array,
  cv: Uint8Array,
  cmu: Uint8Array,
  epk: Uint8Array,
  domain: SaplingDomain = TRON_SAPLING,
): OutgoingPlaintext | undefined {
  if (cOut.length !== OUT_CIPHERTEXT_LENGTH) return undefined;
  const plaintext = aeadDecrypt(prfOck(ovk, cv, cmu, epk, domain), cOut);
  if (!plaintext) return undefined;
  return { pkD: plaintext.slice(0, 32), esk: plaintext.slice(32, 64) };
}

/** Note.decrypt(ciphertext, epk, esk, pkD, cmu): open c_enc with KA(esk, pk_d), check cmu. */
export function decryptNoteByEsk(
  cEnc: Uint8Array,
  epk: Uint8Array,
  esk: Uint8Array,
  pkD: Uint8Array,
  cmu: Uint8Array,
  domain: SaplingDomain = TRON_SAPLING,
): SaplingNote | undefined {
  if (cEnc.length !== ENC_CIPHERTEXT_LENGTH) return undefined;
  const shared = keyAgreement(pkD, esk);
  if (!shared) return undefined;
  const plaintext = aeadDecrypt(kdfSapling(shared, epk, domain), cEnc);
  if (!plaintext || plaintext.length !== NOTE_PLAINTEXT_LENGTH) return undefined;
  const note = decodeNotePlaintext(plaintext, Uint8Array.from(pkD));
  const expected = noteCommitment(note);
  return expected && bytesEqual(expected, cmu) ? note : undefined;
}

/** The ovk path of a scan: c_out → (pk_d, esk) → c_enc. */
export function decryptNoteByOvk(
  cEnc: Uint8Array,
  cOut: Uint8Array,
  ovk: Uint8Array,
  cv: Uint8Array,
  cmu: Uint8Array,
  epk: Uint8Array,
  domain: SaplingDomain = TRON_SAPLING,
): SaplingNote | undefined {
  const out = decryptOutgoing(cOut, ovk, cv, cmu, epk, domain);
  return out ? decryptNoteByEsk(cEnc, epk, out.esk, out.pkD, cmu, domain) : undefined;
}

/** Encrypts a TRC-20 burn record (amount as 32-byte big-endian ‖ 21-byte address ‖ zeros) under ovk. */
export function encryptBurnMessage(ovk: Uint8Array, amount: bigint, toAddress21: Uint8Array): Uint8Array {
  const plaintext = new Uint8Array(64);
  let v = amount;
  for (let i = 31; i >= 0; i--) {
    plaintext[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  plaintext.set(toAddress21.subarray(0, 21), 32);
  return aeadEncrypt(ovk, plaintext);
}

/** decryptBurnMessageByOvk: the 64-byte plaintext, or undefined. */
export function decryptBurnMessage(ovk: Uint8Array, cipher: Uint8Array): Uint8Array | undefined {
  if (cipher.length !== 80 || ovk.length !== 32) return undefined;
  return aeadDecrypt(ovk, cipher);
}
