export * from "./errors.js";
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
export {
  createRecoveryLookup,
  createRecoveryPool,
  precomputeRecoveries,
  type RecoveryPool,
  type RecoveryPoolOptions,
  recoveryKey,
} from "./pool.js";
export type { RecoveryError, RecoveryItem, RecoveryResult } from "./wire.js";
