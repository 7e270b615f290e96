/**
 * What a failed rpc answers, per java-tron's convention for it (see `RpcFailure`): a `Return`
 * inside the TransactionExtention, the empty message, or a gRPC status. Operations tronode does not
 * serve yet answer UNIMPLEMENTED whatever the convention.
 */
import {
  CONTRACT_VALIDATE_PREFIX,
  JavaExceptions,
  type Logger,
  Return_response_code,
} from "@tronode/engine/internal";
import { describeFailure, isNotImplementedError } from "@tronode/operations";
import { failedReturn } from "./response-messages.js";
import type { RpcBinding } from "./rpc-binding.js";
import { GrpcCode, type RpcStatus, RpcStatusError, UNCAUGHT } from "./rpc-status.js";

/** The empty message's init (status OK), java-tron's answer for what it does not find. */
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

/** `onError(e)` with a plain exception: UNKNOWN without a description. */
const UNKNOWN_BARE: RpcStatus = { code: GrpcCode.UNKNOWN, details: "" };

/** What a failed call answers: a response with status OK, or a status. */
export type FailureAnswer = { readonly response: object } | RpcStatus;

const EMPTY_ANSWER: FailureAnswer = { response: EMPTY };

/** The answer of the call of `binding` that failed with `error`, by the rpc's convention. */
export function answerFailure(
  binding: RpcBinding,
  error: unknown,
  logger: Logger,
  path: string,
): FailureAnswer {
  if (error instanceof RpcStatusError) return error.status;
  if (isNotImplementedError(error)) return { code: GrpcCode.UNIMPLEMENTED, details: error.message };
  const failure = describeFailure(error);
  if (!failure.expected)
    logger.warn({ rpc: path, error: failure.message }, "unexpected failure in a gRPC call");
  if (binding.emptyOn !== undefined && failure.javaClass === binding.emptyOn) return EMPTY_ANSWER;
  const validation = failure.javaClass === JavaExceptions.contractValidate;
  switch (binding.failure) {
    case "return":
      return {
        response: {
          result: validation
            ? failedReturn(
                Return_response_code.CONTRACT_VALIDATE_ERROR,
                CONTRACT_VALIDATE_PREFIX + failure.message,
              )
            : failedReturn(
                Return_response_code.OTHER_ERROR,
                `class ${failure.javaClass} : ${failure.message}`,
              ),
        },
      };
    case "empty-on-validate":
      return validation ? EMPTY_ANSWER : UNCAUGHT;
    case "internal":
      if (binding.caught !== undefined && !binding.caught.includes(failure.javaClass)) return UNCAUGHT;
      return { code: GrpcCode.INTERNAL, details: failure.message };
    case "unknown":
      return UNKNOWN_BARE;
    case "uncaught":
      return UNCAUGHT;
  }
}
