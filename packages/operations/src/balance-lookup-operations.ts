/**
 * getblockbalance / getaccountbalance: java-tron's historyBalanceLookup reads, answered from the
 * node's balance history (`--history-balance-lookup`) with the wallet's checks and texts.
 */
import type {
  AccountBalanceRequest,
  AccountBalanceResponse,
  BlockBalanceTrace,
  BlockBalanceTrace_BlockIdentifier,
} from "@tronode/engine/internal";
import { defineOperation } from "./operation.js";

const NOTE = "with --history-balance-lookup (default on in memory, off with --data-dir)";

/** Balance history reads: a block's balance changes, and an account's balance at a given block. */
export const BalanceLookupOperations = {
  getBlockBalance: defineOperation<BlockBalanceTrace_BlockIdentifier, BlockBalanceTrace>({
    name: "getblockbalance",
    availability: "served",
    note: NOTE,
    run: (api, identifier) => api.getBlockBalance(identifier),
  }),
  getAccountBalance: defineOperation<AccountBalanceRequest, AccountBalanceResponse>({
    name: "getaccountbalance",
    availability: "served",
    note: NOTE,
    run: (api, request) => api.getAccountBalance(request),
  }),
} as const;
