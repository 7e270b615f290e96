/**
 * Account reads: getaccount, getaccountbyid (/wallet and /walletsolidity), getaccountnet,
 * getaccountresource (/wallet only, as in java-tron). GET and POST.
 */
import { create } from "@bufbuild/protobuf";
import {
  type Account,
  type AccountNetFigures,
  type AccountResourceFigures,
  AccountSchema,
  type ReadScope,
} from "@tronode/engine";
import {
  AccountNetMessageSchema,
  AccountResourceMessageSchema,
  type JsonObject,
  type JsonValue,
  printMessage,
} from "../engine-protocol.js";
import { readAccountSelector } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";

const lenientUtf8 = new TextDecoder("utf-8");

/**
 * java-tron `Util.printAccount`: visible prints JsonFormat as is; otherwise `asset_issued_ID` is
 * turned from hex back into UTF-8 text (`Util.convertOutput`).
 */
export function printAccount(account: Account | undefined, visible: boolean): JsonValue {
  if (account === undefined) return NOT_FOUND_BODY;
  const printed = printMessage(AccountSchema, account, { visible, exactInt64: true }) as JsonObject;
  if (!visible && account.assetIssuedID.length > 0) {
    printed.asset_issued_ID = lenientUtf8.decode(account.assetIssuedID);
  }
  return printed;
}

interface AccountInput {
  readonly address: Uint8Array;
  readonly scope: ReadScope;
}

const getAccount = defineRoute({
  name: "getaccount",
  paths: walletAndSolidityPaths("getaccount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request): AccountInput => ({
    address: readAccountSelector(request, "address").address,
    scope: request.scope,
  }),
  handle: (api, { address, scope }: AccountInput) => api.getAccount(address, scope),
  print: printAccount,
});

const getAccountById = defineRoute({
  name: "getaccountbyid",
  paths: walletAndSolidityPaths("getaccountbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => ({
    accountId: readAccountSelector(request, "account_id").accountId,
    scope: request.scope,
  }),
  handle: (api, { accountId, scope }: { accountId: Uint8Array; scope: ReadScope }) =>
    api.getAccountById(accountId, scope),
  print: printAccount,
});

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

function printAccountNet(figures: AccountNetFigures | undefined, visible: boolean): JsonValue {
  if (figures === undefined) return NOT_FOUND_BODY;
  const message = create(AccountNetMessageSchema, netFields(figures));
  return printMessage(AccountNetMessageSchema, message, { visible, exactInt64: true });
}

function printAccountResource(figures: AccountResourceFigures | undefined, visible: boolean): JsonValue {
  if (figures === undefined) return NOT_FOUND_BODY;
  const message = create(AccountResourceMessageSchema, {
    ...netFields(figures),
    TotalTronPowerWeight: figures.totalTronPowerWeight,
    tronPowerUsed: figures.tronPowerUsed,
    tronPowerLimit: figures.tronPowerLimit,
    EnergyUsed: figures.energyUsed,
    EnergyLimit: figures.energyLimit,
    TotalEnergyLimit: figures.totalEnergyLimit,
    TotalEnergyWeight: figures.totalEnergyWeight,
  });
  return printMessage(AccountResourceMessageSchema, message, { visible, exactInt64: true });
}

const getAccountNet = defineRoute({
  name: "getaccountnet",
  paths: walletPaths("getaccountnet"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => readAccountSelector(request, "address").address,
  handle: (api, address: Uint8Array) => api.getAccountNet(address),
  print: printAccountNet,
});

const getAccountResource = defineRoute({
  name: "getaccountresource",
  paths: walletPaths("getaccountresource"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  read: (request) => readAccountSelector(request, "address").address,
  handle: (api, address: Uint8Array) => api.getAccountResource(address),
  print: printAccountResource,
});

export const ACCOUNT_ROUTES: readonly RouteRow[] = [
  getAccount,
  getAccountById,
  getAccountNet,
  getAccountResource,
];
