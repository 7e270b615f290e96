/**
 * The shielded TRC-10 ("ZEN", ShieldedTransferContract) note operations of java-tron's Wallet over
 * the chain's blocks: scanNoteByIvk, scanAndMarkNoteByIvk, scanNoteByOvk, getMerkleTreeVoucherInfo
 * and isSpend, with java-tron's checks, order and texts.
 *
 * The scans trial-decrypt the receive descriptions of every block's ShieldedTransferContract
 * transactions (the first contract of a transaction). Vouchers replay java-tron's createWitness /
 * updateLowWitness / updateWitnesses: the note-commitment tree as it stood before the note's
 * block, the block's commitments up to the note, then later ones. What java-tron reads from its
 * stores (transaction → block, the tree index by block, the nullifier set, blocks) comes through
 * `ZenChainReader`, so these stay pure.
 */

import { fromBinary } from "@bufbuild/protobuf";
import { bytesToHex } from "../crypto/bytes.js";
import { TronodeError } from "../errors.js";
import { transactionId } from "../protocol/codec.js";
import { ContractType } from "../protocol/contract-types.js";
import {
  type IncrementalMerkleTree as IncrementalMerkleTreeMessage,
  type IncrementalMerkleVoucherInfo,
  type IncrementalMerkleVoucher as IncrementalMerkleVoucherMessage,
  type OutputPointInfo,
  type ReceiveDescription,
  type ShieldedTransferContract,
  ShieldedTransferContractSchema,
} from "../protocol/generated/protocol/contracts_pb.js";
import type { Block } from "../protocol/generated/protocol/core_pb.js";
import { TRON_SAPLING } from "./domain.js";
import { decodePaymentAddress, encodePaymentAddress } from "./keys.js";
import {
  encodeMerklePath,
  type IncrementalMerkleTree,
  IncrementalMerkleVoucher,
  type MerkleNode,
} from "./merkle.js";
import { decryptNoteByIvk, decryptNoteByOvk } from "./note-encryption.js";
import {
  type ApiNote,
  apiNoteNullifier,
  badItemError,
  PAYMENT_ADDRESS_FORMAT_WRONG,
  requireParamLength,
  zksnarkError,
} from "./nullifiers.js";
import { checkScanRange, ovkForOck } from "./trc20-scan.js";

const RUNTIME_EXCEPTION = "java.lang.RuntimeException";
const ITEM_NOT_FOUND = "org.tron.core.exception.ItemNotFoundException";
/** Constant.ZC_OUTPUT_DESC_MAX_SIZE. */
const OUTPUT_DESC_MAX_SIZE = 10;

function runtimeError(message: string): TronodeError {
  return new TronodeError("SHIELDED_NOTES", message, { javaClass: RUNTIME_EXCEPTION });
}

/** TreeBlockIndexStore.get: the tree index has no entry for the block (java-tron has none for genesis). */
export function treeIndexNotFound(blockNumber: bigint): TronodeError {
  return new TronodeError("SHIELDED_NOTES", `number: ${blockNumber} is not found!`, {
    javaClass: ITEM_NOT_FOUND,
  });
}

/** A note found by a scan (GrpcAPI.Note: memo right-stripped of zeros). */
export interface ZenNote extends ApiNote {
  memo: Uint8Array;
}

export interface ZenNoteTx {
  note: ZenNote;
  txId: Uint8Array;
  /** The receive description's index in its transaction. */
  index: number;
}

export interface ZenMarkedNoteTx extends ZenNoteTx {
  isSpend: boolean;
}

export interface ZenSpendResult {
  result: boolean;
  message: string;
}

function stripRightZero(memo: Uint8Array): Uint8Array {
  let end = memo.length;
  while (end > 0 && memo[end - 1] === 0) end--;
  return memo.slice(0, end);
}

/**
 * The ShieldedTransferContract of a block's transaction, when its first contract is one.
 * `unpackFailure` is what java-tron throws when the parameter is not one (the scans and the
 * voucher code wrap it differently).
 */
