/**
 * Small deterministic PRNG for property-style tests (xorshift128, Marsaglia 2003).
 * Never use Math.random in tests: a failure must be reproducible from the seed.
 */
export class Prng {
  private x: number;
  private y: number;
  private z: number;
  private w: number;

  constructor(seed: number) {
    // splitmix32 expands the seed into the four state words (xorshift128 must not start at all zeros).
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0;
      let t = s;
      t = Math.imul(t ^ (t >>> 16), 0x85ebca6b) >>> 0;
      t = Math.imul(t ^ (t >>> 13), 0xc2b2ae35) >>> 0;
      return (t ^ (t >>> 16)) >>> 0;
    };
    this.x = next();
    this.y = next();
    this.z = next();
    this.w = next() | 1;
  }

  /** Uniform 32-bit unsigned integer. */
  u32(): number {
    const t = this.x ^ (this.x << 11);
    this.x = this.y;
    this.y = this.z;
    this.z = this.w;
    this.w = (this.w ^ (this.w >>> 19) ^ (t ^ (t >>> 8))) >>> 0;
    return this.w;
  }

  /** Integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.u32() / 0x1_0000_0000) * n);
  }

  /** Integer in [lo, hi] (both inclusive, |values| < 2^53). */
  range(lo: number, hi: number): number {
    return lo + Math.floor(this.float() * (hi - lo + 1));
  }

  /** Float in [0, 1) with 53 random bits. */
  float(): number {
    return ((this.u32() >>> 5) * 67108864 + (this.u32() >>> 6)) / 9007199254740992;
  }

  bool(pTrue = 0.5): boolean {
    return this.float() < pTrue;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  bytes(length: number): Uint8Array {
    const out = new Uint8Array(length);
    for (let i = 0; i < length; i++) out[i] = this.u32() & 0xff;
    return out;
  }

  /** Uniform 64-bit unsigned value as a bigint. */
  u64(): bigint {
    return (BigInt(this.u32()) << 32n) | BigInt(this.u32());
  }
}
