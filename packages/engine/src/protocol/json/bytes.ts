import { bytesToHex } from "../../crypto/bytes.js";

/** java-tron `encode58Check` / `decodeFromBase58Check` (one implementation, in crypto/address.ts). */
export {
  addressToBase58 as encode58Check,
  tryAddressFromBase58 as decodeFromBase58Check,
} from "../../crypto/address.js";

/** java-tron `ByteArray.fromHexString` (one implementation, in crypto/bytes.ts). */
export { parseHex as parseHexJava } from "../../crypto/bytes.js";
export { bytesToHex };

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
