/**
 * @tronode/secp256k1-native — fast TRON signature recovery: a `SignatureRecoverer` on libsecp256k1
 * (npm `secp256k1`) that falls back to noble when the addon cannot load, and a `worker_threads` pool
 * that recovers a block's signatures on every core.
 *
 * @packageDocumentation
 */

// --- errors ---
export { NATIVE_ERROR_CODES } from "./errors.js";
// --- libsecp256k1 recovery and signing ---
export {
  addressOfPrivateKeyFast,
  createBestRecoverer,
  createBestSigner,
  createNativeRecoverer,
  DISABLE_NATIVE_ENV,
  isNativeRecoveryAvailable,
  nativeRecoveryLoadError,
  publicKeyOfPrivateKey,
} from "./native.js";
// --- the worker recovery pool ---
export {
  createRecoveryLookup,
  createRecoveryPool,
  precomputeRecoveries,
  type RecoveryPool,
  type RecoveryPoolOptions,
  recoveryKey,
} from "./pool.js";
export type { RecoveryError, RecoveryItem, RecoveryResult } from "./wire.js";
