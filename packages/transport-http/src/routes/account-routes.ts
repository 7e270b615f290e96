/**
 * Account reads: getaccount, getaccountbyid (/wallet and /walletsolidity), getaccountnet,
 * getaccountresource (/wallet only, as in java-tron). GET and POST.
 */
import {
  type Account,
  type AccountNetFigures,
  type AccountResourceFigures,
  AccountSchema,
} from "@tronode/engine/internal";
import { AccountOperations, accountNetMessage, accountResourceMessage } from "@tronode/operations";
import {
  AccountNetMessageSchema,
  AccountResourceMessageSchema,
  type JsonObject,
  JsonText,
  type JsonValue,
  printMessage,
  stringifyJson,
} from "../engine-protocol.js";
import { readAccountAddress, readAccountSelector } from "../route-inputs.js";
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
  // The wallet hands out the same report object while the state is unchanged: print it once.
  const cached = printedAccounts.get(account);
  const text = visible ? cached?.visible : cached?.hex;
  if (text !== undefined) return text;
  const printed = printMessage(AccountSchema, account, { visible, exactInt64: true }) as JsonObject;
  if (!visible && account.assetIssuedID.length > 0) {
    printed.asset_issued_ID = lenientUtf8.decode(account.assetIssuedID);
  }
  const serialised = new JsonText(stringifyJson(printed));
  printedAccounts.set(account, { ...cached, [visible ? "visible" : "hex"]: serialised });
  return serialised;
}

const printedAccounts = new WeakMap<Account, { visible?: JsonText; hex?: JsonText }>();

const getAccount = defineRoute({
  operation: AccountOperations.getAccount,
  paths: walletAndSolidityPaths("getaccount"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readAccountAddress,
  print: printAccount,
});

const getAccountById = defineRoute({
  operation: AccountOperations.getAccountById,
  paths: walletAndSolidityPaths("getaccountbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readAccountSelector(request, "account_id").accountId,
  print: printAccount,
});

function printAccountNet(figures: AccountNetFigures | undefined, visible: boolean): JsonValue {
  if (figures === undefined) return NOT_FOUND_BODY;
  return printMessage(AccountNetMessageSchema, accountNetMessage(figures), { visible, exactInt64: true });
}

function printAccountResource(figures: AccountResourceFigures | undefined, visible: boolean): JsonValue {
  if (figures === undefined) return NOT_FOUND_BODY;
  return printMessage(AccountResourceMessageSchema, accountResourceMessage(figures), {
    visible,
    exactInt64: true,
  });
}

const getAccountNet = defineRoute({
  operation: AccountOperations.getAccountNet,
  paths: walletPaths("getaccountnet"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readAccountAddress,
  print: printAccountNet,
});

const getAccountResource = defineRoute({
  operation: AccountOperations.getAccountResource,
  paths: walletPaths("getaccountresource"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readAccountAddress,
  print: printAccountResource,
});

export const ACCOUNT_ROUTES: readonly RouteRow[] = [
  getAccount,
  getAccountById,
  getAccountNet,
  getAccountResource,
];
