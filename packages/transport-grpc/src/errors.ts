import type { CodeList } from "@tronode/engine/internal";

/** The codes of the TronodeErrors the gRPC transport throws. */
export const GRPC_ERROR_CODES = [
  "GRPC_PORT_IN_USE",
  "SHIELDED_CLOSED",
  // a gRPC status a binding ends its call with (RpcStatusError)
  "GRPC_STATUS",
  // a service table whose binding does not fit its rpc (found when the server is built)
  "GRPC_BINDING_MISMATCH",
  // @grpc/grpc-js no longer has the internal the server relies on (see java-grpc-server.ts)
  "GRPC_LIBRARY_CHANGED",
] as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeList<typeof GRPC_ERROR_CODES> {}
}
