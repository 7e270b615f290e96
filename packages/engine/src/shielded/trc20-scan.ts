/**
 * The pure core of java-tron's shielded TRC-20 scans (Wallet.scanShieldedTRC20NotesByIvk / ByOvk,
 * isShieldedTRC20ContractNoteSpent) over a list of transactions' logs.
 *
 * The caller supplies, per block range, each transaction's id and TransactionInfo logs (in block
 * order), and — for spent flags — the contract's constant call, which reads its
 * `nullifiers(bytes32)` mapping (java-tron's TVM constant call). Log data of Mint/Transfer/BurnNewLeaf is
 * pos(32) ‖ cm(32) ‖ cv(32) ‖ epk(32) ‖ c_enc(580) ‖ c_out(80) ‖ padding; of TokenBurn it is
 * toAddress(32) ‖ value(32) ‖ ciphertext(80) ‖ padding.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { TronodeError } from "../errors.js";
import { TRON_SAPLING } from "./domain.js";
import { encodePaymentAddress, transmissionKey } from "./keys.js";
import { decryptBurnMessage, decryptNoteByIvk, decryptNoteByOvk } from "./note-encryption.js";
import { apiNoteNullifier, requireParamLength } from "./nullifiers.js";
import { BAD_ITEM_EXCEPTION, ZKSNARK_EXCEPTION } from "./shielded-queries.js";

export const SHIELDED_TRANSACTION_SCAN_RANGE =
  "request requires start_block_index >= 0 && end_block_index > start_block_index && end_block_index - start_block_index <= 1000";

const text = (s: string) => new TextEncoder().encode(s);
export const SHIELDED_TRC20_TOPICS = {
  mint: keccak_256(text("MintNewLeaf(uint256,bytes32,bytes32,bytes32,bytes32[21])")),
  transfer: keccak_256(text("TransferNewLeaf(uint256,bytes32,bytes32,bytes32,bytes32[21])")),
  burnLeaf: keccak_256(text("BurnNewLeaf(uint256,bytes32,bytes32,bytes32,bytes32[21])")),
  burnToken: keccak_256(text("TokenBurn(address,uint256,bytes32[3])")),
} as const;

/** Wallet's scan range rule: 0 ≤ start < end, end − start ≤ 1000 (blocks [start, end)). */
export function checkScanRange(start: bigint, end: bigint): void {
  if (!(start >= 0n && end > start && end - start <= 1000n)) {
    throw new TronodeError("SHIELDED_SCAN_RANGE", SHIELDED_TRANSACTION_SCAN_RANGE, {
      javaClass: BAD_ITEM_EXCEPTION,
    });
  }
}

export interface ContractLog {
  /** 20 bytes, as TransactionInfo.Log carries it. */
  address: Uint8Array;
  topics: Uint8Array[];
  data: Uint8Array;
}

export interface TransactionLogs {
  txId: Uint8Array;
  logs: ContractLog[];
}

export interface ScannedNote {
  value: bigint;
  paymentAddress: string;
  rcm: Uint8Array;
  /** Right-stripped of zero bytes (Wallet.stripRightZero). */
  memo: Uint8Array;
}

