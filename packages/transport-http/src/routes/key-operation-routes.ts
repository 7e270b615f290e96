/**
 * Operations that take or return private keys / pass phrases (java-tron removed them in 4.7.2; the
 * product spec still lists them): generateaddress, createaddress, gettransactionsign,
 * addtransactionsign, easytransfer, easytransferbyprivate, easytransferasset,
 * easytransferassetbyprivate. All rows are `handlesKeys`: the server
 * answers them only on a loopback listener or with `allowKeyOperations: true`.
 *
 * Behaviour (java-tron 4.7.1 servlets, wire-and-http.md §4.8):
 * - generateaddress: a random key → `{"address":<b58>,"hexAddress":<hex>,"privateKey":<hex>}`;
 * - createaddress: private key = sha256(pass phrase) (`Wallet.pass2Key`) →
 *   `{"base58checkAddress":<b58>,"value":<hex>}`; with visible the pass phrase is text, else hex;
 * - gettransactionsign: `{transaction, privateKey}` → the transaction with the signature over its
 *   txID appended (no permission check; the engine's `signTransaction`), printed like a built
 *   transaction;
 * - addtransactionsign: the same body → the signature appended after java-tron's `addSign` checks
 *   against the unconfirmed state (owner account, permission named by Permission_id, its type and
 *   operations, the signatures so far, the key belongs to the permission and has not signed yet);
 *   failures answer `{"Error":"class <exception> : <message>"}`;
 * - both sign endpoints take `visible` from the body, else from `transaction.visible`
 *   (`Util.getVisibleOnlyForSign`);
 * - easytransfer / easytransferbyprivate: build a TransferContract from the key's address, sign it,
 *   broadcast it → `{"transaction":{…},"result":<Return>}`; a build-time validation failure answers
 *   `{"result":{"code":"CONTRACT_VALIDATE_ERROR","message":…}}`.
 */
import {
  addressToBase58,
  bytesToHex,
  sha256,
  TransferContractSchema,
  TronodeError,
  utf8Encode,
} from "@tronode/engine/internal";
import {
  type EasyTransferInput,
  type EasyTransferResult,
  KeyOperations,
  printBuiltTransaction,
  type SignInput,
} from "@tronode/operations";
import {
  BytesMessageSchema,
  type JsonObject,
  type JsonValue,
  NULL_POINTER_EXCEPTION,
  parseMessage,
  parseTransaction,
  printTransaction,
} from "../engine-protocol.js";
import { TransportErrorCodes } from "../java-error-body.js";
import { javaStringOf } from "../java-value-readers.js";
import { printReturn } from "../return-message.js";
import { defineRoute, type RouteRow, type WalletRequest, walletPaths } from "../route-row.js";

function nullPointer(): TronodeError {
  return new TronodeError(TransportErrorCodes.badRequest, "null", { javaClass: NULL_POINTER_EXCEPTION });
}

/** Hex through java-tron's JsonFormat merge of a `bytes` field (failures as ParseException). */
function hexBytesOf(value: unknown): Uint8Array {
  return parseMessage(BytesMessageSchema, value === undefined ? {} : { value }, { visible: false }).value;
}

/** fastjson `getBoolean` on the values clients send. */
function javaBooleanOf(value: unknown): boolean {
  if (typeof value === "boolean") return value;
  if (typeof value === "number") return value === 1;
  if (typeof value === "string") return value.toLowerCase() === "true" || value === "1";
  return false;
}

const generateAddress = defineRoute({
  operation: KeyOperations.generateAddress,
  paths: walletPaths("generateaddress"),
  methods: ["GET", "POST"],
  visibleFrom: "query",
  read: () => undefined,
  print: ({ address, privateKey }): JsonObject => ({
    address: addressToBase58(address),
    hexAddress: bytesToHex(address),
    privateKey: bytesToHex(privateKey),
  }),
});

function readPassPhrase(request: WalletRequest): Uint8Array {
  const value = request.method === "GET" ? request.query("value") : request.body().value;
  if (!request.visible()) return hexBytesOf(value);
  const text = javaStringOf(value);
  if (text === undefined) throw nullPointer();
  return utf8Encode(text);
}

