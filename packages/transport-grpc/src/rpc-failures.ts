/**
 * What a failed rpc answers, per java-tron's convention for it (see `RpcFailure`): a `Return`
 * inside the TransactionExtention, the empty message, or a gRPC status. Operations tronode does not
 * serve yet answer UNIMPLEMENTED whatever the convention.
 */
import { Code, ConnectError } from "@connectrpc/connect";
import { CONTRACT_VALIDATE_PREFIX, JavaExceptions, type Logger, Return_response_code } from "@tronode/engine";
import { describeFailure, isNotImplementedError } from "@tronode/operations";
import { failedReturn } from "./response-messages.js";
import type { RpcBinding } from "./rpc-binding.js";

/** grpc-java's status for an exception that escapes a handler (ServerImpl.internalClose). */
export const UNCAUGHT_DESCRIPTION = "Application error processing RPC";

/** The response (empty for `empty-on-validate`) or the ConnectError to throw for `error`. */
export function answerFailure(
  binding: RpcBinding,
  error: unknown,
  logger: Logger,
  path: string,
): Record<string, unknown> {
  if (error instanceof ConnectError) throw error;
  if (isNotImplementedError(error)) throw new ConnectError(error.message, Code.Unimplemented);
  const failure = describeFailure(error);
  if (!failure.expected)
    logger.warn({ rpc: path, error: failure.message }, "unexpected failure in a gRPC call");
  if (binding.emptyOn !== undefined && failure.javaClass === binding.emptyOn) return {};
  const validation = failure.javaClass === JavaExceptions.contractValidate;
  switch (binding.failure) {
    case "return":
      return {
        result: validation
          ? failedReturn(
              Return_response_code.CONTRACT_VALIDATE_ERROR,
              CONTRACT_VALIDATE_PREFIX + failure.message,
            )
          : failedReturn(Return_response_code.OTHER_ERROR, `class ${failure.javaClass} : ${failure.message}`),
      };
    case "empty-on-validate":
      if (validation) return {};
      throw new ConnectError(UNCAUGHT_DESCRIPTION, Code.Unknown);
    case "internal":
      if (binding.caught !== undefined && !binding.caught.includes(failure.javaClass))
        throw new ConnectError(UNCAUGHT_DESCRIPTION, Code.Unknown);
      throw new ConnectError(failure.message, Code.Internal);
    case "unknown":
      throw new ConnectError("", Code.Unknown);
    case "uncaught":
      throw new ConnectError(UNCAUGHT_DESCRIPTION, Code.Unknown);
  }
}
