/**
 * The HTTP binding of the shielded operations (@tronode/operations ShieldedOperations), java-tron's
 * servlets:
 * - key and address operations, served (`handlesKeys`: they take or return secrets, so they are
 *   answered only on a loopback listener or with allowKeyOperations): getspendingkey,
 *   getexpandedspendingkey, getakfromask, getnkfromnsk, getincomingviewingkey, getdiversifier,
 *   getzenpaymentaddress, getrcm, getnewshieldedaddress (GET and POST, `value`/`ak`/`nk`/`ivk`/`d`
 *   from the query on GET, JSON body on POST, bytes in hex), createspendauthsig (POST, GET empty 200);
 * - createshieldnullifier, getshieldtransactionhash, gettriggerinputforshieldedtrc20contract (POST,
 *   GET empty 200), computed from the request;
 * - the ShieldedTransferContract note operations scannotebyivk, scanandmarknotebyivk, scannotebyovk
 *   (GET and POST) and getmerkletreevoucherinfo, isspend (POST) under /wallet and /walletsolidity —
 *   java-tron 4.8 registers them on its PBFT service only; the product spec lists them for both;
 * - the shielded TRC-20 scans (GET and POST) and isshieldedtrc20contractnotespent (POST), under
 *   /wallet and /walletsolidity;
 * - proof creation — createshieldedtransaction, createshieldedtransactionwithoutspendauthsig,
 *   createshieldedcontractparameters, createshieldedcontractparameterswithoutask — not possible here:
 *   it needs Groth16 proving with TRON's own ~48 MB Sapling parameters, which no source this node
 *   can reach carries; they answer `{"Error":"class java.lang.UnsupportedOperationException : not
 *   possible here: …"}`.
 * Failures print java-tron's `{"Error":"class <exception> : <message>"}` (BadItemException for the
 * length checks, ZksnarkException "param is null" / "param length must be 32/11", and the scans'
 * NumberFormatException for a missing or bad GET block index).
 *
 * As in java-tron, the TRC-10 note servlets and createshieldnullifier merge their body with
 * JsonFormat.merge(text, builder), which parses as if `visible` were true (a note's memo is text);
 * the others honour the request's `visible`. The scans print `index` even when it is 0 (and
 * scanandmarknotebyivk `is_spend` even when false), as their servlets add them after printing.
 */
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import {
  bytesToHex,
  DecryptNotesMarkedSchema,
  DecryptNotesSchema,
  DecryptNotesTRC20Schema,
  IncrementalMerkleVoucherInfoSchema,
  IvkDecryptAndMarkParametersSchema,
  IvkDecryptParametersSchema,
  IvkDecryptTRC20ParametersSchema,
  NfParametersSchema,
  NfTRC20ParametersSchema,
  NoteParametersSchema,
  OutputPointInfoSchema,
  OvkDecryptParametersSchema,
  OvkDecryptTRC20ParametersSchema,
  PrivateShieldedTRC20ParametersSchema,
  PrivateShieldedTRC20ParametersWithoutAskSchema,
  ShieldedTRC20TriggerContractParametersSchema,
  SpendResultSchema,
  type shielded,
  tryAddressFromBase58,
} from "@tronode/engine/internal";
import { type Operation, ShieldedOperations, type ShieldedTrc20ParametersInput } from "@tronode/operations";
import {
  BytesMessageSchema,
  type JsonObject,
  type JsonValue,
  parseMessage,
  parseTransaction,
  printMessage,
} from "../engine-protocol.js";
import { javaStringOf, parseJavaHex, parseJavaLong } from "../java-value-readers.js";
import {
  defineRoute,
  type RouteRow,
  type WalletRequest,
  walletAndSolidityPaths,
  walletPaths,
} from "../route-row.js";

/**
 * A hex field: the query parameter on GET, fastjson's getString of the body on POST, through
 * ByteArray.fromHexString — which answers no bytes for a missing (null) value.
 */
function hexField(request: WalletRequest, name: string): Uint8Array {
  if (request.method === "GET") return parseJavaHex(request.query(name));
  return parseJavaHex(javaStringOf(request.body()[name]));
}

/** BytesMessage `value`: the query on GET, JsonFormat.merge of the body on POST (empty if absent). */
function bytesValue(request: WalletRequest): Uint8Array {
  if (request.method === "GET") return hexField(request, "value");
  const value = request.body().value;
  return parseMessage(BytesMessageSchema, value === undefined ? {} : { value }, { visible: false }).value;
}

