/**
 * Accounts: GetAccount, GetAccountById (unknown = the empty Account), GetAccountNet,
 * GetAccountResource (unknown = the empty message).
 */
import {
  AccountNetMessageSchema,
  AccountResourceMessageSchema,
  AccountSchema,
} from "@tronode/engine/internal";
import { AccountOperations, accountNetMessage, accountResourceMessage } from "@tronode/operations";
import { bindRpc, type RpcBinding } from "../rpc-binding.js";

export const ACCOUNT_RPCS: readonly RpcBinding[] = [
  bindRpc({
    rpc: "GetAccount",
    request: AccountSchema,
    response: AccountSchema,
    operation: AccountOperations.getAccount,
    input: (request) => request.address,
    output: (account) => account,
    failure: "uncaught",
    encodeOnce: true,
  }),
  bindRpc({
    rpc: "GetAccountById",
    request: AccountSchema,
    response: AccountSchema,
    operation: AccountOperations.getAccountById,
    input: (request) => request.accountId,
    output: (account) => account,
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetAccountNet",
    request: AccountSchema,
    response: AccountNetMessageSchema,
    operation: AccountOperations.getAccountNet,
    input: (request) => request.address,
    output: (figures) => (figures === undefined ? undefined : accountNetMessage(figures)),
    failure: "uncaught",
  }),
  bindRpc({
    rpc: "GetAccountResource",
    request: AccountSchema,
    response: AccountResourceMessageSchema,
    operation: AccountOperations.getAccountResource,
    input: (request) => request.address,
    output: (figures) => (figures === undefined ? undefined : accountResourceMessage(figures)),
    failure: "uncaught",
  }),
];
