import { concatBytes } from "../crypto/bytes.js";
/**
 * Sapling's Pedersen hash (Zcash protocol spec §5.4.1.7) over the `Zcash_PH` bases I_i.
 *
 * Bits are 3-bit chunks, 63 chunks a segment; chunk j of a segment adds ±(1 + s0 + 2·s1)·2^(4j)·I_i.
 * Each base gets a table of those 63×4 multiples on first use, so a hash is one point addition per
 * chunk instead of a scalar multiplication per segment (as librustzcash's window tables do).
 */

import { jubjub_findGroupHash } from "@noble/curves/misc.js";
import { ascii, extractU, JubjubPoint } from "./jubjub.js";

const CHUNKS_PER_SEGMENT = 63;

type BaseTable = JubjubPoint[][];
const baseTables: BaseTable[] = [];

function pedersenBase(index: number): JubjubPoint {
  const tag = new Uint8Array(4);
  new DataView(tag.buffer).setUint32(0, index, true);
  return jubjub_findGroupHash(tag, ascii("Zcash_PH"));
}

function tableFor(segment: number): BaseTable {
  let table = baseTables[segment];
  if (!table) {
    table = [];
    let base = pedersenBase(segment);
    for (let j = 0; j < CHUNKS_PER_SEGMENT; j++) {
      const row: JubjubPoint[] = [base];
      for (let k = 1; k < 4; k++) row.push(row[k - 1]!.add(base));
      table.push(row);
      base = base.double().double().double().double();
    }
    baseTables[segment] = table;
  }
  return table;
}

/** A bit string: one 0/1 entry per bit. */
export type Bits = Uint8Array;

/** LEOS2BSP: each byte's least significant bit first. */
export function bytesToBitsLE(bytes: Uint8Array, bitLength = bytes.length * 8): Bits {
  const bits = new Uint8Array(bitLength);
  for (let i = 0; i < bitLength; i++) bits[i] = (bytes[i >> 3]! >> (i & 7)) & 1;
  return bits;
}

/** I2LEBSP: the `length` low bits of `value`, least significant first. */
export function integerToBitsLE(value: bigint, length: number): Bits {
  const bits = new Uint8Array(length);
  let v = value;
  for (let i = 0; i < length; i++) {
    bits[i] = Number(v & 1n);
    v >>= 1n;
  }
  return bits;
}

/** Bits are one per byte, so concatenating them is concatenating bytes. */
export const concatBits: (...parts: Bits[]) => Bits = concatBytes;

export function pedersenHashToPoint(bits: Bits): JubjubPoint {
  let acc = JubjubPoint.ZERO;
  const chunks = Math.ceil(bits.length / 3);
  for (let c = 0; c < chunks; c++) {
    const segment = Math.floor(c / CHUNKS_PER_SEGMENT);
    const j = c % CHUNKS_PER_SEGMENT;
    const s0 = bits[3 * c] ?? 0;
    const s1 = bits[3 * c + 1] ?? 0;
    const s2 = bits[3 * c + 2] ?? 0;
    const term = tableFor(segment)[j]![s0 + 2 * s1]!;
    acc = s2 ? acc.subtract(term) : acc.add(term);
  }
  return acc;
}

/** The Pedersen hash proper: extract_J of the point, 32 bytes. */
export function pedersenHash(bits: Bits): Uint8Array {
  return extractU(pedersenHashToPoint(bits));
}
