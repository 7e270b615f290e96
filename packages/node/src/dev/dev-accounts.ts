import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { addressOfPrivateKey, type DevAccount, TronodeError } from "@tronode/engine";

/** TRON's BIP-44 coin type is 195: accounts derive at m/44'/195'/0'/0/i. */
export const TRON_HD_PATH = "m/44'/195'/0'/0";

/** The default development mnemonic (a well-known test phrase: never use it for real funds). */
export const DEFAULT_MNEMONIC = "test test test test test test test test test test test junk";

export function deriveDevAccounts(mnemonic: string, count: number, hdPath = TRON_HD_PATH): DevAccount[] {
  let root: HDKey;
  try {
    root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic.trim()));
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
