import { secp256k1 } from "@noble/curves/secp256k1.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { addressFromPublicKey } from "./address.js";

/** Length of a TRON signature: r(32) ‖ s(32) ‖ v(1). */
export const SIGNATURE_LENGTH = 65;

/**
 * Recovers the signer's address of a 65-byte signature over a 32-byte hash. Implementations must
 * follow java-tron's rules (see `recoveryIdOf`) and throw a TronodeError with code
 * `SIGNATURE_FORMAT` (too short) or `SIGNATURE_RECOVERY` (anything else).
 */
export interface SignatureRecoverer {
  readonly name: string;
  recoverAddress(hash: Uint8Array, signature: Uint8Array): Uint8Array;
}

export function signatureTooShort(length: number): TronodeError {
  return new TronodeError("SIGNATURE_FORMAT", `Signature size is ${length}`, {
    javaClass: JavaExceptions.signatureFormat,
  });
}

export function recoveryFailure(message: string): TronodeError {
  return new TronodeError("SIGNATURE_RECOVERY", message, { javaClass: "java.security.SignatureException" });
}

/**
 * java-tron's header-byte rule: read v as a signed byte, add 27 when below 27, accept 27..34 and fold
 * 31..34 onto 27..30. Returns the recovery id 0..3 or throws `Header byte out of range: N`.
 */
export function recoveryIdOf(signature: Uint8Array): number {
  if (signature.length < SIGNATURE_LENGTH) throw signatureTooShort(signature.length);
  let v = signature[64]! > 127 ? signature[64]! - 256 : signature[64]!;
  if (v < 27) v += 27;
  if (v < 27 || v > 34) throw recoveryFailure(`Header byte out of range: ${v}`);
  if (v >= 31) v -= 4;
  return v - 27;
}

const N = secp256k1.Point.CURVE().n;
const P = secp256k1.Point.CURVE().p;

function bigIntOf(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}

function mod(a: bigint, m: bigint): bigint {
  const r = a % m;
  return r < 0n ? r + m : r;
}

function modInverse(a: bigint, m: bigint): bigint | undefined {
  let [oldR, r] = [mod(a, m), m];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  return oldR === 1n ? mod(oldS, m) : undefined;
}

/** A runtime exception java-tron's recovery throws, reported as `<class>: <message>`. */
function javaRuntimeFailure(javaClass: string, message: string): TronodeError {
  return recoveryFailure(`${javaClass}: ${message}`);
}

/**
 * Whether r and s are in [1, n − 1]: the signatures libsecp256k1 and noble recover. java-tron's
 * ECKey also takes the others (r up to the field prime, any s), so those go to `recoverLikeJavaTron`.
 */
export function isCanonicalSignature(signature: Uint8Array): boolean {
  const r = bigIntOf(signature.subarray(0, 32));
  const s = bigIntOf(signature.subarray(32, 64));
  return r > 0n && r < N && s > 0n && s < N;
}

/**
 * java-tron's ECKey.signatureToKeyBytes step by step (SEC 1 §4.1.6 without range checks): x = r +
 * ⌊recId/2⌋·n must be below the field prime ("Could not recover public key from signature"), the
 * point with that x must exist ("Invalid point compression", BouncyCastle's text), r must be
 * invertible mod n ("BigInteger not invertible."), and Q = r⁻¹(sR − eG) — the point at infinity
 * encodes as the single byte 0x00, whose address is that of an empty key. Slow; the recoverers use it
 * for what the fast libraries refuse, so answers and errors are java-tron's.
 */
