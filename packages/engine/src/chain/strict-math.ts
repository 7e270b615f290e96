/**
 * Java's StrictMath.pow: the fdlibm 5.3 algorithm (`e_pow.c`), which the JDK specifies bit for bit.
 * JavaScript's Math.pow gives no such promise, so consensus code that Java computes with
 * StrictMath.pow (the Bancor exchange) uses this one. Written from the published algorithm:
 * log2(x) in extra precision (t1 + t2), times y split the same way, then 2^(y·log2 x).
 */

const words = new DataView(new ArrayBuffer(8));

function highWord(x: number): number {
  words.setFloat64(0, x);
  return words.getInt32(0);
}

function lowWord(x: number): number {
  words.setFloat64(0, x);
  return words.getUint32(4);
}

function fromWords(high: number, low: number): number {
  words.setInt32(0, high | 0);
  words.setUint32(4, low >>> 0);
  return words.getFloat64(0);
}

function withLowWord(x: number, low: number): number {
  return fromWords(highWord(x), low);
}

/** x · 2^n for a result in the subnormal range, rounded once. */
function scaleBinary(x: number, n: number): number {
  if (n < -1000) return x * 2 ** (n + 600) * 2 ** -600;
  return x * 2 ** n;
}

/** fdlibm's constants (their bit patterns are those of e_pow.c; these literals round-trip to them). */
const BP = [1.0, 1.5];
const DP_H = [0.0, 0.5849624872207642];
const DP_L = [0.0, 1.350039202129749e-8];
const TWO53 = 9007199254740992.0;
const HUGE = 1.0e300;
const TINY = 1.0e-300;
const L1 = 0.5999999999999946;
const L2 = 0.4285714285785502;
const L3 = 0.33333332981837743;
const L4 = 0.272728123808534;
const L5 = 0.23066074577556175;
const L6 = 0.20697501780033842;
const P1 = 0.16666666666666602;
const P2 = -0.0027777777777015593;
const P3 = 0.00006613756321437934;
const P4 = -0.0000016533902205465252;
const P5 = 4.1381367970572385e-8;
const LG2 = Math.LN2;
const LG2_H = 0.6931471824645996;
const LG2_L = -1.904654299957768e-9;
const OVT = 8.008566259537294e-17;
const CP = 0.9617966939259756;
const CP_H = 0.9617967009544373;
const CP_L = -7.028461650952758e-9;
const IVLN2 = Math.LOG2E;
const IVLN2_H = 1.4426950216293335;
const IVLN2_L = 1.9259629911266175e-8;

