/** A closed list of codes as an object type (interfaces below extend it). */
export type CodeList<Codes extends readonly string[]> = { readonly [Code in Codes[number]]: true };

/** The same, from a table of named codes (`{ unknownTable: "STORAGE_UNKNOWN_TABLE", … }`). */
export type CodeTable<Table extends Readonly<Record<string, string>>> = {
  readonly [Code in Table[keyof Table]]: true;
};

/** crypto/: hex, addresses, keys, signatures. */
export const CRYPTO_ERROR_CODES = [
  "INVALID_HEX",
  "INVALID_ADDRESS",
  "INVALID_PRIVATE_KEY",
  "SIGNATURE_FORMAT",
  "SIGNATURE_RECOVERY",
] as const;

/** protocol/: protobuf and java-tron JSON decoding. */
export const PROTOCOL_ERROR_CODES = ["PROTOBUF_DECODE", "JSON_PARSE_ERROR", "UNSUPPORTED_CONTRACT"] as const;

/**
 * The transaction pipeline's verdicts: java-tron's broadcast Return.response_code names (the
 * processor's ResponseCode), which actuators and rules throw through it.
 */
export const RESPONSE_ERROR_CODES = [
  "SIGERROR",
  "CONTRACT_VALIDATE_ERROR",
  "CONTRACT_EXE_ERROR",
  "BANDWITH_ERROR",
  "DUP_TRANSACTION_ERROR",
  "TAPOS_ERROR",
  "TOO_BIG_TRANSACTION_ERROR",
  "TRANSACTION_EXPIRATION_ERROR",
  "SERVER_BUSY",
  "NO_CONNECTION",
  "NOT_ENOUGH_EFFECTIVE_CONNECTION",
  "BLOCK_UNSOLIDIFIED",
  "OTHER_ERROR",
] as const;

/** state/, chain/ and the domains: reads and rules outside a transaction's verdict. */
export const CHAIN_ERROR_CODES = [
  "PERMISSION_ERROR",
  "ACCOUNT_MISSING",
  "INSUFFICIENT_BALANCE",
  "ILLEGAL_ARGUMENT",
  "ARITHMETIC",
  "ITEM_NOT_FOUND",
  "BAD_ITEM",
  "NON_UNIQUE_OBJECT",
  "ORDER_NOT_FOUND",
  "UNKNOWN_PARAMETER",
  "INVALID_GENESIS",
  "BAD_BLOCK",
  // the fork tree (java-tron's KhaosDatabase exceptions)
  "BLOCK_UNLINKED",
  "BLOCK_BAD_NUMBER",
  "BLOCK_NON_COMMON",
] as const;

/** shielded/: Sapling keys, notes, proofs and the shielded TRC-20 ABI. */
export const SHIELDED_ERROR_CODES = [
  "SHIELDED_ZKSNARK",
  "SHIELDED_TRIGGER_INPUT",
  "SHIELDED_NOTES",
  "SHIELDED_BAD_ITEM",
  "SHIELDED_SPEND_VK_UNAVAILABLE",
  "SHIELDED_SPEND_VK_NEEDED",
  "SHIELDED_SCAN_RANGE",
  "SHIELDED_NULLIFIER_CALL",
  "SHIELDED_MERKLE",
  "SHIELDED_LEAD_BYTE",
  "SHIELDED_BAD_VK",
  "SHIELDED_BAD_ADDRESS",
  "SHIELDED_NO_DIVERSIFIER",
] as const;

/**
 * vm/ and contracts/: one code per Program exception java-tron throws, the generic one, and the
 * contract reads' refusals a caller tells apart (ContractRefusalCodes).
 */
export const VM_ERROR_CODES = [
  "VM_EXCEPTION",
  "ESTIMATE_ENERGY_OFF",
  "VM_OUTOFENERGY",
  "VM_OUTOFTIME",
  "VM_OUTOFMEMORY",
  "VM_ILLEGALOPERATION",
  "VM_BADJUMPDESTINATION",
  "VM_STACKTOOSMALL",
  "VM_STACKTOOLARGE",
  "VM_STATICCALLMODIFICATION",
  "VM_RETURNDATACOPYILLEGALBOUNDS",
  "VM_PRECOMPILEDCONTRACT",
  "VM_TRANSFER",
  "VM_INVALIDCODE",
  "VM_BYTECODEEXECUTION",
  "VM_RUNTIME",
] as const;

/** tracing/: debug_traceTransaction's refusals. */
export const TRACE_ERROR_CODES = [
  "TRACE_TRANSACTION_NOT_FOUND",
  "TRACE_TRANSACTION_PENDING",
  "TRACE_STATE_NOT_KEPT",
] as const;

/**
 * Every error code of tronode: one closed list per layer. The engine's lists are above (this file
 * is the bottom of the engine); each package above adds its own list by augmenting this interface
 * from its `errors.ts` (`declare module "@tronode/engine"`). A code nobody declared does not
 * compile, and transports map codes — never message texts — to their answers.
 */
export interface ErrorCodes
  extends CodeList<typeof CRYPTO_ERROR_CODES>,
    CodeList<typeof PROTOCOL_ERROR_CODES>,
    CodeList<typeof RESPONSE_ERROR_CODES>,
    CodeList<typeof CHAIN_ERROR_CODES>,
    CodeList<typeof SHIELDED_ERROR_CODES>,
    CodeList<typeof VM_ERROR_CODES>,
    CodeList<typeof TRACE_ERROR_CODES> {}

/** Every code a TronodeError can carry: the engine's and those the other packages declare. */
export type ErrorCode = keyof ErrorCodes;

/**
 * tronode's one error type. `code` is a declared code (see ErrorCodes); `javaClass` is the
 * fully-qualified Java exception class java-tron reports for the same failure, so transports can
 * print java-tron's `{"Error":"class <javaClass> : <message>"}` bodies without guessing.
 */
export class TronodeError<Code extends ErrorCode = ErrorCode> extends Error {
  readonly code: Code;
  readonly javaClass: string;

  constructor(code: Code, message: string, options: { javaClass?: string; cause?: unknown } = {}) {
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
