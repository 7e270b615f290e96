import { keccak256 } from "../crypto/hash.js";
import type { VmInternalTransaction } from "./context.js";
import { javaHashMapOrder, javaStringHash } from "./java-hash-map.js";
import type { Program } from "./program.js";

function longBytes(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, BigInt.asIntN(64, value));
  return out;
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
    ? javaHashMapOrder([...tokenInfo.keys()], javaStringHash, (a, b) => a === b).map(
        (k) => [k, tokenInfo.get(k)!] as const,
      )
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
