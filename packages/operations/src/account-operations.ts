/** Account reads: getaccount, getaccountbyid (head or solid), getaccountnet, getaccountresource (head). */
import type { Account, AccountNetFigures, AccountResourceFigures } from "@tronode/engine";
import { defineOperation } from "./operation.js";

export const AccountOperations = {
  /** Input: the address (Account.address); undefined = not found. */
  getAccount: defineOperation<Uint8Array, Account | undefined>({
    name: "getaccount",
    availability: "served",
    run: (api, address, { scope }) => api.getAccount(address, scope),
  }),
  /** Input: Account.account_id. */
  getAccountById: defineOperation<Uint8Array, Account | undefined>({
    name: "getaccountbyid",
    availability: "served",
    run: (api, accountId, { scope }) => api.getAccountById(accountId, scope),
  }),
  getAccountNet: defineOperation<Uint8Array, AccountNetFigures | undefined>({
    name: "getaccountnet",
    availability: "served",
    run: (api, address) => api.getAccountNet(address),
  }),
  getAccountResource: defineOperation<Uint8Array, AccountResourceFigures | undefined>({
    name: "getaccountresource",
    availability: "served",
    run: (api, address) => api.getAccountResource(address),
  }),
} as const;
