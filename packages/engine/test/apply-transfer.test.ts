import { describe, expect, it } from "vitest";
import {
  applyTransaction,
  ChainProperties,
  ContractType,
  produceBlock,
  Tables,
  TronodeError,
} from "../src/internal.js";
import {
  ALICE,
  ALICE_KEY,
  BOB,
  BOB_KEY,
  GENESIS_TIME,
  newChain,
  recoverer,
  signedTx,
  WITNESS_KEY,
} from "./support/chain-fixture.js";

function reject(fn: () => unknown): TronodeError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TronodeError) return e;
    throw e;
  }
  throw new Error("expected a rejection");
}

describe("a TRX transfer applied to in-memory state (no storage package)", () => {
  it("creates the recipient, charges the create-account fee and leaves the view untouched", () => {
    const state = newChain();
    const tx = signedTx(
      state,
      ContractType.TransferContract,
      { ownerAddress: ALICE, toAddress: BOB, amount: 1_000n },
      [ALICE_KEY],
    );
    const outcome = applyTransaction(state, tx, { mode: "push", recoverer });
    expect(state.get(Tables.accounts, BOB)).toBeUndefined();
    state.apply(outcome.changes);
    expect(state.get(Tables.accounts, BOB)?.balance).toBe(1_000n);
    // creating an account without staked bandwidth costs CREATE_ACCOUNT_FEE (0.1 TRX)
    expect(state.get(Tables.accounts, ALICE)?.balance).toBe(1_000_000_000n - 1_000n - 100_000n);
    expect(outcome.info.fee).toBe(100_000n);
    expect(outcome.info.receipt?.netFee).toBe(100_000n);
    // the recipient gets default owner + active permissions
    expect(state.get(Tables.accounts, BOB)?.ownerPermission?.keys[0]?.weight).toBe(1n);
  });

  it("uses free bandwidth for a transfer to an existing account", () => {
    const state = newChain();
    state.apply(
      applyTransaction(
        state,
        signedTx(
          state,
          ContractType.TransferContract,
          { ownerAddress: ALICE, toAddress: BOB, amount: 5_000_000n },
          [ALICE_KEY],
        ),
        { mode: "push", recoverer },
      ).changes,
    );
    const tx = signedTx(
      state,
      ContractType.TransferContract,
      { ownerAddress: BOB, toAddress: ALICE, amount: 10n },
      [BOB_KEY],
    );
    const outcome = applyTransaction(state, tx, { mode: "push", recoverer });
    state.apply(outcome.changes);
    expect(state.get(Tables.accounts, BOB)?.balance).toBe(5_000_000n - 10n);
    expect(outcome.info.receipt?.netUsage).toBeGreaterThan(200n);
    expect(state.get(Tables.accounts, BOB)?.freeNetUsage).toBe(outcome.info.receipt?.netUsage);
  });

  it("rejects with java-tron's codes and messages", () => {
    const state = newChain();
    const tooMuch = signedTx(
      state,
      ContractType.TransferContract,
      { ownerAddress: ALICE, toAddress: BOB, amount: 10_000_000_000n },
      [ALICE_KEY],
    );
    const e1 = reject(() => applyTransaction(state, tooMuch, { mode: "push", recoverer }));
    expect(e1.code).toBe("CONTRACT_VALIDATE_ERROR");
    expect(e1.message).toBe(
      "Contract validate error : Validate TransferContract error, balance is not sufficient.",
    );

    const wrongKey = signedTx(
      state,
      ContractType.TransferContract,
      { ownerAddress: ALICE, toAddress: BOB, amount: 1n },
      [BOB_KEY],
    );
    const e2 = reject(() => applyTransaction(state, wrongKey, { mode: "push", recoverer }));
    expect(e2.code).toBe("SIGERROR");
    expect(e2.message).toMatch(
      /^Validate signature error: [0-9a-f]+ is signed by T\w+ but it is not contained of permission\.$/,
    );

    const expired = signedTx(
      state,
      ContractType.TransferContract,
      { ownerAddress: ALICE, toAddress: BOB, amount: 1n },
      [ALICE_KEY],
      { expirationOffset: 1_000n },
    );
    expect(reject(() => applyTransaction(state, expired, { mode: "push", recoverer })).message).toBe(
      "Transaction expired",
    );

    const ok = signedTx(
      state,
      ContractType.TransferContract,
      { ownerAddress: ALICE, toAddress: BOB, amount: 1n },
      [ALICE_KEY],
    );
    state.apply(applyTransaction(state, ok, { mode: "push", recoverer }).changes);
    const dup = reject(() => applyTransaction(state, ok, { mode: "push", recoverer }));
    expect([dup.code, dup.message]).toEqual(["DUP_TRANSACTION_ERROR", "Dup transaction."]);
  });

  it("produces a block that packs the transfer and advances the head", () => {
    const state = newChain();
    const tx = signedTx(
      state,
      ContractType.TransferContract,
      { ownerAddress: ALICE, toAddress: BOB, amount: 7n },
      [ALICE_KEY],
    );
    const produced = produceBlock(state, {
      timestamp: GENESIS_TIME + 3_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [tx],
      recoverer,
    });
    expect(produced.rejected).toEqual([]);
    state.apply(produced.changes);
    const props = new ChainProperties(state);
    expect(props.headNumber).toBe(1n);
    expect(props.solidifiedNumber).toBe(1n);
    expect(state.get(Tables.transactionInfos, produced.outcomes[0]!.txId)?.blockNumber).toBe(1n);
    expect(state.get(Tables.accounts, BOB)?.balance).toBe(7n);
  });
});

describe("transaction sizes without re-encoding", () => {
  it("match the encoded sizes with and without ret and signatures", async () => {
    const { encodeTransaction, rawDataBytes, transactionSizes, Transaction_ResultSchema } = await import(
      "../src/internal.js"
    );
    const { create } = await import("@bufbuild/protobuf");
    const state = newChain();
    for (const keys of [[], [ALICE_KEY], [ALICE_KEY, BOB_KEY, WITNESS_KEY]]) {
      for (const memo of [undefined, new Uint8Array(200)]) {
        const tx = signedTx(
          state,
          ContractType.TransferContract,
          { ownerAddress: ALICE, toAddress: BOB, amount: 1n },
          keys,
          { data: memo },
        );
        const plain = transactionSizes(tx, rawDataBytes(tx));
        expect(plain).toEqual({
          withoutRet: encodeTransaction(tx).length,
          full: encodeTransaction(tx).length,
        });
        const withRet = { ...tx, ret: [create(Transaction_ResultSchema, { fee: 5n, contractRet: 1 })] };
        const sizes = transactionSizes(withRet, rawDataBytes(tx));
        expect(sizes).toEqual({
          withoutRet: encodeTransaction(tx).length,
          full: encodeTransaction(withRet).length,
        });
      }
    }
  });
});
