import { TronodeError } from "../errors.js";

/**
 * Return.response_code of java-tron's broadcast, with the messages clients see. A TronodeError whose
 * `code` is one of these carries the client-visible message (e.g. "Validate signature error: …").
 */
export const ResponseCode = {
  SUCCESS: "SUCCESS",
  SIGERROR: "SIGERROR",
  CONTRACT_VALIDATE_ERROR: "CONTRACT_VALIDATE_ERROR",
  CONTRACT_EXE_ERROR: "CONTRACT_EXE_ERROR",
  BANDWITH_ERROR: "BANDWITH_ERROR",
  DUP_TRANSACTION_ERROR: "DUP_TRANSACTION_ERROR",
  TAPOS_ERROR: "TAPOS_ERROR",
  TOO_BIG_TRANSACTION_ERROR: "TOO_BIG_TRANSACTION_ERROR",
  TRANSACTION_EXPIRATION_ERROR: "TRANSACTION_EXPIRATION_ERROR",
  SERVER_BUSY: "SERVER_BUSY",
  NO_CONNECTION: "NO_CONNECTION",
  NOT_ENOUGH_EFFECTIVE_CONNECTION: "NOT_ENOUGH_EFFECTIVE_CONNECTION",
  BLOCK_UNSOLIDIFIED: "BLOCK_UNSOLIDIFIED",
  OTHER_ERROR: "OTHER_ERROR",
} as const;
export type ResponseCode = (typeof ResponseCode)[keyof typeof ResponseCode];

const CODES = new Set<string>(Object.values(ResponseCode));

export function isResponseCode(code: string): code is ResponseCode {
  return CODES.has(code);
}

/** java-tron's Wallet.CONTRACT_VALIDATE_ERROR: the text before a ContractValidateException's message. */
export const CONTRACT_VALIDATE_PREFIX = "Contract validate error : ";

/** A broadcast rejection: `code` is the response code, `message` the text clients see. */
export function rejection(
  code: Exclude<ResponseCode, "SUCCESS">,
  message: string,
  cause?: unknown,
): TronodeError {
  return new TronodeError(code, message, { cause });
}

/** CONTRACT_VALIDATE_ERROR with java-tron's prefix before `detail`. */
export function contractValidateRejection(detail: string, cause?: unknown): TronodeError {
  return rejection(ResponseCode.CONTRACT_VALIDATE_ERROR, `${CONTRACT_VALIDATE_PREFIX}${detail}`, cause);
}
