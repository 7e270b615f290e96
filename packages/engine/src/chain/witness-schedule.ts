import type { Witness } from "../protocol/generated/protocol/core_pb.js";
import { MAX_ACTIVE_WITNESS_NUM } from "./constants.js";

/** protobuf-java's ByteString.hashCode (java-tron's tie-break between equal vote counts). */
export function byteStringHashCode(bytes: Uint8Array): number {
  let h = bytes.length;
  for (const b of bytes) h = (Math.imul(31, h) + (b > 127 ? b - 256 : b)) | 0;
  return h === 0 ? 1 : h;
}

/** The active witnesses: vote count descending, ties by ByteString hash code descending, first 27. */
export function activeWitnessAddresses(witnesses: readonly Witness[]): Uint8Array[] {
  return [...witnesses]
    .sort((a, b) => {
      if (a.voteCount !== b.voteCount) return a.voteCount > b.voteCount ? -1 : 1;
      return byteStringHashCode(b.address) - byteStringHashCode(a.address);
    })
    .slice(0, MAX_ACTIVE_WITNESS_NUM)
    .map((w) => w.address);
}

export function packAddresses(addresses: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(addresses.length * 21);
  for (let i = 0; i < addresses.length; i++) out.set(addresses[i]!, i * 21);
  return out;
}

export function unpackAddresses(packed: Uint8Array): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i + 21 <= packed.length; i += 21) out.push(packed.slice(i, i + 21));
  return out;
}
