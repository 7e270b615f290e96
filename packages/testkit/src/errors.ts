import type { CodeList } from "@tronode/engine/internal";

/** The codes of the TronodeErrors the test kit throws. */
export const TESTKIT_ERROR_CODES = [
  // a builder refused (its refusal is the error's cause)
  "TRANSACTION_REFUSED",
  "HTTP_REQUEST_FAILED",
  "DEV_METHOD_FAILED",
  // a contract call the ABI does not describe
  "ABI_MISMATCH",
] as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeList<typeof TESTKIT_ERROR_CODES> {}
}