function shieldedTransferOf(
  tx: Block["transactions"][number],
  unpackFailure: () => TronodeError,
): ShieldedTransferContract | undefined {
  const contract = tx.rawData?.contract[0];
  if (!contract || contract.type !== ContractType.ShieldedTransferContract) return undefined;
  const parameter = contract.parameter;
  const typeUrl = parameter?.typeUrl ?? "";
  const slash = typeUrl.lastIndexOf("/");
  if (slash < 0 || typeUrl.slice(slash + 1) !== ShieldedTransferContractSchema.typeName)
    throw unpackFailure();
  try {
    return fromBinary(ShieldedTransferContractSchema, parameter!.value);
  } catch {
    throw unpackFailure();
  }
}

const unpackFailedZksnark = () => zksnarkError("unpack ShieldedTransferContract failed.");
const unpackFailedRuntime = () => runtimeError("unpack ShieldedTransferContract failed.");
/** Any.unpack's InvalidProtocolBufferException (createWitness lets it through). */
const unpackFailedProtobuf = () =>
  new TronodeError("SHIELDED_NOTES", "Type of the Any message does not match the given class.", {
    javaClass: "com.google.protobuf.InvalidProtocolBufferException",
  });

/** Wallet.queryNoteByIvk over the range's blocks (range checked first, as java-tron does). */
export function scanZenNotesByIvk(
  start: bigint,
  end: bigint,
  blocks: readonly Block[],
  ivk: Uint8Array,
): ZenNoteTx[] {
  checkScanRange(start, end);
  const found: ZenNoteTx[] = [];
  for (const block of blocks) {
    for (const tx of block.transactions) {
      const contract = shieldedTransferOf(tx, unpackFailedZksnark);
      if (!contract) continue;
      const txId = transactionId(tx);
      contract.receiveDescription.forEach((r, index) => {
        // KaAgreeParams(epk, ivk) checks both lengths before the key agreement.
        requireParamLength(r.epk, 32);
        requireParamLength(ivk, 32);
        const note = decryptNoteByIvk(r.cEnc, ivk, r.epk, r.noteCommitment);
        if (!note) return;
        found.push({
          txId,
          index,
          note: {
            paymentAddress: encodePaymentAddress({ d: note.d, pkD: note.pkD }, TRON_SAPLING),
            value: BigInt.asIntN(64, note.value),
            rcm: note.rcm,
            memo: stripRightZero(note.memo),
          },
        });
      });
    }
  }
  return found;
}

/** Wallet.scanNoteByOvk: c_out opened with ovk gives (pk_d, esk), which open c_enc. */
export function scanZenNotesByOvk(
  start: bigint,
  end: bigint,
  blocks: readonly Block[],
  ovk: Uint8Array,
): ZenNoteTx[] {
  checkScanRange(start, end);
  const found: ZenNoteTx[] = [];
  for (const block of blocks) {
    for (const tx of block.transactions) {
      const contract = shieldedTransferOf(tx, unpackFailedRuntime);
      if (!contract) continue;
      const txId = transactionId(tx);
      contract.receiveDescription.forEach((r: ReceiveDescription, index) => {
        const note = decryptNoteByOvk(
          r.cEnc,
          r.cOut,
          ovkForOck(ovk),
          r.valueCommitment,
          r.noteCommitment,
          r.epk,
        );
        if (!note) return;
        found.push({
          txId,
          index,
          note: {
            paymentAddress: encodePaymentAddress({ d: note.d, pkD: note.pkD }, TRON_SAPLING),
            value: BigInt.asIntN(64, note.value),
            rcm: note.rcm,
            memo: stripRightZero(note.memo),
          },
        });
      });
    }
  }
  return found;
}

/** What the voucher and spend checks read from java-tron's stores. */
export interface ZenChainReader {
  /** TransactionStore.getBlockNumber: the block holding the transaction, −1 when unknown. */
  blockNumberOf(txId: Uint8Array): Promise<bigint>;
  /**
   * The note-commitment tree after block `blockNumber` (MerkleTreeIndexStore + MerkleTreeStore);
   * throws `treeIndexNotFound` where java-tron's index has no entry.
   */
  treeAfterBlock(blockNumber: bigint): Promise<IncrementalMerkleTree>;
  block(blockNumber: bigint): Promise<Block>;
  /** DynamicPropertiesStore.getLatestBlockHeaderNumber. */
  headNumber(): Promise<bigint>;
  /** NullifierStore.has. */
  isNullifierRecorded(nf: Uint8Array): Promise<boolean>;
}

