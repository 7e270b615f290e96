/**
 * Maps failures to the bodies java-tron's servlets print (`Util.printErrorMsg`): HTTP 200 with
 * `{"Error":"class <java class> : <message>"}`. Engine and codec failures are TronodeErrors that
 * already carry java-tron's class; anything else is a bug or an outage, printed as a plain
 * `java.lang.Exception` with a short message and no stack trace.
 */
import { type Logger, TronodeError } from "@tronode/engine";

/** Java exception classes the transport itself reports (wire-and-http.md §3.2–§3.4). */
export const TransportJavaClasses = {
  exception: "java.lang.Exception",
  numberFormat: "java.lang.NumberFormatException",
  illegalArgument: "java.lang.IllegalArgumentException",
  illegalAccess: "java.lang.IllegalAccessException",
  unsupportedOperation: "java.lang.UnsupportedOperationException",
  hexDecoder: "org.bouncycastle.util.encoders.DecoderException",
  itemNotFound: "org.tron.core.exception.ItemNotFoundException",
  /** Not a java-tron class: tronode's marker for operations it does not serve yet. */
  notImplemented: "org.tron.core.exception.TronodeNotImplemented",
} as const;

/** Codes of the TronodeErrors this package raises. */
export const TransportErrorCodes = {
  badRequest: "HTTP_BAD_REQUEST",
  bodyTooLarge: "HTTP_BODY_TOO_LARGE",
  notImplemented: "HTTP_NOT_IMPLEMENTED",
  unsupported: "HTTP_UNSUPPORTED",
  keyOperationRefused: "HTTP_KEY_OPERATION_REFUSED",
  unexpected: "HTTP_UNEXPECTED",
} as const;

export type JavaErrorBody = { Error: string };

const MAX_UNEXPECTED_MESSAGE_LENGTH = 200;

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
  if (error instanceof TronodeError) return tronodeErrorBody(error);
  const message = shortMessageOf(error);
  logger.warn({ operation, error: message }, "unexpected failure in an HTTP route");
  return javaErrorBody(TransportJavaClasses.exception, message);
}

function shortMessageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split("\n", 1)[0] ?? "";
  return firstLine.length > MAX_UNEXPECTED_MESSAGE_LENGTH
    ? `${firstLine.slice(0, MAX_UNEXPECTED_MESSAGE_LENGTH)}…`
    : firstLine;
}

/** java-tron's `Util.checkBodySize` failure (a plain `new Exception(...)`). */
export function bodyTooLargeError(limit: number): TronodeError {
  return new TronodeError(TransportErrorCodes.bodyTooLarge, `body size is too big, the limit is ${limit}`, {
    javaClass: TransportJavaClasses.exception,
  });
}

/** The error of a route tronode registers but does not serve yet. */
export function notImplementedError(detail: string): TronodeError {
  return new TronodeError(TransportErrorCodes.notImplemented, detail, {
    javaClass: TransportJavaClasses.notImplemented,
  });
}
