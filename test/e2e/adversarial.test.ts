/**
 * Adversarial transactions over HTTP against a started node (issue 15): a replay, an expired and a
 * future-dated one, a wrong TaPoS reference, an oversized one, a malleated (high-s) signature, a
 * signature given twice, and a transaction of another chain — each answered with java-tron's
 * response code and text, and none of them changes anything.
 */
import { create, toBinary } from "@bufbuild/protobuf";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import {
  blockReference,
  bytesToHex,
  ChainProperties,
  ContractType,
  hexToBytes,
  packContract,
  signHash,
  type Transaction,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

let node: TronNode;
let other: TronNode;

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 2 });
  other = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 2,
    genesis: { ...node.config.genesis, timestamp: 1_000n },
  });
});
afterAll(async () => {
  await node?.stop();
  await other?.stop();
});

const N = secp256k1.Point.CURVE().n;

function transfer(
  on: TronNode,
  amount: bigint,
  edit: (raw: Transaction["rawData"] & object) => void = () => {},
) {
  const props = new ChainProperties(on.chain.headView);
  const tx = create(TransactionSchema, {
    rawData: {
      ...blockReference(props.headNumber, props.headBlockId),
      expiration: props.headTimestamp + 60_000n,
      timestamp: props.headTimestamp,
      contract: [
        packContract(ContractType.TransferContract, {
          ownerAddress: on.accounts[0]!.address,
          toAddress: on.accounts[1]!.address,
          amount,
        }),
      ],
    },
  });
  edit(tx.rawData!);
  tx.signature = [signHash(transactionId(tx), on.accounts[0]!.privateKey)];
  return tx;
}

async function broadcast(
  on: TronNode,
  tx: Transaction,
): Promise<{ result?: boolean; code?: string; text: string }> {
  const response = await fetch(`${on.url}/wallet/broadcasthex`, {
    method: "POST",
    body: JSON.stringify({ transaction: bytesToHex(toBinary(TransactionSchema, tx)) }),
  });
  // broadcasthex prints its message as plain text (broadcasttransaction as hex)
  const answer = (await response.json()) as { result?: boolean; code?: string; message?: string };
  return { ...answer, text: answer.message ?? "" };
}

/** The same signature with s → n − s and the recovery bit flipped: it recovers the same key. */
function malleated(signature: Uint8Array): Uint8Array {
  const s = BigInt(`0x${bytesToHex(signature.subarray(32, 64))}`);
  const out = signature.slice();
  out.set(hexToBytes((N - s).toString(16).padStart(64, "0")), 32);
  out[64] = out[64]! ^ 1;
  return out;
}

describe("adversarial transactions", () => {
  it("are refused with java-tron's codes and texts, and change nothing", async () => {
    const digest = bytesToHex(await node.dev.stateDigest());
    const head = new ChainProperties(node.chain.headView);

    const expired = await broadcast(
      node,
      transfer(node, 1n, (raw) => {
        raw.expiration = head.headTimestamp;
      }),
    );
    expect([expired.code, expired.text]).toEqual(["TRANSACTION_EXPIRATION_ERROR", "Transaction expired"]);

    const future = await broadcast(
      node,
      transfer(node, 2n, (raw) => {
        raw.expiration = head.headTimestamp + 86_400_001n;
      }),
    );
    expect([future.code, future.text]).toEqual(["TRANSACTION_EXPIRATION_ERROR", "Transaction expired"]);

    const tapos = await broadcast(
      node,
      transfer(node, 3n, (raw) => {
        raw.refBlockHash = new Uint8Array(8).fill(7);
      }),
    );
    expect([tapos.code, tapos.text]).toEqual(["TAPOS_ERROR", "Tapos check error."]);

    const foreign = await broadcast(node, transfer(other, 4n));
    expect([foreign.code, foreign.text]).toEqual(["TAPOS_ERROR", "Tapos check error."]);

    const big = await broadcast(
      node,
      transfer(node, 5n, (raw) => {
        raw.data = new Uint8Array(600_000);
      }),
    );
    expect(big.code).toBe("TOO_BIG_TRANSACTION_ERROR");
    expect(big.text).toMatch(
      /^Too big transaction with result, TxId [0-9a-f]{64}, the size is \d+ bytes, maxTxSize 512000$/,
    );

    const twice = transfer(node, 6n);
    twice.signature = [twice.signature[0]!, twice.signature[0]!];
    const signedTwice = await broadcast(node, twice);
    // a single-key owner: java-tron counts the signatures against the permission's keys first
    expect([signedTwice.code, signedTwice.text]).toEqual([
      "SIGERROR",
      "Validate signature error: Signature count is 2 more than key counts of permission : 1",
    ]);

    expect(bytesToHex(await node.dev.stateDigest())).toBe(digest);
    expect(node.chain.pendingSize).toBe(0);
  });

  it("a replay is a duplicate, and so is the same transaction with a malleated signature", async () => {
    const tx = transfer(node, 7n);
    expect((await broadcast(node, tx)).result).toBe(true);
    const digest = bytesToHex(await node.dev.stateDigest());
    const replay = await broadcast(node, tx);
    expect([replay.code, replay.text]).toEqual(["DUP_TRANSACTION_ERROR", "Dup transaction."]);
    const twin = { ...tx, signature: [malleated(tx.signature[0]!)] };
    const malleable = await broadcast(node, twin);
    expect([malleable.code, malleable.text]).toEqual(["DUP_TRANSACTION_ERROR", "Dup transaction."]);
    expect(bytesToHex(await node.dev.stateDigest())).toBe(digest);
  });

  it("a high-s signature recovers the same signer, as java-tron's recovery (which does not require low s) does", async () => {
    const tx = transfer(node, 8n);
    const highS = { ...tx, signature: [malleated(tx.signature[0]!)] };
    expect((await broadcast(node, highS)).result).toBe(true);
  });
});
