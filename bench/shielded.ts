/**
 * Shielded (Sapling) costs on one core, warm: one Groth16 output-proof verification (noble
 * BLS12-381 pairings; TRON's target is ≤ 100 ms), one MerkleCRH, one failed trial decryption.
 * The proof is a real Sapling output proof (Zcash mainnet block 419 201) under the key it was
 * made for: TRON's own keys cost the same (same circuit, same pairing count).
 * Run: `npm run bench` (or `node --conditions=tronode-source --import tsx bench/shielded.ts`).
 */
import { hexToBytes, shielded } from "@tronode/engine";
import {
  ZCASH_BLOCK_419201_OUTPUTS,
  ZCASH_OUTPUT_VK_HEX,
} from "../packages/engine/test/shielded/vectors/zcash-output-proof.js";

function timeEach(label: string, runs: number, fn: () => unknown): number {
  for (let i = 0; i < 3; i++) fn();
  const start = performance.now();
  for (let i = 0; i < runs; i++) fn();
  const ms = (performance.now() - start) / runs;
  console.log(`${label}: ${ms.toFixed(2)} ms`);
  return ms;
}

export async function runShieldedBench(): Promise<Record<string, number>> {
  const key = shielded.parseVerifyingKey(hexToBytes(ZCASH_OUTPUT_VK_HEX));
  const o = ZCASH_BLOCK_419201_OUTPUTS[0];
  const output = {
    cv: hexToBytes(o.cv),
    cmu: hexToBytes(o.cmu),
    epk: hexToBytes(o.epk),
    zkproof: hexToBytes(o.proof),
  };
  if (!shielded.checkOutput(output, key)) throw new Error("bench proof does not verify");
  const verify = timeEach("Groth16 output proof verification (warm, one core)", 10, () =>
    shielded.checkOutput(output, key),
  );
  const left = shielded.scalarToBytes(11n);
  const right = shielded.scalarToBytes(12n);
  const merkle = timeEach("MerkleCRH", 50, () => shielded.merkleHash(5, left, right));
  const ivk = shielded.scalarToBytes(777n);
  const trial = timeEach("failed trial decryption (one output, one ivk)", 50, () =>
    shielded.decryptNoteByIvk(new Uint8Array(580), ivk, output.epk, output.cmu),
  );
  return { groth16OutputVerifyMs: verify, merkleHashMs: merkle, failedTrialDecryptionMs: trial };
}

if (import.meta.url === `file://${process.argv[1]}`) await runShieldedBench();
