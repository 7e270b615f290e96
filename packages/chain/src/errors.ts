import type { CodeList } from "@tronode/engine/internal";

/** The codes of the TronodeErrors the chain package throws (options, chain service, dev controls, forks). */
export const CHAIN_ERROR_CODES = [
  // options
  "INVALID_CONFIG",
  "INVALID_MNEMONIC",
  "INVALID_HD_PATH",
  "INVALID_BLOCK_TIME",
  "INVALID_COUNT",
  "WALLET_COMPOSITION",
  // the chain service and block intake
  "BLOCK_MISSING",
  "BLOCK_MERKLE",
  "FORK_TOO_DEEP",
  "MAINTENANCE_UNAVAILABLE",
  "NOT_SUPPORTED",
  "SHIELDED_TRC10_POOL",
  // waiting for a transaction
  "TRANSACTION_TIMEOUT",
  // forking a live network: the upstream, its answers and the state fetched from it
  "FORK_INVALID",
  "FORK_UPSTREAM_UNAVAILABLE",
  "FORK_UPSTREAM_REJECTED",
  "FORK_NOT_TRON",
  "FORK_NO_ARCHIVE",
  "FORK_STATE_UNRESOLVED",
  // dev controls and state files
  "INVALID_TIME",
  "INVALID_BALANCE",
  "INVALID_STATE_DUMP",
  "INVALID_FINGERPRINT",
] as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeList<typeof CHAIN_ERROR_CODES> {}
}
