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
} from "@tronode/engine";
import { printMessage } from "../engine-protocol.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, walletPaths } from "../route-row.js";

const getBlockBalanceRow = defineRoute({
  name: "getblockbalance",
  paths: walletPaths("getblockbalance"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  availability: "served",
  note: "with --history-balance-lookup (default on in memory, off with --data-dir)",
  read: (request) => readBodyMessage(request, BlockBalanceTrace_BlockIdentifierSchema),
  handle: (api, identifier) => api.getBlockBalance(identifier),
  print: (trace, visible) => printMessage(BlockBalanceTraceSchema, trace, { visible, exactInt64: true }),
});

const getAccountBalanceRow = defineRoute({
  name: "getaccountbalance",
  paths: walletPaths("getaccountbalance"),
  methods: ["POST"],
  getOnPost: "405",
  visibleFrom: "body",
  availability: "served",
  note: "with --history-balance-lookup (default on in memory, off with --data-dir)",
  read: (request) => readBodyMessage(request, AccountBalanceRequestSchema),
  handle: (api, request) => api.getAccountBalance(request),
  print: (response, visible) =>
    printMessage(AccountBalanceResponseSchema, response, { visible, exactInt64: true }),
});

export const BALANCE_LOOKUP_ROUTES: readonly RouteRow[] = [getBlockBalanceRow, getAccountBalanceRow];
