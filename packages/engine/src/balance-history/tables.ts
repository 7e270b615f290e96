import { AccountTraceSchema, BlockBalanceTraceSchema } from "../protocol/generated/protocol/contracts_pb.js";
import { bytesKey, defineTable, int64Key, messageValue } from "../state/table.js";

/** java-tron's historyBalanceLookup stores (BalanceTraceStore, AccountTraceStore). */
export const BalanceHistoryTables = {
  /** block number → every balance change of the block's transactions (BlockBalanceTrace). */
  balanceTraces: defineTable("balance-traces", int64Key, messageValue(BlockBalanceTraceSchema)),
  /**
   * `address ‖ (number XOR Long.MAX)` → the account's balance at the end of that block, written for
   * every block that changed it. The XOR makes later blocks sort first, so "the balance at block n"
   * is the first key at or after `address ‖ xor(n)`, as in java-tron.
   */
  accountTraces: defineTable("account-traces", bytesKey, messageValue(AccountTraceSchema)),
} as const;
