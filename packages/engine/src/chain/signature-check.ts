import { addressToBase58 } from "../crypto/address.js";
import { bytesEqual, bytesToHex } from "../crypto/bytes.js";
import { SIGNATURE_LENGTH, type SignatureRecoverer, signatureTooShort } from "../crypto/signature.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { contractOwner } from "../protocol/contract-owner.js";
import { ContractType } from "../protocol/contract-types.js";
import {
  type Permission,
  Permission_PermissionType,
  type Transaction,
} from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateView } from "../state/state-view.js";
import {
  activeDefaultOperations,
  defaultActivePermission,
  defaultOwnerPermission,
  operationAllowed,
} from "./permissions.js";

/** Maximum signatures per transaction and keys per permission (TOTAL_SIGN_NUM). */
export const TOTAL_SIGN_NUM = 5;

function permissionError(message: string): TronodeError {
  return new TronodeError("PERMISSION_ERROR", message, { javaClass: JavaExceptions.permission });
}

function signatureError(message: string): TronodeError {
  return new TronodeError("SIGERROR", message, { javaClass: JavaExceptions.validateSignature });
}

/**
 * AccountCapsule.getPermissionById plus the missing-account defaults broadcast uses: owner (id 0)
 * falls back to the implied owner permission, id 2 to the default active one.
 */
export function permissionOf(
  view: StateView,
  props: ChainProperties,
  owner: Uint8Array,
  id: number,
  options: { defaultsForMissingAccount: boolean },
): Permission | undefined {
  const account = view.get(CoreTables.accounts, owner);
  if (!account) {
    if (!options.defaultsForMissingAccount) return undefined;
    if (id === 0) return defaultOwnerPermission(owner);
    if (id === 2) return defaultActivePermission(owner, activeDefaultOperations(props));
    return undefined;
  }
  if (id === 0) return account.ownerPermission ?? defaultOwnerPermission(owner);
  if (id === 1) return account.witnessPermission;
  return account.activePermission.find((p) => p.id === id);
}

/** Result of weighing signatures against a permission (TransactionCapsule.checkWeight). */
export interface SignWeight {
  readonly approved: Uint8Array[];
  readonly weight: bigint;
}

/**
 * checkWeight: recovers each signature, requires its signer to be a key of the permission, refuses
 * a second signature by the same address, and sums the weights. Throws PERMISSION_ERROR,
 * SIGNATURE_FORMAT or SIGNATURE_RECOVERY errors with java-tron's messages.
 */
export function checkWeight(
  permission: Permission,
  signatures: readonly Uint8Array[],
  txId: Uint8Array,
  recoverer: SignatureRecoverer,
): SignWeight {
  if (signatures.length > permission.keys.length) {
    throw permissionError(
      `Signature count is ${signatures.length} more than key counts of permission : ${permission.keys.length}`,
    );
  }
  const approved: Uint8Array[] = [];
  let weight = 0n;
  for (const sig of signatures) {
    if (sig.length < SIGNATURE_LENGTH) throw signatureTooShort(sig.length);
    const signer = recoverer.recoverAddress(txId, sig);
    const key = permission.keys.find((k) => bytesEqual(k.address, signer));
    if (!key || key.weight === 0n) {
      throw permissionError(
        `${bytesToHex(sig)} is signed by ${addressToBase58(signer)} but it is not contained of permission.`,
      );
    }
    if (approved.some((a) => bytesEqual(a, signer))) {
      throw permissionError(`${addressToBase58(signer)} has signed twice!`);
    }
    approved.push(signer);
    weight += key.weight;
  }
  return { approved, weight };
}

/**
 * TransactionCapsule.validatePubSignature: the permission named by `Permission_id` must exist, an
 * active permission must allow the contract type, and the signers' weights must reach the
 * threshold (sum ≥ threshold). Throws SIGERROR with the detail java-tron reports.
 */
export function validateSignatures(
  view: StateView,
  props: ChainProperties,
  tx: Transaction,
  txId: Uint8Array,
  recoverer: SignatureRecoverer,
  /** The first contract's owner when the caller already has it (`contractOwner`). */
  knownOwner?: Uint8Array,
): void {
  const contracts = tx.rawData?.contract ?? [];
  // TransactionCapsule.validateSignature: a shielded transfer from a shielded address has no owner
  // and must carry no signature (its spends are authorised by spend-auth signatures).
  const first = contracts[0];
  if (
    first?.type === ContractType.ShieldedTransferContract &&
    (knownOwner ?? contractOwner(first)).length === 0
  ) {
    if (tx.signature.length > 0) {
      throw signatureError(
        "there should be no signatures signed by transparent address when transfer from shielded address",
      );
    }
    return;
  }
  if (tx.signature.length === 0 || contracts.length === 0) throw signatureError("miss sig or contract");
  if (tx.signature.length > TOTAL_SIGN_NUM) throw signatureError("too many signatures");
  // java-tron validates the signatures against the first contract only (a transaction with more
  // contracts is refused later by processTransaction).
  for (const contract of contracts.slice(0, 1)) {
    const owner = knownOwner ?? contractOwner(contract);
    const id = contract.PermissionId;
    const permission = permissionOf(view, props, owner, id, { defaultsForMissingAccount: true });
    if (!permission) throw signatureError("permission isn't exit");
    if (id !== 0) {
      if (permission.type !== Permission_PermissionType.Active)
        throw signatureError("Permission type is error");
      if (permission.operations.length !== 32) {
        throw signatureError(`operations size must 32, actual: ${permission.operations.length}`);
      }
      if (!operationAllowed(permission.operations, contract.type)) throw signatureError("Permission denied");
    }
    let result: SignWeight;
    try {
      result = checkWeight(permission, tx.signature, txId, recoverer);
    } catch (e) {
      if (e instanceof TronodeError) throw signatureError(e.message);
      throw e;
    }
    if (result.weight < permission.threshold) throw signatureError("sig error");
  }
}
