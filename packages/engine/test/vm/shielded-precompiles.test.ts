/**
 * The shielded TRC-20 precompiles reached through the TVM: a contract forwards its call data to
 * 0x1000001–0x1000004 with STATICCALL and returns what the precompile answered. merkleHash and the
 * verifiers' zero words come back as java-tron answers them; a burn proof only TRON's spend key
 * could judge refuses the whole call instead of returning a verdict.
 */
import { describe, expect, it } from "vitest";
import { bytesToHex, ContractResult, hexToBytes } from "../../src/internal.js";
import { encodePoint, scalarToBytes } from "../../src/shielded/jubjub.js";
import { merkleHash } from "../../src/shielded/merkle.js";
import { valueCommitment } from "../../src/shielded/note.js";
import { bindingSign, randomizedKeys, spendAuthSign } from "../../src/shielded/redjubjub.js";
import { ZCASH_BLOCK_419201_OUTPUTS } from "../shielded/vectors/zcash-output-proof.js";
import { call, chainState, deploy, initCodeFor, MAINNET_FLAGS } from "./helpers.js";

/** calldatacopy; staticcall(gas, 0x010000NN, 0, cds, 0, 0); pop; returndatacopy; return. */
const forwarder = (precompile: number) =>
  initCodeFor(
    hexToBytes(
      `3660006000376000600036600063${precompile.toString(16).padStart(8, "0")}5afa503d600060003e3d6000f3`,
    ),
  );

const word = (v: bigint) => hexToBytes(v.toString(16).padStart(64, "0"));
const cat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};

function deployForwarder(precompile: number, flags: Record<string, bigint>) {
  const state = chainState(flags);
  const { result, address } = deploy(state, forwarder(precompile));
  expect(result.contractResult).toBe(ContractResult.SUCCESS);
  return { state, address };
}

const SHIELDED_ON = { ...MAINNET_FLAGS, ALLOW_SHIELDED_TRC20_TRANSACTION: 1n };

describe("shielded TRC-20 precompiles inside the TVM", () => {
  it("0x1000004 merkleHash answers the Pedersen parent, charging 500 energy", () => {
    const { state, address } = deployForwarder(0x1000004, SHIELDED_ON);
    const left = new Uint8Array(32).fill(7);
    const right = new Uint8Array(32).fill(9);
    const r = call(state, address, cat(word(3n), left, right));
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    expect(bytesToHex(r.returnData)).toBe(bytesToHex(merkleHash(3, left, right)));
  });

  it("is absent while ALLOW_SHIELDED_TRC20_TRANSACTION is off (a call to an empty account)", () => {
    const { state, address } = deployForwarder(0x1000004, MAINNET_FLAGS);
    const r = call(state, address, cat(word(3n), new Uint8Array(64)));
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    expect(r.returnData.length).toBe(0);
  });

  it("0x1000001 verifyMintProof answers a zero word for a malformed input", () => {
    const { state, address } = deployForwarder(0x1000001, SHIELDED_ON);
    const r = call(state, address, new Uint8Array(1503));
    expect(r.contractResult).toBe(ContractResult.SUCCESS);
    expect(bytesToHex(r.returnData)).toBe("00".repeat(32));
  });

  it("0x1000003 verifyBurnProof refuses the call when only the spend proof could decide", () => {
    const { state, address } = deployForwarder(0x1000003, SHIELDED_ON);
    const ask = scalarToBytes(987654321n);
    const alpha = scalarToBytes(12345n);
    const sighash = new Uint8Array(32).fill(5);
    const { rk } = randomizedKeys(ask, alpha)!;
    const cv = encodePoint(valueCommitment(100n, 4242n));
    const data = cat(
      new Uint8Array(32).fill(1),
      new Uint8Array(32),
      cv,
      rk,
      hexToBytes(ZCASH_BLOCK_419201_OUTPUTS[0]!.proof),
      spendAuthSign(ask, alpha, sighash, new Uint8Array(80).fill(2))!,
      word(100n),
      bindingSign(4242n, sighash, new Uint8Array(80).fill(4)),
      sighash,
    );
    expect(() => call(state, address, data)).toThrow(/spend verifying key/);
  });
});
