import { createHmac, pbkdf2Sync } from "node:crypto";
import { type DevAccount, TronodeError } from "@tronode/engine/internal";
import { addressOfPrivateKeyFast, publicKeyOfPrivateKey } from "@tronode/secp256k1-native";

/** TRON's BIP-44 coin type is 195: accounts derive at m/44'/195'/0'/0/i. */
export const TRON_HD_PATH = "m/44'/195'/0'/0";

/** The default development mnemonic (a well-known test phrase: never use it for real funds). */
export const DEFAULT_MNEMONIC = "test test test test test test test test test test test junk";

/**
 * BIP-39 seed: PBKDF2-HMAC-SHA512 of the NFKD mnemonic, salt "mnemonic", 2048 rounds, 64 bytes. Node's
 * native PBKDF2 takes about a millisecond where the pure-JS one takes ~100 ms of start-up time.
 */
function mnemonicToSeed(mnemonic: string): Uint8Array {
  const words = mnemonic.trim().split(/\s+/).join(" ").normalize("NFKD");
  return new Uint8Array(pbkdf2Sync(words, "mnemonic", 2048, 64, "sha512"));
}

/** The order of secp256k1's group: BIP-32 keys are scalars modulo it. */
const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const HARDENED = 0x8000_0000;

interface ExtendedKey {
  readonly privateKey: Uint8Array;
  readonly chainCode: Uint8Array;
}

function toScalar(bytes: Uint8Array): bigint {
  return BigInt(`0x${Buffer.from(bytes).toString("hex")}`);
}

function fromScalar(value: bigint): Uint8Array {
  return new Uint8Array(Buffer.from(value.toString(16).padStart(64, "0"), "hex"));
}

function invalidKey(where: string): TronodeError {
  return new TronodeError("INVALID_MNEMONIC", `no private key at ${where}`);
}

/**
 * BIP-32 private derivation (CKDpriv) of one child. Written out rather than through @scure/bip32,
 * whose keys compute their public key with noble on construction: with the native addon the whole
 * path costs a few HMACs and one public key per non-hardened step, which keeps start-up short.
 */
function deriveChild(parent: ExtendedKey, index: number, where: string): ExtendedKey {
  const data = new Uint8Array(37);
  if (index >= HARDENED) data.set(parent.privateKey, 1);
  else data.set(publicKeyOfPrivateKey(parent.privateKey, true), 0);
  new DataView(data.buffer).setUint32(33, index);
  const digest = createHmac("sha512", parent.chainCode).update(data).digest();
  const tweak = toScalar(digest.subarray(0, 32));
  const key = (tweak + toScalar(parent.privateKey)) % CURVE_ORDER;
  // BIP-32: such an index is skipped; with a 2^-127 chance it never happens for dev accounts.
  if (tweak >= CURVE_ORDER || key === 0n) throw invalidKey(where);
  return { privateKey: fromScalar(key), chainCode: new Uint8Array(digest.subarray(32)) };
}

/** The master key of a BIP-39 seed (HMAC-SHA512 keyed "Bitcoin seed"). */
function masterKey(seed: Uint8Array): ExtendedKey {
  const digest = createHmac("sha512", "Bitcoin seed").update(seed).digest();
  const key = toScalar(digest.subarray(0, 32));
  if (key === 0n || key >= CURVE_ORDER) {
    throw new TronodeError("INVALID_MNEMONIC", "the mnemonic cannot be turned into a seed");
  }
  return {
    privateKey: new Uint8Array(digest.subarray(0, 32)),
    chainCode: new Uint8Array(digest.subarray(32)),
  };
}

/** Parses `m/44'/195'/0'/0` into child indexes. */
function pathIndexes(hdPath: string): number[] {
  const parts = hdPath.split("/");
  if (parts[0] !== "m") throw new TronodeError("INVALID_HD_PATH", `HD path must start with "m/": ${hdPath}`);
  return parts.slice(1).map((part) => {
    const hardened = part.endsWith("'") || part.endsWith("h");
    const digits = hardened ? part.slice(0, -1) : part;
    if (!/^\d+$/.test(digits) || Number(digits) >= HARDENED) {
      throw new TronodeError("INVALID_HD_PATH", `invalid HD path segment "${part}" in ${hdPath}`);
    }
    return Number(digits) + (hardened ? HARDENED : 0);
  });
}

/** The first `count` accounts of a BIP-39 mnemonic on a BIP-32 path (TRE's and TronWeb's m/44'/195'/0'/0). */
export function deriveDevAccounts(mnemonic: string, count: number, hdPath = TRON_HD_PATH): DevAccount[] {
  const indexes = pathIndexes(hdPath);
  let parent = masterKey(mnemonicToSeed(mnemonic));
  for (const index of indexes) parent = deriveChild(parent, index, hdPath);
  const accounts: DevAccount[] = [];
  for (let i = 0; i < count; i++) {
    const { privateKey } = deriveChild(parent, i, `${hdPath}/${i}`);
    accounts.push({ privateKey, address: addressOfPrivateKeyFast(privateKey) });
  }
  return accounts;
}
