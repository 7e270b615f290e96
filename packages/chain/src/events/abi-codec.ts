/**
 * The Solidity ABI: decoding of event data (for the event API) and encoding of call arguments
 * (for the test kit's contract calls), over the types a TRON ABI names (uintN, intN,
 * address, bool, bytesN, bytes, string, fixed and dynamic arrays, tuples written `(a,b)`). As the
 * decoder the event API used before (ethers' AbiCoder): integers are masked to their width and a
 * bool is any non-zero word, while an offset or a (padded) length out of range, an address wider
 * than 20 bytes, or text that is not UTF-8 throws, so a log that does not fit its ABI stays
 * undecoded. Values come out as the event API prints them: integers as bigint, addresses and bytes
 * as lowercase `0x` hex.
 */
import { bytesToHex, concatBytes, decodeAddress, hexToBytes } from "@tronode/engine/internal";

/** A decoded ABI value. */
export type AbiValue = bigint | boolean | string | readonly AbiValue[];

type AbiType =
  | { readonly kind: "uint" | "int"; readonly bits: number }
  | { readonly kind: "address" | "bool" | "bytes" | "string" }
  | { readonly kind: "fixedBytes"; readonly size: number }
  | { readonly kind: "array"; readonly item: AbiType; readonly length: number | undefined }
  | { readonly kind: "tuple"; readonly items: readonly AbiType[] };

const WORD = 32;
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The canonical form of a type for a signature (`uint` → `uint256`, tuples as `(…)`). */
export function canonicalType(type: string): string {
  return canonicalOf(parseType(type));
}

/** Decodes `data` as the tuple of `types`. Throws when the data does not fit. */
export function decodeAbi(types: readonly string[], data: Uint8Array): AbiValue[] {
  return decodeSequence(types.map(parseType), data, 0);
}

function parseType(text: string): AbiType {
  const type = text.trim();
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array && balanced(array[1]!)) {
    return {
      kind: "array",
      item: parseType(array[1]!),
      length: array[2] === "" ? undefined : Number(array[2]),
    };
  }
  if (type.startsWith("(") && type.endsWith(")")) {
    return { kind: "tuple", items: splitTop(type.slice(1, -1)).map(parseType) };
  }
  if (type.startsWith("tuple(") && type.endsWith(")")) {
    return { kind: "tuple", items: splitTop(type.slice(6, -1)).map(parseType) };
  }
  if (type === "address" || type === "bool" || type === "bytes" || type === "string") return { kind: type };
  // TRON's ABI names trcToken where the EVM has a uint256
  if (type === "trcToken") return { kind: "uint", bits: 256 };
  const int = /^(u?int)(\d*)$/.exec(type);
  if (int) {
    const bits = int[2] === "" ? 256 : Number(int[2]);
    if (bits % 8 !== 0 || bits < 8 || bits > 256) throw new Error(`invalid ABI type ${type}`);
    return { kind: int[1] === "uint" ? "uint" : "int", bits };
  }
  const fixed = /^bytes(\d+)$/.exec(type);
  if (fixed) {
    const size = Number(fixed[1]);
    if (size < 1 || size > 32) throw new Error(`invalid ABI type ${type}`);
    return { kind: "fixedBytes", size };
  }
  throw new Error(`invalid ABI type ${type}`);
}

