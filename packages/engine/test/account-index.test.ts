/**
 * The account index (TronGrid's /v1/accounts reads): the rows finishBlock writes for a block's
 * transactions — owner, receiver and internal-transaction roles, TRC-20 Transfer/Approval logs on
 * both sides, the holder ↔ token pairs a Transfer reveals (once) — and the index mark.
 */
import { create } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  ACCOUNT_INDEX,
  AccountIndexTables,
  AccountRoles,
  BlockSchema,
  blockTransactionAt,
  ContractType,
  concatBytes,
  encodeBlock,
  indexAccounts,
  StateOverlay,
  TokenTransferKinds,
  TRC20_APPROVAL_TOPIC,
  TRC20_TRANSFER_TOPIC,
  TransactionInfo_LogSchema,
  TransactionInfoSchema,
  transactionId,
} from "../src/internal.js";
import { ALICE, ALICE_KEY, BOB, newChain } from "./support/chain-fixture.js";
import { contract, produce, rawTx, tx } from "./support/tx-helpers.js";

const TOKEN = new Uint8Array(21).fill(7);
TOKEN[0] = 0x41;
const CAROL = new Uint8Array(21).fill(9);
CAROL[0] = 0x41;
const ZERO = new Uint8Array(21);
ZERO[0] = 0x41;
const word = (address: Uint8Array) => concatBytes(new Uint8Array(12), address.subarray(1));
const amount = (n: number) => {
  const out = new Uint8Array(32);
  out[31] = n;
  return out;
};

describe("indexAccounts", () => {
  it("indexes a TRX transfer under its owner (from) and its receiver (to), and moves the mark", () => {
    const state = newChain();
    const transfer = tx(
      state,
      ContractType.TransferContract,
      { ownerAddress: ALICE, toAddress: BOB, amount: 5n },
      [ALICE_KEY],
    );
    const block = produce(state, [transfer]);
    const number = block.block.blockHeader!.rawData!.number;
    const id = transactionId(transfer);
    const owner = state.get(AccountIndexTables.accountTransactions, {
      address: ALICE,
      blockNumber: number,
      transactionIndex: 0,
    });
    expect(owner?.roles).toBe(AccountRoles.from);
    expect(owner?.txId).toEqual(id);
    expect(owner?.blockTimestamp).toBe(block.block.blockHeader!.rawData!.timestamp);
    const receiver = state.get(AccountIndexTables.accountTransactions, {
      address: BOB,
      blockNumber: number,
      transactionIndex: 0,
    });
    expect(receiver?.roles).toBe(AccountRoles.to);
    expect(state.get(AccountIndexTables.indexMarks, ACCOUNT_INDEX)).toBe(number);
  });

  it("records internal transactions, a created contract, and TRC-20 logs on both sides", () => {
    const state = newChain();
    const overlay = new StateOverlay(state);
    const trigger = rawTx(state, [
      contract(ContractType.TriggerSmartContract, {
        ownerAddress: ALICE,
        contractAddress: TOKEN,
        data: new Uint8Array(4),
      }),
    ]);
    const info = create(TransactionInfoSchema, {
      contractAddress: TOKEN,
      internalTransactions: [{ callerAddress: TOKEN, transferToAddress: CAROL }],
      log: [
        create(TransactionInfo_LogSchema, {
          address: TOKEN.subarray(1),
          topics: [TRC20_TRANSFER_TOPIC, word(ALICE), word(BOB)],
          data: amount(3),
        }),
        create(TransactionInfo_LogSchema, {
          address: TOKEN.subarray(1),
          topics: [TRC20_APPROVAL_TOPIC, word(ALICE), word(CAROL)],
          data: amount(1),
        }),
        // a mint: the zero address is no account
        create(TransactionInfo_LogSchema, {
          address: TOKEN.subarray(1),
          topics: [TRC20_TRANSFER_TOPIC, word(ZERO), word(ALICE)],
          data: amount(9),
        }),
        // an ERC-721 Transfer (token id indexed): not a TRC-20 log
        create(TransactionInfo_LogSchema, {
          address: TOKEN.subarray(1),
          topics: [TRC20_TRANSFER_TOPIC, word(ALICE), word(BOB), amount(1)],
          data: new Uint8Array(),
        }),
      ],
    });
    const txId = new Uint8Array(32).fill(1);
    overlay.put(AccountIndexTables.indexMarks, ACCOUNT_INDEX, 4n);
    indexAccounts(overlay, 5n, 15_000n, [{ txId, transaction: trigger, info }]);
    state.apply(overlay.changes());
    const roles = (address: Uint8Array) =>
      state.get(AccountIndexTables.accountTransactions, { address, blockNumber: 5n, transactionIndex: 0 })
        ?.roles;
    expect(roles(ALICE)).toBe(AccountRoles.from);
    expect(roles(TOKEN)).toBe(AccountRoles.to | AccountRoles.internal);
    expect(roles(CAROL)).toBe(AccountRoles.internal);
    expect(roles(BOB)).toBeUndefined();

    const transfer = (address: Uint8Array, logIndex: number) =>
      state.get(AccountIndexTables.tokenTransfers, {
        address,
        blockNumber: 5n,
        transactionIndex: 0,
        logIndex,
      });
    expect(transfer(ALICE, 0)).toMatchObject({
      kind: TokenTransferKinds.transfer,
      roles: AccountRoles.from,
      token: TOKEN,
    });
    expect(transfer(BOB, 0)).toMatchObject({ kind: TokenTransferKinds.transfer, roles: AccountRoles.to });
    expect(transfer(CAROL, 1)).toMatchObject({ kind: TokenTransferKinds.approval, roles: AccountRoles.to });
    expect(transfer(ZERO, 2)).toBeUndefined();
    expect(transfer(ALICE, 2)).toMatchObject({ roles: AccountRoles.to });
    expect(transfer(ALICE, 3)).toBeUndefined();

    for (const holder of [ALICE, BOB]) {
      expect(state.get(AccountIndexTables.accountTokens, { first: holder, second: TOKEN })).toBe(5n);
      expect(state.get(AccountIndexTables.tokenHolders, { first: TOKEN, second: holder })).toBe(5n);
    }
    // an approval reveals no holding
    expect(state.get(AccountIndexTables.accountTokens, { first: CAROL, second: TOKEN })).toBeUndefined();

    // a later transfer between the same pair does not rewrite the pair rows
    const later = new StateOverlay(state);
    indexAccounts(later, 6n, 18_000n, [{ txId, transaction: trigger, info }]);
    const written = later.changes().tables.get(AccountIndexTables.accountTokens.id);
    expect(written?.entries.size ?? 0).toBe(0);
    expect(later.get(AccountIndexTables.indexMarks, ACCOUNT_INDEX)).toBe(6n);
  });
});

