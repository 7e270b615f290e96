/**
 * TRON's Sapling is Zcash's with four renamed domain-separation strings (shielded.md §0.1).
 * Every function that uses one takes the domain, so the public Zcash vectors can be checked with
 * `ZCASH_SAPLING` and TRON's with `TRON_SAPLING`; the node only ever uses `TRON_SAPLING`.
 */
export interface SaplingDomain {
  /** PRF^expand personalisation (BLAKE2b-512). */
  expandSeed: string;
  /** Note-encryption KDF personalisation (BLAKE2b-256). */
  kdf: string;
  /** PRF^ock personalisation (BLAKE2b-256). */
  ock: string;
  /** bech32 human-readable part of payment addresses. */
  addressPrefix: string;
}

export const TRON_SAPLING: SaplingDomain = Object.freeze({
  expandSeed: "Ztron_ExpandSeed",
  kdf: "Ztron_SaplingKDF",
  ock: "Ztron_Derive_ock",
  addressPrefix: "ztron",
});

export const ZCASH_SAPLING: SaplingDomain = Object.freeze({
  expandSeed: "Zcash_ExpandSeed",
  kdf: "Zcash_SaplingKDF",
  ock: "Zcash_Derive_ock",
  addressPrefix: "zs",
});
