/**
 * 256-bit words as bigints (the measured winner over 32-bit limbs; see ARCHITECTURE.md): values on
 * the stack are always in [0, 2^256). Helpers convert to and from bytes and reproduce DataWord's
 * narrowing conversions exactly.
 */
export const WORD_MASK = (1n << 256n) - 1n;
export const SIGN_BIT = 1n << 255n;
export const TWO_256 = 1n << 256n;
const INT_MAX = 0x7fffffff;
const LONG_MAX = (1n << 63n) - 1n;

const HEX: string[] = [];
for (let i = 0; i < 256; i++) HEX.push(i.toString(16).padStart(2, "0"));

/** Big-endian bytes (≤ 32, right-aligned as DataWord does) → word. */
export function wordFromBytes(bytes: Uint8Array, start = 0, end = bytes.length): bigint {
  if (end - start <= 6) {
    let n = 0;
    for (let i = start; i < end; i++) n = n * 256 + bytes[i]!;
    return BigInt(n);
  }
  let hex = "0x";
  for (let i = start; i < end; i++) hex += HEX[bytes[i]!];
  return BigInt(hex);
}

/** The 32 big-endian bytes of a word. */
export function wordToBytes(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, value >> 192n);
  view.setBigUint64(8, BigInt.asUintN(64, value >> 128n));
  view.setBigUint64(16, BigInt.asUintN(64, value >> 64n));
  view.setBigUint64(24, BigInt.asUintN(64, value));
  return out;
}

/** Signed view of a word (DataWord.sValue). */
export function toSigned(value: bigint): bigint {
  return value & SIGN_BIT ? value - TWO_256 : value;
}

/** Signed value back into a word. */
export function fromSigned(value: bigint): bigint {
  return value < 0n ? (value + TWO_256) & WORD_MASK : value & WORD_MASK;
}

/** DataWord.bytesOccupied: significant bytes of the word. */
export function bytesOccupied(value: bigint): number {
  if (value === 0n) return 0;
  return (value.toString(16).length + 1) >> 1;
}

/** DataWord.intValueSafe: the int value, or Integer.MAX_VALUE if it does not fit a positive int. */
export function intValueSafe(value: bigint): number {
  return value > 0x7fffffffn ? INT_MAX : Number(value);
}

/** DataWord.intValue: the low 32 bits as a Java int (wrapping). */
export function intValue(value: bigint): number {
  return Number(BigInt.asIntN(32, value));
}

/** DataWord.longValueSafe: the long value, or Long.MAX_VALUE if it does not fit a positive long. */
export function longValueSafe(value: bigint): bigint {
  return value > LONG_MAX ? LONG_MAX : value;
}

/** DataWord.longValue: the low 64 bits as a Java long (wrapping). */
export function longValue(value: bigint): bigint {
  return BigInt.asIntN(64, value);
}

/** DataWord(long): a Java long (possibly negative) as a word: its 8 bytes, right-aligned. */
export function wordOfLong(value: bigint): bigint {
  return BigInt.asUintN(64, value);
}

/** DataWord.toTronAddress: 0x41 ‖ bytes 12..32 of the word. */
export function toTronAddress(value: bigint): Uint8Array {
  const out = new Uint8Array(21);
  out[0] = 0x41;
  const view = new DataView(out.buffer);
  const low160 = value & ((1n << 160n) - 1n);
  view.setUint32(1, Number(low160 >> 128n));
  view.setBigUint64(5, BigInt.asUintN(64, low160 >> 64n));
  view.setBigUint64(13, BigInt.asUintN(64, low160));
  return out;
}

/** The word of an address as java-tron makes it (`new DataWord(address)`): all its bytes, right-aligned. */
export function wordOfAddress(address: Uint8Array): bigint {
  return wordFromBytes(address);
}

/** DataWord.getLast20Bytes as a word. */
export function last20(value: bigint): bigint {
  return value & ((1n << 160n) - 1n);
}

export function bytesToHexString(bytes: Uint8Array): string {
  let hex = "";
  for (let i = 0; i < bytes.length; i++) hex += HEX[bytes[i]!];
  return hex;
}
