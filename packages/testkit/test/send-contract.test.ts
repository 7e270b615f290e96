/**
 * `client.sendContract`: a contract the caller builds as a protobuf message, packed on the head,
 * signed and broadcast as bytes — a TRX transfer that succeeds, and a ShieldedTransferContract with
 * caller-supplied proofs on a chain that allows shielded transactions, which tronode refuses with
 * its documented limitation (no shielded TRC-10 pool: the Sapling spend verifying key is missing;
 * see the book's differences from java-tron, docs/differences.md).
 */
import { ContractType } from "@tronode/engine";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestClient } from "../src/index.js";
import "../src/vitest.js";
import { clientWithParameters } from "./chain-with.js";

let client: TestClient;

beforeAll(async () => {
  client = await clientWithParameters({ ALLOW_SHIELDED_TRANSACTION: 1n });
});
afterAll(async () => {
  await client.close();
});

describe("sendContract", () => {
  it("sends a TransferContract built by the caller", async () => {
    const [alice, bob] = await client.accounts();
    await expect(() =>
      client.sendContract(
        ContractType.TransferContract,
        { ownerAddress: alice!.base58, toAddress: bob!.hex, amount: 3n },
        { signers: [alice!] },
      ),
    ).toChangeTrxBalances(client, [bob!], [3n]);
  });

  it("sends a ShieldedTransferContract with the caller's proofs, refused with tronode's documented limitation", async () => {
    const [alice] = await client.accounts();
    const receipt = await client.sendContract(
      ContractType.ShieldedTransferContract,
      {
        transparentFromAddress: alice!.hex,
        fromAmount: 10_000_000n,
        receiveDescription: [],
        bindingSignature: new Uint8Array(64),
      },
      { signers: [alice!] },
    );
    expect(receipt).toBeRefusedWith(
      "CONTRACT_VALIDATE_ERROR",
      "Contract validate error : not possible here: shielded TRC-10 transfers need the shielded pool and TRON's Sapling spend verifying key, which this node does not have",
    );
  });
});
