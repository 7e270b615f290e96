import { randomBytes } from "node:crypto";
import { bytesToHex, randomPrivateKey, type SignatureRecoverer } from "@tronode/engine/internal";

export const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
export const GX = 0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798n;

export const random = (n: number): Uint8Array => new Uint8Array(randomBytes(n));
export const newKey = (): Uint8Array => randomPrivateKey(random);

export function be32(value: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let v = value;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(v & 0xffn);
    v >>= 8n;
  }
  return out;
}

export function toBig(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt(`0x${bytesToHex(bytes)}`);
}

export function makeSignature(r: bigint, s: bigint, v: number): Uint8Array {
  const sig = new Uint8Array(65);
  sig.set(be32(r), 0);
  sig.set(be32(s), 32);
  sig[64] = v & 0xff;
  return sig;
}

export type Outcome = { address: string } | { error: { code: string; message: string } };

/** What a recoverer does with one input, as comparable data. */
export function outcome(recoverer: SignatureRecoverer, hash: Uint8Array, signature: Uint8Array): Outcome {
  try {
    return { address: bytesToHex(recoverer.recoverAddress(hash, signature)) };
  } catch (error) {
    const e = error as { name?: string; code?: string; message: string };
    if (e.name !== "TronodeError") throw error;
    return { error: { code: e.code!, message: e.message } };
  }
}