export function recoverLikeJavaTron(hash: Uint8Array, signature: Uint8Array): Uint8Array {
  const recId = recoveryIdOf(signature);
  const r = bigIntOf(signature.subarray(0, 32));
  const s = bigIntOf(signature.subarray(32, 64));
  const x = r + BigInt(recId >> 1) * N;
  if (x >= P) throw recoveryFailure("Could not recover public key from signature");
  const compressed = new Uint8Array(33);
  compressed[0] = recId & 1 ? 0x03 : 0x02;
  compressed.set(hexToBytes32(x), 1);
  let point: InstanceType<typeof secp256k1.Point>;
  try {
    point = secp256k1.Point.fromBytes(compressed);
  } catch {
    throw javaRuntimeFailure("java.lang.IllegalArgumentException", "Invalid point compression");
  }
  const e = bigIntOf(hash);
  const rInv = modInverse(r, N);
  if (rInv === undefined)
    throw javaRuntimeFailure("java.lang.ArithmeticException", "BigInteger not invertible.");
  const eInvRInv = mod(rInv * mod(-e, N), N);
  const sRInv = mod(rInv * s, N);
  const q = secp256k1.Point.BASE.multiplyUnsafe(eInvRInv).add(point.multiplyUnsafe(sRInv));
  return q.is0() ? addressFromPublicKey(new Uint8Array(0)) : addressFromPublicKey(q.toBytes(false));
}

function hexToBytes32(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

/** Pure-JS recovery with @noble/curves (about 400–1 000 recoveries per second per core). */
export function createNobleRecoverer(): SignatureRecoverer {
  return {
    name: "noble",
    recoverAddress(hash, signature) {
      const recId = recoveryIdOf(signature);
      const exact = hash.length === 32;
      if (exact && !isCanonicalSignature(signature)) return recoverLikeJavaTron(hash, signature);
      let pub: Uint8Array;
      try {
        const sig = secp256k1.Signature.fromBytes(signature.subarray(0, 64), "compact").addRecoveryBit(recId);
        pub = sig.recoverPublicKey(hash).toBytes(false);
      } catch {
        if (exact) return recoverLikeJavaTron(hash, signature);
        throw recoveryFailure("Could not recover public key from signature");
      }
      return addressFromPublicKey(pub);
    },
  };
}

/** Signs a 32-byte hash into TRON's 65-byte r ‖ s ‖ v the way `signHash` does (injectable: native). */
export type HashSigner = (hash: Uint8Array, privateKey: Uint8Array) => Uint8Array;

/**
 * Signs a 32-byte hash the way java-tron's node does: RFC 6979 deterministic k, low-s, and
 * v = recovery id (0 or 1). TronWeb writes 27/28 instead; both verify.
 */
export function signHash(hash: Uint8Array, privateKey: Uint8Array): Uint8Array {
  // noble's "recovered" format is recovery ‖ r ‖ s; TRON's is r ‖ s ‖ v.
  const rec = secp256k1.sign(hash, privateKey, { prehash: false, lowS: true, format: "recovered" });
  const out = new Uint8Array(SIGNATURE_LENGTH);
  out.set(rec.subarray(1), 0);
  out[64] = rec[0]!;
  return out;
}

/** The 65-byte uncompressed secp256k1 public key of a private key. */
export function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  return secp256k1.getPublicKey(privateKey, false);
}

/** The 33-byte compressed public key (what BIP-32 hashes for a non-hardened child). */
export function compressedPublicKeyOf(privateKey: Uint8Array): Uint8Array {
  return secp256k1.getPublicKey(privateKey, true);
}

/** The TRON address (21 bytes) of a secp256k1 private key. */
export function addressOfPrivateKey(privateKey: Uint8Array): Uint8Array {
  return addressFromPublicKey(publicKeyOf(privateKey));
}

/** A valid secp256k1 private key drawn from `random` (the engine has no randomness of its own). */
export function randomPrivateKey(random: (n: number) => Uint8Array): Uint8Array {
  for (;;) {
    const candidate = random(32);
    if (secp256k1.utils.isValidSecretKey(candidate)) return candidate;
  }
}

/** A recoverer that first consults results computed elsewhere (e.g. in worker threads). */
export function createCachedRecoverer(
  fallback: SignatureRecoverer,
  lookup: (hash: Uint8Array, signature: Uint8Array) => Uint8Array | undefined,
): SignatureRecoverer {
  return {
    name: `cached(${fallback.name})`,
    recoverAddress(hash, signature) {
      return lookup(hash, signature) ?? fallback.recoverAddress(hash, signature);
    },
  };
}
