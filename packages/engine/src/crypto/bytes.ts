import { bytesToHex as nobleBytesToHex, hexToBytes as nobleHexToBytes } from "@noble/hashes/utils.js";
import { TronodeError } from "../errors.js";

export function bytesToHex(bytes: Uint8Array): string {
  return nobleBytesToHex(bytes);
}

const HEX_RE = /^[0-9a-fA-F]*$/;

/** Hex to bytes, accepting java-tron's forms: optional `0x`, odd length left-padded with `0`. */
export function hexToBytes(hex: string): Uint8Array {
  let h = hex.startsWith("0x") || hex.startsWith("0X") ? hex.slice(2) : hex;
  if (!HEX_RE.test(h)) throw new TronodeError("INVALID_HEX", "INVALID hex String");
  if (h.length % 2 === 1) h = `0${h}`;
  return nobleHexToBytes(h);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

export function utf8Encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true });
const lenientDecoder = new TextDecoder("utf-8");

export function utf8Decode(bytes: Uint8Array): string {
  return lenientDecoder.decode(bytes);
}

/** UTF-8 text, or undefined when the bytes are not valid UTF-8. */
export function utf8DecodeStrict(bytes: Uint8Array): string | undefined {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/** Big-endian 8-byte encoding of a signed 64-bit integer. */
export function int64ToBytes(value: bigint): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigInt64(0, value);
  return out;
}

export function bytesToInt64(bytes: Uint8Array, offset = 0): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigInt64(offset);
}
