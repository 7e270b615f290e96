import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { createBase58check } from "@scure/base";

export { bytesToHex };

const base58check = createBase58check(sha256);

const HEX_VAL = new Int8Array(128).fill(-1);
for (let i = 0; i < 10; i++) HEX_VAL[0x30 + i] = i;
for (let i = 0; i < 6; i++) {
  HEX_VAL[0x41 + i] = 10 + i;
  HEX_VAL[0x61 + i] = 10 + i;
}

function hexVal(c: number): number {
  return c < 128 ? HEX_VAL[c] : -1;
}

/**
 * java-tron `ByteArray.fromHexString`: strips a lowercase `0x` prefix, left-pads odd length with
 * `0`, then decodes (upper or lower case). Returns undefined for any non-hex character.
 */
export function parseHexJava(s: string): Uint8Array | undefined {
  let i = s.length >= 2 && s.charCodeAt(0) === 0x30 && s.charCodeAt(1) === 0x78 ? 2 : 0;
  const n = s.length - i;
  const odd = n & 1;
  const out = new Uint8Array((n + odd) >> 1);
  let o = 0;
  if (odd) {
    const lo = hexVal(s.charCodeAt(i++));
    if (lo < 0) return undefined;
    out[o++] = lo;
  }
  for (; i < s.length; i += 2) {
    const hi = hexVal(s.charCodeAt(i));
    const lo = hexVal(s.charCodeAt(i + 1));
    if ((hi | lo) < 0) return undefined;
    out[o++] = (hi << 4) | lo;
  }
  return out;
}

/** java-tron `encode58Check`: Base58Check of any byte string (addresses are 21 bytes, 0x41-prefixed). */
export function encode58Check(bytes: Uint8Array): string {
  return base58check.encode(bytes);
}

/**
 * java-tron `decodeFromBase58Check`: Base58Check decode plus `addressValid` (21 bytes, first byte
 * 0x41). Returns undefined on any failure (java-tron returns null).
 */
export function decodeFromBase58Check(text: string): Uint8Array | undefined {
  if (text.length === 0) return undefined;
  let decoded: Uint8Array;
  try {
    decoded = base58check.decode(text);
  } catch {
    return undefined;
  }
  if (decoded.length !== 21 || decoded[0] !== 0x41) return undefined;
  return decoded;
}

/**
 * UTF-8 encoding as Java's `String.getBytes(UTF_8)` / `ByteString.copyFromUtf8`: a lone surrogate
 * becomes `?`.
 */
export function utf8EncodeJava(s: string): Uint8Array {
  // ASCII fast path
  let ascii = true;
  for (let i = 0; i < s.length; i++) {
    if (s.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  if (ascii) {
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  }
  const out: number[] = [];
  for (let i = 0; i < s.length; i++) {
    let c = s.charCodeAt(i);
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 0x3f));
    else if (c >= 0xd800 && c <= 0xdfff) {
      const d = i + 1 < s.length ? s.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff) {
        i++;
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 0x3f), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
      } else {
        out.push(0x3f);
      }
    } else out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f));
  }
  return Uint8Array.from(out);
}

/** Strict UTF-8 decoding; undefined when the bytes are not well-formed UTF-8 (no BOM stripping). */
export function utf8DecodeStrict(b: Uint8Array): string | undefined {
  let s = "";
  const n = b.length;
  let i = 0;
  while (i < n) {
    const c = b[i];
    if (c < 0x80) {
      s += String.fromCharCode(c);
      i++;
      continue;
    }
    let cp: number;
    let need: number;
    let min: number;
    if (c >= 0xc2 && c <= 0xdf) {
      cp = c & 0x1f;
      need = 1;
      min = 0x80;
    } else if (c >= 0xe0 && c <= 0xef) {
      cp = c & 0x0f;
      need = 2;
      min = 0x800;
    } else if (c >= 0xf0 && c <= 0xf4) {
      cp = c & 0x07;
      need = 3;
      min = 0x10000;
    } else return undefined;
    if (i + need >= n) return undefined;
    for (let k = 1; k <= need; k++) {
      const cc = b[i + k];
      if ((cc & 0xc0) !== 0x80) return undefined;
      cp = (cp << 6) | (cc & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return undefined;
    s += String.fromCodePoint(cp);
    i += need + 1;
  }
  return s;
}
