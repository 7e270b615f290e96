/**
 * ShieldedTransferContract (51) through the transaction pipeline: no signature when sent from a
 * shielded address (java-tron's validateSignature), no bandwidth, then the committee gate.
 */
import { describe, expect, it } from "vitest";
import { ContractType } from "../../src/internal.js";
import { ALICE, ALICE_KEY, newChain } from "../support/chain-fixture.js";
import { contract, pushError, rawTx, sign } from "../support/tx-helpers.js";

const shieldedFromShielded = {
  spendDescription: [{ nullifier: new Uint8Array(32).fill(1), valueCommitment: new Uint8Array(32) }],
  receiveDescription: [{ noteCommitment: new Uint8Array(32).fill(2) }],
  bindingSignature: new Uint8Array(64),
};

describe("ShieldedTransferContract (51)", () => {
  it("answers java-tron's committee text while ALLOW_SHIELDED_TRANSACTION is 0 (unsigned, from a shielded address)", () => {
    const state = newChain({ ALLOW_SAME_TOKEN_NAME: 1n });
    const tx = rawTx(state, [contract(ContractType.ShieldedTransferContract, shieldedFromShielded)]);
    expect(pushError(state, tx)).toEqual([
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : Not support Shielded Transaction, need to be opened by the committee",
    ]);
  });

  it("checks ALLOW_SAME_TOKEN_NAME first, as java-tron does", () => {
    const state = newChain({ ALLOW_SAME_TOKEN_NAME: 0n });
    const tx = rawTx(state, [contract(ContractType.ShieldedTransferContract, shieldedFromShielded)]);
    expect(pushError(state, tx)[1]).toBe(
      "Contract validate error : shielded transaction is not allowed before ALLOW_SAME_TOKEN_NAME is opened by the committee",
    );
  });

  it("a transfer from a shielded address must carry no signature", () => {
    const state = newChain({ ALLOW_SAME_TOKEN_NAME: 1n });
    const tx = sign(rawTx(state, [contract(ContractType.ShieldedTransferContract, shieldedFromShielded)]), [
      ALICE_KEY,
    ]);
    const [code, message] = pushError(state, tx);
    expect(code).toBe("SIGERROR");
    expect(message).toContain(
      "there should be no signatures signed by transparent address when transfer from shielded address",
    );
  });

  it("a transparent sender signs as usual and still meets the committee gate", () => {
    const state = newChain({ ALLOW_SAME_TOKEN_NAME: 1n });
    const tx = sign(
      rawTx(state, [
        contract(ContractType.ShieldedTransferContract, {
          transparentFromAddress: ALICE,
          fromAmount: 10_000_000n,
          receiveDescription: [{ noteCommitment: new Uint8Array(32).fill(2) }],
        }),
      ]),
      [ALICE_KEY],
    );
    expect(pushError(state, tx)[1]).toBe(
      "Contract validate error : Not support Shielded Transaction, need to be opened by the committee",
    );
  });
});
