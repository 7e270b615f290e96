import type { CodeList } from "@tronode/engine";

/** The codes of the TronodeErrors the gRPC transport throws. */
export const GRPC_ERROR_CODES = ["GRPC_PORT_IN_USE", "SHIELDED_CLOSED"] as const;

declare module "@tronode/engine" {
  interface ErrorCodes extends CodeList<typeof GRPC_ERROR_CODES> {}
}
