/** java-tron's resource accounting constants: time is measured in 3-second slots. */
export const WINDOW_SIZE_SLOTS = 28_800n;
export const PRECISION = 1_000_000n;

function divideCeil(a: bigint, b: bigint): bigint {
  return a / b + (a % b === 0n ? 0n : 1n);
}

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
  let averageLast = divideCeil(lastUsage * PRECISION, windowSize);
  const averageNew = divideCeil(usage * PRECISION, windowSize);
  if (lastTime !== now) {
    if (lastTime + windowSize > now) {
      const decay = Number(windowSize - (now - lastTime)) / Number(windowSize);
      averageLast = javaRound(Number(averageLast) * decay);
    } else {
      averageLast = 0n;
    }
  }
  return ((averageLast + averageNew) * windowSize) / PRECISION;
}
