/**
 * The Bancor exchange formula of java-tron's ExchangeProcessor, with Java's double arithmetic:
 * selling q of X into a pool (Bx, By) first mints relay = (long)(−S·(1 − (1 + q/(Bx+q))^0.0005))
 * of a virtual supply S = 1e18, then redeems it for out = (long)(By·((1 + relay/S)^2000 − 1)).
 *
 * `pow` is StrictMath.pow once ALLOW_STRICT_MATH is on and Math.pow before. Math.pow is not
 * specified bit for bit; java-tron defines it for platforms other than x86 as StrictMath.pow except
 * for the inputs where mainnet's x86 JVM answered differently (`MAINNET_X86_POW`, from java-tron's
 * ARM MathWrapper), and so does this node.
 */
import { javaLongOfDouble } from "../chain/arithmetic.js";
import { strictPow } from "../chain/strict-math.js";

/** 1/2000 as a double: the exponent of every known x86 difference. */
const EXPONENT_0_0005 = 0.0005;

/** Base (bits) → result (bits) of Math.pow(base, 0.0005) on mainnet's x86 JVM where it differs from StrictMath. */
const MAINNET_X86_POW: ReadonlyArray<readonly [string, string]> = [
  ["3ff0192278704be3", "3ff000033518c576"],
  ["3ff000002fc6a33f", "3ff0000000061d86"],
  ["3ff00314b1e73ecf", "3ff0000064ea3ef8"],
  ["3ff0068cd52978ae", "3ff00000d676966c"],
  ["3ff0032fda05447d", "3ff0000068636fe0"],
  ["3ff00051c09cc796", "3ff000000a76c20e"],
  ["3ff00bef8115b65d", "3ff0000186893de0"],
  ["3ff009b0b2616930", "3ff000013d27849e"],
  ["3ff00364ba163146", "3ff000006f26a9dc"],
  ["3ff019be4095d6ae", "3ff0000348e9f02a"],
  ["3ff0123e52985644", "3ff0000254797fd0"],
  ["3ff0126d052860e2", "3ff000025a6cde26"],
  ["3ff0001632cccf1b", "3ff0000002d76406"],
  ["3ff0000965922b01", "3ff000000133e966"],
  ["3ff00005c7692d61", "3ff0000000bd5d34"],
  ["3ff015cba20ec276", "3ff00002c84cef0e"],
  ["3ff00002f453d343", "3ff000000060cf4e"],
  ["3ff006ea73f88946", "3ff00000e26d4ea2"],
  ["3ff00a3632db72be", "3ff000014e3382a6"],
  ["3ff000c0e8df0274", "3ff0000018b0aeb2"],
  ["3ff00015c8f06afe", "3ff0000002c9d73e"],
  ["3ff00068def18101", "3ff000000d6c3cac"],
  ["3ff01349f3ac164b", "3ff000027693328a"],
  ["3ff00e86a7859088", "3ff00001db256a52"],
  ["3ff00000c2a51ab7", "3ff000000018ea20"],
  ["3ff020fb74e9f170", "3ff00004346fbfa2"],
  ["3ff00001ce277ce7", "3ff00000003b27dc"],
  ["3ff005468a327822", "3ff00000acc20750"],
  ["3ff00006666f30ff", "3ff0000000d1b80e"],
  ["3ff000045a0b2035", "3ff00000008e98e6"],
  ["3ff00e00380e10d7", "3ff00001c9ff83c8"],
  ["3ff00c15de2b0d5e", "3ff000018b6eaab6"],
  ["3ff00042afe6956a", "3ff0000008892244"],
  ["3ff0005b7357c2d4", "3ff000000bb48572"],
  ["3ff00033d5ab51c8", "3ff0000006a279c8"],
  ["3ff0000046d74585", "3ff0000000091150"],
  ["3ff0010403f34767", "3ff0000021472146"],
  ["3ff00496fe59bc98", "3ff000009650a4ca"],
  ["3ff0012e43815868", "3ff0000026af266e"],
  ["3ff00021f6080e3c", "3ff000000458d16a"],
  ["3ff000489c0f28bd", "3ff00000094b3072"],
  ["3ff00009d3df2e9c", "3ff00000014207b4"],
  ["3ff000def05fa9c8", "3ff000001c887cdc"],
  ["3ff0013bca543227", "3ff00000286a42d2"],
  ["3ff0021a2f14a0ee", "3ff0000044deb040"],
  ["3ff0002cc166be3c", "3ff0000005ba841e"],
  ["3ff0000cc84e613f", "3ff0000001a2da46"],
  ["3ff000057b83c83f", "3ff0000000b3a640"],
];

const bits = new DataView(new ArrayBuffer(8));
function fromBits(hex: string): number {
  bits.setBigUint64(0, BigInt(`0x${hex}`));
  return bits.getFloat64(0);
}

const x86Results = new Map<number, number>(
  MAINNET_X86_POW.map(([base, result]) => [fromBits(base), fromBits(result)]),
);

/** java-tron's MathWrapper.pow (Math.pow) as its non-x86 build defines it. */
export function javaMathPow(base: number, exponent: number): number {
  if (exponent === EXPONENT_0_0005) {
    const known = x86Results.get(base);
    if (known !== undefined) return known;
  }
  return strictPow(base, exponent);
}

/** Maths.pow(a, b, useStrictMath). */
export function exchangePow(base: number, exponent: number, useStrictMath: boolean): number {
  return useStrictMath ? strictPow(base, exponent) : javaMathPow(base, exponent);
}

/** The virtual relay supply of every exchange transaction. */
const SUPPLY = 1_000_000_000_000_000_000n;

/**
 * ExchangeProcessor.exchange: how much of the other token selling `sellQuant` into a pool holding
 * `sellBalance` and `buyBalance` yields. Longs become doubles exactly where Java converts them.
 */
export function bancorExchange(
  sellBalance: bigint,
  buyBalance: bigint,
  sellQuant: bigint,
  useStrictMath: boolean,
): bigint {
  // exchangeToSupply: newBalance is a long sum (wrapping, as in Java).
  const newBalance = BigInt.asIntN(64, sellBalance + sellQuant);
  const issuedSupply =
    -Number(SUPPLY) *
    (1.0 - exchangePow(1.0 + Number(sellQuant) / Number(newBalance), 0.0005, useStrictMath));
  const relay = javaLongOfDouble(issuedSupply);
  // exchangeFromSupply: the supply grows by relay and shrinks by it again, back to S.
  const supply = BigInt.asIntN(64, BigInt.asIntN(64, SUPPLY + relay) - relay);
  const exchangeBalance =
    Number(buyBalance) * (exchangePow(1.0 + Number(relay) / Number(supply), 2000.0, useStrictMath) - 1.0);
  return javaLongOfDouble(exchangeBalance);
}
