import { defaultOwnerPermission } from "../../chain/permissions.js";
import { concatBytes } from "../../crypto/bytes.js";
import { sha256 } from "../../crypto/hash.js";
import type { SignatureRecoverer } from "../../crypto/signature.js";
import type { Permission } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { runtimeException, VmException } from "../errors.js";
import type { Precompile, PrecompileOutput } from "./types.js";

const WORD = 32;
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const FALSE_WORD = () => new Uint8Array(32);

/** Java's ArrayIndexOutOfBoundsException while decoding (propagates out of the precompile). */
class DecodeError extends Error {}

function intSafe(word: Uint8Array): number {
  let v = 0n;
  for (const b of word) v = (v << 8n) | BigInt(b);
  return v > 0x7fffffffn ? 0x7fffffff : Number(v);
}

/** DataWord.parseArray: the whole words of the input. */
function parseArray(data: Uint8Array): Uint8Array[] {
  const n = Math.floor(data.length / WORD);
  const words: Uint8Array[] = [];
  for (let i = 0; i < n; i++) words.push(data.subarray(i * WORD, (i + 1) * WORD));
  return words;
}

function word(words: Uint8Array[], i: number): Uint8Array {
  const w = words[i];
  if (w === undefined) throw new DecodeError(`Index ${i} out of bounds for length ${words.length}`);
  return w;
}

/** Arrays.copyOfRange(data, from, from + len): zero-padded past the end, failing before the start. */
function copyOfRange(data: Uint8Array, from: number, len: number): Uint8Array {
  if (from < 0 || from > data.length || len < 0) throw new DecodeError("copyOfRange");
  const out = new Uint8Array(len);
  out.set(data.subarray(from, Math.min(data.length, from + len)));
  return out;
}

/** PrecompiledContracts.extractBytesArray: an ABI `bytes[]` at word `offset`. */
function extractBytesArray(words: Uint8Array[], offset: number, data: Uint8Array): Uint8Array[] {
  if (offset > words.length - 1) return [];
  const len = intSafe(word(words, offset));
  const out: Uint8Array[] = [];
  for (let i = 0; i < len; i++) {
    const bytesOffset = Math.floor(intSafe(word(words, offset + i + 1)) / WORD);
    const bytesLen = intSafe(word(words, offset + bytesOffset + 1));
    out.push(copyOfRange(data, (bytesOffset + offset + 2) * WORD, bytesLen));
  }
  return out;
}

/** PrecompiledContracts.extractBytes32Array: an ABI `bytes32[]`/`address[]` at word `offset`. */
function extractBytes32Array(words: Uint8Array[], offset: number): Uint8Array[] {
  const len = intSafe(word(words, offset));
  const out: Uint8Array[] = [];
  for (let i = 0; i < len; i++) out.push(word(words, offset + i + 1));
  return out;
}

/** recoverAddrBySign: the 21-byte signer, empty for a short signature, undefined when recovery fails. */
function recoverAddrBySign(
  recoverer: SignatureRecoverer,
  sign: Uint8Array,
  hash: Uint8Array,
): Uint8Array | undefined {
  if (sign.length < 65) return new Uint8Array(0);
  let v = sign[64]! > 127 ? sign[64]! - 256 : sign[64]!;
  if (v < 27) v = ((v + 27 + 128) & 0xff) - 128; // Java byte arithmetic wraps
  const r = big(sign.subarray(0, 32));
  const s = big(sign.subarray(32, 64));
  if ((v !== 27 && v !== 28) || r < 1n || s < 1n || r >= SECP256K1_N || s >= SECP256K1_N) return undefined;
  const signature = new Uint8Array(65);
  signature.set(sign.subarray(0, 64));
  signature[64] = v;
  try {
    return recoverer.recoverAddress(hash, signature);
  } catch {
    return undefined;
  }
}

function big(bytes: Uint8Array): bigint {
  let v = 0n;
  for (const b of bytes) v = (v << 8n) | BigInt(b);
  return v;
}

/** DataWord.equalAddressByteArray: the last 20 bytes agree. */
function sameAddress(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b || a.length < 20 || b.length < 20) return false;
  for (let i = 1; i <= 20; i++) if (a[a.length - i] !== b[b.length - i]) return false;
  return true;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function toTronAddress(w: Uint8Array): Uint8Array {
  const out = new Uint8Array(21);
  out[0] = 0x41;
  out.set(w.subarray(12, 32), 1);
  return out;
}

/** 0x09 BatchValidateSign (#32): (hash, bytes[] signatures, address[] signers) → a byte per match. */
/**
 * TIP-854 (Osaka): the call data must be the shape the energy formula prices — whole words, a head
 * of `head` words and at least one tail item of `item` words — or the precompile fails outright.
 */
