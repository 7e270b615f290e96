/**
 * The shielded TRC-20 precompiles (java-tron's PrecompiledContracts VerifyMintProof,
 * VerifyTransferProof, VerifyBurnProof, MerkleHash) as pure functions for the TVM to call.
 *
 * They exist only while ALLOW_SHIELDED_TRC20_TRANSACTION is on (`shieldedPrecompileAt`). Each takes
 * the call data and answers `{ success, output }` exactly as java-tron's `Pair<Boolean, byte[]>`:
 * the verifiers always succeed and answer a 32-byte zero word on any failure (bad size, bad
 * encoding, failed check, out-of-range offsets: java-tron catches every exception); MerkleHash
 * fails the call (success false, empty output) on bad input.
 *
 * Spend proofs need TRON's spend verifying key, which this node does not have (verifying-keys.ts).
 * Every check that needs no key runs first; when they all pass and only the spend proof decides,
 * transfer and burn throw TronodeError SHIELDED_SPEND_VK_UNAVAILABLE. The TVM must let that error
 * refuse the transaction (or constant call) as a whole — never turn it into a zero word or a one,
 * which would be a verdict java-tron might not give.
 *
 * Call-data layouts (all words 32 bytes, integers big-endian, read as DataWord.longValueSafe /
 * intValueSafe: values that do not fit become Long/Integer.MAX_VALUE; a word that runs past the
 * end is zero-padded on the right, as ByteUtil.parseBytes):
 *
 * verifyMintProof (0x1000001), exactly 1 504 bytes:
 *   [0,32) cm · [32,64) cv · [64,96) epk · [96,288) proof · [288,352) bindingSig ·
 *   [352,384) value · [384,416) signHash · [416,1472) frontier[33] · [1472,1504) leafCount
 *   check_output + final_check(valueBalance = −value); leafCount ≥ 2^32 → zero word.
 *
 * verifyTransferProof (0x1000002), 2 080, 2 368, 2 464 or 2 752 bytes (1–2 spends, 1–2 outputs):
 *   [0,32) spendOffset · [32,64) spendAuthSigOffset · [64,96) receiveOffset · [96,160) bindingSig ·
 *   [160,192) signHash · [192,224) value (valueBalance) · [224,1280) frontier[33] ·
 *   [1280,1312) leafCount; at spendOffset: count, then per spend nf ‖ anchor ‖ cv ‖ rk ‖ proof
 *   (320 bytes); at spendAuthSigOffset: count, then 64-byte signatures; at receiveOffset: count,
 *   then per output cm ‖ cv ‖ epk ‖ proof (288 bytes). Counts must agree, 1 ≤ spends ≤ 2,
 *   1 ≤ outputs ≤ 2; leafCount ≥ 2^32 − 1, a repeated nf or a repeated cm → zero word.
 *
 * verifyBurnProof (0x1000003), exactly 512 bytes:
 *   [0,32) nf · [32,64) anchor · [64,96) cv · [96,128) rk · [128,320) proof · [320,384)
 *   spendAuthSig · [384,416) value · [416,480) bindingSig · [480,512) signHash.
 *   check_spend + final_check(valueBalance = value); answers one word 1 or 0 (no leaves).
 *
 * Mint and transfer answer, on success, 1 (word) ‖ for each new leaf: slot (word) and the
 * `slot` intermediate node hashes ‖ the new root — java-tron's insertLeaves over the contract's
 * 33-slot frontier.
 *
 * merkleHash (0x1000004): [0,32) level · [32,64) left · [64,96) right → the 32-byte
 *   MerkleCRH(level, left, right); fails the call when data is shorter than 96 bytes or level is
 *   not in 0…62.
 */
import { TronodeError } from "../errors.js";
import { merkleHash } from "./merkle.js";
import {
  checkOutput,
  checkSpend,
  finalCheck,
  type OutputDescription,
  type SpendDescription,
} from "./sapling-verify.js";

export interface PrecompileResult {
  success: boolean;
  output: Uint8Array;
}

export const SHIELDED_PRECOMPILE_ENERGY = {
  verifyMintProof: 150_000n,
  verifyTransferProof: 200_000n,
  verifyBurnProof: 150_000n,
  merkleHash: 500n,
} as const;

