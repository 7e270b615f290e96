/**
 * produceBlock's `pushed` option: a block assembled from the outcomes the pending pool computed on
 * exactly the head state must be the block java-tron's re-execution gives — byte for byte, with
 * the same change set (per transaction and for the whole block), the same receipts and the same
 * rejections.
 */
import { toBinary } from "@bufbuild/protobuf";
import { describe, expect, it } from "vitest";
import {
  applyTransaction,
  bytesToHex,
  ChainProperties,
  type ChangeSet,
  ContractType,
  createNobleRecoverer,
  encodeBlock,
  encodeTransaction,
  type MemoryState,
  type ProduceBlockOptions,
  type ProducedBlock,
  produceBlock,
  type SignatureRecoverer,
  StateOverlay,
  type Table,
  Tables,
  type Transaction,
  TransactionInfoSchema,
  type TransactionOutcome,
} from "../src/internal.js";
import { ALICE, ALICE_KEY, BOB, BOB_KEY, newChain, WITNESS, WITNESS_KEY } from "./support/chain-fixture.js";
import { mutateAccount, tx } from "./support/tx-helpers.js";

const T = ContractType.TransferContract;

/** A change set as comparable data: tables and entries in order, values encoded by their table. */
function dump(changes: ChangeSet): [string, [string, string | undefined][]][] {
  return [...changes.tables.values()].map(({ table, entries }) => [
    table.id,
    [...entries.entries()].map(([keyId, { value }]) => [
      keyId,
      value === undefined ? undefined : bytesToHex((table as Table<unknown, unknown>).encodeValue(value)),
    ]),
  ]);
}

function dumpOutcome(o: TransactionOutcome) {
  return {
    txId: bytesToHex(o.txId),
    transaction: bytesToHex(encodeTransaction(o.transaction)),
    info: bytesToHex(toBinary(TransactionInfoSchema, o.info)),
    changes: dump(o.changes),
  };
}

function dumpBlock(p: ProducedBlock) {
  return {
    block: bytesToHex(encodeBlock(p.block)),
    blockId: bytesToHex(p.blockId),
    outcomes: p.outcomes.map(dumpOutcome),
    changes: dump(p.changes),
    rejected: p.rejected.map((r) => [
      bytesToHex(encodeTransaction(r.transaction)),
      r.error.code,
      r.error.message,
    ]),
  };
}

/** Pushes `transactions` in order on one overlay over `state`, as the node's pending pool does. */
function pushAll(state: MemoryState, transactions: readonly Transaction[]): TransactionOutcome[] {
  const pending = new StateOverlay(state);
  const recoverer = createNobleRecoverer();
  return transactions.map((t) => {
    const outcome = applyTransaction(pending, t, { mode: "push", recoverer });
    pending.merge(outcome.changes);
    return outcome;
  });
}

/** Counts recoveries, to tell whether a transaction was applied again. */
function countingRecoverer(): SignatureRecoverer & { calls: number } {
  const noble = createNobleRecoverer();
  const counter = {
    name: "counting",
    calls: 0,
    recoverAddress(hash: Uint8Array, signature: Uint8Array) {
      counter.calls++;
      return noble.recoverAddress(hash, signature);
    },
  };
  return counter;
}

function options(state: MemoryState, transactions: readonly Transaction[]): ProduceBlockOptions {
  return {
    timestamp: new ChainProperties(state).headTimestamp + 3_000n,
    witnessPrivateKey: WITNESS_KEY,
    transactions,
    recoverer: createNobleRecoverer(),
  };
}

