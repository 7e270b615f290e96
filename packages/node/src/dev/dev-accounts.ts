import { pbkdf2Sync } from "node:crypto";
import { HDKey } from "@scure/bip32";
import { addressOfPrivateKey, type DevAccount, TronodeError } from "@tronode/engine";

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

export function deriveDevAccounts(mnemonic: string, count: number, hdPath = TRON_HD_PATH): DevAccount[] {
  let root: HDKey;
  try {
    root = HDKey.fromMasterSeed(mnemonicToSeed(mnemonic));
  } catch (cause) {
    throw new TronodeError("INVALID_MNEMONIC", "the mnemonic cannot be turned into a seed", { cause });
  }
  const accounts: DevAccount[] = [];
  for (let i = 0; i < count; i++) {
    const child = root.derive(`${hdPath}/${i}`);
    if (!child.privateKey) throw new TronodeError("INVALID_MNEMONIC", `no private key at ${hdPath}/${i}`);
    accounts.push({ privateKey: child.privateKey, address: addressOfPrivateKey(child.privateKey) });
  }
  return accounts;
}
