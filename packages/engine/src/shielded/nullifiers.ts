/**
 * Nullifiers as java-tron's wallet computes them for a note given over the API (createshieldnullifier,
 * isspend, the shielded TRC-20 spent checks): the note's payment address decoded by KeyIo, the
 * parameters checked by LibrustzcashParam.ComputeNfParams, then librustzcash_sapling_compute_nf.
 *
 * java-tron's JLibrustzcash.librustzcashComputeNf ignores the native result and answers true, so a
 * note librustzcash refuses (d not a diversifier, pk_d/ak/nk not of prime order, rcm ≥ r_J) yields
 * the untouched all-zero 32 bytes rather than an error; this module answers the same.
 */
import { TronodeError } from "../errors.js";
import type { IncrementalMerkleVoucher, PedersenHash } from "../protocol/generated/protocol/contracts_pb.js";
import { decodePaymentAddress } from "./keys.js";
import { noteNullifier } from "./note.js";
import { BAD_ITEM_EXCEPTION, ZKSNARK_EXCEPTION } from "./shielded-queries.js";

export const PAYMENT_ADDRESS_FORMAT_WRONG = "paymentAddress format is wrong";

export function zksnarkError(message: string): TronodeError {
  return new TronodeError("SHIELDED_ZKSNARK", message, { javaClass: ZKSNARK_EXCEPTION });
}

export function badItemError(message: string): TronodeError {
  return new TronodeError("SHIELDED_BAD_ITEM", message, { javaClass: BAD_ITEM_EXCEPTION });
}

/** LibrustzcashParam.validParamLength: "param is null" for empty, else the length rule. */
export function requireParamLength(value: Uint8Array, length: number): void {
  if (value.length === 0) throw zksnarkError("param is null");
  if (value.length !== length) throw zksnarkError(`param length must be ${length}`);
}

/** The note fields the API carries (GrpcAPI.Note without the memo). */
export interface ApiNote {
  /** A Java long. */
  value: bigint;
  paymentAddress: string;
  rcm: Uint8Array;
}

/**
 * Note.nullifier(ak, nk, position) for an API note: "paymentAddress format is wrong" when KeyIo
 * gives null, then ComputeNfParams' checks in its order (value, position, d, pk_d, rcm, ak, nk),
 * then the nullifier — or 32 zero bytes where librustzcash refuses the inputs.
 */
export function apiNoteNullifier(
  note: ApiNote,
  ak: Uint8Array,
  nk: Uint8Array,
  position: bigint,
): Uint8Array {
  const address = decodePaymentAddress(note.paymentAddress);
  if (!address) throw zksnarkError(PAYMENT_ADDRESS_FORMAT_WRONG);
  if (note.value < 0n) throw zksnarkError("Value should be non-negative.");
  if (position < 0n) throw zksnarkError("Position should be non-negative.");
  requireParamLength(address.d, 11);
  requireParamLength(address.pkD, 32);
  requireParamLength(note.rcm, 32);
  requireParamLength(ak, 32);
  requireParamLength(nk, 32);
  const nf = noteNullifier(
    { d: address.d, pkD: address.pkD, value: note.value, rcm: note.rcm },
    ak,
    nk,
    position,
  );
  return nf ?? new Uint8Array(32);
}

const present = (hash: PedersenHash | undefined) => hash !== undefined && hash.content.length > 0;

/**
 * IncrementalMerkleVoucherContainer.position(): the voucher's tree size − 1, computed as java-tron
 * does in a Java int (a parent at depth i counts 1 << (i + 1), shift counts taken mod 32, sums
 * wrapping), then widened to a long. An empty tree gives −1.
 */
export function voucherPosition(voucher: IncrementalMerkleVoucher | undefined): bigint {
  const tree = voucher?.tree;
  let size = 0;
  if (present(tree?.left)) size = (size + 1) | 0;
  if (present(tree?.right)) size = (size + 1) | 0;
  (tree?.parents ?? []).forEach((parent, i) => {
    if (present(parent)) size = (size + (1 << ((i + 1) & 31))) | 0;
  });
  return BigInt((size - 1) | 0);
}

export interface NullifierParameters {
  note?: ApiNote | undefined;
  voucher?: IncrementalMerkleVoucher | undefined;
  ak: Uint8Array;
  nk: Uint8Array;
}

/** Wallet.createShieldNullifier: the note's nullifier at the position its voucher witnesses. */
export function createShieldNullifier(params: NullifierParameters): Uint8Array {
  const note = params.note ?? { value: 0n, paymentAddress: "", rcm: new Uint8Array(0) };
  return apiNoteNullifier(note, params.ak, params.nk, voucherPosition(params.voucher));
}
