/**
 * Shielded (Sapling) operations, java-tron's servlets:
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
import {
  BytesMessageSchema,
  type JsonObject,
  NULL_POINTER_EXCEPTION,
  parseMessage,
} from "../engine-protocol.js";
import { TransportErrorCodes, TransportJavaClasses } from "../java-error-body.js";
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

function keyRoute<Input>(
  name: string,
  read: (request: WalletRequest) => Input,
  handle: (api: shielded.ShieldedQueries, input: Input) => Promise<JsonObject>,
): RouteRow {
  return defineRoute({
    name,
    paths: walletPaths(name),
    methods: ["GET", "POST"],
    visibleFrom: "body",
    availability: "served",
    handlesKeys: true,
    read,
    handle: (api, input: Input) => handle(api, input),
    print: (body: JsonObject) => body,
  });
}

const paymentAddressBody = (p: shielded.PaymentAddressMessage): JsonObject => ({
  d: { d: hex(p.d) },
  pkD: hex(p.pkD),
  payment_address: p.paymentAddress,
});

const KEY_ROUTES: readonly RouteRow[] = [
  keyRoute(
    "getspendingkey",
    () => undefined,
    async (api) => valueBody(await api.getSpendingKey()),
  ),
  keyRoute("getexpandedspendingkey", bytesValue, async (api, sk) => {
    const e = await api.getExpandedSpendingKey(sk);
    return { ask: hex(e.ask), nsk: hex(e.nsk), ovk: hex(e.ovk) };
  }),
  keyRoute("getakfromask", bytesValue, async (api, ask) => valueBody(await api.getAkFromAsk(ask))),
  keyRoute("getnkfromnsk", bytesValue, async (api, nsk) => valueBody(await api.getNkFromNsk(nsk))),
  keyRoute(
    "getincomingviewingkey",
    (request) => ({ ak: hexField(request, "ak"), nk: hexField(request, "nk") }),
    async (api, { ak, nk }) => ({ ivk: hex(await api.getIncomingViewingKey(ak, nk)) }),
  ),
  keyRoute(
    "getdiversifier",
    () => undefined,
    async (api) => ({ d: hex(await api.getDiversifier()) }),
  ),
  keyRoute(
    "getzenpaymentaddress",
    (request) => ({ ivk: hexField(request, "ivk"), d: hexField(request, "d") }),
    async (api, { ivk, d }) => paymentAddressBody(await api.getZenPaymentAddress(ivk, d)),
  ),
  keyRoute(
    "getrcm",
    () => undefined,
    async (api) => valueBody(await api.getRcm()),
  ),
  keyRoute(
    "getnewshieldedaddress",
    () => undefined,
    async (api) => {
      const a = await api.getNewShieldedAddress();
      return {
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
      };
    },
  ),
  defineRoute({
    name: "createspendauthsig",
    paths: walletPaths("createspendauthsig"),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    availability: "served",
    handlesKeys: true,
    // SpendAuthSigParameters {ask, tx_hash, alpha} through JsonFormat: absent fields are empty.
    read: (request: WalletRequest) => {
      const body = request.body();
      const field = (name: string) => {
        const text = javaStringOf(body[name]);
        return text === undefined ? new Uint8Array(0) : parseJavaHex(text);
      };
      return { ask: field("ask"), txHash: field("tx_hash"), alpha: field("alpha") };
    },
    handle: async (api, input: { ask: Uint8Array; txHash: Uint8Array; alpha: Uint8Array }) =>
      valueBody(await api.createSpendAuthSig(input.ask, input.alpha, input.txHash)),
    print: (body: JsonObject) => body,
  }),
];

export const PROOF_CREATION_NOT_POSSIBLE =
  "not possible here: building a shielded transaction needs Groth16 proofs made with TRON's own Sapling proving parameters (~48 MB), which no source this node can reach carries";

function proofCreationRoute(name: string, handlesKeys: boolean): RouteRow {
  return defineRoute({
    name,
    paths: walletPaths(name),
    methods: ["POST"],
    getOnPost: "empty200",
    visibleFrom: "body",
    availability: "unsupported",
    ...(handlesKeys ? { handlesKeys } : {}),
    note: "not possible here: needs Groth16 proving with TRON's Sapling parameters",
    read: () => undefined,
    handle: async (): Promise<never> => {
      throw new TronodeError(TransportErrorCodes.unsupported, PROOF_CREATION_NOT_POSSIBLE, {
        javaClass: TransportJavaClasses.unsupportedOperation,
      });
    },
    print: () => ({}),
  });
}

export const SHIELDED_ROUTES: readonly RouteRow[] = [
  ...KEY_ROUTES,
  proofCreationRoute("createshieldedtransaction", true),
  proofCreationRoute("createshieldedtransactionwithoutspendauthsig", false),
  proofCreationRoute("createshieldedcontractparameters", true),
  proofCreationRoute("createshieldedcontractparameterswithoutask", false),
];
