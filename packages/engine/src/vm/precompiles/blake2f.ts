/**
 * EIP-152's BLAKE2b compression F over the precompile's 213-byte input (rounds ‖ h ‖ m ‖ t ‖ f),
 * on 32-bit halves (each 64-bit word is v[2i] low, v[2i+1] high) so a round costs no allocation.
 */
const IV = Uint32Array.from([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a, 0xade682d1,
  0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

const v = new Uint32Array(32);
const m = new Uint32Array(32);

/** v[a] += v[b] + m[x] (64-bit, on halves). */
function add3(a: number, b: number, x: number): void {
  let lo = v[2 * a]! + v[2 * b]!;
  let hi = v[2 * a + 1]! + v[2 * b + 1]! + (lo >= 0x100000000 ? 1 : 0);
  lo >>>= 0;
  const lo2 = lo + m[2 * x]!;
  hi = hi + m[2 * x + 1]! + (lo2 >= 0x100000000 ? 1 : 0);
  v[2 * a] = lo2;
  v[2 * a + 1] = hi;
}

function add2(a: number, b: number): void {
  const lo = v[2 * a]! + v[2 * b]!;
  v[2 * a + 1] = v[2 * a + 1]! + v[2 * b + 1]! + (lo >= 0x100000000 ? 1 : 0);
  v[2 * a] = lo;
}

/** v[d] = rotr(v[d] ^ v[a], n) for n in 32, 24, 16, 63. */
function xorRot(d: number, a: number, n: number): void {
  const lo = v[2 * d]! ^ v[2 * a]!;
  const hi = v[2 * d + 1]! ^ v[2 * a + 1]!;
  if (n === 32) {
    v[2 * d] = hi;
    v[2 * d + 1] = lo;
  } else if (n === 63) {
    v[2 * d] = (lo << 1) | (hi >>> 31);
    v[2 * d + 1] = (hi << 1) | (lo >>> 31);
  } else {
    v[2 * d] = (lo >>> n) | (hi << (32 - n));
    v[2 * d + 1] = (hi >>> n) | (lo << (32 - n));
  }
}

function g(a: number, b: number, c: number, d: number, x: number, y: number): void {
  add3(a, b, x);
  xorRot(d, a, 32);
  add2(c, d);
  xorRot(b, c, 24);
  add3(a, b, y);
  xorRot(d, a, 16);
  add2(c, d);
  xorRot(b, c, 63);
}

export function blake2bCompress(input: Uint8Array): Uint8Array {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  const rounds = view.getUint32(0);
  const h = new Uint32Array(16);
  for (let i = 0; i < 16; i++) h[i] = view.getUint32(4 + i * 4, true);
  for (let i = 0; i < 32; i++) m[i] = view.getUint32(68 + i * 4, true);
  v.set(h, 0);
  v.set(IV, 16);
  v[24] = v[24]! ^ view.getUint32(196, true);
  v[25] = v[25]! ^ view.getUint32(200, true);
  v[26] = v[26]! ^ view.getUint32(204, true);
  v[27] = v[27]! ^ view.getUint32(208, true);
  if (input[212] === 1) {
    v[28] = ~v[28]!;
    v[29] = ~v[29]!;
  }
  for (let r = 0; r < rounds; r++) {
    const s = SIGMA[r % 10]!;
    g(0, 4, 8, 12, s[0]!, s[1]!);
    g(1, 5, 9, 13, s[2]!, s[3]!);
    g(2, 6, 10, 14, s[4]!, s[5]!);
    g(3, 7, 11, 15, s[6]!, s[7]!);
    g(0, 5, 10, 15, s[8]!, s[9]!);
    g(1, 6, 11, 12, s[10]!, s[11]!);
    g(2, 7, 8, 13, s[12]!, s[13]!);
    g(3, 4, 9, 14, s[14]!, s[15]!);
  }
  const out = new Uint8Array(64);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 16; i++) ov.setUint32(i * 4, h[i]! ^ v[i]! ^ v[i + 16]!, true);
  return out;
}