const TREE_WIDTH = 1n << 32n;
const LONG_MAX = (1n << 63n) - 1n;
const INT_MAX = 0x7fffffff;
const zeroWord = (): PrecompileResult => ({ success: true, output: new Uint8Array(32) });
const oneWord = (): Uint8Array => {
  const w = new Uint8Array(32);
  w[31] = 1;
  return w;
};

/** Thrown by any read past the end: java-tron's System.arraycopy IndexOutOfBounds. */
class OutOfBounds extends Error {}

function slice(data: Uint8Array, offset: number, length: number): Uint8Array {
  if (offset < 0 || offset + length > data.length) throw new OutOfBounds();
  return data.slice(offset, offset + length);
}

/** ByteUtil.parseBytes(data, idx, 32) as a big-endian unsigned integer. */
function wordValue(data: Uint8Array, offset: number): bigint {
  let v = 0n;
  for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(offset + i < data.length ? data[offset + i]! : 0);
  return v;
}

/** DataWord.longValueSafe. */
function parseLong(data: Uint8Array, offset: number): bigint {
  const v = wordValue(data, offset);
  return v > LONG_MAX ? LONG_MAX : v;
}

/** DataWord.intValueSafe. */
function parseIntWord(data: Uint8Array, offset: number): number {
  const v = wordValue(data, offset);
  return v > BigInt(INT_MAX) ? INT_MAX : Number(v);
}

function frontierOf(data: Uint8Array, offset: number): Uint8Array[] {
  const frontier: Uint8Array[] = [];
  for (let i = 0; i < 33; i++) frontier.push(slice(data, offset + i * 32, 32));
  return frontier;
}

const uncommittedCache: Uint8Array[] = [];
function uncommitted(level: number): Uint8Array {
  if (uncommittedCache.length === 0) {
    const first = new Uint8Array(32);
    first[0] = 1;
    uncommittedCache.push(first);
    for (let i = 0; i < 31; i++)
      uncommittedCache.push(merkleHash(i, uncommittedCache[i]!, uncommittedCache[i]!));
  }
  return uncommittedCache[level]!;
}

/** VerifyProof.getFrontierSlot. */
function frontierSlot(leafIndex: bigint): number {
  if (leafIndex % 2n === 0n) return 0;
  let slot = 0;
  let exp = 1;
  let pow1 = 2n;
  let pow2 = pow1 << 1n;
  while (slot === 0) {
    if ((leafIndex + 1n - pow1) % pow2 === 0n) slot = exp;
    else {
      pow1 = pow2;
      pow2 <<= 1n;
      exp++;
    }
  }
  return slot;
}

function word(value: number): Uint8Array {
  const w = new Uint8Array(32);
  w[31] = value & 0xff;
  return w;
}

