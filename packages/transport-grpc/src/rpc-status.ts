/**
 * gRPC statuses as the handlers answer them: `{ code, details }`, the shape grpc-js's callbacks
 * take, built once where the text is fixed; and `RpcStatusError`, what a binding's `input` or
 * `output` throws to end its call with a status (grpc-java's StatusRuntimeException).
 */
import { status } from "@grpc/grpc-js";
import { TronodeError } from "@tronode/engine/internal";

export { status as GrpcCode } from "@grpc/grpc-js";

/** A status to end a call with; grpc-js percent-encodes `details` into grpc-message, as clients decode it. */
export interface RpcStatus {
  readonly code: status;
  readonly details: string;
}

/** grpc-java's status for an exception that escapes a handler (ServerImpl.internalClose). */
export const UNCAUGHT_DESCRIPTION = "Application error processing RPC";

export const UNCAUGHT: RpcStatus = { code: status.UNKNOWN, details: UNCAUGHT_DESCRIPTION };

/** grpc-java's answer to request bytes that are no message of the rpc's type (ProtoLiteUtils). */
export const INVALID_PROTOBUF: RpcStatus = {
  code: status.INTERNAL,
  details: "Invalid protobuf byte sequence",
};

/** A status an rpc ends with, thrown from a binding. */
export class RpcStatusError extends TronodeError<"GRPC_STATUS"> {
  readonly status: RpcStatus;

  constructor(code: status, details: string) {
    super("GRPC_STATUS", details, { javaClass: "io.grpc.StatusRuntimeException" });
    this.status = { code, details };
  }
}
