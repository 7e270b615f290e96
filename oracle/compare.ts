/**
 * How two answers are compared: parsed as JSON (java-tron's bodies are JSON, some with spaces after
 * colons), values that depend on the moment or on the node rather than on the chain replaced by a
 * placeholder, then compared field by field. The list of normalized fields is short and fixed:
 *
 * - `timestamp`, `expiration`, `ref_block_bytes`, `ref_block_hash`, `raw_data_hex`, `txID`,
 *   `signature` of transactions a node builds (it stamps them with its clock and head), and the
 *   `contract_address` deploycontract predicts from that txID;
 * - the whole answer of operations that describe the node itself (getnodeinfo, listnodes,
 *   getstatsinfo): only their shape is compared;
 * - the text of a NullPointerException: java-tron's supported JDK 8 prints `null` (or no field, or
 *   `Error: null` in a broadcast answer), the JDK 17 the oracle runs java-tron on prints a "helpful"
 *   message naming the variable (JEP 358);
 * - the identity hash protobuf-java's ByteString.toString prints (`<ByteString@48b7f7cd size=…>`),
 *   which differs from run to run of java-tron itself (tronode prints `<ByteString size=…>`).
 *
 * Everything else — balances, fees, resources, error texts, block and transaction ids of the shared
 * chain — must be identical.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Fields of node-built transactions that carry the builder's clock and head. */
export const BUILT_TRANSACTION_FIELDS = new Set([
  "timestamp",
  "expiration",
  "ref_block_bytes",
  "ref_block_hash",
  "raw_data_hex",
  "txID",
  // gRPC's TransactionExtention names it txid
  "txid",
  "signature",
  // deploycontract's builder answer: keccak(txID ‖ owner), so it follows the txID
  "contract_address",
]);

export const PLACEHOLDER = "<normalized>";

/** Parses a body as JSON; java-tron's big integers are kept as their digits. */
export function parseBody(text: string): Json {
  try {
    return JSON.parse(quoteLongNumbers(text)) as Json;
  } catch {
    return text.trim();
  }
}

/**
 * Integers beyond 2^53 kept exact: long digit runs that are JSON numbers become strings. Digit runs
 * inside strings (an error text's "[0,100000000000000000]") are left alone.
 */
function quoteLongNumbers(text: string): string {
  let out = "";
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      out += c;
      if (c === "\\") out += text[++i] ?? "";
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      out += c;
      continue;
    }
    const number =
      (c === "-" || (c >= "0" && c <= "9")) && /^-?\d{16,}(?![\d.eE])/.exec(text.slice(i, i + 40));
    if (number && !/[\d.]/.test(text[i - 1] ?? "")) {
      out += `"${number[0]}"`;
      i += number[0].length - 1;
      continue;
    }
    out += c;
  }
  return out;
}

const NPE = "class java.lang.NullPointerException : ";
const ERROR = "Error: ";

/** JEP 358's text: JDK 8, java-tron's JDK, has no message there (a field it then does not print). */
const HELPFUL_NPE = /^Cannot (invoke|read|load|store|throw|enter|assign) .* because .* is null$/;

const BYTE_STRING_IDENTITY = /<ByteString@[0-9a-f]+ /g;

/** The JDK-dependent part of an answer (see the list above) replaced by the placeholder. */
export function normalizeJdk(value: Json): Json {
  if (typeof value === "string") {
    if (value.startsWith(NPE)) return `${NPE}${PLACEHOLDER}`;
    // Wallet.broadcastTransaction's "Error: " + getMessage(): JDK 8 prints "null" there
    if (value.startsWith(ERROR) && HELPFUL_NPE.test(value.slice(ERROR.length))) return `${ERROR}null`;
    return value.replace(BYTE_STRING_IDENTITY, "<ByteString ");
  }
  if (Array.isArray(value)) return value.map(normalizeJdk);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => !(typeof v === "string" && HELPFUL_NPE.test(v)))
        .map(([k, v]) => [k, normalizeJdk(v)]),
    );
  }
  return value;
}

/** Replaces the values of `fields` (at any depth) by the placeholder. */
export function normalizeFields(value: Json, fields: ReadonlySet<string>): Json {
  if (Array.isArray(value)) return value.map((v) => normalizeFields(v, fields));
  if (value !== null && typeof value === "object") {
    const out: { [key: string]: Json } = {};
    for (const [k, v] of Object.entries(value))
      out[k] = fields.has(k) ? PLACEHOLDER : normalizeFields(v, fields);
    return out;
  }
  return value;
}

/**
 * The structure of a value with every leaf replaced by its type (for node-describing answers); with
 * `lists: false` a list is just "list" (its entries depend on the node's peers).
 */
export function shapeOf(value: Json, options: { lists: boolean } = { lists: true }): Json {
  if (Array.isArray(value)) {
    if (!options.lists) return "list";
    return value.length === 0 ? [] : [shapeOf(value[0]!, options)];
  }
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v, options)]));
  }
  return value === null ? "null" : typeof value;
}

export interface Difference {
  readonly path: string;
  readonly javaTron: Json | undefined;
  readonly tronode: Json | undefined;
}

/** Field-by-field differences (object key order is not compared; array order is). */
export function differences(javaTron: Json | undefined, tronode: Json | undefined, path = "$"): Difference[] {
  if (javaTron === tronode) return [];
  const bothObjects =
    javaTron !== null &&
    tronode !== null &&
    typeof javaTron === "object" &&
    typeof tronode === "object" &&
    Array.isArray(javaTron) === Array.isArray(tronode);
  if (!bothObjects) return [{ path, javaTron, tronode }];
  if (Array.isArray(javaTron) && Array.isArray(tronode)) {
    if (javaTron.length === tronode.length) {
      return javaTron.flatMap((v, i) => differences(v, tronode[i], `${path}[${i}]`));
    }
    return listDifferences(javaTron, tronode, path);
  }
  const a = javaTron as { [key: string]: Json };
  const b = tronode as { [key: string]: Json };
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) => differences(a[k], b[k], `${path}.${k}`));
}

/**
 * Lists of different lengths: the longest common subsequence of equal items is matched, and each
 * item left over is reported as missing on one side (so one extra row does not shift every row after it).
 */
function listDifferences(a: readonly Json[], b: readonly Json[], path: string): Difference[] {
  const ka = a.map((v) => JSON.stringify(v));
  const kb = b.map((v) => JSON.stringify(v));
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = ka[i] === kb[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: Difference[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && ka[i] === kb[j]) {
      i++;
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push({ path: `${path}[+${j}]`, javaTron: undefined, tronode: b[j] });
      j++;
    } else {
      out.push({ path: `${path}[${i}]`, javaTron: a[i], tronode: undefined });
      i++;
    }
  }
  return out;
}
