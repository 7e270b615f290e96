/**
 * validateaddress (an HTTP-only servlet in java-tron): java-tron picks the format by length — 42 hex characters, 34 Base58Check
 * characters, 28 Base64 characters — then checks the decoded bytes are a 21-byte 0x41 address.
 * A decoding failure answers the decoder's message; a missing address answers `{"result":false}`
 * (Java's null message is dropped by fastjson).
 */
import { isValidAddress, tryAddressFromBase58 } from "@tronode/engine/internal";
import { parseJavaHex } from "./operation-errors.js";

/** validateaddress's answer: `{"result":false}` without a message for a missing address. */
export interface AddressValidation {
  readonly result: boolean;
  readonly message?: string;
}

const HEX_ADDRESS_LENGTH = 42;
const BASE58_ADDRESS_LENGTH = 34;
const BASE64_ADDRESS_LENGTH = 28;
const BASE64_ALPHABET = /[A-Za-z0-9+/=]/;

/** Java's strict `Base64.getDecoder().decode`: the bytes, or the IllegalArgumentException text. */
function decodeBase64Strict(text: string): Uint8Array | { failure: string } {
  for (const char of text) {
    if (!BASE64_ALPHABET.test(char))
      return { failure: `Illegal base64 character ${char.codePointAt(0)!.toString(16)}` };
  }
  const padding = text.indexOf("=");
  if (padding >= 0 && !/^=+$/.test(text.slice(padding))) return { failure: "Illegal base64 character 3d" };
  return Uint8Array.from(Buffer.from(text, "base64"));
}

export function validateAddressText(input: string | undefined): AddressValidation {
  if (input === undefined) return { result: false };
  let address: Uint8Array | undefined;
  let message: string;
  try {
    if (input.length === HEX_ADDRESS_LENGTH) {
      address = parseJavaHex(input);
      message = "Hex string format";
    } else if (input.length === BASE58_ADDRESS_LENGTH) {
      address = tryAddressFromBase58(input);
      message = "Base58check format";
    } else if (input.length === BASE64_ADDRESS_LENGTH) {
      const decoded = decodeBase64Strict(input);
      if (!(decoded instanceof Uint8Array)) return { result: false, message: decoded.failure };
      address = decoded;
      message = "Base64 format";
    } else {
      return { result: false, message: "Length error" };
    }
  } catch (error) {
    return { result: false, message: (error as Error).message };
  }
  return isValidAddress(address) ? { result: true, message } : { result: false, message: "Invalid address" };
}
