import { TronodeError } from "../errors.js";

/** Character codes of the lowercase hex digits. */
const HEX_DIGIT_CODES = Uint8Array.from("0123456789abcdef", (c) => c.charCodeAt(0));
/** Characters per fromCharCode call (its arguments go on the stack). */
const TEXT_SLICE = 8192;

/**
 * The Latin-1 string of `codes`, one character per byte, as one flat string: a fromCharCode call
 * per slice rather than a character at a time, which leaves a rope of n pieces (kept as a map key,
 * every lookup walks it) and allocates a string per byte.
 */
export function latin1Text(codes: Uint8Array): string {
  if (codes.length <= TEXT_SLICE) return String.fromCharCode.apply(null, codes as unknown as number[]);
  const parts: string[] = [];
  for (let i = 0; i < codes.length; i += TEXT_SLICE)
    parts.push(String.fromCharCode.apply(null, codes.subarray(i, i + TEXT_SLICE) as unknown as number[]));
  return parts.join("");
}

/**
 * Lowercase hex, as one flat string (@noble/hashes builds it two characters at a time: a pending
 * pool's transaction id kept ~700 bytes of rope).
 */
export function bytesToHex(bytes: Uint8Array): string {
  const n = bytes.length;
  const codes = new Uint8Array(n * 2);
  for (let i = 0; i < n; i++) {
    const b = bytes[i]!;
    codes[2 * i] = HEX_DIGIT_CODES[b >> 4]!;
    codes[2 * i + 1] = HEX_DIGIT_CODES[b & 15]!;
  }
  return latin1Text(codes);
}

const HEX_VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX_VALUE[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX_VALUE[0x41 + i] = 10 + i;
  HEX_VALUE[0x61 + i] = 10 + i;
}

function hexValue(c: number): number {
  return c < 128 ? HEX_VALUE[c]! : -1;
}

/**
 * java-tron's `ByteArray.fromHexString`: a lowercase `0x` prefix is dropped, odd length is
 * left-padded with `0`, digits in either case. Undefined for any other character.
 */
export function parseHex(text: string): Uint8Array | undefined {
  let i = text.length >= 2 && text.charCodeAt(0) === 0x30 && text.charCodeAt(1) === 0x78 ? 2 : 0;
  const odd = (text.length - i) & 1;
  const out = new Uint8Array((text.length - i + odd) >> 1);
  let o = 0;
  if (odd) {
    const lo = hexValue(text.charCodeAt(i++));
    if (lo < 0) return undefined;
    out[o++] = lo;
  }
  for (; i < text.length; i += 2) {
    const hi = hexValue(text.charCodeAt(i));
    const lo = hexValue(text.charCodeAt(i + 1));
    if ((hi | lo) < 0) return undefined;
    out[o++] = (hi << 4) | lo;
  }
  return out;
}

/** `parseHex`, throwing java-tron's JsonFormat message for text that is not hex. */
export function hexToBytes(hex: string): Uint8Array {
  const bytes = parseHex(hex);
  if (!bytes) throw new TronodeError("INVALID_HEX", "INVALID hex String");
  return bytes;
}

/** Whether two byte arrays hold the same bytes. */
export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** The byte arrays one after another, in a new array. */
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

/** The UTF-8 bytes of a text. */
export function utf8Encode(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

const strictDecoder = new TextDecoder("utf-8", { fatal: true });
const lenientDecoder = new TextDecoder("utf-8");

/** The text of UTF-8 bytes (invalid sequences become U+FFFD). */
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

/** Unsigned lexicographic order of byte strings (LevelDB's default key order). */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    if (a[i] !== b[i]) return a[i]! - b[i]!;
  }
  return a.length - b.length;
}
