/**
 * Just enough of the Solidity ABI for the explorer: function selectors, decoding call data, return
 * data and revert reasons, encoding the arguments of a read function. Types: (u)int<N>, address
 * (shown in Base58), bool, bytes<N>, bytes, string, trcToken, and one-dimensional arrays of them;
 * a tuple is shown as raw words.
 */
import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, hexToBytes, toBase58 } from "./address.js";

export interface AbiParam {
  readonly name?: string;
  readonly type: string;
  readonly indexed?: boolean;
}

export interface AbiEntry {
  readonly type?: string;
  readonly name?: string;
  readonly inputs?: readonly AbiParam[];
  readonly outputs?: readonly AbiParam[];
  readonly stateMutability?: string;
  readonly constant?: boolean;
}

export interface Decoded {
  readonly name: string;
  readonly type: string;
  readonly value: string;
}

const canonical = (type: string) =>
  type
    .replace(/\btrcToken\b/g, "uint256")
    .replace(/^uint(\[|$)/, "uint256$1")
    .replace(/^int(\[|$)/, "int256$1");

export function signatureOf(entry: AbiEntry): string {
  return `${entry.name ?? ""}(${(entry.inputs ?? []).map((p) => canonical(p.type)).join(",")})`;
}

export function selectorOf(entry: AbiEntry): string {
  return bytesToHex(keccak_256(new TextEncoder().encode(signatureOf(entry))).subarray(0, 4));
}

export const isFunction = (e: AbiEntry) => (e.type ?? "function").toLowerCase() === "function";
export const isRead = (e: AbiEntry) =>
  isFunction(e) && (e.constant === true || /^(view|pure)$/i.test(e.stateMutability ?? ""));

function word(data: Uint8Array, at: number): Uint8Array {
  if (at + 32 > data.length) throw new Error("short data");
  return data.subarray(at, at + 32);
}

const toBig = (bytes: Uint8Array) => BigInt(`0x${bytesToHex(bytes) || "0"}`);

function isDynamic(type: string): boolean {
  return type === "string" || type === "bytes" || type.endsWith("[]");
}

function decodeStatic(type: string, w: Uint8Array): string {
  const t = canonical(type);
  if (t === "address") return toBase58(bytesToHex(w.subarray(12)));
  if (t === "bool") return toBig(w) === 0n ? "false" : "true";
  if (/^uint\d*$/.test(t)) return toBig(w).toString();
  if (/^int\d*$/.test(t)) return BigInt.asIntN(256, toBig(w)).toString();
  const fixed = /^bytes(\d+)$/.exec(t);
  if (fixed) return `0x${bytesToHex(w.subarray(0, Number(fixed[1])))}`;
  return `0x${bytesToHex(w)}`;
}

function decodeAt(type: string, data: Uint8Array, head: number, base: number): string {
  if (!isDynamic(type)) return decodeStatic(type, word(data, head));
  const offset = base + Number(toBig(word(data, head)));
  const length = Number(toBig(word(data, offset)));
  if (type === "string") return new TextDecoder().decode(data.subarray(offset + 32, offset + 32 + length));
  if (type === "bytes") return `0x${bytesToHex(data.subarray(offset + 32, offset + 32 + length))}`;
  const inner = type.slice(0, -2);
  const items: string[] = [];
  for (let i = 0; i < length; i++) items.push(decodeAt(inner, data, offset + 32 + i * 32, offset + 32));
  return `[${items.join(", ")}]`;
}

/** Decodes ABI-encoded values (call arguments without the selector, or return data). */
export function decodeValues(params: readonly AbiParam[], data: Uint8Array): Decoded[] {
  return params.map((p, i) => ({
    name: p.name ?? "",
    type: p.type,
    value: decodeAt(p.type, data, i * 32, 0),
  }));
}

/** The function a call's data names in the ABI, with its arguments; undefined when none matches. */
export function decodeCall(
  abi: readonly AbiEntry[],
  dataHex: string,
): { entry: AbiEntry; signature: string; args: Decoded[] } | undefined {
  const data = hexToBytes(dataHex);
  if (data.length < 4) return undefined;
  const selector = bytesToHex(data.subarray(0, 4));
  const entry = abi.find((e) => isFunction(e) && e.name && selectorOf(e) === selector);
  if (!entry) return undefined;
  try {
    return { entry, signature: signatureOf(entry), args: decodeValues(entry.inputs ?? [], data.subarray(4)) };
  } catch {
    return { entry, signature: signatureOf(entry), args: [] };
  }
}

const PANICS: Record<string, string> = {
  "1": "assertion failed",
  "17": "arithmetic overflow or underflow",
  "18": "division or modulo by zero",
  "33": "invalid enum value",
  "34": "invalid storage byte array",
  "49": "pop on an empty array",
  "50": "array index out of bounds",
  "65": "out of memory",
  "81": "call to an invalid internal function",
};

/** `Error(string)` → its text, `Panic(uint256)` → its meaning; undefined for anything else. */
export function decodeRevert(hex: string): string | undefined {
  const data = hexToBytes(hex);
  const selector = bytesToHex(data.subarray(0, 4));
  try {
    if (selector === "08c379a0") return decodeValues([{ type: "string" }], data.subarray(4))[0]!.value;
    if (selector === "4e487b71") {
      const code = decodeValues([{ type: "uint256" }], data.subarray(4))[0]!.value;
      return `Panic(${code}): ${PANICS[code] ?? "unknown panic"}`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

function encodeStatic(type: string, text: string): Uint8Array {
  const t = canonical(type);
  const out = new Uint8Array(32);
  if (t === "address") {
    const hex = text.trim();
    out.set(hexToBytes(hex).subarray(-20), 12);
    return out;
  }
  if (t === "bool") {
    out[31] = /^(true|1)$/i.test(text.trim()) ? 1 : 0;
    return out;
  }
  if (/^u?int\d*$/.test(t)) {
    const value = BigInt.asUintN(256, BigInt(text.trim()));
    out.set(hexToBytes(value.toString(16).padStart(64, "0")));
    return out;
  }
  const fixed = /^bytes(\d+)$/.exec(t);
  if (fixed) {
    out.set(hexToBytes(text.trim()).subarray(0, Number(fixed[1])));
    return out;
  }
  throw new Error(`cannot encode ${type}`);
}

/**
 * Encodes read-function arguments typed in a form (addresses already as `41…` hex, see the caller):
 * static types and `string` / `bytes`; arrays are refused.
 */
export function encodeArguments(params: readonly AbiParam[], values: readonly string[]): string {
  const heads: Uint8Array[] = [];
  const tails: Uint8Array[] = [];
  let tailSize = params.length * 32;
  params.forEach((p, i) => {
    const text = values[i] ?? "";
    if (p.type === "string" || p.type === "bytes") {
      const bytes = p.type === "string" ? new TextEncoder().encode(text) : hexToBytes(text.trim());
      const padded = new Uint8Array(32 + Math.ceil(bytes.length / 32) * 32);
      padded.set(encodeStatic("uint256", String(bytes.length)));
      padded.set(bytes, 32);
      heads.push(encodeStatic("uint256", String(tailSize)));
      tails.push(padded);
      tailSize += padded.length;
    } else if (p.type.endsWith("]")) {
      throw new Error(`array arguments (${p.type}) are not supported here`);
    } else {
      heads.push(encodeStatic(p.type, text));
    }
  });
  return [...heads, ...tails].map(bytesToHex).join("");
}