describe.each([
  ["VM off", {}],
  ["VM on", { ALLOW_CREATION_OF_CONTRACTS: 1n }],
])("a block from pushed outcomes (%s)", (_name, vm) => {
  /**
   * An account-creating transfer, a memo, free bandwidth then burned bandwidth (FREE_NET_LIMIT
   * covers about one transfer), a second sender created by the first transfer, and — not pushed —
   * a transfer that fails when the block applies it, so it is left out.
   */
  function scenario() {
    const state = newChain({ ...vm, MEMO_FEE: 1_000_000n, FREE_NET_LIMIT: 400n });
    const transactions = [
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 50_000_000n }, [ALICE_KEY]),
      tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 2n }, [ALICE_KEY], {
        data: new TextEncoder().encode("memo"),
      }),
      tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 3n }, [ALICE_KEY]),
      tx(state, T, { ownerAddress: BOB, toAddress: WITNESS, amount: 4n }, [BOB_KEY]),
    ];
    const pushed = pushAll(state, transactions);
    const failing = tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: 10n ** 15n }, [
      ALICE_KEY,
    ]);
    return { state, pushed, candidates: [...pushed.map((o) => o.transaction), failing] };
  }

  it("equals the re-executed block: bytes, id, change sets, receipts and rejections", () => {
    const { state, pushed, candidates } = scenario();
    const fees = pushed.map((o) => [o.info.fee, o.info.receipt?.netUsage, o.info.receipt?.netFee]);
    // The scenario covers what it claims: account creation, memo fee, free and burned bandwidth.
    expect(state.get(Tables.accounts, BOB)).toBeUndefined();
    expect(pushed[0]!.changes.tables.get(Tables.accounts.id)?.entries.has(Tables.accounts.keyId(BOB))).toBe(
      true,
    );
    expect(fees[1]![0]).toBeGreaterThanOrEqual(1_000_000n);
    expect(fees.some(([, netUsage]) => (netUsage ?? 0n) > 0n)).toBe(true);
    expect(fees.some(([, , netFee]) => (netFee ?? 0n) > 0n)).toBe(true);

    const reexecuted = produceBlock(state, options(state, candidates));
    const assembled = produceBlock(state, { ...options(state, candidates), pushed });
    expect(reexecuted.outcomes).toHaveLength(4);
    expect(reexecuted.rejected).toHaveLength(1);
    expect(dumpBlock(assembled)).toEqual(dumpBlock(reexecuted));
    for (const o of assembled.outcomes) {
      expect(o.info.blockNumber).toBe(1n);
      expect(state.get(Tables.transactionIndex, o.txId)).toBeUndefined();
    }
    expect(dump(assembled.changes).find(([id]) => id === Tables.transactionIndex.id)?.[1]).toEqual(
      pushed.map((o) => [
        Tables.transactionIndex.keyId(o.txId),
        bytesToHex(Tables.transactionIndex.encodeValue(1n)),
      ]),
    );
  });

  it("takes the pushed outcomes without applying them again, and leaves the pending outcomes untouched", () => {
    const { state, pushed, candidates } = scenario();
    const before = pushed.map(dumpOutcome);
    const recoverer = countingRecoverer();
    produceBlock(state, { ...options(state, candidates), recoverer, pushed });
    // Only the transaction that was not pushed is applied (and recovered).
    expect(recoverer.calls).toBe(1);
    expect(pushed.map(dumpOutcome)).toEqual(before);
  });

  it("a transaction object other than the pushed outcome's ends the prefix; the rest is re-executed", () => {
    const { state, pushed, candidates } = scenario();
    const copy = { ...candidates[2]! };
    const mixed = [candidates[0]!, candidates[1]!, copy, candidates[3]!, candidates[4]!];
    const recoverer = countingRecoverer();
    const assembled = produceBlock(state, { ...options(state, mixed), recoverer, pushed });
    expect(recoverer.calls).toBe(3);
    expect(dumpBlock(assembled)).toEqual(dumpBlock(produceBlock(state, options(state, mixed))));
  });
});

describe("a block from pushed outcomes that do not all fit", () => {
  it("uses the prefix that fits and re-executes the rest, as java-tron does (a later small one lands on the state without the left-out one)", () => {
    const state = newChain({ ALLOW_CREATION_OF_CONTRACTS: 1n, MEMO_FEE: 1_000_000n });
    mutateAccount(state, ALICE, (a) => {
      a.balance = 10n ** 13n;
    });
    const memo = new Uint8Array(450_000).fill(7);
    const big = (i: number) =>
      tx(state, T, { ownerAddress: ALICE, toAddress: WITNESS, amount: BigInt(i + 1) }, [ALICE_KEY], {
        data: memo,
        timestamp: BigInt(i),
      });
    // Four of 450 kB fit in 2 MB, the fifth does not; the last one is small and still fits.
    const transactions = [0, 1, 2, 3, 4].map(big);
    transactions.push(tx(state, T, { ownerAddress: ALICE, toAddress: BOB, amount: 5n }, [ALICE_KEY]));
    const pushed = pushAll(state, transactions);
    const candidates = pushed.map((o) => o.transaction);

    const reexecuted = produceBlock(state, options(state, candidates));
    const recoverer = countingRecoverer();
    const assembled = produceBlock(state, { ...options(state, candidates), recoverer, pushed });
    expect(reexecuted.outcomes).toHaveLength(5);
    expect(reexecuted.rejected.map((r) => r.error.message)).toEqual(["block is full"]);
    // The small transfer was pushed after the fifth big one, so its pushed outcome cannot be used.
    expect(recoverer.calls).toBe(1);
    expect(dumpBlock(assembled)).toEqual(dumpBlock(reexecuted));
    expect(bytesToHex(assembled.outcomes[4]!.txId)).toBe(bytesToHex(pushed[5]!.txId));
    const accounts = (o: TransactionOutcome) => dump(o.changes).find(([id]) => id === Tables.accounts.id);
    expect(accounts(assembled.outcomes[4]!)).not.toEqual(accounts(pushed[5]!));
  });
});
