/**
 * Maps failures to the bodies java-tron's servlets print (`Util.printErrorMsg`): HTTP 200 with
 * `{"Error":"class <java class> : <message>"}`. Engine and codec failures are TronodeErrors that
 * already carry java-tron's class; anything else is a bug or an outage, printed as a plain
 * `java.lang.Exception` with a short message and no stack trace.
 */
import { type CodeTable, type Logger, TronodeError } from "@tronode/engine/internal";
import {
  describeFailure,
  notImplementedError,
  OperationErrorCodes,
  OperationJavaClasses,
} from "@tronode/operations";

/** Java exception classes the transport itself reports (wire-and-http.md §3.2–§3.4). */
export const TransportJavaClasses = {
  ...OperationJavaClasses,
  numberFormat: "java.lang.NumberFormatException",
  illegalAccess: "java.lang.IllegalAccessException",
  itemNotFound: "org.tron.core.exception.ItemNotFoundException",
} as const;

/** Codes of the TronodeErrors this package raises. */
export const TransportErrorCodes = {
  ...OperationErrorCodes,
  bodyTooLarge: "HTTP_BODY_TOO_LARGE",
  keyOperationRefused: "HTTP_KEY_OPERATION_REFUSED",
  /** A malformed event-API query. */
  eventRequest: "EVENT_REQUEST",
  /** An optional package a feature needs (the explorer) is not installed. */
  missingPackage: "HTTP_MISSING_PACKAGE",
} as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeTable<typeof TransportErrorCodes> {}
}

export type JavaErrorBody = { Error: string };

/** `{"Error":"class <javaClass> : <message>"}`; Java prints a null message as `null`. */
export function javaErrorBody(javaClass: string, message: string | undefined): JavaErrorBody {
  return { Error: `class ${javaClass} : ${message ?? "null"}` };
}

export function tronodeErrorBody(error: TronodeError): JavaErrorBody {
  return javaErrorBody(error.javaClass, error.message);
}

/**
 * The body for any failure inside a route. Unexpected errors are logged at warn (message only,
 * never the request) and answered as java.lang.Exception with their first line.
 */
export function errorBodyOf(error: unknown, logger: Logger, operation: string): JavaErrorBody {
  const failure = describeFailure(error);
  if (!failure.expected)
    logger.warn({ operation, error: failure.message }, "unexpected failure in an HTTP route");
  return javaErrorBody(failure.javaClass, failure.message);
}

/** java-tron's `Util.checkBodySize` failure (a plain `new Exception(...)`). */
export function bodyTooLargeError(limit: number): TronodeError {
  return new TronodeError(TransportErrorCodes.bodyTooLarge, `body size is too big, the limit is ${limit}`, {
    javaClass: TransportJavaClasses.exception,
  });
}

export { notImplementedError };
