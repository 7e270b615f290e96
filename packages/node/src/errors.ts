import type { CodeList } from "@tronode/engine/internal";
import "@tronode/chain";

/** The codes of the TronodeErrors the node package adds (the solidity node). */
export const NODE_ERROR_CODES = ["SOLIDITY_OTHER_CHAIN", "SOLIDITY_NO_GENESIS"] as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeList<typeof NODE_ERROR_CODES> {}
}
