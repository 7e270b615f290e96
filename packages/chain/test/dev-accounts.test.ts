import { HDKey } from "@scure/bip32";
import { mnemonicToSeedSync } from "@scure/bip39";
import { addressOfPrivateKey, addressToBase58, bytesEqual } from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { DEFAULT_MNEMONIC, deriveDevAccounts } from "../src/dev/dev-accounts.js";

describe("development accounts", () => {
  it("derive at m/44'/195'/0'/0/i exactly as an independent BIP-39/BIP-32 implementation does", () => {
    const mine = deriveDevAccounts(DEFAULT_MNEMONIC, 3).map((a) => addressToBase58(a.address));
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(DEFAULT_MNEMONIC));
    const reference = [0, 1, 2].map((i) =>
      addressToBase58(addressOfPrivateKey(root.derive(`m/44'/195'/0'/0/${i}`).privateKey!)),
    );
    expect(mine).toEqual(reference);
    expect(mine[0]).toBe("TWer2Ygk5TEheHp3TPuYeqxmB6SsGZmaL6");
  });

  it("agree with @scure/bip32 on other mnemonics, paths and indexes, with native and noble keys", () => {
    const mnemonic =
      "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
    const root = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic));
    for (const path of ["m/44'/195'/0'/0", "m/44'/60'/1'/1", "m/0"]) {
      const reference = [0, 7, 25].map((i) => addressOfPrivateKey(root.derive(`${path}/${i}`).privateKey!));
      const mine = deriveDevAccounts(mnemonic, 26, path);
      expect([0, 7, 25].map((i) => mine[i]!.address)).toEqual(reference);
      expect(mine.every((a) => bytesEqual(addressOfPrivateKey(a.privateKey), a.address))).toBe(true);
    }
  });

  it("refuse a malformed HD path with a clear error", () => {
    expect(() => deriveDevAccounts(DEFAULT_MNEMONIC, 1, "44'/195'")).toThrow(/must start with "m\/"/);
    expect(() => deriveDevAccounts(DEFAULT_MNEMONIC, 1, "m/44'/x")).toThrow(/invalid HD path segment "x"/);
  });

  it("normalise spacing of the mnemonic", () => {
    const spaced = deriveDevAccounts(`  ${DEFAULT_MNEMONIC.replaceAll(" ", "   ")} `, 1);
    expect(spaced[0]!.address).toEqual(deriveDevAccounts(DEFAULT_MNEMONIC, 1)[0]!.address);
  });
});
