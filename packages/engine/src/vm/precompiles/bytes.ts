/** ByteUtil.parseBytes: `len` bytes at `offset`, zero-padded; empty when offset is past the end or len is 0. */
export function parseBytes(input: Uint8Array, offset: number, len: number): Uint8Array {
  if (offset >= input.length || len === 0) return new Uint8Array(0);
  const out = new Uint8Array(len);
  out.set(input.subarray(offset, Math.min(input.length, offset + len)));
  return out;
}

/** The idx-th 32-byte word of the input, zero-padded. */
export function parseWord(input: Uint8Array, idx: number): Uint8Array {
  const out = new Uint8Array(32);
  out.set(parseBytes(input, 32 * idx, 32));
  return out;
}

/** `new DataWord(bytes).getData()`: bytes right-aligned in a 32-byte word. */
export function dataWordOf(bytes: Uint8Array): Uint8Array {
  const out = new Uint8Array(32);
  out.set(bytes.subarray(Math.max(0, bytes.length - 32)), 32 - Math.min(32, bytes.length));
  return out;
}

/** A Java long as a 32-byte word (longTo32Bytes / new DataWord(long)). */
export function longWord(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  new DataView(out.buffer).setBigInt64(24, BigInt.asIntN(64, value));
  return out;
}