const hex = bytesToHex;
const valueBody = (value: Uint8Array): JsonObject => ({ value: hex(value) });

/** A GET+POST key operation row (java-tron's hex JSON; `visible` from the body unless said). */
function keyRoute<Input, Result>(
  operation: Operation<Input, Result>,
  read: (request: WalletRequest) => Input,
  print: (result: Result) => JsonObject,
  visibleFrom: "body" | "query" = "body",
): RouteRow {
  return defineRoute<Input, Result>({
    operation,
    paths: walletPaths(operation.name),
    methods: ["GET", "POST"],
    visibleFrom,
    read,
    print,
  });
}

const paymentAddressBody = (p: shielded.PaymentAddressMessage): JsonObject => ({
  d: { d: hex(p.d) },
  pkD: hex(p.pkD),
  payment_address: p.paymentAddress,
});

const none = () => undefined;
/** Servlets that take no input but parse the POST body for `visible` (PostParams.getPostParams). */
const parsedBody = (request: WalletRequest): undefined => {
  if (request.method === "POST") request.body();
  return undefined;
};

const KEY_ROUTES: readonly RouteRow[] = [
  keyRoute(ShieldedOperations.getSpendingKey, parsedBody, valueBody),
  keyRoute(ShieldedOperations.getExpandedSpendingKey, bytesValue, (e) => ({
    ask: hex(e.ask),
    nsk: hex(e.nsk),
    ovk: hex(e.ovk),
  })),
  keyRoute(ShieldedOperations.getAkFromAsk, bytesValue, valueBody),
  keyRoute(ShieldedOperations.getNkFromNsk, bytesValue, valueBody),
  keyRoute(
    ShieldedOperations.getIncomingViewingKey,
    (request) => ({ ak: hexField(request, "ak"), nk: hexField(request, "nk") }),
    (ivk) => ({ ivk: hex(ivk) }),
  ),
  keyRoute(ShieldedOperations.getDiversifier, parsedBody, (d) => ({ d: hex(d) })),
  keyRoute(
    ShieldedOperations.getZenPaymentAddress,
    (request) => ({ ivk: hexField(request, "ivk"), d: hexField(request, "d") }),
    paymentAddressBody,
  ),
  // GetRcmServlet reads `visible` from the query only and never parses the body.
  keyRoute(ShieldedOperations.getRcm, none, valueBody, "query"),
  keyRoute(ShieldedOperations.getNewShieldedAddress, parsedBody, (a) => ({
    sk: hex(a.sk),
    ask: hex(a.ask),
    nsk: hex(a.nsk),
    ovk: hex(a.ovk),
    ak: hex(a.ak),
    nk: hex(a.nk),
    ivk: hex(a.ivk),
    d: hex(a.d),
    pkD: hex(a.pkD),
    payment_address: a.paymentAddress,
  })),
  defineRoute({
    operation: ShieldedOperations.createSpendAuthSig,
    paths: walletPaths("createspendauthsig"),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    // SpendAuthSigParameters {ask, tx_hash, alpha} through JsonFormat: absent fields are empty.
    read: (request: WalletRequest) => {
      const body = request.body();
      const field = (name: string) => {
        const text = javaStringOf(body[name]);
        return text === undefined ? new Uint8Array(0) : parseJavaHex(text);
      };
      return { ask: field("ask"), txHash: field("tx_hash"), alpha: field("alpha") };
    },
    print: valueBody,
  }),
];

/** JsonFormat.merge of the body: with the request's `visible`, or as if visible (the 2-argument merge). */
function bodyMessage<Desc extends DescMessage>(
  request: WalletRequest,
  schema: Desc,
  visible: "request" | "always",
): MessageShape<Desc> {
  return parseMessage(schema, request.body(), { visible: visible === "always" || request.visible() });
}

/** A POST-only servlet with an empty doGet. */
function postRoute<Input, Result>(
  operation: Operation<Input, Result>,
  paths: string[],
  read: (request: WalletRequest) => Input,
  print: (result: Result, visible: boolean) => JsonValue,
): RouteRow {
  return defineRoute<Input, Result>({
    operation,
    paths,
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    read,
    print,
  });
}

