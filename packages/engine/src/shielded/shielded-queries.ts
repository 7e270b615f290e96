/**
 * The shielded domain's wallet operations (java-tron's Wallet key and address methods). The pure
 * parts live here with java-tron's checks and texts; the node's service supplies the randomness
 * (new spending keys, diversifiers, rcm, signature nonces) — the engine has none.
 */
import { TronodeError } from "../errors.js";
import type { ShieldedTRC20TriggerContractParameters } from "../protocol/generated/protocol/api_pb.js";
import type {
  IncrementalMerkleVoucherInfo,
  OutputPointInfo,
} from "../protocol/generated/protocol/contracts_pb.js";
import type { Transaction } from "../protocol/generated/protocol/core_pb.js";
import type {
  DecryptNotes,
  DecryptNotesMarked,
  DecryptNotesTRC20,
  IvkDecryptAndMarkParameters,
  IvkDecryptParameters,
  IvkDecryptTRC20Parameters,
  NfParameters,
  NfTRC20Parameters,
  NoteParameters,
  OvkDecryptParameters,
  OvkDecryptTRC20Parameters,
  SpendResult,
} from "../protocol/generated/protocol/shielded_api_pb.js";
import type { ReadScope } from "../state/read-scope.js";
import { TRON_SAPLING } from "./domain.js";
import { bytesToBigIntLE, scalarToBytes, toScalar } from "./jubjub.js";
import {
  akFromAsk,
  DIVERSIFIER_LENGTH,
  type ExpandedSpendingKey,
  encodePaymentAddress,
  expandSpendingKey,
  incomingViewingKey,
  isValidDiversifier,
  nkFromNsk,
  transmissionKey,
} from "./keys.js";
import { spendAuthSign } from "./redjubjub.js";

export const BAD_ITEM_EXCEPTION = "org.tron.core.exception.BadItemException";
export const ZKSNARK_EXCEPTION = "org.tron.core.exception.ZksnarkException";

function badItem(message: string): TronodeError {
  return new TronodeError("SHIELDED_BAD_ITEM", message, { javaClass: BAD_ITEM_EXCEPTION });
}

function zksnark(message: string): TronodeError {
  return new TronodeError("SHIELDED_ZKSNARK", message, { javaClass: ZKSNARK_EXCEPTION });
}

/** LibrustzcashParam.validParamLength: "param is null" for no bytes, then the length. */
function requireLength(value: Uint8Array, length: number): void {
  if (value.length === 0) throw zksnark("param is null");
  if (value.length !== length) throw zksnark(`param length must be ${length}`);
}

/** Wallet.getExpandedSpendingKey: 32 bytes or "the length of spendingKey's hexString should be 64". */
export function expandedSpendingKeyOf(sk: Uint8Array): ExpandedSpendingKey {
  if (sk.length !== 32) throw badItem("the length of spendingKey's hexString should be 64");
  return expandSpendingKey(sk, TRON_SAPLING);
}

/** Wallet.getAkFromAsk. */
export function akOf(ask: Uint8Array): Uint8Array {
  if (ask.length !== 32) throw badItem("the length of ask's hexString should be 64");
  return akFromAsk(ask);
}

/** Wallet.getNkFromNsk. */
export function nkOf(nsk: Uint8Array): Uint8Array {
  if (nsk.length !== 32) throw badItem("the length of nsk's hexString should be 64");
  return nkFromNsk(nsk);
}

/** Wallet.getIncomingViewingKey (CrhIvkParams checks both lengths). */
export function ivkOf(ak: Uint8Array, nk: Uint8Array): Uint8Array {
  requireLength(ak, 32);
  requireLength(nk, 32);
  return incomingViewingKey(ak, nk);
}

export interface PaymentAddressMessage {
  d: Uint8Array;
  pkD: Uint8Array;
  paymentAddress: string;
}

/** Wallet.getPaymentAddress: "d is not valid" for an invalid diversifier. */
export function paymentAddressMessageOf(ivk: Uint8Array, d: Uint8Array): PaymentAddressMessage {
  requireLength(d, DIVERSIFIER_LENGTH);
  if (!isValidDiversifier(d)) throw badItem("d is not valid");
  requireLength(ivk, 32);
  const pkD = transmissionKey(ivk, d)!;
  return { d: Uint8Array.from(d), pkD, paymentAddress: encodePaymentAddress({ d, pkD }, TRON_SAPLING) };
}

/** librustzcash_sapling_generate_r over 64 caller-supplied random bytes. */
export function rcmFromRandom(random64: Uint8Array): Uint8Array {
  return scalarToBytes(toScalar(random64));
}

/**
 * Wallet.createSpendAuthSig: 32-byte ask, alpha and tx_hash ("param length must be 32"). java-tron
 * ignores librustzcash's false (ask or alpha ≥ r_J) and answers the untouched 64 zero bytes.
 */
