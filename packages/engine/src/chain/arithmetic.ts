import { JavaExceptions, TronodeError } from "../errors.js";

export const INT64_MAX = 0x7fffffffffffffffn;
export const INT64_MIN = -0x8000000000000000n;

function overflow(): TronodeError {
  return new TronodeError("ARITHMETIC", "long overflow", { javaClass: JavaExceptions.arithmetic });
}

/** Java's Math.addExact on longs. */
export function addExact(a: bigint, b: bigint): bigint {
  const r = a + b;
  if (r > INT64_MAX || r < INT64_MIN) throw overflow();
  return r;
}

/** Java's Math.subtractExact on longs. */
export function subtractExact(a: bigint, b: bigint): bigint {
  const r = a - b;
  if (r > INT64_MAX || r < INT64_MIN) throw overflow();
  return r;
}

/** Java's Math.multiplyExact on longs. */
export function multiplyExact(a: bigint, b: bigint): bigint {
  const r = a * b;
  if (r > INT64_MAX || r < INT64_MIN) throw overflow();
  return r;
}

/** Java's wrapping long addition. */
export function addWrapping(a: bigint, b: bigint): bigint {
  return BigInt.asIntN(64, a + b);
}

/**
 * Java's `(long) d` narrowing of a double: truncation toward zero, NaN → 0, and values beyond the
 * long range (including ±Infinity) clamped to Long.MIN_VALUE / Long.MAX_VALUE.
 */
const TWO_POW_63 = 2 ** 63;

export function javaLongOfDouble(d: number): bigint {
  if (Number.isNaN(d)) return 0n;
  if (d >= TWO_POW_63) return INT64_MAX;
  if (d <= -TWO_POW_63) return INT64_MIN;
  return BigInt(Math.trunc(d));
}

/** Java's Math.floorDiv on longs (the quotient rounded toward negative infinity). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n !== b < 0n ? q - 1n : q;
}
