import {
  addressOfPrivateKey,
  addressToBase58,
  bytesToHex,
  decodeAddress,
  hexToBytes,
  isValidAddress,
  TronodeError,
} from "@tronode/engine";
import type { TestAccount } from "./transports.js";

/** An address in any spelling TRON uses: base58check (T…), hex (41…, 0x41…), bytes, or an account. */
export type AddressLike = string | Uint8Array | { readonly hex: string };

/** The 42-hex-digit form (41…) of an address in any spelling; refuses what is not a TRON address. */
export function hexAddress(address: AddressLike): string {
  const bytes =
    typeof address === "string"
      ? decodeAddress(address.startsWith("0x") ? `41${address.slice(2).slice(-40)}` : address)
      : address instanceof Uint8Array
        ? address
        : hexToBytes(address.hex);
  if (!isValidAddress(bytes))
    throw new TronodeError(
      "INVALID_ADDRESS",
      `not a TRON address: ${String(typeof address === "object" && !(address instanceof Uint8Array) ? address.hex : address)}`,
    );
  return bytesToHex(bytes);
}

/** The base58check form (T…) of an address in any spelling. */
export function base58Address(address: AddressLike): string {
  return addressToBase58(hexToBytes(hexAddress(address)));
}

/** The account of a private key (hex): its key and both spellings of its address. */
export function accountOfKey(privateKey: string): TestAccount {
  const address = addressOfPrivateKey(hexToBytes(privateKey));
  return { privateKey, hex: bytesToHex(address), base58: addressToBase58(address) };
}
