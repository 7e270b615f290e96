import { createRequire } from "node:module";
import {
  addressFromPublicKey,
  bytesEqual,
  compressedPublicKeyOf,
  createNobleRecoverer,
  type HashSigner,
  hexToBytes,
  isCanonicalSignature,
  publicKeyOf,
  recoverLikeJavaTron,
  recoveryIdOf,
  SIGNATURE_LENGTH,
  type SignatureRecoverer,
  signHash,
  TronodeError,
} from "@tronode/engine/internal";

/**
 * The part of npm `secp256k1`'s native binding we use. We load `secp256k1/bindings.js` (the
 * libsecp256k1 addon) rather than the package's main entry, which silently falls back to the
 * pure-JS `elliptic` implementation when the addon cannot load.
 */
interface NativeSecp256k1 {
  ecdsaRecover(sig64: Uint8Array, recid: number, msg32: Uint8Array, compressed: boolean): Uint8Array;
  publicKeyCreate(seckey: Uint8Array, compressed: boolean): Uint8Array;
  ecdsaSign(msg32: Uint8Array, seckey: Uint8Array): { signature: Uint8Array; recid: number };
}

/** Set to `1` to pretend the addon is missing (tests, or to compare against noble in production). */
export const DISABLE_NATIVE_ENV = "TRONODE_DISABLE_NATIVE_SECP256K1";

// java-tron's own test vector; the loader recovers it once so a broken binary counts as unavailable.
const SELF_TEST = {
  hash: "fc33817936b06e50d4b6f1797e62f52d69af6c0da580a607241a9c03a48e390e",
  signature:
    "5c23bddabccd3e4e5ebdf7d2f21dc58af9f88e0b99620374c5354e0dd9efb3a436167d95b70d2d825180bf90bc84525acb13a203f209afd5d397316f6b2c387c01",
  address: "415624c12e308b03a1a6b21d9b86e3942fac1ab92b",
};

type LoadState = { ok: true; lib: NativeSecp256k1 } | { ok: false; error: unknown };
let loaded: LoadState | undefined;

function loadNative(): LoadState {
  if (loaded) return loaded;
  try {
    const flag = process.env[DISABLE_NATIVE_ENV];
    if (flag !== undefined && flag !== "" && flag !== "0") {
      throw new TronodeError(
        "NATIVE_SECP256K1_UNAVAILABLE",
        `native secp256k1 disabled by ${DISABLE_NATIVE_ENV}`,
      );
    }
    const require = createRequire(import.meta.url);
    const lib = require("secp256k1/bindings.js") as NativeSecp256k1;
    const pub = lib.ecdsaRecover(
      hexToBytes(SELF_TEST.signature).subarray(0, 64),
      1,
      hexToBytes(SELF_TEST.hash),
      false,
    );
    if (!bytesEqual(addressFromPublicKey(pub), hexToBytes(SELF_TEST.address))) {
      throw new TronodeError(
        "NATIVE_SECP256K1_UNAVAILABLE",
        "native secp256k1 self-test recovered the wrong address",
      );
    }
    loaded = { ok: true, lib };
  } catch (error) {
    loaded = { ok: false, error };
  }
  return loaded;
}

/** True when the libsecp256k1 addon loads and passes a self-test. Never throws. */
export function isNativeRecoveryAvailable(): boolean {
  try {
    return loadNative().ok;
  } catch {
    return false;
  }
}

/** Why the addon is unavailable (for a start-up log line), or undefined when it is available. */
export function nativeRecoveryLoadError(): unknown {
  const state = loadNative();
  return state.ok ? undefined : state.error;
}

/**
 * Recovery with libsecp256k1 (npm `secp256k1`, about 10–20× noble). Same rules and errors as
 * `createNobleRecoverer`: java-tron's header byte via `recoveryIdOf`, `Signature size is N` for short
 * signatures, and what libsecp256k1 refuses recovered (or refused) as java-tron's ECKey does.
 * Throws `NATIVE_SECP256K1_UNAVAILABLE` when the addon cannot load; check
 * `isNativeRecoveryAvailable()` first or use `createBestRecoverer()`.
 */
export function createNativeRecoverer(): SignatureRecoverer {
  const state = loadNative();
  if (!state.ok) {
    throw new TronodeError("NATIVE_SECP256K1_UNAVAILABLE", "Native secp256k1 addon is not available", {
      cause: state.error,
    });
  }
  const lib = state.lib;
  // libsecp256k1 only takes 32-byte digests; noble also accepts other lengths (bits2int), so the
  // rare non-32-byte hash goes to noble to keep both recoverers identical on every input.
  const noble = createNobleRecoverer();
  return {
    name: "native",
    recoverAddress(hash, signature) {
      const recId = recoveryIdOf(signature);
      if (hash.length !== 32) return noble.recoverAddress(hash, signature);
      // libsecp256k1 refuses r or s outside [1, n − 1], which java-tron's ECKey takes
      if (!isCanonicalSignature(signature)) return recoverLikeJavaTron(hash, signature);
      let pub: Uint8Array;
      try {
        pub = lib.ecdsaRecover(signature.subarray(0, 64), recId, hash, false);
      } catch {
        return recoverLikeJavaTron(hash, signature);
      }
      return addressFromPublicKey(pub);
    },
  };
}

/**
 * The public key of a private key (33 bytes compressed or 65 uncompressed) with libsecp256k1 when
 * the addon loads, otherwise with noble. The native path skips noble's one-time table of base-point
 * multiples, which is most of the cost of the first key derived in a process (start-up).
 */
export function publicKeyOfPrivateKey(privateKey: Uint8Array, compressed: boolean): Uint8Array {
  const state = loadNative();
  if (state.ok) return state.lib.publicKeyCreate(privateKey, compressed);
  return compressed ? compressedPublicKeyOf(privateKey) : publicKeyOf(privateKey);
}

/**
 * `signHash` with libsecp256k1 when the addon loads (its default nonce is RFC 6979 without extra
 * data and its signatures are low-s, so the bytes are noble's), otherwise `signHash` itself.
 */
export function createBestSigner(): HashSigner {
  const state = loadNative();
  if (!state.ok) return signHash;
  const lib = state.lib;
  return (hash, privateKey) => {
    if (hash.length !== 32) return signHash(hash, privateKey);
    const { signature, recid } = lib.ecdsaSign(hash, privateKey);
    const out = new Uint8Array(SIGNATURE_LENGTH);
    out.set(signature, 0);
    out[64] = recid;
    return out;
  };
}

/** The TRON address of a private key, its public key computed as `publicKeyOfPrivateKey` does. */
export function addressOfPrivateKeyFast(privateKey: Uint8Array): Uint8Array {
  return addressFromPublicKey(publicKeyOfPrivateKey(privateKey, false));
}

/** The native recoverer when the addon loads, otherwise noble. */
export function createBestRecoverer(): SignatureRecoverer {
  return isNativeRecoveryAvailable() ? createNativeRecoverer() : createNobleRecoverer();
}
