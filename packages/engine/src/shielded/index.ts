/** The shielded (Sapling) domain, exported as the `shielded` namespace of @tronode/engine. */
export * from "./domain.js";
export * from "./groth16.js";
export * from "./jubjub.js";
export * from "./keys.js";
export * from "./merkle.js";
export * from "./note.js";
export * from "./note-encryption.js";
export * from "./pedersen.js";
export * from "./precompiles.js";
export * from "./redjubjub.js";
export * from "./sapling-verify.js";
export * from "./shielded-queries.js";
export * from "./trc20-scan.js";
export * from "./verifying-keys.js";
