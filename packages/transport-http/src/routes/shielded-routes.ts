/**
 * The HTTP binding of the shielded operations (@tronode/operations ShieldedOperations), java-tron's
 * servlets:
 * - key and address operations, served (`handlesKeys`: they take or return secrets, so they are
 *   answered only on a loopback listener or with allowKeyOperations): getspendingkey,
 *   getexpandedspendingkey, getakfromask, getnkfromnsk, getincomingviewingkey, getdiversifier,
 *   getzenpaymentaddress, getrcm, getnewshieldedaddress (GET and POST, `value`/`ak`/`nk`/`ivk`/`d`
 *   from the query on GET, JSON body on POST, bytes in hex), createspendauthsig (POST, GET empty 200);
 * - proof creation — createshieldedtransaction, createshieldedtransactionwithoutspendauthsig,
 *   createshieldedcontractparameters, createshieldedcontractparameterswithoutask — not possible here:
 *   it needs Groth16 proving with TRON's own ~48 MB Sapling parameters, which no source this node
 *   can reach carries; they answer `{"Error":"class java.lang.UnsupportedOperationException : not
 *   possible here: …"}`.
 * Failures print java-tron's `{"Error":"class <exception> : <message>"}` (BadItemException for the
 * length checks, ZksnarkException "param length must be 32/11", NullPointerException for a missing
 * GET parameter).
 */
import { bytesToHex, type shielded, TronodeError } from "@tronode/engine";
import { type Operation, ShieldedOperations } from "@tronode/operations";
import {
  BytesMessageSchema,
  type JsonObject,
  NULL_POINTER_EXCEPTION,
  parseMessage,
} from "../engine-protocol.js";
import { TransportErrorCodes } from "../java-error-body.js";
import { javaStringOf, parseJavaHex } from "../java-value-readers.js";
import { defineRoute, type RouteRow, type WalletRequest, walletPaths } from "../route-row.js";

function nullPointer(): TronodeError {
  return new TronodeError(TransportErrorCodes.badRequest, "null", { javaClass: NULL_POINTER_EXCEPTION });
}

/** A hex field: the query parameter on GET (ByteArray.fromHexString(null) is an NPE), the body's on POST. */
function hexField(request: WalletRequest, name: string): Uint8Array {
  if (request.method === "GET") {
    const text = request.query(name);
    if (text === undefined) throw nullPointer();
    return parseJavaHex(text);
  }
  const text = javaStringOf(request.body()[name]);
  if (text === undefined) throw nullPointer();
  return parseJavaHex(text);
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

export const SHIELDED_ROUTES: readonly RouteRow[] = [
  ...KEY_ROUTES,
  proofCreationRoute(ShieldedOperations.createShieldedTransaction),
  proofCreationRoute(ShieldedOperations.createShieldedTransactionWithoutSpendAuthSig),
  proofCreationRoute(ShieldedOperations.createShieldedContractParameters),
  proofCreationRoute(ShieldedOperations.createShieldedContractParametersWithoutAsk),
];
