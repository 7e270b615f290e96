import type { CodeList } from "@tronode/engine";

/** The codes of the TronodeErrors the node package throws (config, CLI, chain service, dev controls). */
export const NODE_ERROR_CODES = [
  // configuration and the CLI
  "INVALID_CONFIG",
  "INVALID_MNEMONIC",
  "INVALID_HD_PATH",
  "INVALID_COUNT",
  "INVALID_BLOCK_TIME",
  "WALLET_COMPOSITION",
  // the chain service and block intake
  "BLOCK_MISSING",
  "BLOCK_MERKLE",
  "FORK_TOO_DEEP",
  "MAINTENANCE_UNAVAILABLE",
  "NOT_SUPPORTED",
  "SHIELDED_TRC10_POOL",
  // event subscription (java-tron's TronError EVENT_SUBSCRIBE_INIT: the publisher cannot start)
  "EVENT_SUBSCRIBE_INIT",
  // the solidity node
  "SOLIDITY_OTHER_CHAIN",
  "SOLIDITY_NO_GENESIS",
  // forking a live network (--fork): the upstream, its answers and the state fetched from it
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

declare module "@tronode/engine" {
  interface ErrorCodes extends CodeList<typeof NODE_ERROR_CODES> {}
}
