/**
 * Random TRON-shaped values for encoder equivalence tests.
 *
 * int64 values are drawn so that they are exactly representable as JS numbers: TronWeb (and
 * google-protobuf JS) carries int64 as `number`, so only such values can be compared bit for bit.
 * The draw still covers 0, ±1, small values, the safe-integer range, values up to ±2^63 and both
 * ends of the int64 range (-2^63 and 2^63-1024, the largest double below 2^63).
 */
import { create, type DescField, type DescMessage, ScalarType } from "@bufbuild/protobuf";
import type { Prng } from "./prng.js";

const TWO_63 = 1n << 63n;

export function int64(r: Prng): bigint {
  switch (r.int(10)) {
    case 0:
      return 0n;
    case 1:
      return r.pick([1n, -1n, 2n, 127n, 128n, 255n, 16383n, 16384n]);
    case 2:
      return BigInt(r.range(0, 1_000_000));
    case 3:
      return BigInt(r.range(-Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));
    case 4:
      return r.pick([-TWO_63, TWO_63 - 1024n, -(TWO_63 - 1024n), 1n << 53n, -(1n << 53n), 1n << 62n]);
    case 5:
      return BigInt(r.range(1_500_000_000_000, 2_100_000_000_000)); // ms timestamps
    default: {
      // a random double-representable integer of random magnitude
      const bits = r.range(1, 63);
      const mag = r.u64() & ((1n << BigInt(bits)) - 1n);
      const v = r.bool() ? mag : -mag;
      return representable(v);
    }
  }
}

/** Rounds to the nearest JS-number-representable int64 (clamped below 2^63). */
export function representable(v: bigint): bigint {
  let out = BigInt(Number(v));
  if (out >= TWO_63) out = TWO_63 - 1024n;
  if (out < -TWO_63) out = -TWO_63;
  return out;
}

export function int32(r: Prng): number {
  switch (r.int(5)) {
    case 0:
      return 0;
    case 1:
      return r.range(1, 100);
    case 2:
      return r.pick([-1, 2147483647, -2147483648, 127, 128]);
    default:
      return (r.u32() | 0) as number;
  }
}

/** A 21-byte TRON address (0x41 prefix); now and then empty, rarely of another length. */
export function address(r: Prng): Uint8Array {
  const k = r.int(40);
  if (k === 0) return new Uint8Array();
  if (k === 1) return r.bytes(r.range(1, 30));
  const a = r.bytes(21);
  a[0] = 0x41;
  return a;
}

const ALPHABET = ["a", "b", "Z", "0", "9", " ", "_", "-", "é", "ß", "中", "文", "😀", "\u0000", "\n", "~"];

/** Random well-formed text (never lone surrogates: encoders may repair those differently). */
export function text(r: Prng, max = 12): string {
  let s = "";
  const n = r.range(0, max);
  for (let i = 0; i < n; i++) s += r.pick(ALPHABET);
  return s;
}

export function blob(r: Prng, max = 40): Uint8Array {
  switch (r.int(4)) {
    case 0:
      return new Uint8Array();
    case 1:
      return new TextEncoder().encode(text(r));
    default:
      return r.bytes(r.range(1, max));
  }
}

export function hex(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString("hex");
}

export function fromHex(h: string): Uint8Array {
  return new Uint8Array(Buffer.from(h.replace(/^0x/, ""), "hex"));
}

/**
 * A message of `desc` with every field randomly absent/zero or filled (recursively).
 * Multi-entry int64-keyed maps use keys 10..99: protobuf-es writes integer-like keys in
 * ascending numeric order and google-protobuf JS in ascending *string* order; with keys of equal
 * digit count the two orders coincide (the difference itself is covered by a dedicated test).
 */
// biome-ignore lint/suspicious/noExplicitAny: generic reflection over generated messages
export function randomMessage(desc: DescMessage, r: Prng, depth = 0): any {
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const init: Record<string, any> = {};
  for (const f of desc.fields) {
    if (r.bool(0.25)) continue; // leave at default
    const v = randomField(f, r, depth);
    if (v !== undefined) init[f.localName] = v;
  }
  return create(desc, init);
}

function randomScalar(type: ScalarType, r: Prng): unknown {
  switch (type) {
    case ScalarType.INT64:
    case ScalarType.SINT64:
    case ScalarType.SFIXED64:
      return int64(r);
    case ScalarType.UINT64:
    case ScalarType.FIXED64: {
      const v = int64(r);
      return v < 0n ? -v : v;
    }
    case ScalarType.INT32:
    case ScalarType.SINT32:
    case ScalarType.SFIXED32:
      return int32(r);
    case ScalarType.UINT32:
    case ScalarType.FIXED32:
      return r.u32();
    case ScalarType.BOOL:
      return r.bool();
    case ScalarType.STRING:
      return text(r);
    case ScalarType.BYTES:
      return r.bool(0.4) ? address(r) : blob(r);
    case ScalarType.DOUBLE:
    case ScalarType.FLOAT:
      return r.range(-1000, 1000) / 8;
  }
}

function randomEnum(values: readonly { number: number }[], r: Prng): number {
  return r.pick(values).number;
}

function randomField(f: DescField, r: Prng, depth: number): unknown {
  switch (f.fieldKind) {
    case "scalar":
      return randomScalar(f.scalar, r);
    case "enum":
      return randomEnum(f.enum.values, r);
    case "message":
      return depth > 4 ? undefined : randomMessage(f.message, r, depth + 1);
    case "list": {
      const n = depth > 4 ? 0 : r.range(0, 3);
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) {
        if (f.listKind === "message") out.push(randomMessage(f.message, r, depth + 1));
        else if (f.listKind === "enum") out.push(randomEnum(f.enum.values, r));
        else out.push(randomScalar(f.scalar, r));
      }
      return out;
    }
    case "map": {
      const n = r.range(0, 4);
      const out: Record<string, unknown> = {};
      const keys = new Set<string>();
      while (keys.size < n) {
        if (n === 1) keys.add(String(randomScalar(f.mapKey, r)));
        else keys.add(String(r.range(10, 99)));
      }
      for (const k of keys) {
        out[k] =
          f.mapKind === "message"
            ? randomMessage(f.message, r, depth + 1)
            : f.mapKind === "enum"
              ? randomEnum(f.enum.values, r)
              : randomScalar(f.scalar, r);
      }
      return out;
    }
  }
}

/** Top-level wire records (tag + payload) of an encoded message, in wire order. */
export function wireRecords(bytes: Uint8Array): { field: number; hex: string }[] {
  const out: { field: number; hex: string }[] = [];
  let pos = 0;
  const varint = (): bigint => {
    let v = 0n;
    let shift = 0n;
    for (;;) {
      if (pos >= bytes.length) throw new Error("truncated varint");
      const b = bytes[pos++];
      v |= BigInt(b & 0x7f) << shift;
      if ((b & 0x80) === 0) return v;
      shift += 7n;
    }
  };
  while (pos < bytes.length) {
    const start = pos;
    const tag = Number(varint());
    switch (tag & 7) {
      case 0:
        varint();
        break;
      case 1:
        pos += 8;
        break;
      case 2: {
        const length = Number(varint()); // read before adding: `pos += f()` would use the old pos
        pos += length;
        break;
      }
      case 5:
        pos += 4;
        break;
      default:
        throw new Error(`unexpected wire type ${tag & 7}`);
    }
    if (pos > bytes.length) throw new Error("truncated record");
    out.push({ field: tag >>> 3, hex: hex(bytes.subarray(start, pos)) });
  }
  return out;
}
