/**
 * Transaction reads: gettransactionbyid, gettransactioninfobyid, gettransactioncountbyblocknum,
 * gettransactioninfobyblocknum — /wallet and /walletsolidity, GET and POST — and the fullnode's
 * gettransactionreceiptbyid.
 */
import {
  ResourceReceiptSchema,
  type Transaction,
  type TransactionInfo,
  TransactionInfoSchema,
} from "@tronode/engine/internal";
import { TransactionOperations } from "@tronode/operations";
import { type JsonValue, printMessage, printTransaction } from "../engine-protocol.js";
import { readBytesValueInput, readNumInput } from "../route-inputs.js";
import {
  defineRoute,
  NOT_FOUND_BODY,
  type RouteRow,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";

const EVM_ADDRESS_SIZE = 20;
const TRON_ADDRESS_PREFIX = 0x41;

/** Transactions outside build endpoints print without `visible` (java-tron `Util.printTransaction`). */
export function printStoredTransaction(tx: Transaction | undefined, visible: boolean): JsonValue {
  if (tx === undefined) return NOT_FOUND_BODY;
  return printTransaction(tx, { visible, exactInt64: true, includeVisible: false });
}

/**
 * With visible=true java-tron first turns each log's 20-byte EVM address into a 21-byte TRON
 * address (left-padded to 20 bytes, 0x41 prefix) so it prints as Base58Check.
 */
function withTronLogAddresses(info: TransactionInfo): TransactionInfo {
  let changed = false;
  const log = info.log.map((entry) => {
    const address = entry.address;
    if (address.length === 0 || address.length > EVM_ADDRESS_SIZE) return entry;
    const tron = new Uint8Array(EVM_ADDRESS_SIZE + 1);
    tron[0] = TRON_ADDRESS_PREFIX;
    tron.set(address, 1 + EVM_ADDRESS_SIZE - address.length);
    changed = true;
    return { ...entry, address: tron };
  });
  return changed ? { ...info, log } : info;
}

export function printTransactionInfo(info: TransactionInfo, visible: boolean): JsonValue {
  const shown = visible ? withTronLogAddresses(info) : info;
  return printMessage(TransactionInfoSchema, shown, { visible, exactInt64: true });
}

const getTransactionById = defineRoute({
  operation: TransactionOperations.getTransactionById,
  paths: walletAndSolidityPaths("gettransactionbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readBytesValueInput(request),
  print: printStoredTransaction,
});

const getTransactionInfoById = defineRoute({
  operation: TransactionOperations.getTransactionInfoById,
  paths: walletAndSolidityPaths("gettransactioninfobyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readBytesValueInput(request),
  print: (info, visible) => (info === undefined ? NOT_FOUND_BODY : printTransactionInfo(info, visible)),
});

/** Util.printTransactionFee: only the receipt, under `Receipt` (`{}` when the info has none). */
const getTransactionReceiptById = defineRoute({
  operation: TransactionOperations.getTransactionReceiptById,
  paths: walletPaths("gettransactionreceiptbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readBytesValueInput(request),
  print: (info, visible): JsonValue =>
    info?.receipt === undefined
      ? NOT_FOUND_BODY
      : { Receipt: printMessage(ResourceReceiptSchema, info.receipt, { visible, exactInt64: true }) },
});

const getTransactionCountByBlockNum = defineRoute({
  operation: TransactionOperations.getTransactionCountByBlockNum,
  paths: walletAndSolidityPaths("gettransactioncountbyblocknum"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readNumInput(request),
  print: (count) => ({ count: count ?? 0 }),
});

/** java-tron prints a bare JSON array here, and `{}` for num ≤ 0. */
const getTransactionInfoByBlockNum = defineRoute({
  operation: TransactionOperations.getTransactionInfoByBlockNum,
  paths: walletAndSolidityPaths("gettransactioninfobyblocknum"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => readNumInput(request),
  print: (infos, visible): JsonValue =>
    infos === undefined ? NOT_FOUND_BODY : infos.map((info) => printTransactionInfo(info, visible)),
});

export const TRANSACTION_ROUTES: readonly RouteRow[] = [
  getTransactionById,
  getTransactionInfoById,
  getTransactionReceiptById,
  getTransactionCountByBlockNum,
  getTransactionInfoByBlockNum,
];
