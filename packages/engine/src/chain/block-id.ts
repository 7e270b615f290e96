import { bytesToInt64, int64ToBytes } from "../crypto/bytes.js";
import { sha256 } from "../crypto/hash.js";
import { type HashSigner, type SignatureRecoverer, signHash } from "../crypto/signature.js";
import { blockHeaderRawBytes, transactionBytes } from "../protocol/codec.js";
import type { Block, Transaction } from "../protocol/generated/protocol/core_pb.js";

/** Block id: sha256(header raw) with its first 8 bytes replaced by the big-endian block number. */
export function blockId(block: Block): Uint8Array {
  const id = sha256(blockHeaderRawBytes(block));
  id.set(int64ToBytes(block.blockHeader?.rawData?.number ?? 0n), 0);
  return id;
}

/** The block number encoded in the first 8 bytes of a block id. */
export function blockNumberOfId(id: Uint8Array): bigint {
  return bytesToInt64(id, 0);
}

/** Merkle root over sha256(full transaction) leaves; an odd last node is promoted; empty → 32 zero bytes. */
export function transactionTrieRoot(transactions: readonly Transaction[]): Uint8Array {
  if (transactions.length === 0) return new Uint8Array(32);
  let level = transactions.map((tx) => sha256(transactionBytes(tx)));
  while (level.length > 1) {
    const next: Uint8Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      if (i + 1 === level.length) {
        next.push(level[i]!);
      } else {
        const pair = new Uint8Array(64);
        pair.set(level[i]!, 0);
        pair.set(level[i + 1]!, 32);
        next.push(sha256(pair));
      }
    }
    level = next;
  }
  return level[0]!;
}

/** The witness signature: secp256k1 over sha256(header raw), v = 0/1 as java-tron writes it. */
export function signBlockHeader(
  block: Block,
  privateKey: Uint8Array,
  signer: HashSigner = signHash,
): Uint8Array {
  return signer(sha256(blockHeaderRawBytes(block)), privateKey);
}

export function blockSigner(block: Block, recoverer: SignatureRecoverer): Uint8Array {
  return recoverer.recoverAddress(
    sha256(blockHeaderRawBytes(block)),
    block.blockHeader?.witnessSignature ?? new Uint8Array(),
  );
}

/** TaPoS reference of a block: ref_block_bytes (low 2 bytes of the height) and ref_block_hash (id[8..16]). */
export function blockReference(
  number: bigint,
  id: Uint8Array,
): { refBlockBytes: Uint8Array; refBlockHash: Uint8Array } {
  return { refBlockBytes: int64ToBytes(number).slice(6, 8), refBlockHash: id.slice(8, 16) };
}
