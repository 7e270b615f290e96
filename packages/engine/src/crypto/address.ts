import { createBase58check } from "@scure/base";
import { TronodeError } from "../errors.js";
import { bytesToHex, hexToBytes } from "./bytes.js";
import { keccak256, sha256 } from "./hash.js";

/** TRON mainnet address prefix byte. */
export const ADDRESS_PREFIX = 0x41;
/** Bytes in an address: the 0x41 prefix and the 20-byte account id. */
export const ADDRESS_SIZE = 21;

const base58check = createBase58check(sha256);

/** java-tron's DecodeUtil.addressValid: exactly 21 bytes starting with 0x41. */
export function isValidAddress(address: Uint8Array | undefined | null): address is Uint8Array {
  return !!address && address.length === ADDRESS_SIZE && address[0] === ADDRESS_PREFIX;
}

/** 0x41 ‖ last 20 bytes of keccak256(uncompressed public key without its 0x04 prefix). */
export function addressFromPublicKey(uncompressed: Uint8Array): Uint8Array {
  const body = uncompressed.length === 65 ? uncompressed.subarray(1) : uncompressed;
  const hash = keccak256(body);
  const out = new Uint8Array(ADDRESS_SIZE);
  out[0] = ADDRESS_PREFIX;
  out.set(hash.subarray(12), 1);
  return out;
}

/** The base58check form (T…) of a 21-byte address. */
export function addressToBase58(address: Uint8Array): string {
  return base58check.encode(address);
}

/** java-tron's `decodeFromBase58Check`: the address, or undefined (java-tron: null) on any failure. */
export function tryAddressFromBase58(text: string): Uint8Array | undefined {
  if (text.length === 0) return undefined;
  let decoded: Uint8Array;
  try {
    decoded = base58check.decode(text);
  } catch {
    return undefined;
  }
  return isValidAddress(decoded) ? decoded : undefined;
}

/** Decodes a base58check address; throws when the checksum or the 0x41/21-byte rule fails. */
export function addressFromBase58(text: string): Uint8Array {
  const address = tryAddressFromBase58(text);
  if (!address) throw new TronodeError("INVALID_ADDRESS", "Invalid address");
  return address;
}

/** Decodes base58check (T…) or hex (41…, 0x41…) into address bytes without validating the prefix. */
export function decodeAddress(text: string): Uint8Array {
  if (text.length === 34) return addressFromBase58(text);
  return hexToBytes(text);
}

/** The hex form (41…) of a 21-byte address. */
export function addressToHex(address: Uint8Array): string {
  return bytesToHex(address);
}

/** Contract address of a CreateSmartContract: 0x41 ‖ last20(keccak256(txID ‖ owner)). */
export function contractAddress(txId: Uint8Array, owner: Uint8Array): Uint8Array {
  const buf = new Uint8Array(txId.length + owner.length);
  buf.set(txId, 0);
  buf.set(owner, txId.length);
  const hash = keccak256(buf);
  const out = new Uint8Array(ADDRESS_SIZE);
  out[0] = ADDRESS_PREFIX;
  out.set(hash.subarray(12), 1);
  return out;
}
