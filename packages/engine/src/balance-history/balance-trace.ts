/**
 * Balance history (java-tron's historyBalanceLookup): every change of an account's balance inside
 * a transaction is an operation of that transaction's trace — recorded where the account is
 * written, as java-tron's AccountStore.put does, so every actuator (present or future) is traced
 * without code of its own — and each block records the balance of every account it changed.
 */
import { create } from "@bufbuild/protobuf";
import { INT64_MAX } from "../chain/arithmetic.js";
import { concatBytes, int64ToBytes } from "../crypto/bytes.js";
import { contractTypeName } from "../protocol/contract-types.js";
import {
  AccountTraceSchema,
  type BlockBalanceTrace,
  BlockBalanceTraceSchema,
  type TransactionBalanceTrace,
  TransactionBalanceTrace_OperationSchema,
  TransactionBalanceTraceSchema,
} from "../protocol/generated/protocol/contracts_pb.js";
import type { Account, Block } from "../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../state/core-tables.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import type { Table } from "../state/table.js";
import { BalanceHistoryTables } from "./tables.js";

/** Key of an account's balance at a block: `address ‖ (number XOR Long.MAX_VALUE)`, big-endian. */
export function accountTraceKey(address: Uint8Array, number: bigint): Uint8Array {
  return concatBytes(address, int64ToBytes(number ^ INT64_MAX));
}

/** The block number an account-trace key was written for. */
export function accountTraceNumber(key: Uint8Array): bigint {
  return new DataView(key.buffer, key.byteOffset + key.length - 8, 8).getBigInt64(0) ^ INT64_MAX;
}

/**
 * A transaction's working state that also records every balance change written to an account
 * (old balance in the state below vs the new one), in write order, as java-tron's operations.
 */
export class BalanceTracingOverlay extends StateOverlay {
  private readonly operations: { address: Uint8Array; amount: bigint }[] = [];

  override put<K, V>(table: Table<K, V>, key: K, value: V): void {
    if (table.id === CoreTables.accounts.id) {
      const before = this.get(CoreTables.accounts, key as Uint8Array)?.balance ?? 0n;
      const after = (value as Account).balance;
      if (after !== before) this.operations.push({ address: key as Uint8Array, amount: after - before });
    }
    super.put(table, key, value);
  }

  override delete<K, V>(table: Table<K, V>, key: K): void {
    if (table.id === CoreTables.accounts.id) {
      const before = this.get(CoreTables.accounts, key as Uint8Array)?.balance ?? 0n;
      if (before !== 0n) this.operations.push({ address: key as Uint8Array, amount: -before });
    }
    super.delete(table, key);
  }

  /** The transaction's TransactionBalanceTrace (operation ids count from 0). */
  trace(txId: Uint8Array, contractType: number, status = "SUCCESS"): TransactionBalanceTrace {
    return create(TransactionBalanceTraceSchema, {
      transactionIdentifier: txId,
      type: contractTypeName(contractType),
      status,
      operation: this.operations.map((o, i) =>
        create(TransactionBalanceTrace_OperationSchema, {
          operationIdentifier: BigInt(i),
          address: o.address,
          amount: o.amount,
        }),
      ),
    });
  }
}

/**
 * The block's traces, written into `state` (the block's overlay over `parent`): the block trace
 * with the transactions that changed a balance, and each changed account's balance at this block.
 */
export function recordBlockBalances(
  state: StateOverlay,
  parent: StateView,
  block: Block,
  blockId: Uint8Array,
  transactionTraces: readonly (TransactionBalanceTrace | undefined)[],
): BlockBalanceTrace {
  const raw = block.blockHeader!.rawData!;
  const trace = create(BlockBalanceTraceSchema, {
    blockIdentifier: { hash: blockId, number: raw.number },
    timestamp: raw.timestamp,
    transactionBalanceTrace: transactionTraces.filter(
      (t): t is TransactionBalanceTrace => t !== undefined && t.operation.length > 0,
    ),
  });
  state.put(BalanceHistoryTables.balanceTraces, raw.number, trace);
  const accounts = state.changes().tables.get(CoreTables.accounts.id);
  for (const { key, value } of accounts?.entries.values() ?? []) {
    const address = key as Uint8Array;
    const after = (value as Account | undefined)?.balance ?? 0n;
    const before = parent.get(CoreTables.accounts, address)?.balance;
    if (before === after) continue;
    state.put(
      BalanceHistoryTables.accountTraces,
      accountTraceKey(address, raw.number),
      create(AccountTraceSchema, { balance: after }),
    );
  }
  return trace;
}
