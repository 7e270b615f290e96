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
