import { bn254 } from "@noble/curves/bn254.js";
import { p256 } from "@noble/curves/nist.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "../../crypto/hash.js";
import { blake2bCompress } from "./blake2f.js";
import { dataWordOf, parseBytes, parseWord } from "./bytes.js";
import type { Precompile, PrecompileOutput } from "./types.js";

const EMPTY = new Uint8Array(0);
const ok = (data: Uint8Array): PrecompileOutput => ({ success: true, data });
const fail = (data: Uint8Array = EMPTY): PrecompileOutput => ({ success: false, data });
const words = (n: number) => Math.floor((n + 31) / 32);
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** 0x01 ecrecover: like the EVM, but the recovered address is the 21-byte TRON form (0x41 in byte 11). */
export const ecRecover: Precompile = {
  energy: () => 3000,
  execute(data, { program }) {
    // java-tron copies the fields without padding: shorter input throws and yields an empty result.
    if (data.length < 96) return ok(EMPTY);
    const h = data.subarray(0, 32);
    const v = data.subarray(32, 64);
    const r = data.subarray(64, 96);
    const s = new Uint8Array(32);
    s.set(data.subarray(96, Math.min(128, data.length)));
    const vByte = v[31]! > 127 ? v[31]! - 256 : v[31]!;
    for (let i = 0; i < 31; i++) if (v[i] !== 0) return ok(EMPTY);
    const rv = big(r);
    const sv = big(s);
    if ((vByte !== 27 && vByte !== 28) || rv < 1n || sv < 1n || rv >= SECP256K1_N || sv >= SECP256K1_N)
      return ok(EMPTY);
    const signature = new Uint8Array(65);
    signature.set(r, 0);
    signature.set(s, 32);
    signature[64] = vByte;
    try {
      const address = program.tx.host.recoverer.recoverAddress(h, signature);
      return ok(dataWordOf(address));
    } catch {
      return ok(EMPTY);
    }
  },
};

export const sha256Precompile: Precompile = {
  energy: (data) => 60 + words(data.length) * 12,
  execute: (data) => ok(sha256(data)),
};

/** 0x03 on TRON: sha256(sha256(data)[0:20]), not RIPEMD-160. */
export const tronRipemd160: Precompile = {
  energy: (data) => 600 + words(data.length) * 120,
  execute: (data) => ok(sha256(sha256(data).subarray(0, 20))),
};

/** 0x020003 (#60): the real RIPEMD-160, left-padded to a word. */
export const ethRipemd160: Precompile = {
  energy: (data) => 600 + words(data.length) * 120,
  execute: (data) => ok(dataWordOf(ripemd160(data))),
};

export const identity: Precompile = {
  energy: (data) => 15 + words(data.length) * 3,
  execute: (data) => ok(data),
};

function big(bytes: Uint8Array): bigint {
  let hex = "0x0";
  for (const b of bytes) hex += b.toString(16).padStart(2, "0");
  return BigInt(hex);
}

function parseLen(data: Uint8Array, index: number): number {
  const v = big(parseBytes(data, 32 * index, 32));
  return v > 0x7fffffffn ? 0x7fffffff : Number(v);
}

/** TIP-7823: 8192 bits per length field. */
const MODEXP_MAX_LENGTH = 1024;

function addSafely(a: number, b: number): number {
  const r = a + b;
  return r > 0x7fffffff ? 0x7fffffff : r;
}

/**
 * 0x05 modexp. Before Osaka: EIP-198 pricing (divisor 20) and an empty output for a zero modulus.
 * With Osaka (#96): TIP-7883 pricing, lengths above 1024 bytes refused (TIP-7823; the call fails
 * with all its energy, as it does when that energy could not pay), and a zero modulus answers
 * modLen zero bytes (TIP-871).
 */
