/** java-tron's resource accounting constants: time is measured in 3-second slots. */
export const WINDOW_SIZE_SLOTS = 28_800n;
export const PRECISION = 1_000_000n;

/** Java's Math.round(double): floor(x + 0.5). */
function javaRound(x: number): bigint {
  return BigInt(Math.floor(x + 0.5));
}

/**
 * ResourceProcessor.increase: decays `lastUsage` linearly from `lastTime` to `now` (slots) over the
 * window, then adds `usage`. With usage 0 it gives the decayed usage at `now`.
 */
export function increaseUsage(
  lastUsage: bigint,
  usage: bigint,
  lastTime: bigint,
  now: bigint,
  windowSize: bigint = WINDOW_SIZE_SLOTS,
): bigint {
  const averageLast = decayedAverage(lastUsage, lastTime, now, windowSize);
  const averageNew = divideCeil(usage * PRECISION, windowSize);
  return ((averageLast + averageNew) * windowSize) / PRECISION;
}

/** The last usage as a per-slot average (×1e6), decayed linearly from `lastTime` to `now` over `window`. */
export function decayedAverage(lastUsage: bigint, lastTime: bigint, now: bigint, window: bigint): bigint {
  let average = divideCeil(lastUsage * PRECISION, window);
  if (lastTime !== now) {
    if (lastTime + window > now) {
      const decay = Number(window - (now - lastTime)) / Number(window);
      average = javaRound(Number(average) * decay);
    } else {
      average = 0n;
    }
  }
  return average;
}

export function divideCeil(a: bigint, b: bigint): bigint {
  return a / b + (a % b > 0n ? 1n : 0n);
}