/** A scan servlet: GET reads the query (Long.parseLong, ByteArray.fromHexString), POST the body. */
function scanRoute<Input, Result>(
  operation: Operation<Input, Result>,
  read: { get: (request: WalletRequest) => Input; post: (request: WalletRequest) => Input },
  print: (result: Result, visible: boolean) => JsonValue,
): RouteRow {
  return defineRoute<Input, Result>({
    operation,
    paths: walletAndSolidityPaths(operation.name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    read: (request) => (request.method === "GET" ? read.get(request) : read.post(request)),
    print,
  });
}

const blockRange = (request: WalletRequest) => ({
  startBlockIndex: parseJavaLong(request.query("start_block_index")),
  endBlockIndex: parseJavaLong(request.query("end_block_index")),
});
const queryHex = (request: WalletRequest, name: string) => parseJavaHex(request.query(name));

/** The scans' GET contract address: Base58Check with visible (Util.getHexAddress), else hex. */
function queryContractAddress(request: WalletRequest): Uint8Array {
  const text = request.query("shielded_TRC20_contract_address");
  if (request.visible() && text !== undefined) return tryAddressFromBase58(text) ?? new Uint8Array(0);
  return parseJavaHex(text);
}

/** The scan servlets' convertOutput: JsonFormat's print, then `index` (and more) put back into each item. */
function withForcedFields<T extends { noteTxs: object[] }>(
  printed: JsonObject,
  result: T,
  fields: (item: T["noteTxs"][number]) => JsonObject,
): JsonObject {
  if (result.noteTxs.length === 0) return printed;
  const items = printed.noteTxs as JsonObject[];
  return { ...printed, noteTxs: items.map((item, i) => ({ ...item, ...fields(result.noteTxs[i]!) })) };
}

const bytesBody = (value: Uint8Array | undefined): JsonObject =>
  value === undefined ? {} : valueBody(value);

const NOTE_ROUTES: readonly RouteRow[] = [
  postRoute(
    ShieldedOperations.createShieldNullifier,
    walletPaths("createshieldnullifier"),
    (request) => bodyMessage(request, NfParametersSchema, "always"),
    bytesBody,
  ),
  // Util.packTransaction, `visible` from the body
  postRoute(
    ShieldedOperations.getShieldTransactionHash,
    walletPaths("getshieldtransactionhash"),
    (request) => parseTransaction(request.body(), { visible: request.visible() }),
    bytesBody,
  ),
  postRoute(
    ShieldedOperations.getTriggerInputForShieldedTrc20Contract,
    walletPaths("gettriggerinputforshieldedtrc20contract"),
    (request) => bodyMessage(request, ShieldedTRC20TriggerContractParametersSchema, "request"),
    bytesBody,
  ),
  scanRoute(
    ShieldedOperations.scanNoteByIvk,
    {
      get: (request) => ({
        ...parseMessage(IvkDecryptParametersSchema, {}, { visible: false }),
        ...blockRange(request),
        ivk: queryHex(request, "ivk"),
      }),
      post: (request) => bodyMessage(request, IvkDecryptParametersSchema, "always"),
    },
    (notes, visible) =>
      withForcedFields(
        printMessage(DecryptNotesSchema, notes, { visible, exactInt64: true }),
        notes,
        (n) => ({
          index: n.index,
        }),
      ),
  ),
  scanRoute(
    ShieldedOperations.scanAndMarkNoteByIvk,
    {
      get: (request) => ({
        ...parseMessage(IvkDecryptAndMarkParametersSchema, {}, { visible: false }),
        ...blockRange(request),
        ivk: queryHex(request, "ivk"),
        ak: queryHex(request, "ak"),
        nk: queryHex(request, "nk"),
      }),
      post: (request) => bodyMessage(request, IvkDecryptAndMarkParametersSchema, "always"),
    },
    (notes, visible) =>
      withForcedFields(
        printMessage(DecryptNotesMarkedSchema, notes, { visible, exactInt64: true }),
        notes,
        (n) => ({
          is_spend: n.isSpend,
          index: n.index,
        }),
      ),
  ),
  scanRoute(
    ShieldedOperations.scanNoteByOvk,
    {
      get: (request) => ({
        ...parseMessage(OvkDecryptParametersSchema, {}, { visible: false }),
        ...blockRange(request),
        ovk: queryHex(request, "ovk"),
      }),
      post: (request) => bodyMessage(request, OvkDecryptParametersSchema, "always"),
    },
    (notes, visible) =>
      withForcedFields(
        printMessage(DecryptNotesSchema, notes, { visible, exactInt64: true }),
        notes,
        (n) => ({
          index: n.index,
        }),
      ),
  ),
  postRoute(
    ShieldedOperations.getMerkleTreeVoucherInfo,
    walletAndSolidityPaths("getmerkletreevoucherinfo"),
    (request) => bodyMessage(request, OutputPointInfoSchema, "always"),
    (info, visible) => printMessage(IncrementalMerkleVoucherInfoSchema, info, { visible, exactInt64: true }),
  ),
  postRoute(
    ShieldedOperations.isSpend,
    walletAndSolidityPaths("isspend"),
    (request) => bodyMessage(request, NoteParametersSchema, "request"),
    (result, visible) => printMessage(SpendResultSchema, result, { visible }),
  ),
  scanRoute(
    ShieldedOperations.scanShieldedTrc20NotesByIvk,
    {
      get: (request) => ({
        ...parseMessage(IvkDecryptTRC20ParametersSchema, {}, { visible: false }),
        ...blockRange(request),
        ivk: queryHex(request, "ivk"),
        shieldedTRC20ContractAddress: queryContractAddress(request),
        ak: queryHex(request, "ak"),
        nk: queryHex(request, "nk"),
      }),
      post: (request) => bodyMessage(request, IvkDecryptTRC20ParametersSchema, "request"),
    },
    (notes, visible) =>
      withForcedFields(
        printMessage(DecryptNotesTRC20Schema, notes, { visible, exactInt64: true }),
        notes,
        (n) => ({
          index: n.index,
        }),
      ),
  ),
  scanRoute(
    ShieldedOperations.scanShieldedTrc20NotesByOvk,
    {
      get: (request) => ({
        ...parseMessage(OvkDecryptTRC20ParametersSchema, {}, { visible: false }),
        ...blockRange(request),
        ovk: queryHex(request, "ovk"),
        shieldedTRC20ContractAddress: queryContractAddress(request),
      }),
      post: (request) => bodyMessage(request, OvkDecryptTRC20ParametersSchema, "request"),
    },
    (notes, visible) =>
      withForcedFields(
        printMessage(DecryptNotesTRC20Schema, notes, { visible, exactInt64: true }),
        notes,
        (n) => ({
          index: n.index,
        }),
      ),
  ),
  postRoute(
    ShieldedOperations.isShieldedTrc20ContractNoteSpent,
    walletAndSolidityPaths("isshieldedtrc20contractnotespent"),
    (request) => bodyMessage(request, NfTRC20ParametersSchema, "request"),
    (isSpent): JsonObject => (isSpent ? { is_spent: true } : {}),
  ),
];

function proofCreationRoute(operation: Operation<void, never>): RouteRow {
  return defineRoute<void, never>({
    operation,
    paths: walletPaths(operation.name),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    read: none,
    print: () => ({}),
  });
}

/** The shielded TRC-20 parameter builders: the servlet merges the body into the request message. */
function trc20ParametersRoute(
  operation: Operation<ShieldedTrc20ParametersInput, never>,
  schema: typeof PrivateShieldedTRC20ParametersSchema | typeof PrivateShieldedTRC20ParametersWithoutAskSchema,
): RouteRow {
  return defineRoute<ShieldedTrc20ParametersInput, never>({
    operation,
    paths: walletPaths(operation.name),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    read: (request) => {
      const message = bodyMessage(request, schema as DescMessage, "request") as unknown as {
        shieldedTRC20ContractAddress: Uint8Array;
        fromAmount: string;
        toAmount: string;
      };
      return {
        contractAddress: message.shieldedTRC20ContractAddress,
        fromAmount: message.fromAmount,
        toAmount: message.toAmount,
      };
    },
    print: () => ({}),
  });
}

export const SHIELDED_ROUTES: readonly RouteRow[] = [
  ...KEY_ROUTES,
  ...NOTE_ROUTES,
  proofCreationRoute(ShieldedOperations.createShieldedTransaction),
  proofCreationRoute(ShieldedOperations.createShieldedTransactionWithoutSpendAuthSig),
  trc20ParametersRoute(
    ShieldedOperations.createShieldedContractParameters,
    PrivateShieldedTRC20ParametersSchema,
  ),
  trc20ParametersRoute(
    ShieldedOperations.createShieldedContractParametersWithoutAsk,
    PrivateShieldedTRC20ParametersWithoutAskSchema,
  ),
];
