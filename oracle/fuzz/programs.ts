/**
 * Random TVM programs at the opcode level: pushes of edge values (0, 1, word ends, memory offsets near
 * where expansion costs jump), arithmetic, memory and storage, calls of every kind into the campaign's
 * contracts and the precompiles, create/create2, selfdestruct, TRON's own opcodes (token calls,
 * freeze, vote, delegate), jumps to nowhere, and an ending that stops, returns, reverts or runs out.
 * A program is bytes plus the placeholders build.ts fills with addresses known at send time.
 */
import fc from "fast-check";

export interface Program {
  /** Bytecode; each `ADDRESS_SLOT` (PUSH20 of 0x00…) is filled by build.ts with a campaign address. */
  readonly code: Uint8Array;
  /** Indices (into the campaign's contracts/parties) for each PUSH20 placeholder, in order. */
  readonly targets: readonly number[];
}

const hex = (s: string) => Uint8Array.from(s.match(/../g)!.map((b) => Number.parseInt(b, 16)));

const WORDS = [
  "00",
  "01",
  "02",
  "1f",
  "20",
  "21",
  "ff",
  "0400",
  "ffff",
  "010000",
  "0fffff",
  "ffffffff",
  "0100000000",
  "ff".repeat(32),
  `80${"00".repeat(31)}`,
  "000f4240", // 1 TRX in sun
  "0f4241", // token id 1000001
];

/** Opcodes drawn alone (arguments come from the pushes before them). */
const OPS = [
  0x01,
  0x02,
  0x03,
  0x04,
  0x05,
  0x06,
  0x07,
  0x08,
  0x09,
  0x0a,
  0x0b, // arithmetic
  0x10,
  0x11,
  0x12,
  0x13,
  0x14,
  0x15,
  0x16,
  0x17,
  0x18,
  0x19,
  0x1a,
  0x1b,
  0x1c,
  0x1d, // compare, bits
  0x20, // SHA3
  0x30,
  0x31,
  0x32,
  0x33,
  0x34,
  0x35,
  0x36,
  0x37,
  0x38,
  0x39,
  0x3a,
  0x3b,
  0x3c,
  0x3d,
  0x3e,
  0x3f, // env
  0x40,
  0x41,
  0x42,
  0x43,
  0x44,
  0x45,
  0x46,
  0x47,
  0x48, // block
  0x50,
  0x51,
  0x52,
  0x53,
  0x54,
  0x55,
  0x56,
  0x57,
  0x58,
  0x59,
  0x5a,
  0x5b,
  0x5c,
  0x5d,
  0x5e,
  0x5f, // mem, storage, flow
  0x80,
  0x81,
  0x82,
  0x85,
  0x90,
  0x91,
  0x93, // dup, swap
  0xa0,
  0xa1,
  0xa2, // logs
  0xd0,
  0xd1,
  0xd2,
  0xd3,
  0xd4,
  0xd5,
  0xd6,
  0xd7,
  0xd8,
  0xd9,
  0xda,
  0xdb,
  0xdc,
  0xdd,
  0xde,
  0xdf, // TRON
];

type Piece = { code: Uint8Array; target?: number };

const push = fc
  .constantFrom(...WORDS)
  .map((w): Piece => ({ code: hex(`${(0x5f + w.length / 2).toString(16)}${w}`) }));
const op = fc.constantFrom(...OPS).map((o): Piece => ({ code: Uint8Array.of(o) }));

/** A call of one kind to a campaign address or a precompile, with gas, value and memory arguments. */
const call = fc
  .record({
    kind: fc.constantFrom(0xf1, 0xf2, 0xf4, 0xfa),
    target: fc.oneof(fc.nat(1_000), fc.constantFrom(-1, -2, -5, -9, -0x1000001)),
    gas: fc.constantFrom("00", "ffff", "ff".repeat(8)),
    value: fc.constantFrom("00", "01", "0f4240"),
  })
  .map(({ kind, target, gas, value }): Piece => {
    const args = "6020" + "6000" + "6020" + "6000"; // out size, out offset, in size, in offset
    const withValue =
      kind === 0xf1 || kind === 0xf2 ? `${(0x5f + value.length / 2).toString(16)}${value}` : "";
    // PUSH20 placeholder for the address (build.ts fills it), then the gas
    return {
      code: hex(
        `${args}${withValue}73${"00".repeat(20)}${(0x5f + gas.length / 2).toString(16)}${gas}${kind.toString(16)}`,
      ),
      target,
    };
  });

/** create / create2 of a tiny init code from memory (or of nothing). */
const create = fc.constantFrom(
  hex("69600160005260206000f3600052600a60166000f0"), // CREATE of "returns 1"
  hex("69600160005260206000f360005260ff600a60166000f5"), // CREATE2, salt 0xff
  hex("600060006000f0"), // CREATE of empty code
  hex("6000600060006000f5"),
);

const selfdestruct = fc.nat(1_000).map((target): Piece => ({ code: hex(`73${"00".repeat(20)}ff`), target }));

const ending = fc.constantFrom(
  hex("00"), // STOP
  hex("60206000f3"), // RETURN 32 bytes
  hex("60006000fd"), // REVERT empty
  hex("6020600ffd"), // REVERT with data
  hex("fe"), // INVALID
  hex("6001630fffff0052"), // memory expanded to 256 MB: runs out of energy
  hex("600356"), // a jump to a place that is no JUMPDEST
);

export const programArbitrary: fc.Arbitrary<Program> = fc
  .tuple(
    fc.array(
      fc.oneof(
        { weight: 6, arbitrary: push },
        { weight: 6, arbitrary: op },
        { weight: 2, arbitrary: call },
        { weight: 1, arbitrary: create.map((code): Piece => ({ code })) },
        { weight: 1, arbitrary: selfdestruct },
      ),
      { maxLength: 24 },
    ),
    ending,
  )
  .map(([pieces, end]) => {
    const parts = [...pieces.map((p) => p.code), end];
    const code = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      code.set(p, at);
      at += p.length;
    }
    return { code, targets: pieces.flatMap((p) => (p.target === undefined ? [] : [p.target])) };
  });

/** Where the PUSH20 placeholders are: each 0x73 followed by 20 zero bytes, in order. */
export function placeholderOffsets(code: Uint8Array): number[] {
  const at: number[] = [];
  for (let i = 0; i < code.length; i++) {
    const o = code[i]!;
    if (o === 0x73 && i + 20 < code.length && code.subarray(i + 1, i + 21).every((b) => b === 0))
      at.push(i + 1);
    if (o >= 0x60 && o <= 0x7f) i += o - 0x5f;
  }
  return at;
}

/** Init code that returns `runtime` as the contract's code. */
export function deployerOf(runtime: Uint8Array): Uint8Array {
  const n = runtime.length;
  const h = (v: number) => v.toString(16).padStart(4, "0");
  const prefix = hex(`61${h(n)}600e60003961${h(n)}6000f3`);
  const code = new Uint8Array(prefix.length + n);
  code.set(prefix);
  code.set(runtime, prefix.length);
  return code;
}
