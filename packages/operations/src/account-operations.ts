/** Account reads: getaccount, getaccountbyid (head or solid), getaccountnet, getaccountresource (head). */
import { create } from "@bufbuild/protobuf";
import {
  type Account,
  type AccountNetFigures,
  type AccountNetMessage,
  AccountNetMessageSchema,
  type AccountResourceFigures,
  type AccountResourceMessage,
  AccountResourceMessageSchema,
} from "@tronode/engine/internal";
import { defineOperation } from "./operation.js";

/** The account reads: getaccount and getaccountbyid (head or solid), getaccountnet and getaccountresource. */
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

/** The bandwidth fields AccountNetMessage and AccountResourceMessage share (same names and numbers). */
function netFields(figures: AccountNetFigures) {
  return {
    freeNetUsed: figures.freeNetUsed,
    freeNetLimit: figures.freeNetLimit,
    NetUsed: figures.netUsed,
    NetLimit: figures.netLimit,
    TotalNetLimit: figures.totalNetLimit,
    TotalNetWeight: figures.totalNetWeight,
    assetNetUsed: { ...figures.assetNetUsed },
    assetNetLimit: { ...figures.assetNetLimit },
  };
}

/** java-tron `Wallet.getAccountNet`'s message. */
export function accountNetMessage(figures: AccountNetFigures): AccountNetMessage {
  return create(AccountNetMessageSchema, netFields(figures));
}

/** java-tron `Wallet.getAccountResource`'s message. */
export function accountResourceMessage(figures: AccountResourceFigures): AccountResourceMessage {
  return create(AccountResourceMessageSchema, {
    ...netFields(figures),
    TotalTronPowerWeight: figures.totalTronPowerWeight,
    tronPowerUsed: figures.tronPowerUsed,
    tronPowerLimit: figures.tronPowerLimit,
    EnergyUsed: figures.energyUsed,
    EnergyLimit: figures.energyLimit,
    TotalEnergyLimit: figures.totalEnergyLimit,
    TotalEnergyWeight: figures.totalEnergyWeight,
  });
}
