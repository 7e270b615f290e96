/**
 * The input readers java-tron's read servlets share: a number (`NumberMessage.num` / `?num=`), a byte
 * string (`BytesMessage.value` / `?value=`), an account selector (`Account` fields / `?address=`).
 * POST bodies go through java-tron's JsonFormat merge (so type errors, bad hex and bad Base58Check
 * fail exactly as there); GET query values go through the Java calls the servlets use on them.
 */
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type Account, AccountSchema, hexToBytes, tryAddressFromBase58 } from "@tronode/engine/internal";
import { BytesMessageSchema, NumberMessageSchema, parseMessage } from "./engine-protocol.js";
import { parseJavaHex, parseJavaLong } from "./java-value-readers.js";
import type { WalletRequest } from "./route-row.js";

/** Merges the POST body into `schema` with the request's `visible`. */
export function readBodyMessage<Desc extends DescMessage>(
  request: WalletRequest,
  schema: Desc,
): MessageShape<Desc> {
  return parseMessage(schema, request.body(), { visible: request.visible() });
}

/**
 * `num`: GET `?num=` with `Long.parseLong` (a missing value is `missingGetValue` when given, else a
 * NumberFormatException "null"); POST `NumberMessage`.
 */
export function readNumInput(request: WalletRequest, missingGetValue?: bigint): bigint {
  if (request.method === "GET") {
    const text = request.query("num");
    if (text === undefined && missingGetValue !== undefined) return missingGetValue;
    return parseJavaLong(text);
  }
  return readBodyMessage(request, NumberMessageSchema).num;
}

/** `value` as bytes: GET `?value=` hex (missing = empty); POST `BytesMessage`. */
export function readBytesValueInput(request: WalletRequest): Uint8Array {
  if (request.method === "GET") return parseJavaHex(request.query("value"));
  return readBodyMessage(request, BytesMessageSchema).value;
}

/**
 * An Account selector: POST merges the body into `Account`; GET merges `{<field>: ?<field>}` the same
 * way (hex, or Base58Check / UTF-8 text with visible), as java-tron's GetAccountServlet does.
 */
export function readAccountSelector(request: WalletRequest, field: "address" | "account_id"): Account {
  if (request.method === "GET") {
    const value = request.query(field);
    return parseMessage(AccountSchema, value === undefined ? {} : { [field]: value }, {
      visible: request.visible(),
    });
  }
  return readBodyMessage(request, AccountSchema);
}

/** `Account.address` as readAccountSelector reads it, with a fast path for the common body. */
export function readAccountAddress(request: WalletRequest): Uint8Array {
  if (request.method === "POST") {
    const quick = quickAccountAddress(request);
    if (quick !== undefined) return quick;
  }
  return readAccountSelector(request, "address").address;
}

/**
 * The common body `{"<field>": "<address>", "visible": …}` whose address decodes cleanly, read
 * without the generic JSON-to-protobuf merge (the hot path of getaccount); anything else — other
 * keys, other types, text that does not decode — goes through the merge and its exact errors.
 */
function quickAccountAddress(request: WalletRequest): Uint8Array | undefined {
  const body = request.body();
  const text = body.address;
  if (typeof text !== "string") return undefined;
  for (const key in body) if (key !== "address" && key !== "visible") return undefined;
  return request.visible()
    ? decodedBase58(text)
    : /^(?:[0-9a-fA-F]{2})*$/.test(text)
      ? hexToBytes(text)
      : undefined;
}

/** Base58Check decoding costs two SHA-256: recently decoded addresses are kept (at most 4096). */
const base58Addresses = new Map<string, Uint8Array>();

function decodedBase58(text: string): Uint8Array | undefined {
  const known = base58Addresses.get(text);
  if (known) return known.slice();
  const address = tryAddressFromBase58(text);
  if (!address) return undefined;
  if (base58Addresses.size >= 4096) base58Addresses.clear();
  base58Addresses.set(text, address);
  return address.slice();
}