const createAddress = defineRoute({
  operation: KeyOperations.createAddress,
  paths: walletPaths("createaddress"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: readPassPhrase,
  print: (address): JsonObject => ({
    base58checkAddress: addressToBase58(address),
    value: bytesToHex(address),
  }),
});

/** The sign endpoints print with their own `visible` (body, else transaction), not the body's alone. */
interface HttpSignInput extends SignInput {
  readonly visible: boolean;
}

/** `visible` of the sign endpoints: the body's, else the transaction's (`Util.getVisibleOnlyForSign`). */
function readSignInput(request: WalletRequest): HttpSignInput {
  const body = request.body();
  const transactionJson = body.transaction;
  if (transactionJson === undefined || transactionJson === null) throw nullPointer();
  const nested =
    typeof transactionJson === "object" && !Array.isArray(transactionJson) ? transactionJson : {};
  const visible =
    "visible" in body ? javaBooleanOf(body.visible) : javaBooleanOf((nested as JsonObject).visible);
  const transaction = parseTransaction(transactionJson, { visible });
  return { transaction, privateKey: hexBytesOf(body.privateKey), visible };
}

const getTransactionSign = defineRoute({
  operation: KeyOperations.getTransactionSign,
  paths: walletPaths("gettransactionsign"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: readSignInput,
  print: (transaction, _visible, input: HttpSignInput) => printBuiltTransaction(transaction, input.visible),
});

const addTransactionSign = defineRoute({
  operation: KeyOperations.addTransactionSign,
  paths: walletPaths("addtransactionsign"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: readSignInput,
  print: (transaction, _visible, input: HttpSignInput) => printBuiltTransaction(transaction, input.visible),
});

/** `toAddress` / `amount` through the JsonFormat rules of TransferContract's `to_address` / `amount`. */
function readTransferTarget(body: JsonObject, visible: boolean): { toAddress: Uint8Array; amount: bigint } {
  const parsed = parseMessage(
    TransferContractSchema,
    {
      ...(body.toAddress !== undefined ? { to_address: body.toAddress } : {}),
      ...(body.amount !== undefined ? { amount: body.amount } : {}),
    },
    { visible },
  );
  return { toAddress: parsed.toAddress, amount: parsed.amount };
}

function printEasyTransfer(outcome: EasyTransferResult, visible: boolean): JsonValue {
  if ("validationError" in outcome) {
    return {
      result: printReturn(
        { result: false, code: "CONTRACT_VALIDATE_ERROR", message: outcome.validationError },
        visible,
      ),
    };
  }
  return {
    transaction: printTransaction(outcome.transaction, { visible, exactInt64: true, includeVisible: false }),
    result: printReturn(outcome.result, visible),
  };
}

const easyTransferRow = defineRoute({
  operation: KeyOperations.easyTransfer,
  paths: walletPaths("easytransfer"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: (request): EasyTransferInput => {
    const body = request.body();
    const visible = request.visible();
    const text = javaStringOf(body.passPhrase);
    const passPhrase = visible ? utf8Encode(text ?? "") : hexBytesOf(body.passPhrase);
    return { privateKey: sha256(passPhrase), ...readTransferTarget(body, visible) };
  },
  print: printEasyTransfer,
});

/** java-tron's EasyTransferByPrivateServlet answers every failure as a CONTRACT_VALIDATE_ERROR Return. */
const easyTransferByPrivate = defineRoute({
  operation: KeyOperations.easyTransferByPrivate,
  paths: walletPaths("easytransferbyprivate"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: (request) => {
    try {
      const body = request.body();
      const visible = request.visible();
      return { privateKey: hexBytesOf(body.privateKey), ...readTransferTarget(body, visible) };
    } catch (error) {
      if (error instanceof TronodeError) return { readError: error.message };
      throw error;
    }
  },
  print: printEasyTransfer,
});

/** EasyTransferAssetMessage's `assetId` (a string field) through JsonFormat. */
function readAssetId(body: JsonObject): string {
  return javaStringOf(body.assetId) ?? "";
}

const easyTransferAsset = defineRoute({
  operation: KeyOperations.easyTransferAsset,
  paths: walletPaths("easytransferasset"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: (request): EasyTransferInput => {
    const body = request.body();
    const visible = request.visible();
    const text = javaStringOf(body.passPhrase);
    const passPhrase = visible ? utf8Encode(text ?? "") : hexBytesOf(body.passPhrase);
    return {
      privateKey: sha256(passPhrase),
      ...readTransferTarget(body, visible),
      assetId: readAssetId(body),
    };
  },
  print: printEasyTransfer,
});

/** Like easytransferbyprivate: every failure answers as a CONTRACT_VALIDATE_ERROR Return. */
const easyTransferAssetByPrivate = defineRoute({
  operation: KeyOperations.easyTransferAssetByPrivate,
  paths: walletPaths("easytransferassetbyprivate"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: (request) => {
    try {
      const body = request.body();
      const visible = request.visible();
      return {
        privateKey: hexBytesOf(body.privateKey),
        ...readTransferTarget(body, visible),
        assetId: readAssetId(body),
      };
    } catch (error) {
      if (error instanceof TronodeError) return { readError: error.message };
      throw error;
    }
  },
  print: printEasyTransfer,
});

export const KEY_OPERATION_ROUTES: readonly RouteRow[] = [
  generateAddress,
  createAddress,
  getTransactionSign,
  addTransactionSign,
  easyTransferRow,
  easyTransferByPrivate,
  easyTransferAsset,
  easyTransferAssetByPrivate,
];
