/**
 * Shielded (Sapling) costs on one core, warm: one Groth16 output-proof verification (noble
 * BLS12-381 pairings; TRON's target is ≤ 100 ms), one MerkleCRH, one failed trial decryption, and
 * the shielded TRC-20 ivk scan core per note log (a scan's cost is this times the range's logs).
 * The proof is a real Sapling output proof (Zcash mainnet block 419 201) under the key it was
 * made for: TRON's own keys cost the same (same circuit, same pairing count).
 * Run: `npm run bench` (or `node --conditions=tronode-source --import tsx bench/shielded.ts`).
 */
import { hexToBytes, shielded } from "@tronode/engine/internal";
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
  const scan = await scanPerLog();
  return {
    groth16OutputVerifyMs: verify,
    merkleHashMs: merkle,
    failedTrialDecryptionMs: trial,
    scanPerLogMs: scan,
  };
}

/** scanShieldedTrc20NotesByIvk over 200 MintNewLeaf logs, one in ten to the scanning ivk. */
async function scanPerLog(): Promise<number> {
  const wallet = (seed: number) => {
    const sk = new Uint8Array(32).fill(seed);
    sk[0] = 0x0f & seed;
    const e = shielded.expandSpendingKey(sk);
    const ivk = shielded.incomingViewingKey(shielded.akFromAsk(e.ask), shielded.nkFromNsk(e.nsk));
    const d = shielded.defaultDiversifier(sk);
    return { ovk: e.ovk, ivk, d, pkD: shielded.transmissionKey(ivk, d)! };
  };
  const [me, other] = [wallet(1), wallet(2)];
  const contract = Uint8Array.from([0x41, ...new Array(20).fill(0xab)]);
  const txs = Array.from({ length: 200 }, (_, i) => {
    const to = i % 10 === 0 ? me : other;
    const note = {
      d: to.d,
      pkD: to.pkD,
      value: 5n,
      rcm: shielded.scalarToBytes(BigInt(i + 9)),
      memo: shielded.memoOf(undefined),
    };
    const cv = shielded.encodePoint(shielded.valueCommitment(5n, BigInt(i + 3)));
    const enc = shielded.encryptNote(note, shielded.scalarToBytes(BigInt(i + 5)), to.ovk, cv)!;
    const data = new Uint8Array(800);
    data.set(enc.cmu, 32);
    data.set(cv, 64);
    data.set(enc.epk, 96);
    data.set(enc.cEnc, 128);
    data.set(enc.cOut, 708);
    const log = { address: contract.subarray(1), topics: [shielded.SHIELDED_TRC20_TOPICS.mint], data };
    return { txId: new Uint8Array(32).fill(i & 0xff), logs: [log] };
  });
  const found = await shielded.scanShieldedTrc20NotesByIvk(txs, contract, me.ivk);
  if (found.length !== 20) throw new Error("bench scan found the wrong notes");
  const start = performance.now();
  await shielded.scanShieldedTrc20NotesByIvk(txs, contract, me.ivk);
  const ms = (performance.now() - start) / txs.length;
  console.log(`shielded TRC-20 ivk scan, per note log (one in ten ours): ${ms.toFixed(2)} ms`);
  return ms;
}

if (import.meta.url === `file://${process.argv[1]}`) await runShieldedBench();
