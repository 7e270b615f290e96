/**
 * The engine's one error type. `code` is a stable machine-readable code; `javaClass` is the
 * fully-qualified Java exception class java-tron reports for the same failure, so transports can
 * print java-tron's `{"Error":"class <javaClass> : <message>"}` bodies without guessing.
 */
export class TronodeError extends Error {
  readonly code: string;
  readonly javaClass: string;

  constructor(code: string, message: string, options: { javaClass?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "TronodeError";
    this.code = code;
    this.javaClass = options.javaClass ?? "java.lang.IllegalArgumentException";
  }
}

/** java-tron exception classes the engine reproduces. */
export const JavaExceptions = {
  contractValidate: "org.tron.core.exception.ContractValidateException",
  contractExe: "org.tron.core.exception.ContractExeException",
  signatureFormat: "org.tron.core.exception.SignatureFormatException",
  validateSignature: "org.tron.core.exception.ValidateSignatureException",
  permission: "org.tron.core.exception.PermissionException",
  tapos: "org.tron.core.exception.TaposException",
  tooBigTransaction: "org.tron.core.exception.TooBigTransactionException",
  tooBigTransactionResult: "org.tron.core.exception.TooBigTransactionResultException",
  transactionExpiration: "org.tron.core.exception.TransactionExpirationException",
  dupTransaction: "org.tron.core.exception.DupTransactionException",
  accountResourceInsufficient: "org.tron.core.exception.AccountResourceInsufficientException",
  contractSize: "org.tron.core.exception.ContractSizeNotEqualToOneException",
  badItem: "org.tron.core.exception.BadItemException",
  illegalArgument: "java.lang.IllegalArgumentException",
  arithmetic: "java.lang.ArithmeticException",
  itemNotFound: "org.tron.core.exception.ItemNotFoundException",
  maintenanceUnavailable: "org.tron.core.exception.MaintenanceUnavailableException",
  balanceInsufficient: "org.tron.core.exception.BalanceInsufficientException",
  unLinkedBlock: "org.tron.core.exception.UnLinkedBlockException",
  badNumberBlock: "org.tron.core.exception.BadNumberBlockException",
  nonCommonBlock: "org.tron.core.exception.NonCommonBlockException",
  badBlock: "org.tron.core.exception.BadBlockException",
  nonUniqueObject: "org.tron.core.exception.NonUniqueObjectException",
} as const;
