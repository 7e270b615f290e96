/**
 * The input readers java-tron's read servlets share: a number (`NumberMessage.num` / `?num=`), a byte
 * string (`BytesMessage.value` / `?value=`), an account selector (`Account` fields / `?address=`).
 * POST bodies go through java-tron's JsonFormat merge (so type errors, bad hex and bad Base58Check
 * fail exactly as there); GET query values go through the Java calls the servlets use on them.
 */
import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import { type Account, AccountSchema } from "@tronode/engine";
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