/** StrictMath.pow(x, y). */
export function strictPow(x: number, y: number): number {
  const hx = highWord(x);
  const lx = lowWord(x);
  const hy = highWord(y);
  const ly = lowWord(y);
  let ix = hx & 0x7fffffff;
  const iy = hy & 0x7fffffff;

  // y = ±0: 1
  if ((iy | ly) === 0) return 1.0;
  // NaN in either argument
  if (
    ix > 0x7ff00000 ||
    (ix === 0x7ff00000 && lx !== 0) ||
    iy > 0x7ff00000 ||
    (iy === 0x7ff00000 && ly !== 0)
  ) {
    return x + y;
  }

  // For x < 0: is y an odd integer (1), an even integer (2) or not an integer (0)?
  let yIsInt = 0;
  if (hx < 0) {
    if (iy >= 0x43400000) yIsInt = 2;
    else if (iy >= 0x3ff00000) {
      const k = (iy >> 20) - 0x3ff;
      if (k > 20) {
        const j = ly >>> (52 - k);
        if ((j << (52 - k)) >>> 0 === ly) yIsInt = 2 - (j & 1);
      } else if (ly === 0) {
        const j = iy >> (20 - k);
        if (j << (20 - k) === iy) yIsInt = 2 - (j & 1);
      }
    }
  }

  // Special values of y.
  if (ly === 0) {
    if (iy === 0x7ff00000) {
      if (((ix - 0x3ff00000) | lx) === 0) return y - y; // (±1)^±inf is NaN
      if (ix >= 0x3ff00000) return hy >= 0 ? y : 0.0;
      return hy < 0 ? -y : 0.0;
    }
    if (iy === 0x3ff00000) return hy < 0 ? 1.0 / x : x;
    if (hy === 0x40000000) return x * x;
    if (hy === 0x3fe00000 && hx >= 0) return Math.sqrt(x);
  }

  let ax = Math.abs(x);
  // Special values of x: ±0, ±inf, ±1.
  if (lx === 0 && (ix === 0x7ff00000 || ix === 0 || ix === 0x3ff00000)) {
    let z = ax;
    if (hy < 0) z = 1.0 / z;
    if (hx < 0) {
      if (((ix - 0x3ff00000) | yIsInt) === 0) z = (z - z) / (z - z);
      else if (yIsInt === 1) z = -z;
    }
    return z;
  }

  let n = (hx >> 31) + 1;
  // (x < 0)^(non-integer) is NaN
  if ((n | yIsInt) === 0) return (x - x) / (x - x);

  let s = 1.0;
  if ((n | (yIsInt - 1)) === 0) s = -1.0;

  let t1: number;
  let t2: number;
  if (iy > 0x41e00000) {
    // |y| > 2^31
    if (iy > 0x43f00000) {
      if (ix <= 0x3fefffff) return hy < 0 ? HUGE * HUGE : TINY * TINY;
      if (ix >= 0x3ff00000) return hy > 0 ? HUGE * HUGE : TINY * TINY;
    }
    if (ix < 0x3fefffff) return hy < 0 ? s * HUGE * HUGE : s * TINY * TINY;
    if (ix > 0x3ff00000) return hy > 0 ? s * HUGE * HUGE : s * TINY * TINY;
    // |1 − x| ≤ 2^-20: log(x) by its series.
    const t = ax - 1.0;
    const w = t * t * (0.5 - t * (0.3333333333333333 - t * 0.25));
    const u = IVLN2_H * t;
    const v = t * IVLN2_L - w * IVLN2;
    t1 = withLowWord(u + v, 0);
    t2 = v - (t1 - u);
  } else {
    n = 0;
    if (ix < 0x00100000) {
      ax *= TWO53;
      n -= 53;
      ix = highWord(ax);
    }
    n += (ix >> 20) - 0x3ff;
    const j = ix & 0x000fffff;
    ix = j | 0x3ff00000;
    let k: number;
    if (j <= 0x3988e) k = 0;
    else if (j < 0xbb67a) k = 1;
    else {
      k = 0;
      n += 1;
      ix -= 0x00100000;
    }
    ax = fromWords(ix, lowWord(ax));

    // ss = s_h + s_l = (x − 1)/(x + 1) or (x − 1.5)/(x + 1.5)
    let u = ax - BP[k]!;
    let v = 1.0 / (ax + BP[k]!);
    const ss = u * v;
    const sH = withLowWord(ss, 0);
    let tH = fromWords(((ix >> 1) | 0x20000000) + 0x00080000 + (k << 18), 0);
    let tL = ax - (tH - BP[k]!);
    const sL = v * (u - sH * tH - sH * tL);
    // log(ax)
    let s2 = ss * ss;
    let r = s2 * s2 * (L1 + s2 * (L2 + s2 * (L3 + s2 * (L4 + s2 * (L5 + s2 * L6)))));
    r += sL * (sH + ss);
    s2 = sH * sH;
    tH = withLowWord(3.0 + s2 + r, 0);
    tL = r - (tH - 3.0 - s2);
    u = sH * tH;
    v = sL * tH + tL * ss;
    const pH = withLowWord(u + v, 0);
    const pL = v - (pH - u);
    const zH = CP_H * pH;
    const zL = CP_L * pH + pL * CP + DP_L[k]!;
    const t = n;
    t1 = withLowWord(zH + zL + DP_H[k]! + t, 0);
    t2 = zL - (t1 - t - DP_H[k]! - zH);
  }

  // (y1 + y2)·(t1 + t2)
  const y1 = withLowWord(y, 0);
  const pL = (y - y1) * t1 + y * t2;
  let pH = y1 * t1;
  let z = pL + pH;
  let j = highWord(z);
  let i = lowWord(z);
  if (j >= 0x40900000) {
    // z ≥ 1024
    if (((j - 0x40900000) | i) !== 0) return s * HUGE * HUGE;
    if (pL + OVT > z - pH) return s * HUGE * HUGE;
  } else if ((j & 0x7fffffff) >= 0x4090cc00) {
    // z ≤ −1075
    if (((j - 0xc090cc00) | i) !== 0) return s * TINY * TINY;
    if (pL <= z - pH) return s * TINY * TINY;
  }

  // 2^(pH + pL)
  i = j & 0x7fffffff;
  let k = (i >> 20) - 0x3ff;
  n = 0;
  if (i > 0x3fe00000) {
    n = j + (0x00100000 >> (k + 1));
    k = ((n & 0x7fffffff) >> 20) - 0x3ff;
    const t = fromWords(n & ~(0x000fffff >> k), 0);
    n = ((n & 0x000fffff) | 0x00100000) >> (20 - k);
    if (j < 0) n = -n;
    pH -= t;
  }
  let t = withLowWord(pL + pH, 0);
  const u = t * LG2_H;
  const v = (pL - (t - pH)) * LG2 + t * LG2_L;
  z = u + v;
  const w = v - (z - u);
  t = z * z;
  const tt = z - t * (P1 + t * (P2 + t * (P3 + t * (P4 + t * P5))));
  const r = (z * tt) / (tt - 2.0) - (w + z * w);
  z = 1.0 - (r - z);
  j = highWord(z);
  j += n << 20;
  if (j >> 20 <= 0) z = scaleBinary(z, n);
  else z = fromWords(highWord(z) + (n << 20), lowWord(z));
  return s * z;
}