function pricedShape(data: Uint8Array, head: number, item: number): boolean {
  return (
    data.length % WORD === 0 && data.length > head * WORD && (data.length - head * WORD) % (item * WORD) === 0
  );
}

const EMPTY = new Uint8Array(0);

export const batchValidateSign: Precompile = {
  energy: (data) => Math.trunc((Math.trunc(data.length / WORD) - 5) / 6) * 1500,
  execute(data, { program }): PrecompileOutput {
    if (program.tx.config.allowTvmOsaka && !pricedShape(data, 5, 6)) return { success: false, data: EMPTY };
    try {
      const words = parseArray(data);
      const hash = word(words, 0);
      const signatures = extractBytesArray(words, Math.floor(intSafe(word(words, 1)) / WORD), data);
      const addresses = extractBytes32Array(words, Math.floor(intSafe(word(words, 2)) / WORD));
      const count = signatures.length;
      if (count === 0 || count > 16 || signatures.length !== addresses.length)
        return { success: true, data: FALSE_WORD() };
      const result = new Uint8Array(WORD);
      for (let i = 0; i < count; i++) {
        if (sameAddress(addresses[i], recoverAddrBySign(program.tx.host.recoverer, signatures[i]!, hash)))
          result[i] = 1;
      }
      return { success: true, data: result };
    } catch {
      return { success: true, data: new Uint8Array(WORD) };
    }
  },
};

/**
 * 0x0a ValidateMultiSign (#32): (address, permissionId, data, bytes[] signatures) → 1 when the
 * distinct signers' weights in that permission reach its threshold over
 * sha256(address ‖ int32 permissionId ‖ data).
 */
export const validateMultiSign: Precompile = {
  energy: (data) => Math.trunc((Math.trunc(data.length / WORD) - 5) / 5) * 1500,
  execute(raw, { program, state }): PrecompileOutput {
    if (program.tx.config.allowTvmOsaka && !pricedShape(raw, 5, 5)) return { success: false, data: EMPTY };
    let words: Uint8Array[];
    let address: Uint8Array;
    let permissionId: number;
    let signatures: Uint8Array[];
    let hash: Uint8Array;
    try {
      words = parseArray(raw);
      address = toTronAddress(word(words, 0));
      permissionId = intSafe(word(words, 1));
      const payload = word(words, 2);
      const id = new Uint8Array(4);
      new DataView(id.buffer).setInt32(0, permissionId);
      hash = sha256(concatBytes(address, id, payload));
      signatures = extractBytesArray(words, Math.floor(intSafe(word(words, 3)) / WORD), raw);
    } catch (e) {
      throw runtimeException(
        e instanceof Error ? e.message : "decode",
        "java.lang.ArrayIndexOutOfBoundsException",
      );
    }
    if (signatures.length === 0 || signatures.length > 5) return { success: true, data: FALSE_WORD() };
    const account = state.get(CoreTables.accounts, address);
    if (account) {
      const permission = permissionById(account, permissionId);
      if (permission) {
        let total = 0n;
        const executed: Uint8Array[] = [];
        for (const sign of signatures) {
          const recovered = recoverAddrBySign(program.tx.host.recoverer, sign, hash);
          if (recovered === undefined) return { success: true, data: FALSE_WORD() };
          const merged = concatBytes(recovered, sign);
          if (executed.some((e) => sameBytes(e, recovered))) {
            if (executed.some((e) => sameBytes(e, merged))) continue;
            // MUtil.checkCPUTime (after fork 4.7.1): a signer repeated with another signature ends the call.
            throw new VmException("OutOfTime", "CPU timeout for 0x0a executing");
          }
          const key = permission.keys.find((k) => sameBytes(k.address, recovered));
          const weight = key?.weight ?? 0n;
          if (weight === 0n) return { success: true, data: FALSE_WORD() };
          total += weight;
          executed.push(merged, recovered);
        }
        if (total >= permission.threshold) {
          const one = new Uint8Array(WORD);
          one[31] = 1;
          return { success: true, data: one };
        }
      }
    }
    return { success: true, data: FALSE_WORD() };
  },
};

function permissionById(
  account: {
    address: Uint8Array;
    ownerPermission?: Permission;
    witnessPermission?: Permission;
    activePermission: Permission[];
  },
  id: number,
): Permission | undefined {
  if (id === 0) return account.ownerPermission ?? defaultOwnerPermission(account.address);
  if (id === 1) return account.witnessPermission;
  return account.activePermission.find((p) => p.id === id);
}
