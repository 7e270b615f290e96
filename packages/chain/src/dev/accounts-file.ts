import { writeFile } from "node:fs/promises";
import { addressToBase58, bytesToHex, type DevAccount } from "@tronode/engine/internal";

/**
 * Writes the funded development accounts (mnemonic, HD path, base58 address and private key of each)
 * to a JSON file readable by its owner only. The node writes it before it starts answering requests,
 * so a client that waits for the port can read it at once.
 */
export async function writeAccountsFile(
  file: string,
  mnemonic: string,
  hdPath: string,
  accounts: readonly DevAccount[],
): Promise<void> {
  const body = {
    mnemonic,
    hdPath,
    accounts: accounts.map((a) => ({
      address: addressToBase58(a.address),
      privateKey: bytesToHex(a.privateKey),
    })),
  };
  await writeFile(file, `${JSON.stringify(body, null, 2)}\n`, { mode: 0o600 });
}
