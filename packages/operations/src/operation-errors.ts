/**
 * Failures every transport reports the same way underneath: the java-tron exception class and
 * message of a TronodeError, tronode's marker for operations it does not serve yet, and the
 * errors of operations java-tron itself no longer serves. HTTP prints them as
 * `{"Error":"class <javaClass> : <message>"}`, gRPC maps them to a `Return` or a status.
 */
import { type CodeTable, parseHex, TronodeError } from "@tronode/engine/internal";

/** The Java exception classes operations report their failures with (plus tronode's not-yet marker). */
export const OperationJavaClasses = {
  exception: "java.lang.Exception",
  illegalArgument: "java.lang.IllegalArgumentException",
  unsupportedOperation: "java.lang.UnsupportedOperationException",
  nullPointer: "java.lang.NullPointerException",
  hexDecoder: "org.bouncycastle.util.encoders.DecoderException",
  /** Not a java-tron class: tronode's marker for operations it does not serve yet. */
  notImplemented: "org.tron.core.exception.TronodeNotImplemented",
} as const;

/** Codes of the TronodeErrors operations raise themselves (the engine's carry their own). */
export const OperationErrorCodes = {
  badRequest: "HTTP_BAD_REQUEST",
  notImplemented: "HTTP_NOT_IMPLEMENTED",
  unsupported: "HTTP_UNSUPPORTED",
  unexpected: "HTTP_UNEXPECTED",
  /** A JSON-RPC failure with no more specific code. */
  jsonRpc: "JSON_RPC_ERROR",
} as const;

declare module "@tronode/engine/internal" {
  interface ErrorCodes extends CodeTable<typeof OperationErrorCodes> {}
}

/** The error of an operation tronode knows but does not serve yet. */
export function notImplementedError(detail: string): TronodeError {
  return new TronodeError(OperationErrorCodes.notImplemented, detail, {
    javaClass: OperationJavaClasses.notImplemented,
  });
}

/** Whether a failure is tronode's "not supported by tronode yet" (gRPC answers it UNIMPLEMENTED). */
export function isNotImplementedError(error: unknown): error is TronodeError {
  return error instanceof TronodeError && error.javaClass === OperationJavaClasses.notImplemented;
}

/** The error of an operation java-tron itself no longer serves. */
export function unsupportedError(detail: string): TronodeError {
  return new TronodeError(OperationErrorCodes.unsupported, detail, {
    javaClass: OperationJavaClasses.unsupportedOperation,
  });
}

/** A failure as every transport reports it: the Java class and message, and whether it was expected. */
export interface OperationFailure {
  readonly javaClass: string;
  readonly message: string;
  /** False for anything that is not a TronodeError: a bug or an outage, worth a log line. */
  readonly expected: boolean;
}

const MAX_UNEXPECTED_MESSAGE_LENGTH = 200;

/**
 * The java-tron class and message of any failure inside an operation. Unexpected errors become a
 * plain `java.lang.Exception` with their first line (never a stack trace).
 */
export function describeFailure(error: unknown): OperationFailure {
  if (error instanceof TronodeError) {
    return { javaClass: error.javaClass, message: error.message, expected: true };
  }
  const text = error instanceof Error ? error.message : String(error);
  const firstLine = text.split("\n", 1)[0] ?? "";
  const message =
    firstLine.length > MAX_UNEXPECTED_MESSAGE_LENGTH
      ? `${firstLine.slice(0, MAX_UNEXPECTED_MESSAGE_LENGTH)}…`
      : firstLine;
  return { javaClass: OperationJavaClasses.exception, message, expected: false };
}

/**
 * java-tron `ByteArray.fromHexString`: null → empty bytes, a lowercase `0x` prefix is dropped, odd
 * length is left-padded with `0`; anything else fails like BouncyCastle's `Hex.decode`.
 */
export function parseJavaHex(text: string | undefined): Uint8Array {
  if (text === undefined) return new Uint8Array(0);
  const bytes = parseHex(text);
  if (bytes === undefined) {
    throw new TronodeError(
      OperationErrorCodes.badRequest,
      "exception decoding Hex string: invalid characters encountered in Hex string",
      { javaClass: OperationJavaClasses.hexDecoder },
    );
  }
  return bytes;
}
