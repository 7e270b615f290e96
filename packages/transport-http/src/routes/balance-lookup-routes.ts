/**
 * getblockbalance / getaccountbalance (POST only, GET → 405): java-tron's historyBalanceLookup
 * reads, answered from the node's balance history (`--history-balance-lookup`). The checks and
 * their texts are the wallet's (java-tron Wallet.getBlockBalance / getAccountBalance).
 */
import {
  AccountBalanceRequestSchema,
  AccountBalanceResponseSchema,
  BlockBalanceTrace_BlockIdentifierSchema,
  BlockBalanceTraceSchema,
} from "@tronode/engine/internal";
import { BalanceLookupOperations } from "@tronode/operations";
import { printMessage } from "../engine-protocol.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";

const getBlockBalanceRow = defineRoute({
  operation: BalanceLookupOperations.getBlockBalance,
  paths: walletPaths("getblockbalance"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  read: (request) => readBodyMessage(request, BlockBalanceTrace_BlockIdentifierSchema),
  print: (trace, visible) => printMessage(BlockBalanceTraceSchema, trace, { visible, exactInt64: true }),
});

const getAccountBalanceRow = defineRoute({
  operation: BalanceLookupOperations.getAccountBalance,
  paths: walletPaths("getaccountbalance"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  read: (request) => readBodyMessage(request, AccountBalanceRequestSchema),
  print: (response, visible) =>
    printMessage(AccountBalanceResponseSchema, response, { visible, exactInt64: true }),
});

export const BALANCE_LOOKUP_ROUTES: readonly RouteRow[] = [getBlockBalanceRow, getAccountBalanceRow];