/** Wallet.validateInput for getMerkleTreeVoucherInfo. */
function validateOutputPoints(request: OutputPointInfo): void {
  if (request.blockNum < 0 || request.blockNum > 1000) {
    throw badItemError("request.BlockNum must be specified with range in [0, 1000]");
  }
  if (request.outPoints.length < 1 || request.outPoints.length > 10) {
    throw badItemError("request.OutPointsCount must be speccified with range in [1, 10]");
  }
  for (const point of request.outPoints) {
    if (point.index >= OUTPUT_DESC_MAX_SIZE || point.index < 0) {
      throw badItemError(`outPoint.getIndex() > ${OUTPUT_DESC_MAX_SIZE} || outPoint.getIndex() < 0`);
    }
  }
}

/** Wallet.getBlockNumber: "tx is not found:<hex>" unless the transaction is in a block above genesis. */
async function blockNumberOfOutput(txId: Uint8Array, reader: ZenChainReader): Promise<bigint> {
  const blockNumber = await reader.blockNumberOf(txId);
  if (blockNumber <= 0n) throw runtimeError(`tx is not found:${bytesToHex(txId)}`);
  return blockNumber;
}

/** Wallet.createWitness: the voucher of output `index` of `txId`, in block `blockNumber`. */
async function createWitness(
  txId: Uint8Array,
  outputIndex: number,
  blockNumber: bigint,
  reader: ZenChainReader,
): Promise<IncrementalMerkleVoucher> {
  const tree = (await reader.treeAfterBlock(blockNumber - 1n)).clone();
  const block = await reader.block(blockNumber);
  let witness: IncrementalMerkleVoucher | undefined;
  let found = false;
  for (const tx of block.transactions) {
    const contract = shieldedTransferOf(tx, unpackFailedProtobuf);
    if (!contract) continue;
    const commitments = contract.receiveDescription.map((r) => r.noteCommitment);
    if (bytesEqual(transactionId(tx), txId)) {
      found = true;
      if (outputIndex >= commitments.length) {
        throw runtimeError(
          `outPoint.getIndex():${outputIndex} >= zkContract.getReceiveDescriptionCount():${commitments.length}`,
        );
      }
      commitments.forEach((cm, index) => {
        if (index < outputIndex) tree.append(cm);
        else if (index === outputIndex) {
          tree.append(cm);
          witness = new IncrementalMerkleVoucher(tree);
        } else if (witness) witness.append(cm);
        else throw zksnarkError("witness is null!");
      });
    } else {
      for (const cm of commitments) {
        if (witness) witness.append(cm);
        else tree.append(cm);
      }
    }
  }
  if (!found || !witness) throw runtimeError("cm not found");
  return witness;
}

