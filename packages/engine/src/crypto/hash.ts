import { sha256 as nobleSha256 } from "@noble/hashes/sha2.js";
import { keccak_256 } from "@noble/hashes/sha3.js";

export function sha256(data: Uint8Array): Uint8Array {
  return nobleSha256(data);
}

export function keccak256(data: Uint8Array): Uint8Array {
  return keccak_256(data);
}