export interface NoteTx {
  txId: Uint8Array;
  /** The log's index among this transaction's shielded logs of the contract. */
  index: number;
  note?: ScannedNote;
  position?: bigint;
  isSpent?: boolean;
  toAmount?: string;
  transparentToAddress?: Uint8Array;
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function zksnark(message: string): TronodeError {
  return new TronodeError("SHIELDED_ZKSNARK", message, { javaClass: ZKSNARK_EXCEPTION });
}

/**
 * NoteEncryption.prfOck copies 32 bytes of ovk into its hash block: a shorter ovk fails there
 * (System.arraycopy, ArrayIndexOutOfBoundsException without a message), a longer one is cut.
 */
export function ovkForOck(ovk: Uint8Array): Uint8Array {
  if (ovk.length < 32) throw arrayIndexOutOfBounds();
  return ovk.subarray(0, 32);
}

function arrayIndexOutOfBounds(): TronodeError {
  return new TronodeError("SHIELDED_ZKSNARK", "null", {
    javaClass: "java.lang.ArrayIndexOutOfBoundsException",
  });
}

/** ByteArray.subArray past the end of a log's data fails (System.arraycopy). */
function requireLogData(data: Uint8Array, length: number): void {
  if (data.length < length) throw arrayIndexOutOfBounds();
}

/**
 * getShieldedTRC20LogType: 1 mint, 2 transfer, 3 burn leaf, 4 token burn, 0 other. With `events`
 * the topic must hash one of them and its name picks the type, as java-tron does.
 */
export function shieldedTrc20LogType(
  log: ContractLog,
  contract21: Uint8Array,
  events: string[] = [],
): number {
  if (contract21.length !== 21) throw zksnark("invalid contract address");
  if (!equal(log.address, contract21.subarray(1))) return 0;
  const topics = new Uint8Array(log.topics.reduce((n, t) => n + t.length, 0));
  let o = 0;
  for (const t of log.topics) {
    topics.set(t, o);
    o += t.length;
  }
  if (events.length === 0) {
    if (equal(topics, SHIELDED_TRC20_TOPICS.mint)) return 1;
    if (equal(topics, SHIELDED_TRC20_TOPICS.transfer)) return 2;
    if (equal(topics, SHIELDED_TRC20_TOPICS.burnLeaf)) return 3;
    if (equal(topics, SHIELDED_TRC20_TOPICS.burnToken)) return 4;
    return 0;
  }
  for (const event of events) {
    if (!equal(topics, keccak_256(text(event)))) continue;
    const name = event.toLowerCase();
    if (name.includes("mint")) return 1;
    if (name.includes("transfer")) return 2;
    if (name.includes("burn")) {
      if (name.includes("leaf")) return 3;
      if (name.includes("token")) return 4;
    }
  }
  return 0;
}

function stripRightZero(memo: Uint8Array): Uint8Array {
  let end = memo.length;
  while (end > 0 && memo[end - 1] === 0) end--;
  return memo.slice(0, end);
}

/** ByteArray.toLong over the 32-byte position word (its low 64 bits as a signed long). */
function positionOf(word: Uint8Array): bigint {
  let v = 0n;
  for (const b of word) v = (v << 8n) | BigInt(b);
  return BigInt.asIntN(64, v);
}

/** The note's nullifier at `position` (getShieldedTRC20Nullifier, with java-tron's checks). */
export function shieldedTrc20Nullifier(
  note: Pick<ScannedNote, "value" | "paymentAddress" | "rcm">,
  position: bigint,
  ak: Uint8Array,
  nk: Uint8Array,
): Uint8Array {
  return apiNoteNullifier(note, ak, nk, position);
}

/** The input of the contract's `nullifiers(bytes32)` constant call for a nullifier. */
export function nullifiersCallData(nullifier: Uint8Array): Uint8Array {
  const out = new Uint8Array(36);
  out.set(keccak_256(text("nullifiers(bytes32)")).subarray(0, 4));
  out.set(nullifier, 4);
  return out;
}

/**
 * A constant call of the shielded TRC-20 contract with this input: its constant_result bytes
 * (java-tron's TVM constant call; the caller throws `nullifierCallFailed()` when it fails).
 */
export type ContractConstantCall = (callData: Uint8Array) => Promise<Uint8Array>;

/** isShieldedTRC20NoteSpent's text when the constant call fails (ContractExeException). */
export function nullifierCallFailed(): TronodeError {
  return new TronodeError("SHIELDED_NULLIFIER_CALL", "trigger contract to get nullifier error.", {
    javaClass: "org.tron.core.exception.ContractExeException",
  });
}

/**
 * isShieldedTRC20NoteSpent: spent when the contract's `nullifiers(nf)` answers nf itself. As in
 * java-tron, a note librustzcash refuses gives the zero nullifier, which an unset mapping entry
 * matches.
 */
export async function isShieldedTrc20NoteSpent(
  note: Pick<ScannedNote, "value" | "paymentAddress" | "rcm">,
  position: bigint,
  ak: Uint8Array,
  nk: Uint8Array,
  call: ContractConstantCall,
): Promise<boolean> {
  const nf = shieldedTrc20Nullifier(note, position, ak, nk);
  return equal(nf, await call(nullifiersCallData(nf)));
}

function* shieldedLogs(txs: TransactionLogs[], contract21: Uint8Array, events: string[]) {
  for (const tx of txs) {
    let index = 0;
    for (const log of tx.logs) {
      const type = shieldedTrc20LogType(log, contract21, events);
      if (type > 0) yield { tx, log, type, index: index++ };
    }
  }
}

export interface IvkScanOptions {
  events?: string[];
  /** ak and nk with the contract's constant call: sets `isSpent` on each note found (java-tron: both keys non-empty). */
  spent?: { ak: Uint8Array; nk: Uint8Array; call: ContractConstantCall };
}

/** scanShieldedTRC20NotesByIvk over the range's transactions (range checked by the caller). */
export async function scanShieldedTrc20NotesByIvk(
  txs: TransactionLogs[],
  contract21: Uint8Array,
  ivk: Uint8Array,
  options: IvkScanOptions = {},
): Promise<NoteTx[]> {
  const found: NoteTx[] = [];
  for (const { tx, log, type, index } of shieldedLogs(txs, contract21, options.events ?? [])) {
    if (log.data.length === 0 || type >= 4) continue;
    const data = log.data;
    requireLogData(data, 708);
    const position = positionOf(data.subarray(0, 32));
    const epk = data.slice(96, 128);
    // KaAgreeParams(epk, ivk) checks both lengths before the key agreement.
    requireParamLength(epk, 32);
    requireParamLength(ivk, 32);
    const decrypted = decryptNoteByIvk(data.slice(128, 708), ivk, epk, data.slice(32, 64));
    if (!decrypted) continue;
    const pkD = transmissionKey(ivk, decrypted.d);
    if (!pkD) throw zksnark("get payment address error");
    const note: ScannedNote = {
      value: BigInt.asIntN(64, decrypted.value),
      paymentAddress: encodePaymentAddress({ d: decrypted.d, pkD }, TRON_SAPLING),
      rcm: decrypted.rcm,
      memo: stripRightZero(decrypted.memo),
    };
    const noteTx: NoteTx = { txId: tx.txId, index, note, position };
    if (options.spent && options.spent.ak.length > 0 && options.spent.nk.length > 0) {
      noteTx.isSpent = await isShieldedTrc20NoteSpent(
        note,
        position,
        options.spent.ak,
        options.spent.nk,
        options.spent.call,
      );
    }
    found.push(noteTx);
  }
  return found;
}

/** scanShieldedTRC20NotesByOvk: notes sent by this ovk, and TokenBurn records it can open. */
export function scanShieldedTrc20NotesByOvk(
  txs: TransactionLogs[],
  contract21: Uint8Array,
  ovk: Uint8Array,
  events: string[] = [],
): NoteTx[] {
  const found: NoteTx[] = [];
  for (const { tx, log, type, index } of shieldedLogs(txs, contract21, events)) {
    const data = log.data;
    if (data.length === 0) continue;
    if (type < 4) {
      requireLogData(data, 788);
      const cm = data.slice(32, 64);
      const note = decryptNoteByOvk(
        data.slice(128, 708),
        data.slice(708, 788),
        ovkForOck(ovk),
        data.slice(64, 96),
        cm,
        data.slice(96, 128),
      );
      if (!note) continue;
      found.push({
        txId: tx.txId,
        index,
        note: {
          value: BigInt.asIntN(64, note.value),
          paymentAddress: encodePaymentAddress({ d: note.d, pkD: note.pkD }, TRON_SAPLING),
          rcm: note.rcm,
          memo: stripRightZero(note.memo),
        },
      });
    } else {
      requireLogData(data, 144);
      const toAddress = data.slice(12, 32);
      let amount = 0n;
      for (const b of data.subarray(32, 64)) amount = (amount << 8n) | BigInt(b);
      const plaintext = decryptBurnMessage(ovk, data.slice(64, 144));
      if (!plaintext) continue;
      let decryptedAmount = 0n;
      for (const b of plaintext.subarray(0, 32)) decryptedAmount = (decryptedAmount << 8n) | BigInt(b);
      if (decryptedAmount === amount && equal(plaintext.subarray(33, 53), toAddress)) {
        found.push({
          txId: tx.txId,
          index,
          toAmount: amount.toString(10),
          transparentToAddress: plaintext.slice(32, 53),
        });
      }
    }
  }
  return found;
}