export function spendAuthSigOf(
  ask: Uint8Array,
  alpha: Uint8Array,
  txHash: Uint8Array,
  random80: Uint8Array,
): Uint8Array {
  requireLength(ask, 32);
  requireLength(alpha, 32);
  requireLength(txHash, 32);
  return spendAuthSign(ask, alpha, txHash, random80) ?? new Uint8Array(64);
}

export interface ShieldedAddressInfo extends ExpandedSpendingKey, PaymentAddressMessage {
  sk: Uint8Array;
  ak: Uint8Array;
  nk: Uint8Array;
  ivk: Uint8Array;
}

/** Wallet.getNewShieldedAddress from a spending key and a diversifier the caller drew. */
export function shieldedAddressInfoOf(sk: Uint8Array, d: Uint8Array): ShieldedAddressInfo {
  const expanded = expandedSpendingKeyOf(sk);
  const ak = akOf(expanded.ask);
  const nk = nkOf(expanded.nsk);
  const ivk = ivkOf(ak, nk);
  return { sk, ...expanded, ak, nk, ivk, ...paymentAddressMessageOf(ivk, d) };
}

/** SpendingKey.random's acceptance: ivk ≠ 0. */
export function isUsableSpendingKey(sk: Uint8Array): boolean {
  const e = expandSpendingKey(sk, TRON_SAPLING);
  return bytesToBigIntLE(incomingViewingKey(akFromAsk(e.ask), nkFromNsk(e.nsk))) !== 0n;
}

/** The committee switches java-tron's gRPC service checks before its shielded rpcs. */
export interface ShieldedSupport {
  /** ALLOW_SHIELDED_TRANSACTION (TRC-10, #27). */
  readonly shieldedTransaction: boolean;
  /** ALLOW_SHIELDED_TRC20_TRANSACTION (#39). */
  readonly shieldedTrc20Transaction: boolean;
}

/** The wallet's shielded operations (served by the node's ShieldedService). */
export interface ShieldedQueries {
  /** The committee switches in the scope's state (RpcApiService.checkSupportShielded…). */
  getShieldedSupport(scope: ReadScope): Promise<ShieldedSupport>;
  /** Wallet.createShieldNullifier (computation only). */
  createShieldNullifier(params: NfParameters): Promise<Uint8Array>;
  /** Wallet.getShieldTransactionHash: undefined is java-tron's empty message. */
  getShieldTransactionHash(tx: Transaction): Promise<Uint8Array | undefined>;
  /** Wallet.getTriggerInputForShieldedTRC20Contract (ABI packing only). */
  getTriggerInputForShieldedTrc20Contract(
    params: ShieldedTRC20TriggerContractParameters,
  ): Promise<Uint8Array>;
  /** ShieldedTransferContract notes of blocks [start, end) decrypted by ivk. */
  scanNoteByIvk(params: IvkDecryptParameters, scope: ReadScope): Promise<DecryptNotes>;
  scanAndMarkNoteByIvk(params: IvkDecryptAndMarkParameters, scope: ReadScope): Promise<DecryptNotesMarked>;
  scanNoteByOvk(params: OvkDecryptParameters, scope: ReadScope): Promise<DecryptNotes>;
  getMerkleTreeVoucherInfo(request: OutputPointInfo, scope: ReadScope): Promise<IncrementalMerkleVoucherInfo>;
  isSpend(params: NoteParameters, scope: ReadScope): Promise<SpendResult>;
  /** Shielded TRC-20 notes in a contract's logs of blocks [start, end), by ivk (spent flags with ak and nk). */
  scanShieldedTrc20NotesByIvk(
    params: IvkDecryptTRC20Parameters,
    scope: ReadScope,
  ): Promise<DecryptNotesTRC20>;
  scanShieldedTrc20NotesByOvk(
    params: OvkDecryptTRC20Parameters,
    scope: ReadScope,
  ): Promise<DecryptNotesTRC20>;
  isShieldedTrc20ContractNoteSpent(params: NfTRC20Parameters, scope: ReadScope): Promise<boolean>;
  getSpendingKey(): Promise<Uint8Array>;
  getExpandedSpendingKey(sk: Uint8Array): Promise<ExpandedSpendingKey>;
  getAkFromAsk(ask: Uint8Array): Promise<Uint8Array>;
  getNkFromNsk(nsk: Uint8Array): Promise<Uint8Array>;
  getIncomingViewingKey(ak: Uint8Array, nk: Uint8Array): Promise<Uint8Array>;
  getDiversifier(): Promise<Uint8Array>;
  getZenPaymentAddress(ivk: Uint8Array, d: Uint8Array): Promise<PaymentAddressMessage>;
  getRcm(): Promise<Uint8Array>;
  getNewShieldedAddress(): Promise<ShieldedAddressInfo>;
  createSpendAuthSig(ask: Uint8Array, alpha: Uint8Array, txHash: Uint8Array): Promise<Uint8Array>;
}