export const modExp: Precompile = {
  energy(data, program) {
    const baseLen = parseLen(data, 0);
    const expLen = parseLen(data, 1);
    const modLen = parseLen(data, 2);
    const expHigh = parseBytes(data, addSafely(96, baseLen), Math.min(expLen, 32));
    let highestBit = big(expHigh).toString(2).length;
    if (big(expHigh) === 0n) highestBit = 0;
    if (highestBit > 0) highestBit--;
    if (program.tx.config.allowTvmOsaka) {
      const maxLen = BigInt(Math.max(baseLen, modLen));
      const words = (maxLen + 7n) / 8n;
      const complexity = maxLen > 32n ? 2n * words * words : 16n;
      let iterations = expLen <= 32 ? BigInt(highestBit) : 16n * BigInt(expLen - 32) + BigInt(highestBit);
      if (iterations < 1n) iterations = 1n;
      const energy = complexity * iterations;
      if (energy < 500n) return 500;
      return energy < BigInt(Number.MAX_SAFE_INTEGER) ? Number(energy) : Number.MAX_SAFE_INTEGER;
    }
    const x = BigInt(Math.max(baseLen, modLen));
    const x2 = x * x;
    const mult = x <= 64n ? x2 : x <= 1024n ? x2 / 4n + 96n * x - 3072n : x2 / 16n + 480n * x - 199680n;
    const adjExpLen = expLen <= 32 ? BigInt(highestBit) : 8n * BigInt(expLen - 32) + BigInt(highestBit);
    const energy = (BigInt.asIntN(64, mult) * (adjExpLen > 1n ? adjExpLen : 1n)) / 20n;
    return energy < (1n << 63n) - 1n ? Number(energy) : Number.MAX_SAFE_INTEGER;
  },
  execute(data, { program }) {
    const baseLen = parseLen(data, 0);
    const expLen = parseLen(data, 1);
    const modLen = parseLen(data, 2);
    const osaka = program.tx.config.allowTvmOsaka;
    if (osaka && (baseLen > MODEXP_MAX_LENGTH || expLen > MODEXP_MAX_LENGTH || modLen > MODEXP_MAX_LENGTH))
      return fail();
    const base = big(parseBytes(data, 96, baseLen));
    const exp = big(parseBytes(data, addSafely(96, baseLen), expLen));
    const mod = big(parseBytes(data, addSafely(addSafely(96, baseLen), expLen), modLen));
    if (mod === 0n) return ok(osaka ? new Uint8Array(modLen) : EMPTY);
    let result = 1n % mod;
    let b = base % mod;
    let e = exp;
    while (e > 0n) {
      if (e & 1n) result = (result * b) % mod;
      e >>= 1n;
      if (e > 0n) b = (b * b) % mod;
    }
    let hex = result.toString(16);
    if (hex.length % 2) hex = `0${hex}`;
    const raw = result === 0n ? EMPTY : Uint8Array.from(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)));
    if (raw.length < modLen) {
      const out = new Uint8Array(modLen);
      out.set(raw, modLen - raw.length);
      return ok(out);
    }
    return ok(raw);
  },
};

const G1 = bn254.G1.Point;
const G2 = bn254.G2.Point;
const P = bn254.fields.Fp.ORDER;

function g1(x: Uint8Array, y: Uint8Array) {
  const xv = big(x);
  const yv = big(y);
  if (xv >= P || yv >= P) return undefined;
  if (xv === 0n && yv === 0n) return G1.ZERO;
  try {
    const point = G1.fromAffine({ x: xv, y: yv });
    point.assertValidity();
    return point;
  } catch {
    return undefined;
  }
}

function encodeG1(point: ReturnType<typeof G1.fromAffine>): Uint8Array {
  const out = new Uint8Array(64);
  if (point.is0()) return out;
  const { x, y } = point.toAffine();
  out.set(dataWordOf(bigBytes(x)), 0);
  out.set(dataWordOf(bigBytes(y)), 32);
  return out;
}

function bigBytes(v: bigint): Uint8Array {
  if (v === 0n) return EMPTY;
  let hex = v.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  return Uint8Array.from(hex.match(/../g)!.map((h) => Number.parseInt(h, 16)));
}

export function bn128Add(istanbul: boolean): Precompile {
  return {
    energy: () => (istanbul ? 150 : 500),
    execute(data) {
      const p1 = g1(parseWord(data, 0), parseWord(data, 1));
      if (!p1) return fail();
      const p2 = g1(parseWord(data, 2), parseWord(data, 3));
      if (!p2) return fail();
      return ok(encodeG1(p1.add(p2)));
    },
  };
}

export function bn128Mul(istanbul: boolean): Precompile {
  return {
    energy: () => (istanbul ? 6000 : 40000),
    execute(data) {
      const p = g1(parseWord(data, 0), parseWord(data, 1));
      if (!p) return fail();
      const s = big(parseWord(data, 2));
      const r = bn254.fields.Fr.ORDER;
      const scalar = s % r;
      return ok(encodeG1(scalar === 0n || p.is0() ? G1.ZERO : p.multiplyUnsafe(scalar)));
    },
  };
}

