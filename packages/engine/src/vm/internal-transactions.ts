import { keccak256 } from "../crypto/hash.js";
import type { VmInternalTransaction } from "./context.js";
import type { Program } from "./program.js";

function longBytes(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, BigInt.asIntN(64, value));
  return out;
}

/** Java String.hashCode of an ASCII/UTF-16 string. */
function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The iteration order of a java.util.HashMap<String, Long> filled with `keys` in order (bucket by
 * spread hash, insertion order within a bucket, resized at 0.75 load), which is the order
 * java-tron lists an internal transaction's token values in.
 */
export function javaHashMapOrder(keys: readonly string[]): string[] {
  let capacity = 16;
  while (keys.length > capacity * 0.75) capacity *= 2;
  const buckets: string[][] = Array.from({ length: capacity }, () => []);
  for (const key of keys) {
    const h = javaStringHash(key);
    const spread = h ^ (h >>> 16);
    const bucket = buckets[spread & (capacity - 1)]!;
    if (!bucket.includes(key)) bucket.push(key);
  }
  return buckets.flat();
}

/**
 * Program.addInternalTx: records a child internal transaction of `program`'s own, hashed as
 * java-tron hashes it: keccak(parentHash ‖ receiveAddress ‖ data ‖ value ‖ nonce), where a
 * "create" has no receive address.
 */
export function addInternalTx(
  program: Program,
  sender: Uint8Array,
  transferTo: Uint8Array | undefined,
  value: bigint,
  data: Uint8Array | undefined,
  note: string,
  tokenInfo?: ReadonlyMap<string, bigint>,
): VmInternalTransaction {
  const tx = program.tx;
  const to = transferTo ?? new Uint8Array(0);
  const receive = note.toLowerCase() === "create" ? new Uint8Array(0) : to;
  const payload = data ?? new Uint8Array(0);
  const parent = program.invoke.internalTxHash;
  const forHash = new Uint8Array(parent.length + receive.length + payload.length + 16);
  let o = 0;
  forHash.set(parent, o);
  o += parent.length;
  forHash.set(receive, o);
  o += receive.length;
  forHash.set(payload, o);
  o += payload.length;
  forHash.set(longBytes(value), o);
  forHash.set(longBytes(tx.nonce), o + 8);
  const entries = tokenInfo
    ? javaHashMapOrder([...tokenInfo.keys()]).map((k) => [k, tokenInfo.get(k)!] as const)
    : [];
  const internal: VmInternalTransaction = {
    hash: keccak256(forHash),
    callerAddress: sender,
    transferToAddress: to,
    value,
    tokenInfo: entries,
    note,
    rejected: false,
    extra: "",
    depth: program.callDepth,
    nonce: tx.nonce,
    data: payload,
  };
  tx.internalTransactions.push(internal);
  return internal;
}

/** ProgramResult.rejectInternalTransactions for the transactions recorded from `from` on. */
export function rejectInternalTransactionsFrom(program: Program, from: number): void {
  const list = program.tx.internalTransactions;
  for (let i = from; i < list.length; i++) list[i]!.rejected = true;
}
