/**
 * The node's multi-signature helpers besides the broadcast check: getsignweight, getapprovedlist and
 * the historical addtransactionsign / gettransactionsign. Results are plain objects; `code` is the
 * name of the api.proto enum value (TransactionSignWeight.Result.response_code or
 * TransactionApprovedList.Result.response_code), so a transport looks the number up by name and
 * prints the api.proto message (the `transaction` extension, txid = sha256(raw_data), is the
 * transport's to add, as java-tron always sets it).
 */

import { addressToBase58 } from "../crypto/address.js";
import { bytesEqual, bytesToHex } from "../crypto/bytes.js";
import {
  addressOfPrivateKey,
  SIGNATURE_LENGTH,
  type SignatureRecoverer,
  signatureTooShort,
  signHash,
} from "../crypto/signature.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { transactionId } from "../protocol/codec.js";
import { contractOwner } from "../protocol/contract-owner.js";
import {
  type Permission,
  Permission_PermissionType,
  type Transaction,
  type Transaction_Contract,
} from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateView } from "../state/state-view.js";
import { operationAllowed } from "./permissions.js";
import { checkWeight, permissionOf } from "./signature-check.js";

/** TransactionSignWeight.Result.response_code names. */
export type SignWeightCode =
  | "ENOUGH_PERMISSION"
  | "NOT_ENOUGH_PERMISSION"
  | "SIGNATURE_FORMAT_ERROR"
  | "COMPUTE_ADDRESS_ERROR"
  | "PERMISSION_ERROR"
  | "OTHER_ERROR";

/** TransactionApprovedList.Result.response_code names. */
export type ApprovedListCode = "SUCCESS" | "SIGNATURE_FORMAT_ERROR" | "COMPUTE_ADDRESS_ERROR" | "OTHER_ERROR";

/** getsignweight's answer (api.proto TransactionSignWeight without the transaction extension). */
export interface TransactionSignWeightResult {
  /** The permission the transaction is weighed against; set once it passed the permission checks. */
  readonly permission?: Permission;
  readonly approvedList: Uint8Array[];
  readonly currentWeight: bigint;
  readonly code: SignWeightCode;
  readonly message?: string;
}

/** getapprovedlist's answer (api.proto TransactionApprovedList without the transaction extension). */
export interface TransactionApprovedListResult {
  readonly approvedList: Uint8Array[];
  readonly code: ApprovedListCode;
  readonly message?: string;
}

const NO_CONTRACT = "Invalid transaction: no valid contract";
const OPERATIONS_LENGTH = 32;

function permissionException(message: string): TronodeError {
  return new TronodeError("PERMISSION_ERROR", message, { javaClass: JavaExceptions.permission });
}

/** TransactionCapsule.checkPermission (used by addSign): the broadcast check's messages. */
function checkPermissionForSign(id: number, permission: Permission, contract: Transaction_Contract): void {
  if (id === 0) return;
  if (permission.type !== Permission_PermissionType.Active)
    throw permissionException("Permission type is error");
  if (permission.operations.length !== OPERATIONS_LENGTH) {
    throw permissionException(`operations size must 32, actual: ${permission.operations.length}`);
  }
  if (!operationAllowed(permission.operations, contract.type)) throw permissionException("Permission denied");
}

/** Java's `e.getClass() + " : " + e.getMessage()`, the text of OTHER_ERROR results. */
function otherErrorText(e: TronodeError): string {
  return `class ${e.javaClass} : ${e.message}`;
}

/** Maps an error of checkWeight (permission, signature format, recovery) to getsignweight's code. */
function signWeightCodeOf(e: TronodeError): SignWeightCode {
  switch (e.code) {
    case "SIGNATURE_FORMAT":
      return "SIGNATURE_FORMAT_ERROR";
    case "SIGNATURE_RECOVERY":
      return "COMPUTE_ADDRESS_ERROR";
    case "PERMISSION_ERROR":
      return "PERMISSION_ERROR";
    default:
      return "OTHER_ERROR";
  }
}

function signWeightFailure(e: unknown, permission: Permission): TransactionSignWeightResult {
  if (!(e instanceof TronodeError)) throw e;
  const code = signWeightCodeOf(e);
  return {
    permission,
    approvedList: [],
    currentWeight: 0n,
    code,
    message: code === "OTHER_ERROR" ? otherErrorText(e) : e.message,
  };
}

/**
 * getsignweight (TransactionUtil.getTransactionSignWeight): the permission named by the first
 * contract's Permission_id of an EXISTING owner account (no defaults for missing accounts), its type
 * and operations checks, then the weight of the signatures so far. No expiration, TaPoS or
 * signature-count cap is checked.
 */
export function transactionSignWeight(
  view: StateView,
  props: ChainProperties,
  tx: Transaction,
  recoverer: SignatureRecoverer,
): TransactionSignWeightResult {
  const contracts = tx.rawData?.contract ?? [];
  if (contracts.length === 0) {
    return { approvedList: [], currentWeight: 0n, code: "OTHER_ERROR", message: NO_CONTRACT };
  }
  const contract = contracts[0]!;
  const owner = contractOwner(contract);
  if (!view.get(CoreTables.accounts, owner)) {
    return {
      approvedList: [],
      currentWeight: 0n,
      code: "PERMISSION_ERROR",
      message: "Account does not exist!",
    };
  }
  const id = contract.PermissionId;
  const permission = permissionOf(view, props, owner, id, { defaultsForMissingAccount: false });
  const denied = (message: string): TransactionSignWeightResult => ({
    approvedList: [],
    currentWeight: 0n,
    code: "PERMISSION_ERROR",
    message,
  });
  if (!permission) return denied("Permission for this, does not exist!");
  if (id !== 0) {
    if (permission.type !== Permission_PermissionType.Active) return denied("Permission type is wrong!");
    if (permission.operations.length !== OPERATIONS_LENGTH) return denied("operations size must be 32");
    // A contract type beyond the mask (where Java's byteAt would throw) has no parameter class, so its
    // owner is empty and the missing account answered first.
    if (!operationAllowed(permission.operations, contract.type)) return denied("Permission denied!");
  }
  let approvedList: Uint8Array[] = [];
  let currentWeight = 0n;
  if (tx.signature.length > 0) {
    try {
      const weighed = checkWeight(permission, tx.signature, transactionId(tx), recoverer);
      approvedList = weighed.approved;
      currentWeight = weighed.weight;
    } catch (e) {
      return signWeightFailure(e, permission);
    }
  }
  return {
    permission,
    approvedList,
    currentWeight,
    code: currentWeight >= permission.threshold ? "ENOUGH_PERMISSION" : "NOT_ENOUGH_PERMISSION",
  };
}