function g2(a: Uint8Array, b: Uint8Array, c: Uint8Array, d: Uint8Array) {
  // EIP-197: each F_p^2 element is (imaginary, real) on the wire: x = a·i + b, y = c·i + d
  const [xi, xr, yi, yr] = [big(a), big(b), big(c), big(d)];
  if (xi >= P || xr >= P || yi >= P || yr >= P) return undefined;
  if (xi === 0n && xr === 0n && yi === 0n && yr === 0n) return G2.ZERO;
  try {
    const Fp2 = bn254.fields.Fp2;
    const point = G2.fromAffine({ x: Fp2.create({ c0: xr, c1: xi }), y: Fp2.create({ c0: yr, c1: yi }) });
    point.assertValidity();
    if (!point.isTorsionFree()) return undefined;
    return point;
  } catch {
    return undefined;
  }
}

export function bn128Pairing(istanbul: boolean): Precompile {
  return {
    energy: (data) =>
      istanbul
        ? 34000 * Math.floor(data.length / 192) + 45000
        : 80000 * Math.floor(data.length / 192) + 100000,
    execute(data) {
      if (data.length % 192 > 0) return fail();
      const pairs: { g1: ReturnType<typeof G1.fromAffine>; g2: ReturnType<typeof G2.fromAffine> }[] = [];
      for (let offset = 0; offset < data.length; offset += 192) {
        const w = (i: number) => parseBytes(data, offset + 32 * i, 32);
        const p1 = g1(w(0), w(1));
        if (!p1) return fail();
        const p2 = g2(w(2), w(3), w(4), w(5));
        if (!p2) return fail();
        if (!p1.is0() && !p2.is0()) pairs.push({ g1: p1, g2: p2 });
      }
      if (pairs.length === 0) return ok(dataWordOf(Uint8Array.of(1)));
      const result = bn254.pairingBatch(pairs);
      const one = bn254.fields.Fp12.eql(result, bn254.fields.Fp12.ONE);
      return ok(dataWordOf(Uint8Array.of(one ? 1 : 0)));
    },
  };
}

/** 0x020009 (#60): EIP-152 blake2b F; bad input fails with a zero word as output. */
export const blake2F: Precompile = {
  energy(data) {
    if (data.length !== 213 || (data[212]! & 0xfe) !== 0) return 0;
    return new DataView(data.buffer, data.byteOffset, 4).getUint32(0);
  },
  execute(data) {
    if (data.length !== 213 || (data[212]! & 0xfe) !== 0) return fail(new Uint8Array(32));
    return ok(blake2bCompress(data));
  },
};

export { dataWordOf };

const P256_N = p256.Point.Fn.ORDER;
const P256_P = p256.Point.Fp.ORDER;

/**
 * 0x100 P256VERIFY (#96 Osaka, TIP-7951): (hash, r, s, qx, qy) → the word 1 for a valid secp256r1
 * signature, empty output (still a successful call, all 6900 energy used) for anything else:
 * a length other than 160, r or s outside (0, n), a key outside the field, off the curve or at
 * infinity, or a failed verification (R′ at infinity, R′.x ≢ r mod n).
 */
export const p256Verify: Precompile = {
  energy: () => 6900,
  execute(data) {
    if (data.length !== 160) return ok(EMPTY);
    const r = big(data.subarray(32, 64));
    const s = big(data.subarray(64, 96));
    const qx = big(data.subarray(96, 128));
    const qy = big(data.subarray(128, 160));
    if (r <= 0n || r >= P256_N || s <= 0n || s >= P256_N) return ok(EMPTY);
    if (qx >= P256_P || qy >= P256_P || (qx === 0n && qy === 0n)) return ok(EMPTY);
    try {
      const key = p256.Point.fromAffine({ x: qx, y: qy });
      key.assertValidity();
      const valid = p256.verify(data.subarray(32, 96), data.subarray(0, 32), key.toBytes(false), {
        prehash: false,
        lowS: false,
      });
      return ok(valid ? dataWordOf(Uint8Array.of(1)) : EMPTY);
    } catch {
      return ok(EMPTY);
    }
  },
};
