/**
 * Hardhat's `console.log` as contracts call it: a static call to the console address
 * (`0x000000000000000000636F6e736F6c652e6c6f67`, "console.log" in ASCII) whose call data is an ABI
 * call of one of console.sol's functions. TronBox's `tronbox/console.sol` calls the same address
 * with the same selectors. This module knows every selector, including the legacy ones whose
 * signatures were hashed with `uint` / `int` instead of `uint256` / `int256`, and decodes the
 * arguments into readable values.
 */
import { addressToBase58 } from "../crypto/address.js";
import { bytesToHex, utf8Decode } from "../crypto/bytes.js";
import { keccak256 } from "../crypto/hash.js";

/** The console address as TRON writes it (0x41 prefix). */
export const CONSOLE_ADDRESS_HEX = "41000000000000000000636f6e736f6c652e6c6f67";

/** One decoded argument: its Solidity type and its readable text. */
export interface ConsoleLogValue {
  readonly type: string;
  /** Decimal for integers, `true`/`false`, Base58Check for addresses, 0x-hex for bytes, the string itself. */
  readonly text: string;
}

/** console.sol's single-argument types (`log(T)`, also behind `logInt`, `logUint`, `logBytes1`, …). */
const SINGLE = [
  "uint256",
  "int256",
  "string",
  "bool",
  "address",
  "bytes",
  ...Array.from({ length: 32 }, (_, i) => `bytes${i + 1}`),
];
/** The types console.sol's `log` overloads combine, two to four at a time. */
const COMBINED = ["uint256", "string", "bool", "address"];

/** Every console.sol signature's argument types: `log()`, `log(T)`, and the 2-, 3- and 4-type combinations. */
function signatures(): string[][] {
  const out: string[][] = [[], ...SINGLE.map((type) => [type])];
  let combined: string[][] = [[]];
  for (let n = 1; n <= 4; n++) {
    combined = combined.flatMap((prefix) => COMBINED.map((type) => [...prefix, type]));
    if (n >= 2) out.push(...combined);
  }
  return out;
}

let selectors: Map<string, readonly string[]> | undefined;

/** selector (8 hex) → argument types, the canonical and the legacy `uint`/`int` spellings. */
function selectorTable(): Map<string, readonly string[]> {
  if (selectors !== undefined) return selectors;
  const table = new Map<string, readonly string[]>();
  const add = (text: string, types: readonly string[]) =>
    table.set(bytesToHex(keccak256(new TextEncoder().encode(text)).subarray(0, 4)), types);
  for (const types of signatures()) {
    add(`log(${types.join(",")})`, types);
    // older console.sol versions hashed their signatures with `uint` / `int`
    const legacy = types.map((t) => (t === "uint256" ? "uint" : t === "int256" ? "int" : t));
    if (legacy.some((t, i) => t !== types[i])) add(`log(${legacy.join(",")})`, types);
  }
  selectors = table;
  return table;
}

function word(body: Uint8Array, offset: number): Uint8Array | undefined {
  return offset >= 0 && offset + 32 <= body.length ? body.subarray(offset, offset + 32) : undefined;
}

function uintOf(bytes: Uint8Array): bigint {
  return BigInt(`0x${bytesToHex(bytes) || "0"}`);
}

/** A dynamic argument's bytes (string, bytes) from its head word's offset. */
function dynamicAt(body: Uint8Array, head: Uint8Array): Uint8Array | undefined {
  const offset = uintOf(head);
  if (offset > BigInt(body.length)) return undefined;
  const length = word(body, Number(offset));
  if (length === undefined) return undefined;
  const size = uintOf(length);
  const start = Number(offset) + 32;
  if (BigInt(start) + size > BigInt(body.length)) return undefined;
  return body.subarray(start, start + Number(size));
}

function argumentText(type: string, body: Uint8Array, head: Uint8Array): string | undefined {
  switch (type) {
    case "uint256":
      return uintOf(head).toString();
    case "int256": {
      const n = uintOf(head);
      return (n >= 1n << 255n ? n - (1n << 256n) : n).toString();
    }
    case "bool":
      return uintOf(head) === 0n ? "false" : "true";
    case "address":
      return addressToBase58(Uint8Array.of(0x41, ...head.subarray(12)));
    case "string": {
      const bytes = dynamicAt(body, head);
      return bytes === undefined ? undefined : utf8Decode(bytes);
    }
    case "bytes": {
      const bytes = dynamicAt(body, head);
      return bytes === undefined ? undefined : `0x${bytesToHex(bytes)}`;
    }
    default: {
      const size = Number(type.slice(5));
      return `0x${bytesToHex(head.subarray(0, size))}`;
    }
  }
}

/**
 * The arguments of a console.log call, decoded; undefined when the data is no known console.sol
 * call or its arguments are malformed.
 */
export function decodeConsoleLog(data: Uint8Array): ConsoleLogValue[] | undefined {
  if (data.length < 4) return undefined;
  const types = selectorTable().get(bytesToHex(data.subarray(0, 4)));
  if (types === undefined) return undefined;
  const body = data.subarray(4);
  const values: ConsoleLogValue[] = [];
  for (let i = 0; i < types.length; i++) {
    const head = word(body, i * 32);
    if (head === undefined) return undefined;
    const text = argumentText(types[i]!, body, head);
    if (text === undefined) return undefined;
    values.push({ type: types[i]!, text });
  }
  return values;
}

/** How many selectors the decoder knows (canonical and legacy spellings). */
export function consoleLogSelectorCount(): number {
  return selectorTable().size;
}
