/** TRON addresses in the three spellings the explorer meets: Base58Check `T…`, `41…` hex, `0x…` hex. */
import { sha256 } from "@noble/hashes/sha2.js";
import { base58check } from "@scure/base";

const codec = base58check(sha256);

export function hexToBytes(hex: string): Uint8Array {
  const clean = hex.startsWith("0x") ? hex.slice(2) : hex;
  const out = new Uint8Array(clean.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(clean.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) out += b.toString(16).padStart(2, "0");
  return out;
}

/** `41…` hex (or 20-byte hex) → Base58Check. */
export function toBase58(hex: string): string {
  const clean = hex.replace(/^0x/, "");
  const full = clean.length === 40 ? `41${clean}` : clean;
  return codec.encode(hexToBytes(full));
}

/** Base58Check → `41…` hex; undefined when the text is no TRON address. */
export function base58ToHex(text: string): string | undefined {
  try {
    const bytes = codec.decode(text);
    return bytes.length === 21 && bytes[0] === 0x41 ? bytesToHex(bytes) : undefined;
  } catch {
    return undefined;
  }
}

/** Any spelling → Base58Check; undefined when it is none of them. */
export function normalizeAddress(text: string): string | undefined {
  const t = text.trim();
  if (/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(t)) return base58ToHex(t) ? t : undefined;
  if (/^41[0-9a-fA-F]{40}$/.test(t)) return toBase58(t.toLowerCase());
  if (/^0x[0-9a-fA-F]{40}$/.test(t)) return toBase58(`41${t.slice(2).toLowerCase()}`);
  return undefined;
}