/**
 * getapprovedlist (Wallet.getTransactionApprovedList): the signer of every signature, in order,
 * without any permission or weight check; the owner account must exist (reported as OTHER_ERROR
 * with the exception's class, as java-tron does not catch PermissionException separately there).
 */
export function transactionApprovedList(
  view: StateView,
  _props: ChainProperties,
  tx: Transaction,
  recoverer: SignatureRecoverer,
): TransactionApprovedListResult {
  const contracts = tx.rawData?.contract ?? [];
  if (contracts.length === 0) return { approvedList: [], code: "OTHER_ERROR", message: NO_CONTRACT };
  const owner = contractOwner(contracts[0]!);
  if (!view.get(CoreTables.accounts, owner)) {
    return {
      approvedList: [],
      code: "OTHER_ERROR",
      message: otherErrorText(permissionException("Account does not exist!")),
    };
  }
  const txId = transactionId(tx);
  const approvedList: Uint8Array[] = [];
  try {
    for (const sig of tx.signature) {
      if (sig.length < SIGNATURE_LENGTH) throw signatureTooShort(sig.length);
      approvedList.push(recoverer.recoverAddress(txId, sig));
    }
  } catch (e) {
    if (!(e instanceof TronodeError)) throw e;
    if (e.code === "SIGNATURE_FORMAT")
      return { approvedList: [], code: "SIGNATURE_FORMAT_ERROR", message: e.message };
    if (e.code === "SIGNATURE_RECOVERY")
      return { approvedList: [], code: "COMPUTE_ADDRESS_ERROR", message: e.message };
    return { approvedList: [], code: "OTHER_ERROR", message: otherErrorText(e) };
  }
  return { approvedList, code: "SUCCESS" };
}

/** secp256k1 group order. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * The 32-byte signing key java-tron derives from request bytes (`new BigInteger(1, bytes)`).
 * Keys that are zero or not below the curve order are refused (java-tron's behaviour for them is
 * not reproduced).
 */
function signingKey(privateKey: Uint8Array): Uint8Array {
  let value = 0n;
  for (const b of privateKey) value = (value << 8n) | BigInt(b);
  if (value === 0n || value >= CURVE_ORDER) {
    throw new TronodeError("INVALID_PRIVATE_KEY", "Invalid private key.", {
      javaClass: JavaExceptions.illegalArgument,
    });
  }
  const out = new Uint8Array(32);
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  return out;
}

function appendSignature(tx: Transaction, key: Uint8Array): Transaction {
  return { ...tx, signature: [...tx.signature, signHash(transactionId(tx), key)] };
}

/**
 * gettransactionsign (historical): signs txID with the key and appends the signature, without any
 * permission check. The input transaction is not changed.
 */
export function signTransaction(tx: Transaction, privateKey: Uint8Array): Transaction {
  return appendSignature(tx, signingKey(privateKey));
}

/**
 * addtransactionsign (historical, TransactionCapsule.addSign): the owner account and the permission
 * named by Permission_id must exist, an active permission must allow the contract, the existing
 * signatures must weigh without error and not include the key's address, and the key must belong to
 * the permission; then the signature is appended (the input transaction is not changed). Errors are
 * TronodeErrors carrying java-tron's exception class and message.
 */
export function addTransactionSign(
  view: StateView,
  props: ChainProperties,
  tx: Transaction,
  privateKey: Uint8Array,
  recoverer: SignatureRecoverer,
): Transaction {
  const contracts = tx.rawData?.contract ?? [];
  if (contracts.length === 0) {
    // getContract(0) on an empty list.
    throw new TronodeError("OTHER_ERROR", "Index: 0", { javaClass: "java.lang.IndexOutOfBoundsException" });
  }
  const contract = contracts[0]!;
  const owner = contractOwner(contract);
  if (!view.get(CoreTables.accounts, owner)) throw permissionException("Account is not exist!");
  const id = contract.PermissionId;
  const permission = permissionOf(view, props, owner, id, { defaultsForMissingAccount: false });
  if (!permission) throw permissionException("permission isn't exit");
  checkPermissionForSign(id, permission, contract);
  const key = signingKey(privateKey);
  const address = addressOfPrivateKey(key);
  if (tx.signature.length > 0) {
    const { approved } = checkWeight(permission, tx.signature, transactionId(tx), recoverer);
    if (approved.some((a) => bytesEqual(a, address)))
      throw permissionException(`${addressToBase58(address)} had signed!`);
  }
  const entry = permission.keys.find((k) => bytesEqual(k.address, address));
  if (!entry || entry.weight === 0n) {
    throw permissionException(
      `${bytesToHex(privateKey)}'s address is ${addressToBase58(address)} but it is not contained of permission.`,
    );
  }
  return appendSignature(tx, key);
}