/** Every note commitment of blocks [from, to], in chain order. */
async function commitmentsOf(from: bigint, to: bigint, reader: ZenChainReader): Promise<MerkleNode[]> {
  const out: MerkleNode[] = [];
  for (let n = from; n <= to; n++) {
    for (const tx of (await reader.block(n)).transactions) {
      const contract = shieldedTransferOf(tx, unpackFailedProtobuf);
      if (contract) for (const r of contract.receiveDescription) out.push(r.noteCommitment);
    }
  }
  return out;
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** An engine tree as java-tron's IncrementalMerkleTree message (absent parents are empty hashes). */
export function treeMessageOf(tree: IncrementalMerkleTree): IncrementalMerkleTreeMessage {
  const hash = (node: MerkleNode | undefined) => ({
    $typeName: "protocol.PedersenHash" as const,
    content: node ?? new Uint8Array(0),
  });
  return {
    $typeName: "protocol.IncrementalMerkleTree",
    ...(tree.left ? { left: hash(tree.left) } : {}),
    ...(tree.right ? { right: hash(tree.right) } : {}),
    parents: tree.parents.map(hash),
  };
}

/** A voucher as java-tron's IncrementalMerkleVoucher message, `rt` reset to its root. */
export function voucherMessageOf(voucher: IncrementalMerkleVoucher): IncrementalMerkleVoucherMessage {
  return {
    $typeName: "protocol.IncrementalMerkleVoucher",
    tree: treeMessageOf(voucher.tree),
    filled: voucher.filled.map((content) => ({ $typeName: "protocol.PedersenHash" as const, content })),
    ...(voucher.cursor ? { cursor: treeMessageOf(voucher.cursor) } : {}),
    cursorDepth: BigInt(voucher.cursorDepth),
    rt: voucher.root(),
  };
}

export interface ZenVouchers {
  vouchers: IncrementalMerkleVoucher[];
  /** MerklePath.encode of each (1 065 bytes). */
  paths: Uint8Array[];
}

/** Wallet.getMerkleTreeVoucherInfo: a voucher and an authentication path per output point. */
export async function zenMerkleVouchers(
  request: OutputPointInfo,
  reader: ZenChainReader,
): Promise<ZenVouchers> {
  validateOutputPoints(request);
  let largest = 0n;
  for (const point of request.outPoints) {
    const n = await blockNumberOfOutput(point.hash, reader);
    if (n > largest) largest = n;
  }
  const vouchers: IncrementalMerkleVoucher[] = [];
  for (const point of request.outPoints) {
    const n = await blockNumberOfOutput(point.hash, reader);
    if (n + 100n < largest) throw runtimeError(`blockNum:${n} + 100 < largeBlockNum:${largest}`);
    const witness = await createWitness(point.hash, point.index, n, reader);
    // updateLowWitness: the blocks after this note's up to the latest note's block
    for (const cm of await commitmentsOf(n + 1n, largest, reader)) witness.append(cm);
    vouchers.push(witness);
  }
  const sync = BigInt(request.blockNum);
  if (sync !== 0n) {
    const end = largest + sync;
    if (end > (await reader.headNumber())) {
      throw runtimeError(
        "synBlockNum is too large, cmBlockNum plus synBlockNum must be <= latestBlockNumber",
      );
    }
    for (const cm of await commitmentsOf(largest + 1n, end, reader)) for (const w of vouchers) w.append(cm);
  }
  return { vouchers, paths: vouchers.map((w) => encodeMerklePath(w.path())) };
}

export interface ZenNoteParameters {
  note?: ApiNote | undefined;
  ak: Uint8Array;
  nk: Uint8Array;
  txId: Uint8Array;
  index: number;
}

/** Wallet.isSpend: the note's position from its voucher, its nullifier, the nullifier set. */
export async function isZenNoteSpent(
  params: ZenNoteParameters,
  reader: ZenChainReader,
): Promise<ZenSpendResult> {
  const note = params.note ?? { value: 0n, paymentAddress: "", rcm: new Uint8Array(0) };
  if (!decodePaymentAddress(note.paymentAddress)) throw zksnarkError(PAYMENT_ADDRESS_FORMAT_WRONG);
  const { vouchers } = await zenMerkleVouchers(
    {
      $typeName: "protocol.OutputPointInfo",
      outPoints: [{ $typeName: "protocol.OutputPoint", hash: params.txId, index: params.index }],
      blockNum: 1,
    },
    reader,
  );
  const nf = apiNoteNullifier(note, params.ak, params.nk, BigInt(vouchers[0]!.position()));
  return (await reader.isNullifierRecorded(nf))
    ? { result: true, message: "Input note has been spent" }
    : { result: false, message: "The input note is not spent or does not exist" };
}

/** Wallet.scanAndMarkNoteByIvk: the ivk scan, each note marked by isSpend. */
export async function scanAndMarkZenNotesByIvk(
  start: bigint,
  end: bigint,
  blocks: readonly Block[],
  ivk: Uint8Array,
  ak: Uint8Array,
  nk: Uint8Array,
  reader: ZenChainReader,
): Promise<ZenMarkedNoteTx[]> {
  const marked: ZenMarkedNoteTx[] = [];
  for (const noteTx of scanZenNotesByIvk(start, end, blocks, ivk)) {
    const spend = await isZenNoteSpent(
      { note: noteTx.note, ak, nk, txId: noteTx.txId, index: noteTx.index },
      reader,
    );
    marked.push({ ...noteTx, isSpend: spend.result });
  }
  return marked;
}

/** The voucher info message java-tron prints. */
export function voucherInfoMessageOf(result: ZenVouchers): IncrementalMerkleVoucherInfo {
  return {
    $typeName: "protocol.IncrementalMerkleVoucherInfo",
    vouchers: result.vouchers.map(voucherMessageOf),
    paths: result.paths,
  };
}