/** VerifyProof.insertLeaves: 1 ‖ (slot ‖ hashes)* ‖ root, the contract's next frontier inputs. */
export function insertLeaves(frontier: Uint8Array[], leafCount: bigint, leaves: Uint8Array[]): Uint8Array {
  const parts: Uint8Array[] = [oneWord()];
  let nodeIndex = 0n;
  let nodeValue: Uint8Array = new Uint8Array(32);
  const slots = leaves.map((_, i) => frontierSlot(leafCount + BigInt(i)));
  const climb = (level: number) => {
    let left: Uint8Array;
    let right: Uint8Array;
    if (nodeIndex % 2n === 0n) {
      left = frontier[level - 1]!;
      right = nodeValue;
      nodeIndex = (nodeIndex - 1n) / 2n;
    } else {
      left = nodeValue;
      right = uncommitted(level - 1);
      nodeIndex /= 2n;
    }
    nodeValue = merkleHash(level - 1, left, right);
  };
  leaves.forEach((leaf, i) => {
    const slot = slots[i]!;
    parts.push(word(slot));
    nodeIndex = BigInt(i) + leafCount + TREE_WIDTH - 1n;
    nodeValue = Uint8Array.from(leaf);
    if (slot === 0) {
      frontier[0] = Uint8Array.from(nodeValue);
      return;
    }
    for (let level = 1; level <= slot; level++) {
      climb(level);
      parts.push(nodeValue);
    }
    frontier[slot] = Uint8Array.from(nodeValue);
  });
  for (let level = slots[slots.length - 1]! + 1; level <= 32; level++) climb(level);
  parts.push(nodeValue);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

function guarded(run: () => PrecompileResult): PrecompileResult {
  try {
    return run();
  } catch (e) {
    if (e instanceof TronodeError && e.code === "SHIELDED_SPEND_VK_UNAVAILABLE") throw e;
    return zeroWord();
  }
}

/**
 * Runs the key-free checks first; only when they all pass does the spend proof decide, and that
 * needs the unavailable key (checkSpend throws). An AND of checks is false as soon as one is.
 */
function allChecks(
  keyFree: (() => boolean)[],
  spends: { spend: SpendDescription; sighash: Uint8Array }[],
): boolean {
  for (const check of keyFree) if (!check()) return false;
  const noProof = () => {
    throw new TronodeError("SHIELDED_SPEND_VK_NEEDED", "spend proof reached");
  };
  // The parts of check_spend that need no key (cv, anchor, rk, spend-auth signature).
  for (const { spend, sighash } of spends) {
    try {
      if (!checkSpend(spend, sighash, noProof)) return false;
    } catch (e) {
      if (!(e instanceof TronodeError && e.code === "SHIELDED_SPEND_VK_NEEDED")) throw e;
    }
  }
  for (const { spend, sighash } of spends) if (!checkSpend(spend, sighash)) return false;
  return true;
}

/** Precompile 0x1000001. */
export function verifyMintProof(data: Uint8Array): PrecompileResult {
  if (data.length !== 1504) return zeroWord();
  return guarded(() => {
    const cm = slice(data, 0, 32);
    const cv = slice(data, 32, 32);
    const epk = slice(data, 64, 32);
    const proof = slice(data, 96, 192);
    const bindingSig = slice(data, 288, 64);
    const value = parseLong(data, 352);
    const signHash = slice(data, 384, 32);
    const frontier = frontierOf(data, 416);
    const leafCount = parseLong(data, 1472);
    if (leafCount >= TREE_WIDTH) return zeroWord();
    const ok =
      checkOutput({ cv, cmu: cm, epk, zkproof: proof }) &&
      finalCheck(-value, bindingSig, signHash, [], [cv], { requireSpendsAndOutputs: false });
    return ok ? { success: true, output: insertLeaves(frontier, leafCount, [cm]) } : zeroWord();
  });
}

const TRANSFER_SIZES = new Set([2080, 2368, 2464, 2752]);

/** Precompile 0x1000002. */
export function verifyTransferProof(data: Uint8Array): PrecompileResult {
  if (!TRANSFER_SIZES.has(data.length)) return zeroWord();
  return guarded(() => {
    let spendOffset = parseIntWord(data, 0);
    let spendAuthSigOffset = parseIntWord(data, 32);
    let receiveOffset = parseIntWord(data, 64);
    const bindingSig = slice(data, 96, 64);
    const signHash = slice(data, 160, 32);
    const value = parseLong(data, 192);
    const frontier = frontierOf(data, 224);
    const leafCount = parseLong(data, 1280);
    if (leafCount >= TREE_WIDTH - 1n) return zeroWord();
    const spendCount = parseIntWord(data, spendOffset);
    const spendAuthSigCount = parseIntWord(data, spendAuthSigOffset);
    const receiveCount = parseIntWord(data, receiveOffset);
    if (
      spendCount !== spendAuthSigCount ||
      spendCount < 1 ||
      spendCount > 2 ||
      receiveCount < 1 ||
      receiveCount > 2
    ) {
      return zeroWord();
    }
    spendOffset += 32;
    spendAuthSigOffset += 32;
    receiveOffset += 32;
    const spends: SpendDescription[] = [];
    for (let i = 0; i < spendCount; i++) {
      const at = spendOffset + 320 * i;
      spends.push({
        nullifier: slice(data, at, 32),
        anchor: slice(data, at + 32, 32),
        cv: slice(data, at + 64, 32),
        rk: slice(data, at + 96, 32),
        zkproof: slice(data, at + 128, 192),
        spendAuthSig: new Uint8Array(64),
      });
    }
    for (let i = 0; i < spendCount; i++)
      spends[i]!.spendAuthSig = slice(data, spendAuthSigOffset + 64 * i, 64);
    const outputs: OutputDescription[] = [];
    for (let i = 0; i < receiveCount; i++) {
      const at = receiveOffset + 288 * i;
      outputs.push({
        cmu: slice(data, at, 32),
        cv: slice(data, at + 32, 32),
        epk: slice(data, at + 64, 32),
        zkproof: slice(data, at + 96, 192),
      });
    }
    const distinct = (values: Uint8Array[]) =>
      new Set(values.map((v) => Array.from(v).join(","))).size === values.length;
    if (!distinct(spends.map((s) => s.nullifier)) || !distinct(outputs.map((o) => o.cmu))) return zeroWord();
    const ok = allChecks(
      [
        ...outputs.map((o) => () => checkOutput(o)),
        () =>
          finalCheck(
            value,
            bindingSig,
            signHash,
            spends.map((s) => s.cv),
            outputs.map((o) => o.cv),
          ),
      ],
      spends.map((spend) => ({ spend, sighash: signHash })),
    );
    return ok
      ? {
          success: true,
          output: insertLeaves(
            frontier,
            leafCount,
            outputs.map((o) => o.cmu),
          ),
        }
      : zeroWord();
  });
}

/** Precompile 0x1000003. */
export function verifyBurnProof(data: Uint8Array): PrecompileResult {
  if (data.length !== 512) return zeroWord();
  return guarded(() => {
    const spend: SpendDescription = {
      nullifier: slice(data, 0, 32),
      anchor: slice(data, 32, 32),
      cv: slice(data, 64, 32),
      rk: slice(data, 96, 32),
      zkproof: slice(data, 128, 192),
      spendAuthSig: slice(data, 320, 64),
    };
    const value = parseLong(data, 384);
    const bindingSig = slice(data, 416, 64);
    const signHash = slice(data, 480, 32);
    const ok = allChecks(
      [() => finalCheck(value, bindingSig, signHash, [spend.cv], [], { requireSpendsAndOutputs: false })],
      [{ spend, sighash: signHash }],
    );
    return { success: true, output: ok ? oneWord() : new Uint8Array(32) };
  });
}

/** Precompile 0x1000004. */
export function merkleHashPrecompile(data: Uint8Array): PrecompileResult {
  if (data.length < 96) return { success: false, output: new Uint8Array(0) };
  const level = parseIntWord(data, 0);
  if (level < 0 || level >= 63) return { success: false, output: new Uint8Array(0) };
  return { success: true, output: merkleHash(level, data.slice(32, 64), data.slice(64, 96)) };
}

export const SHIELDED_PRECOMPILE_ADDRESSES = {
  verifyMintProof: 0x1000001,
  verifyTransferProof: 0x1000002,
  verifyBurnProof: 0x1000003,
  merkleHash: 0x1000004,
} as const;

export interface ShieldedPrecompile {
  name: keyof typeof SHIELDED_PRECOMPILE_ADDRESSES;
  energy: bigint;
  execute: (data: Uint8Array) => PrecompileResult;
}

/**
 * The shielded precompile at a 32-byte word address (as getContractForAddress compares DataWords),
 * or undefined — also undefined for all four while ALLOW_SHIELDED_TRC20_TRANSACTION is off.
 */
export function shieldedPrecompileAt(
  address: bigint,
  allowShieldedTrc20: boolean,
): ShieldedPrecompile | undefined {
  if (!allowShieldedTrc20) return undefined;
  switch (address) {
    case 0x1000001n:
      return {
        name: "verifyMintProof",
        energy: SHIELDED_PRECOMPILE_ENERGY.verifyMintProof,
        execute: verifyMintProof,
      };
    case 0x1000002n:
      return {
        name: "verifyTransferProof",
        energy: SHIELDED_PRECOMPILE_ENERGY.verifyTransferProof,
        execute: verifyTransferProof,
      };
    case 0x1000003n:
      return {
        name: "verifyBurnProof",
        energy: SHIELDED_PRECOMPILE_ENERGY.verifyBurnProof,
        execute: verifyBurnProof,
      };
    case 0x1000004n:
      return {
        name: "merkleHash",
        energy: SHIELDED_PRECOMPILE_ENERGY.merkleHash,
        execute: merkleHashPrecompile,
      };
    default:
      return undefined;
  }
}
