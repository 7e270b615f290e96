/**
 * applyBlock with `trusted` (a solidity node replaying its trust node's solidified blocks, java-tron's
 * pushVerifiedBlock): the witness signature, the transaction root, transaction signatures and the
 * witness schedule are not checked; linkage and every transaction's execution still are.
 */
import { clone, create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  applyBlock,
  BlockSchema,
  ChainProperties,
  ContractType,
  produceBlock,
  sha256,
  signBlockHeader,
  Tables,
  transactionTrieRoot,
  utf8Encode,
} from "../src/internal.js";
import {
  ALICE,
  ALICE_KEY,
  BOB,
  BOB_KEY,
  GENESIS_TIME,
  newChain,
  recoverer,
  WITNESS,
  WITNESS_KEY,
} from "./support/chain-fixture.js";
import { account, produce, reject, tx } from "./support/tx-helpers.js";

const T = ContractType.TransferContract;

describe("applyBlock with trusted", () => {
  it("takes a second block in the head block's slot (instamine), which a receiver refuses", () => {
    const state = newChain();
    produce(state, [], GENESIS_TIME + 3_000n);
    const next = produceBlock(state, {
      timestamp: GENESIS_TIME + 3_500n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [],
      recoverer,
    });
    expect(reject(() => applyBlock(state, next.block, recoverer)).message).toBe(
      "validateWitnessSchedule error",
    );
    const applied = applyBlock(state, next.block, recoverer, { trusted: true });
    expect(applied.blockId).toEqual(next.blockId);
  });

  it("does not check the witness signature, the transaction root or transaction signatures", () => {
    const state = newChain();
    // signed by Bob's key although it moves Alice's TRX
    const forged = tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 5n }, [BOB_KEY]);
    const block = create(BlockSchema, {
      transactions: [forged],
      blockHeader: {
        rawData: {
          number: 1n,
          timestamp: GENESIS_TIME + 3_000n,
          parentHash: new ChainProperties(state).headBlockId,
          txTrieRoot: new Uint8Array(32),
          witnessAddress: WITNESS,
          version: 32,
        },
      },
    });
    block.blockHeader!.witnessSignature = signBlockHeader(block, BOB_KEY);
    expect(reject(() => applyBlock(state, block, recoverer)).message).toBe("valid signature failed.");
    const before = account(state, BOB)?.balance ?? 0n;
    const applied = applyBlock(state, block, recoverer, { trusted: true });
    state.apply(applied.changes);
    expect(account(state, BOB)!.balance).toBe(before + 5n);
  });

  it("still refuses a block that does not follow the head, and a transaction that fails", () => {
    const state = newChain();
    const ok = tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 1n }, [ALICE_KEY]);
    const { block } = produceBlock(state, {
      timestamp: GENESIS_TIME + 3_000n,
      witnessPrivateKey: WITNESS_KEY,
      transactions: [ok],
      recoverer,
    });
    const orphan = clone(BlockSchema, block);
    orphan.blockHeader!.rawData!.parentHash = sha256(utf8Encode("elsewhere"));
    expect(reject(() => applyBlock(state, orphan, recoverer, { trusted: true })).message).toBe(
      "block parent is not the head block",
    );

    const bad = tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 10n ** 15n }, [ALICE_KEY]);
    const failing = clone(BlockSchema, block);
    failing.transactions = [bad];
    failing.blockHeader!.rawData!.txTrieRoot = transactionTrieRoot([bad]);
    expect(reject(() => applyBlock(state, failing, recoverer, { trusted: true })).code).toBe(
      "CONTRACT_VALIDATE_ERROR",
    );
    expect(state.get(Tables.blocks, 1n)).toBeUndefined();
  });
});