/** Whether the parentheses in `text` balance (so a trailing `[..]` belongs to the whole). */
function balanced(text: string): boolean {
  let depth = 0;
  for (const c of text) {
    if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** Splits a tuple's inside at its top-level commas. */
function splitTop(inner: string): string[] {
  if (inner.trim() === "") return [];
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === "," && depth === 0) {
      parts.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(inner.slice(start));
  return parts;
}

function canonicalOf(type: AbiType): string {
  switch (type.kind) {
    case "uint":
    case "int":
      return `${type.kind}${type.bits}`;
    case "fixedBytes":
      return `bytes${type.size}`;
    case "array":
      return `${canonicalOf(type.item)}[${type.length ?? ""}]`;
    case "tuple":
      return `(${type.items.map(canonicalOf).join(",")})`;
    default:
      return type.kind;
  }
}

function isDynamic(type: AbiType): boolean {
  if (type.kind === "bytes" || type.kind === "string") return true;
  if (type.kind === "array") return type.length === undefined || isDynamic(type.item);
  if (type.kind === "tuple") return type.items.some(isDynamic);
  return false;
}

/** Bytes a static type takes in its head. */
function headSize(type: AbiType): number {
  if (type.kind === "array" && type.length !== undefined && !isDynamic(type))
    return type.length * headSize(type.item);
  if (type.kind === "tuple" && !isDynamic(type)) return type.items.reduce((n, t) => n + headSize(t), 0);
  return WORD;
}

function word(data: Uint8Array, at: number): bigint {
  if (at < 0 || at + WORD > data.length) throw new Error("ABI data too short");
  return BigInt(`0x${bytesToHex(data.subarray(at, at + WORD))}`);
}

function smallNumber(data: Uint8Array, at: number): number {
  const value = word(data, at);
  if (value > BigInt(data.length)) throw new Error("ABI offset or length out of range");
  return Number(value);
}

function decodeStatic(type: AbiType, data: Uint8Array, at: number): AbiValue {
  switch (type.kind) {
    case "uint":
      return BigInt.asUintN(type.bits, word(data, at));
    case "int":
      return BigInt.asIntN(type.bits, word(data, at));
    case "address": {
      if (word(data, at) >> 160n !== 0n) throw new Error("ABI address wider than 20 bytes");
      return `0x${bytesToHex(data.subarray(at + 12, at + WORD))}`;
    }
    case "bool":
      return word(data, at) !== 0n;
    case "fixedBytes":
      word(data, at);
      return `0x${bytesToHex(data.subarray(at, at + type.size))}`;
    case "array":
      return decodeSequence(Array(type.length!).fill(type.item), data, at);
    case "tuple":
      return decodeSequence(type.items, data, at);
    default:
      throw new Error(`${type.kind} is not static`);
  }
}

function decodeTail(type: AbiType, data: Uint8Array, at: number): AbiValue {
  switch (type.kind) {
    case "bytes":
    case "string": {
      const length = smallNumber(data, at);
      const start = at + WORD;
      if (start + Math.ceil(length / WORD) * WORD > data.length) throw new Error("ABI bytes out of range");
      const bytes = data.subarray(start, start + length);
      return type.kind === "bytes" ? `0x${bytesToHex(bytes)}` : utf8.decode(bytes);
    }
    case "array": {
      if (type.length !== undefined) return decodeSequence(Array(type.length).fill(type.item), data, at);
      const length = smallNumber(data, at);
      return decodeSequence(Array(length).fill(type.item), data, at + WORD);
    }
    case "tuple":
      return decodeSequence(type.items, data, at);
    default:
      return decodeStatic(type, data, at);
  }
}

/** A tuple's (or array's) items whose heads start at `base`; dynamic items' offsets count from `base`. */
function decodeSequence(items: readonly AbiType[], data: Uint8Array, base: number): AbiValue[] {
  const values: AbiValue[] = [];
  let at = base;
  for (const item of items) {
    values.push(
      isDynamic(item) ? decodeTail(item, data, base + smallNumber(data, at)) : decodeStatic(item, data, at),
    );
    at += isDynamic(item) ? WORD : headSize(item);
  }
  return values;
}

/** A value `encodeAbi` takes: integers as bigint (or number), addresses and bytes as hex, arrays and tuples as arrays. */
export type AbiInput = bigint | number | boolean | string | Uint8Array | readonly AbiInput[];

/**
 * Encodes `values` as the tuple of `types` (a call's arguments, a constructor's): addresses in any
 * TRON spelling are written as their 20-byte EVM form. Throws on a value that does not fit its type.
 */
export function encodeAbi(types: readonly string[], values: readonly AbiInput[]): Uint8Array {
  const items = types.map(parseType);
  if (items.length !== values.length)
    throw new Error(`expected ${items.length} ABI values, got ${values.length}`);
  return concatBytes(...encodeSequence(items, values));
}

function encodeSequence(items: readonly AbiType[], values: readonly AbiInput[]): Uint8Array[] {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailOffset = items.reduce((n, item) => n + (isDynamic(item) ? WORD : headSize(item)), 0);
  items.forEach((item, i) => {
    const encoded = encodeValue(item, values[i]!);
    if (isDynamic(item)) {
      heads.push(uintWord(BigInt(tailOffset)));
      tails.push(encoded);
      tailOffset += encoded.length;
    } else heads.push(encoded);
  });
  return [...heads, ...tails];
}

function encodeValue(type: AbiType, value: AbiInput): Uint8Array {
  switch (type.kind) {
    case "uint": {
      const n = BigInt(value as bigint | number);
      if (n < 0n || n >> BigInt(type.bits) !== 0n) throw new Error(`${n} does not fit uint${type.bits}`);
      return uintWord(n);
    }
    case "int": {
      const n = BigInt(value as bigint | number);
      if (BigInt.asIntN(type.bits, n) !== n) throw new Error(`${n} does not fit int${type.bits}`);
      return uintWord(BigInt.asUintN(256, n));
    }
    case "bool":
      return uintWord(value ? 1n : 0n);
    case "address": {
      const bytes = addressBytes(value);
      const word = new Uint8Array(WORD);
      word.set(bytes, WORD - 20);
      return word;
    }
    case "fixedBytes": {
      const bytes = bytesOf(value);
      if (bytes.length !== type.size)
        throw new Error(`bytes${type.size} takes ${type.size} bytes, got ${bytes.length}`);
      const word = new Uint8Array(WORD);
      word.set(bytes);
      return word;
    }
    case "bytes":
    case "string": {
      const bytes = type.kind === "string" ? new TextEncoder().encode(String(value)) : bytesOf(value);
      const padded = new Uint8Array(Math.ceil(bytes.length / WORD) * WORD);
      padded.set(bytes);
      return concatBytes(...[uintWord(BigInt(bytes.length)), padded]);
    }
    case "array": {
      const list = value as readonly AbiInput[];
      if (type.length !== undefined && list.length !== type.length)
        throw new Error(`expected ${type.length} items, got ${list.length}`);
      const body = concatBytes(...encodeSequence(Array(list.length).fill(type.item), list));
      return type.length === undefined ? concatBytes(...[uintWord(BigInt(list.length)), body]) : body;
    }
    case "tuple":
      return concatBytes(...encodeSequence(type.items, value as readonly AbiInput[]));
  }
}

function uintWord(n: bigint): Uint8Array {
  return hexToBytes(n.toString(16).padStart(64, "0"));
}

function bytesOf(value: AbiInput): Uint8Array {
  if (value instanceof Uint8Array) return value;
  return hexToBytes(String(value).replace(/^0x/, ""));
}

/** The 20-byte EVM form of a TRON address in any spelling (T…, 41…, 0x…, bytes). */
function addressBytes(value: AbiInput): Uint8Array {
  if (value instanceof Uint8Array) return value.length === 21 ? value.subarray(1) : value;
  const text = String(value);
  if (text.startsWith("T")) return decodeAddress(text).subarray(1);
  const hex = text.replace(/^0x/, "");
  return hexToBytes(hex.length === 42 ? hex.slice(2) : hex);
}
