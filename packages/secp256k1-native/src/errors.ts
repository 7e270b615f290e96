import type { CodeList } from "@tronode/engine/internal";

/** The codes of the TronodeErrors this package throws. */
export const NATIVE_ERROR_CODES = [
  "NATIVE_SECP256K1_UNAVAILABLE",
  "RECOVERY_POOL",
  "RECOVERY_WORKER",
] as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeList<typeof NATIVE_ERROR_CODES> {}
}