describe("the index mark", () => {
  it("moves only from the block before, so a gap keeps showing", () => {
    const state = newChain();
    const overlay = new StateOverlay(state);
    indexAccounts(overlay, 1n, 3_000n, []);
    expect(overlay.get(AccountIndexTables.indexMarks, ACCOUNT_INDEX)).toBe(1n);
    indexAccounts(overlay, 3n, 9_000n, []);
    expect(overlay.get(AccountIndexTables.indexMarks, ACCOUNT_INDEX)).toBe(1n);
    indexAccounts(overlay, 2n, 6_000n, []);
    expect(overlay.get(AccountIndexTables.indexMarks, ACCOUNT_INDEX)).toBe(2n);
  });
});

describe("blockTransactionAt", () => {
  it("decodes one transaction out of an encoded block and skips the rest", () => {
    const state = newChain();
    const txs = [1n, 2n, 3n].map((amount) =>
      tx(state, ContractType.TransferContract, { ownerAddress: ALICE, toAddress: BOB, amount }, [ALICE_KEY]),
    );
    const bytes = encodeBlock(
      create(BlockSchema, { transactions: txs, blockHeader: { rawData: { number: 7n } } }),
    );
    expect(transactionId(blockTransactionAt(bytes, 1)!)).toEqual(transactionId(txs[1]!));
    expect(transactionId(blockTransactionAt(bytes, 2)!)).toEqual(transactionId(txs[2]!));
    expect(blockTransactionAt(bytes, 3)).toBeUndefined();
  });
});
