/**
 * Hostile input on every path of every row of the route table, against a real in-process node
 * (createNode, loopback, so the key-handling routes are served too): malformed JSON, JSON of the
 * wrong types, bad hex, bad Base58Check, huge numbers, oversize bodies, form-urlencoded garbage,
 * odd content types, unknown fields, garbage query strings, wrong HTTP methods and unknown paths.
 *
 * Every answer must be one a java-tron client could get: status 200 / 404 / 405 only, a JSON body
 * of a documented shape (`{"Error":"class … : …"}`, `{}`, a broadcast Return, the route's own
 * result shape, the empty 200 of POST-only servlets with an empty doGet), no stack trace, no file
 * path, no JavaScript error text, nothing logged as an unexpected failure. After every batch the
 * node still answers, and nothing changed: balances, head block, solid block, pending pool.
 */
import { addressToBase58, bytesToHex } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import type { RouteRow } from "@tronode/transport-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTE_TABLE } from "../../packages/transport-http/src/route-table.js";
import {
  type RawAnswer,
  type RawClient,
  type RawRequest,
  rawClient,
  runLimited,
} from "../support/raw-http.js";

// biome-ignore lint/suspicious/noExplicitAny: answers are arbitrary JSON walked by predicates
type Json = any;

const CONCURRENCY = 16;
const BODY_LIMIT = 4_194_304;
const JSON_CONTENT_TYPE = "application/json; charset=utf-8";
const FORM = "application/x-www-form-urlencoded";

// ---------------------------------------------------------------------------------------------
// The node, a logger that records warnings, and a snapshot of everything bad input must not change
// ---------------------------------------------------------------------------------------------

interface Logged {
  readonly level: string;
  readonly message: string | undefined;
  readonly fields: Record<string, unknown>;
}

const logged: Logged[] = [];
const record =
  (level: string) =>
  (fields: Record<string, unknown>, message?: string): void => {
    logged.push({ level, message, fields });
  };

let node: TronNode;
let client: RawClient;
let devHex: string[];
let devBase58: string[];
let witnessHex: string;
let baseline: string;

async function answerOf(path: string, body?: unknown): Promise<string> {
  const answer = await client.send({
    method: body === undefined ? "GET" : "POST",
    path,
    ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: "application/json" }),
  });
  return `${answer.status} ${answer.text.trim()}`;
}

/** Everything bad input must leave alone, as java-tron prints it. */
async function snapshot(): Promise<string> {
  const parts: string[] = [];
  for (const prefix of ["/wallet", "/walletsolidity"]) {
    parts.push(await answerOf(`${prefix}/getnowblock`));
    for (const address of [...devHex, witnessHex]) {
      parts.push(await answerOf(`${prefix}/getaccount`, { address }));
    }
  }
  parts.push(await answerOf("/wallet/getpendingsize"));
  parts.push(await answerOf("/wallet/gettransactionlistfrompending"));
  parts.push(await answerOf("/wallet/totaltransaction"));
  parts.push(`generated batches: ${node.dev.generatedAccountBatches().length}`);
  parts.push(`prototype: ${Object.getOwnPropertyNames(Object.prototype).sort().join(",")}`);
  return parts.join("\n");
}

async function expectAliveAndUnchanged(): Promise<void> {
  const head = await client.send({ method: "GET", path: "/wallet/getnowblock" });
  expect(head.status).toBe(200);
  expect(JSON.parse(head.text).blockID).toMatch(/^[0-9a-f]{64}$/);
  expect(await snapshot()).toBe(baseline);
  expect(({} as Json).polluted).toBeUndefined();
}

beforeAll(async () => {
  node = await createNode({
    port: 0,
    blockTime: 0,
    accounts: 4,
    logger: { debug: record("debug"), info: record("info"), warn: record("warn"), error: record("error") },
  });
  client = rawClient(node.url!, CONCURRENCY);
  devHex = node.accounts.map((account) => bytesToHex(account.address));
  devBase58 = node.accounts.map((account) => addressToBase58(account.address));
  const head = JSON.parse((await client.send({ method: "GET", path: "/wallet/getnowblock" })).text);
  witnessHex = head.block_header.raw_data.witness_address;
  baseline = await snapshot();
  expect(baseline).toContain('"balance":');
  expect(baseline).toContain('{"pendingSize":0}');
});

afterAll(async () => {
  client?.close();
  await node?.stop();
});

// ---------------------------------------------------------------------------------------------
// What each route may answer
// ---------------------------------------------------------------------------------------------

const HEX64 = /^[0-9a-f]{64}$/;
const isObject = (v: Json): boolean => v !== null && typeof v === "object" && !Array.isArray(v);
const keysWithin = (v: Json, allowed: readonly string[]): boolean =>
  isObject(v) && Object.keys(v).every((key) => allowed.includes(key));
const isEmpty = (v: Json): boolean => isObject(v) && Object.keys(v).length === 0;
const isBlock = (v: Json): boolean => isObject(v) && HEX64.test(v.blockID) && isObject(v.block_header);
const isTransaction = (v: Json): boolean => isObject(v) && HEX64.test(v.txID) && isObject(v.raw_data);
const isBuiltTransaction = (v: Json): boolean =>
  isTransaction(v) && typeof v.visible === "boolean" && /^[0-9a-f]*$/.test(v.raw_data_hex);
const isReturn = (v: Json): boolean =>
  keysWithin(v, ["result", "code", "message"]) &&
  (v.result === undefined || v.result === true) &&
  (v.code === undefined || typeof v.code === "string") &&
  (v.message === undefined || typeof v.message === "string");
/** The TransactionExtention java-tron attaches to the multi-signature answers. */
const isTransactionExtension = (v: Json): boolean =>
  keysWithin(v, ["result", "txid", "transaction"]) &&
  v.result?.result === true &&
  HEX64.test(v.txid) &&
  isObject(v.transaction);
const isInt = (v: Json): boolean => typeof v === "number" && Number.isInteger(v);
/** TransactionExtention as the trigger servlets print it: a failure is `{result:{code,message}}` alone. */
const isContractCallAnswer = (v: Json): boolean =>
  keysWithin(v, [
    "transaction",
    "constant_result",
    "result",
    "energy_used",
    "logs",
    "internal_transactions",
    "energy_penalty",
  ]) &&
  isReturn(v.result) &&
  (v.result.result === true ? isObject(v.transaction) : typeof v.result.code === "string");
const isPrices = (v: Json): boolean =>
  isEmpty(v) || (keysWithin(v, ["prices"]) && /^\d+:\d+(,\d+:\d+)*$/.test(v.prices));

/** The non-error answers of every served row (an unknown served row fails the test). */
const SUCCESS_SHAPES: Record<string, (v: Json) => boolean> = {
  getnowblock: isBlock,
  getblock: (v) => isEmpty(v) || isBlock(v),
  getblockbynum: (v) => isEmpty(v) || isBlock(v),
  getblockbyid: (v) => isEmpty(v) || isBlock(v),
  getblockbylimitnext: (v) => isEmpty(v) || (keysWithin(v, ["block"]) && v.block.every(isBlock)),
  getblockbylatestnum: (v) => isEmpty(v) || (keysWithin(v, ["block"]) && v.block.every(isBlock)),
  gettransactionbyid: (v) => isEmpty(v) || isTransaction(v),
  gettransactioninfobyid: (v) => isEmpty(v) || (isObject(v) && HEX64.test(v.id)),
  // java-tron's Wallet.getTransactionCountByBlockNum answers 0 when the block is not found
  gettransactioncountbyblocknum: (v) => keysWithin(v, ["count"]) && isInt(v.count) && v.count >= 0,
  gettransactioninfobyblocknum: (v) =>
    isEmpty(v) || (Array.isArray(v) && v.every((info: Json) => isObject(info) && HEX64.test(info.id))),
  getaccount: (v) => isEmpty(v) || (isObject(v) && typeof v.address === "string"),
  getaccountbyid: (v) => isEmpty(v) || (isObject(v) && typeof v.address === "string"),
  getaccountnet: (v) => isObject(v) && Object.values(v).every(isInt),
  getaccountresource: (v) => isObject(v) && Object.values(v).every(isInt),
  createtransaction: isBuiltTransaction,
  freezebalance: isBuiltTransaction,
  createwitness: isBuiltTransaction,
  updatewitness: isBuiltTransaction,
  votewitnessaccount: isBuiltTransaction,
  withdrawbalance: isBuiltTransaction,
  updateBrokerage: isBuiltTransaction,
  getpaginatednowwitnesslist: (v) =>
    isEmpty(v) || (keysWithin(v, ["witnesses"]) && Array.isArray(v.witnesses)),
  getBrokerage: (v) => keysWithin(v, ["brokerage"]) && isInt(v.brokerage),
  getReward: (v) => keysWithin(v, ["reward"]) && isInt(v.reward),
  unfreezebalance: isBuiltTransaction,
  freezebalancev2: isBuiltTransaction,
  unfreezebalancev2: isBuiltTransaction,
  withdrawexpireunfreeze: isBuiltTransaction,
  delegateresource: isBuiltTransaction,
  undelegateresource: isBuiltTransaction,
  cancelallunfreezev2: isBuiltTransaction,
  getdelegatedresource: (v) =>
    isEmpty(v) || (keysWithin(v, ["delegatedResource"]) && Array.isArray(v.delegatedResource)),
  getdelegatedresourcev2: (v) =>
    isEmpty(v) || (keysWithin(v, ["delegatedResource"]) && Array.isArray(v.delegatedResource)),
  getdelegatedresourceaccountindex: (v) => keysWithin(v, ["account", "fromAccounts", "toAccounts"]),
  getdelegatedresourceaccountindexv2: (v) => keysWithin(v, ["account", "fromAccounts", "toAccounts"]),
  getcandelegatedmaxsize: (v) => isEmpty(v) || (keysWithin(v, ["max_size"]) && isInt(v.max_size)),
  getavailableunfreezecount: (v) => isEmpty(v) || (keysWithin(v, ["count"]) && isInt(v.count)),
  getcanwithdrawunfreezeamount: (v) => isEmpty(v) || (keysWithin(v, ["amount"]) && isInt(v.amount)),
  createaccount: isBuiltTransaction,
  updateaccount: isBuiltTransaction,
  setaccountid: isBuiltTransaction,
  broadcasttransaction: (v) =>
    keysWithin(v, ["result", "code", "txid", "message"]) &&
    HEX64.test(v.txid) &&
    (v.result === true || typeof v.code === "string"),
  broadcasthex: (v) =>
    keysWithin(v, ["result", "code", "message", "transaction", "txid"]) &&
    typeof v.result === "boolean" &&
    typeof v.code === "string" &&
    typeof v.message === "string" &&
    typeof v.transaction === "string" &&
    HEX64.test(v.txid),
  getchainparameters: (v) =>
    keysWithin(v, ["chainParameter"]) &&
    v.chainParameter.every((p: Json) => keysWithin(p, ["key", "value"]) && typeof p.key === "string"),
  listwitnesses: (v) => isEmpty(v) || (keysWithin(v, ["witnesses"]) && Array.isArray(v.witnesses)),
  getnextmaintenancetime: (v) => isEmpty(v) || (keysWithin(v, ["num"]) && isInt(v.num)),
  getbandwidthprices: isPrices,
  getenergyprices: isPrices,
  getmemofee: isPrices,
  getburntrx: (v) => keysWithin(v, ["burnTrxAmount"]) && isInt(v.burnTrxAmount),
  totaltransaction: (v) => isEmpty(v) || (keysWithin(v, ["num"]) && isInt(v.num)),
  getnodeinfo: (v) => isObject(v) && typeof v.configNodeInfo?.codeVersion === "string",
  listnodes: isEmpty,
  // java-tron's MetricsInfo: the node, the chain and the network, whatever the query string says
  getstatsinfo: (v) =>
    keysWithin(v, ["interval", "node", "blockchain", "net"]) &&
    typeof v.blockchain?.headBlockNum === "number",
  validateaddress: (v) =>
    keysWithin(v, ["result", "message"]) &&
    typeof v.result === "boolean" &&
    (v.message === undefined || typeof v.message === "string"),
  getpendingsize: (v) => keysWithin(v, ["pendingSize"]) && v.pendingSize === 0,
  gettransactionfrompending: (v) => isEmpty(v) || isTransaction(v),
  gettransactionlistfrompending: (v) => isEmpty(v) || (keysWithin(v, ["txId"]) && Array.isArray(v.txId)),
  getsignweight: (v) =>
    keysWithin(v, ["permission", "approved_list", "current_weight", "result", "transaction"]) &&
    keysWithin(v.result, ["code", "message"]) &&
    isTransactionExtension(v.transaction),
  getapprovedlist: (v) =>
    keysWithin(v, ["approved_list", "result", "transaction"]) &&
    keysWithin(v.result, ["code", "message"]) &&
    isTransactionExtension(v.transaction),
  // the chain this test starts keeps balance history: a trace or java-tron's errors
  getblockbalance: (v) =>
    isObject(v) && keysWithin(v, ["block_identifier", "timestamp", "transaction_balance_trace"]),
  getaccountbalance: (v) => isObject(v) && keysWithin(v, ["balance", "block_identifier"]),
  // no deferred transaction can exist
  getdeferredtransactionbyid: isEmpty,
  getdeferredtransactioninfobyid: isEmpty,
  // shielded key operations: fresh secrets, or a derivation of whatever 32 bytes came in
  getspendingkey: (v) => keysWithin(v, ["value"]) && HEX64.test(v.value),
  getrcm: (v) => keysWithin(v, ["value"]) && HEX64.test(v.value),
  getakfromask: (v) => keysWithin(v, ["value"]) && HEX64.test(v.value),
  getnkfromnsk: (v) => keysWithin(v, ["value"]) && HEX64.test(v.value),
  createspendauthsig: (v) => keysWithin(v, ["value"]) && /^[0-9a-f]{128}$/.test(v.value),
  getexpandedspendingkey: (v) => keysWithin(v, ["ask", "nsk", "ovk"]) && HEX64.test(v.ask),
  getincomingviewingkey: (v) => keysWithin(v, ["ivk"]) && HEX64.test(v.ivk),
  getdiversifier: (v) => keysWithin(v, ["d"]) && /^[0-9a-f]{22}$/.test(v.d),
  getzenpaymentaddress: (v) =>
    keysWithin(v, ["d", "pkD", "payment_address"]) && /^ztron1/.test(v.payment_address),
  getnewshieldedaddress: (v) =>
    keysWithin(v, ["sk", "ask", "nsk", "ovk", "ak", "nk", "ivk", "d", "pkD", "payment_address"]) &&
    /^ztron1\w{75}$/.test(v.payment_address),
  generateaddress: (v) =>
    keysWithin(v, ["address", "hexAddress", "privateKey"]) &&
    /^T\w{33}$/.test(v.address) &&
    /^41[0-9a-f]{40}$/.test(v.hexAddress) &&
    HEX64.test(v.privateKey),
  createaddress: (v) =>
    keysWithin(v, ["base58checkAddress", "value"]) &&
    /^T\w{33}$/.test(v.base58checkAddress) &&
    /^41[0-9a-f]{40}$/.test(v.value),
  gettransactionsign: (v) => isBuiltTransaction(v) && Array.isArray(v.signature),
  easytransfer: (v) =>
    (keysWithin(v, ["result"]) && isReturn(v.result)) ||
    (keysWithin(v, ["transaction", "result"]) && isTransaction(v.transaction) && isReturn(v.result)),
  easytransferbyprivate: (v) =>
    (keysWithin(v, ["result"]) && isReturn(v.result)) ||
    (keysWithin(v, ["transaction", "result"]) && isTransaction(v.transaction) && isReturn(v.result)),
  proposalcreate: isBuiltTransaction,
  proposalapprove: isBuiltTransaction,
  proposaldelete: isBuiltTransaction,
  getproposalbyid: (v) => isEmpty(v) || (isObject(v) && isInt(v.proposal_id)),
  listproposals: (v) => isEmpty(v) || (keysWithin(v, ["proposals"]) && Array.isArray(v.proposals)),
  getpaginatedproposallist: (v) => isEmpty(v) || (keysWithin(v, ["proposals"]) && Array.isArray(v.proposals)),
  marketsellasset: isBuiltTransaction,
  marketcancelorder: isBuiltTransaction,
  getmarketorderbyid: (v) => isEmpty(v) || (isObject(v) && typeof v.order_id === "string"),
  getmarketorderbyaccount: (v) => isEmpty(v) || (keysWithin(v, ["orders"]) && Array.isArray(v.orders)),
  getmarketpricebypair: (v) => keysWithin(v, ["sell_token_id", "buy_token_id", "prices"]),
  getmarketorderlistbypair: (v) => isEmpty(v) || (keysWithin(v, ["orders"]) && Array.isArray(v.orders)),
  getmarketpairlist: (v) => isEmpty(v) || (keysWithin(v, ["orderPair"]) && Array.isArray(v.orderPair)),
  easytransferasset: (v) =>
    (keysWithin(v, ["result"]) && isReturn(v.result)) ||
    (keysWithin(v, ["transaction", "result"]) && isTransaction(v.transaction) && isReturn(v.result)),
  easytransferassetbyprivate: (v) =>
    (keysWithin(v, ["result"]) && isReturn(v.result)) ||
    (keysWithin(v, ["transaction", "result"]) && isTransaction(v.transaction) && isReturn(v.result)),
  createassetissue: isBuiltTransaction,
  participateassetissue: isBuiltTransaction,
  transferasset: isBuiltTransaction,
  updateasset: isBuiltTransaction,
  unfreezeasset: isBuiltTransaction,
  exchangecreate: isBuiltTransaction,
  exchangeinject: isBuiltTransaction,
  exchangewithdraw: isBuiltTransaction,
  exchangetransaction: isBuiltTransaction,
  // no token or exchange exists on this chain
  getassetissuebyaccount: (v) => isEmpty(v),
  getassetissuebyname: isEmpty,
  getassetissuelistbyname: isEmpty,
  getassetissuebyid: isEmpty,
  getassetissuelist: isEmpty,
  getpaginatedassetissuelist: isEmpty,
  getexchangebyid: isEmpty,
  listexchanges: isEmpty,
  getpaginatedexchangelist: isEmpty,
  // smart contracts: the trigger servlets answer every failure inside `result`
  getcontract: (v) => isEmpty(v) || (isObject(v) && typeof v.contract_address === "string"),
  getcontractinfo: (v) => isEmpty(v) || (isObject(v) && isObject(v.smart_contract)),
  gettransactionreceiptbyid: (v) => isEmpty(v) || keysWithin(v, ["Receipt"]),
  deploycontract: isBuiltTransaction,
  triggersmartcontract: isContractCallAnswer,
  triggerconstantcontract: isContractCallAnswer,
  estimateenergy: (v) =>
    keysWithin(v, ["result", "energy_required"]) &&
    isReturn(v.result) &&
    (v.result.result === true || typeof v.result.code === "string"),
  updatesetting: isBuiltTransaction,
  updateenergylimit: isBuiltTransaction,
  clearabi: isBuiltTransaction,
};

/** `{"Error":"class <java class> : <message>"}` as Util.printErrorMsg prints it. */
const JAVA_ERROR =
  /^class (java|javax|org\.tron|org\.bouncycastle|com\.alibaba\.fastjson|com\.google\.protobuf)\.[\w.$]*\w : /;
/** java-tron's GetBlockServlet prints its IllegalArgumentExceptions without the class. */
/** Unsupported rows that answer java-tron's own validation errors before "not possible here". */
const CHECKS_BEFORE_PROOF = new Set([
  "createshieldedcontractparameters",
  "createshieldedcontractparameterswithoutask",
]);
const GETBLOCK_ERRORS = new Set(["num must be non-positive number.", "id must be legal block hash."]);
/** Text a Java servlet never prints: JavaScript errors, stacks, paths of this machine. */
const LEAKS: readonly [RegExp, string][] = [
  [/\n\s+at |\bat [\w.<>$]+ \(/, "a stack trace"],
  [/\/work\/|node_modules|file:\/\/|[\w-]+\.(ts|js|mjs|cjs):\d+/, "a file path"],
  [
    /Maximum call stack|Cannot read propert|Cannot convert|is not a function|is not iterable|is not defined|undefined|\[object Object\]|\bNaN\b|TypeError|RangeError|ReferenceError|SyntaxError|Unexpected token|Unexpected end of JSON/,
    "JavaScript error text",
  ],
  [/FST_|fastify/i, "framework internals"],
];
const BODY_TOO_LARGE = `class java.lang.Exception : body size is too big, the limit is ${BODY_LIMIT}`;

type Expectation = "405" | "empty200" | "answer";

function expectationOf(row: RouteRow, method: string): Expectation {
  if (method !== "GET" && method !== "POST" && method !== "HEAD") return "405";
  const effective = method === "POST" ? "POST" : "GET";
  if (row.methods.includes(effective)) return "answer";
  return effective === "GET" && row.getOnPost === "empty200" ? "empty200" : "405";
}

interface Case {
  readonly row: RouteRow;
  readonly path: string;
  readonly label: string;
  readonly request: RawRequest;
  /** The body is larger than java-tron's maxMessageSize. */
  readonly oversize?: boolean;
}

/** What is wrong with one answer, or undefined. */
function problemOf(c: Case, answer: RawAnswer): string | undefined {
  for (const [pattern, what] of LEAKS) {
    if (pattern.test(answer.text)) return `the body contains ${what}`;
  }
  if (answer.status >= 500) return `status ${answer.status}`;
  const expectation = expectationOf(c.row, c.request.method);
  if (expectation === "405") {
    if (answer.status !== 405) return `expected 405, got ${answer.status}`;
    const wanted = `{"Error":"HTTP ERROR 405 HTTP method ${c.request.method} is not supported by this URL"}\n`;
    return answer.text === wanted ? undefined : "not the 405 body";
  }
  if (answer.status !== 200) return `expected 200, got ${answer.status}`;
  if (answer.contentType !== JSON_CONTENT_TYPE) return `content type ${answer.contentType}`;
  if (expectation === "empty200") return answer.text === "" ? undefined : "expected the empty 200";
  if (!answer.text.endsWith("\n")) return "the JSON is not followed by a newline";
  let json: Json;
  try {
    json = JSON.parse(answer.text);
  } catch {
    return "the body is not JSON";
  }
  if (isObject(json) && "Error" in json) {
    if (!keysWithin(json, ["Error"]) || typeof json.Error !== "string")
      return "an Error body with other keys";
    const error: string = json.Error;
    if (c.oversize === true) return error === BODY_TOO_LARGE ? undefined : "expected the body-size error";
    if (c.row.availability === "not-implemented") {
      return error.startsWith("class org.tron.core.exception.TronodeNotImplemented : ")
        ? undefined
        : "expected the not-implemented error";
    }
    // the shielded TRC-20 builders make java-tron's checks (JSON, contract, amounts) before the proof
    if (
      c.row.availability === "unsupported" &&
      CHECKS_BEFORE_PROOF.has(c.row.name) &&
      JAVA_ERROR.test(error)
    ) {
      return undefined;
    }
    if (c.row.availability === "unsupported") {
      return /^class java\.lang\.UnsupportedOperationException : (This api is not supported any more|deferred transactions are not supported: .+|not possible here: .+)$/.test(
        error,
      )
        ? undefined
        : "expected the unsupported error";
    }
    if (c.row.name === "getblock" && GETBLOCK_ERRORS.has(error)) return undefined;
    // getBrokerage / getReward print bad hex addresses as java-tron's servlets do, without a class
    if (
      (c.row.name === "getBrokerage" || c.row.name === "getReward") &&
      error.startsWith("INVALID address, ")
    ) {
      return undefined;
    }
    if (!JAVA_ERROR.test(error)) return "the Error is not `class <java class> : <message>`";
    // tronode prints failures it did not expect as java.lang.Exception (its only own use is the size check)
    if (error.startsWith("class java.lang.Exception : "))
      return "an unexpected failure (java.lang.Exception)";
    return undefined;
  }
  if (c.oversize === true) return "expected the body-size error";
  if (c.row.availability !== "served") return "a non-served row answered without an error";
  const shape = SUCCESS_SHAPES[c.row.name];
  if (shape === undefined) return `no known answer shape for served row ${c.row.name}`;
  return shape(json) ? undefined : "not the route's answer shape";
}

const UNEXPECTED_LOG_MESSAGES = new Set(["unexpected failure in an HTTP route", "HTTP server failure"]);

/** Sends every case (moderately parallel) and returns a readable list of the problems found. */
async function problemsOf(cases: readonly Case[]): Promise<string[]> {
  const logStart = logged.length;
  const answers = await runLimited(
    cases.map((c) => () => client.send(c.request)),
    CONCURRENCY,
  );
  // one line per (problem, input): the rows it hit and one sample request and answer
  const problems = new Map<string, { rows: Set<string>; sample: string }>();
  cases.forEach((c, i) => {
    const answer = answers[i]!;
    const problem = problemOf(c, answer);
    if (problem === undefined) return;
    const key = `${problem} — [${c.label}] ${c.request.method}`;
    const entry = problems.get(key);
    if (entry !== undefined) entry.rows.add(c.row.name);
    else {
      const body =
        typeof c.request.body === "string" ? c.request.body : (c.request.body?.toString("latin1") ?? "");
      problems.set(key, {
        rows: new Set([c.row.name]),
        sample: `${c.request.method} ${c.path.length > 80 ? `${c.path.slice(0, 80)}…` : c.path} ${body.length > 100 ? `${body.slice(0, 100)}…(${body.length} bytes)` : body} → ${answer.status} ${answer.text.slice(0, 300).trim()}`,
      });
    }
  });
  const out = [...problems].map(
    ([key, { rows, sample }]) => `${key} on ${[...rows].join(", ")} — e.g. ${sample}`,
  );
  const unexpected = logged
    .slice(logStart)
    .filter(
      (line) =>
        (line.level === "warn" || line.level === "error") && UNEXPECTED_LOG_MESSAGES.has(line.message ?? ""),
    );
  const byError = new Map<string, Set<string>>();
  for (const line of unexpected) {
    const key = `logged "${line.message}": ${String(line.fields.error)}`;
    const operations = byError.get(key) ?? new Set<string>();
    operations.add(String(line.fields.operation ?? line.fields.path));
    byError.set(key, operations);
  }
  for (const [key, operations] of byError) out.push(`${key} — on ${[...operations].join(", ")}`);
  return out.sort();
}

// ---------------------------------------------------------------------------------------------
// Inputs
// ---------------------------------------------------------------------------------------------

/** Every path of every row, with the row. */
const ROUTE_PATHS: readonly { row: RouteRow; path: string }[] = ROUTE_TABLE.flatMap((row) =>
  row.paths.map((path) => ({ row, path })),
);

const HEX_FIELDS = [
  "address",
  "owner_address",
  "to_address",
  "account_id",
  "account_name",
  "value",
  "transaction",
  "privateKey",
  "passPhrase",
  "toAddress",
  "extra_data",
  "hash",
  "id_or_num",
  "txID",
  "raw_data_hex",
] as const;
const NUMBER_FIELDS = [
  "num",
  "startNum",
  "endNum",
  "amount",
  "Permission_id",
  "permission_id",
  "number",
  "detail",
  "count",
] as const;
const ALL_FIELDS = [...HEX_FIELDS, ...NUMBER_FIELDS, "raw_data", "signature", "block_identifier", "visible"];

function allFields(value: unknown, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...Object.fromEntries(ALL_FIELDS.map((field) => [field, value])), ...extra };
}

function hexFields(value: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...Object.fromEntries(HEX_FIELDS.map((field) => [field, value])),
    block_identifier: { hash: value, number: 1 },
    raw_data: { ref_block_bytes: value, ref_block_hash: value, data: value, contract: [] },
    signature: [value],
    ...extra,
  };
}

/** A body as raw JSON text with the same literal in every number field (keeps huge literals exact). */
function numberFieldsText(literal: string): string {
  const fields = NUMBER_FIELDS.map((field) => `"${field}":${literal}`);
  return `{${fields.join(",")},"block_identifier":{"number":${literal},"hash":"00"},"id_or_num":${literal}}`;
}

const json = (body: unknown): Pick<RawRequest, "body" | "contentType"> => ({
  body: typeof body === "string" ? body : JSON.stringify(body),
  contentType: "application/json",
});

type Variant = { readonly label: string } & Omit<RawRequest, "path">;

function post(label: string, body: unknown, contentType: string | undefined = "application/json"): Variant {
  return {
    label,
    method: "POST",
    body: typeof body === "string" || Buffer.isBuffer(body) ? body : JSON.stringify(body),
    ...(contentType === undefined ? {} : { contentType }),
  };
}

function casesFor(variants: readonly Variant[], paths = ROUTE_PATHS): Case[] {
  return paths.flatMap(({ row, path }) =>
    variants.map(({ label, ...request }) => ({ row, path, label, request: { ...request, path } })),
  );
}

function casesWithQuery(queries: readonly string[]): Case[] {
  return ROUTE_PATHS.flatMap(({ row, path }) =>
    queries.map((query, i) => ({
      row,
      path,
      label: `query ${i}`,
      request: { method: "GET", path: `${path}${query}` },
    })),
  );
}

const MALFORMED_JSON: readonly string[] = [
  '{"address": ',
  "{",
  "}{",
  '{"a":1,}',
  "{'address':'41'}",
  "{address: 41}",
  "nul",
  '{"a":1}garbage',
  '{"a":"unterminated}',
  '{"a":"\\x41"}',
  '{"a":01}',
  '{"a":.5}',
  '{"a":NaN}',
  '{"a":Infinity}',
  "\u0000",
  '{"a":"\\ud800"}',
  "/* comment */ {}",
];

const NON_OBJECT_JSON: readonly string[] = [
  "[1,2]",
  "[]",
  '"text"',
  "42",
  "-1.5e300",
  "null",
  "true",
  "false",
];

const WRONG_TYPE_VALUES: readonly unknown[] = [
  [],
  [1, "a", null, { b: [] }],
  12345,
  -1,
  1.5,
  "str",
  "",
  {},
  { nested: { deeper: [1, { x: null }], y: "z" } },
  null,
  true,
  false,
];

const NESTED_GARBAGE: readonly unknown[] = [
  {
    raw_data: {
      contract: [{ type: 5, parameter: { value: [], type_url: 7 } }],
      ref_block_bytes: [],
      expiration: "x",
      timestamp: {},
    },
    signature: [1, {}],
    txID: 5,
    raw_data_hex: [],
  },
  { raw_data: { contract: [{ type: "TransferContract", parameter: "x" }] }, signature: "zz" },
  { raw_data: { contract: [{ type: "TransferContract", parameter: { value: "x" } }] } },
  { raw_data: { contract: [{ type: "NoSuchContract", parameter: { value: {} } }] } },
  { raw_data: { contract: [null, 1, "x"] }, visible: true },
  { raw_data: { contract: {} }, signature: {} },
  { transaction: { raw_data: "x", signature: "y" }, privateKey: [] },
  {
    transaction: {
      raw_data: { contract: [{ type: "TransferContract", parameter: { value: { amount: "x" } } }] },
    },
  },
  { transaction: [], privateKey: {} },
  { transaction: "zz", visible: "maybe" },
  { block_identifier: [], account_identifier: "x", hash: {} },
  { block_identifier: { hash: 5, number: "x" } },
  { value: { value: { value: "zz" } }, address: { address: "41" } },
  { owner_address: "41", to_address: "41", amount: -1, extra_data: { a: 1 }, Permission_id: [] },
  { toAddress: [], amount: {}, passPhrase: null, privateKey: null },
];

const INVALID_HEX: readonly string[] = [
  "zz",
  "abc",
  "0x",
  "0X12",
  "0x0x12",
  "0xzz",
  `41${"zz".repeat(20)}`,
  " 41",
  "41 ",
  "\u0000",
  "１２",
  "-12",
  "+12",
  "1e3",
  "g".repeat(64),
  "0".repeat(63),
];

function invalidBase58(): string[] {
  const valid = devBase58[0]!;
  const last = valid.at(-1) === "1" ? "2" : "1";
  return [
    "Tnope",
    `T${"1".repeat(33)}`,
    "0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl00",
    `${valid.slice(0, -1)}${last}`,
    "",
    devHex[0]!,
    ` ${valid}`,
    `${valid}${valid}`,
    "1111111111111111111114oLvT2",
    "TTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTTT",
  ];
}

function base58Fields(value: string, visible: unknown): Record<string, unknown> {
  return {
    address: value,
    owner_address: value,
    to_address: value,
    toAddress: value,
    account_id: value,
    account_name: value,
    value,
    passPhrase: value,
    amount: 1,
    visible,
  };
}

const HUGE_NUMBERS: readonly string[] = [
  "1e400",
  "-1e400",
  "99999999999999999999999999999",
  "-99999999999999999999999999999",
  "9223372036854775808",
  "-9223372036854775809",
  "9223372036854775807",
  "-9223372036854775808",
  "18446744073709551616",
  "1.5",
  "-0",
  "1e-400",
  "123456789012345678901234567890.5e10",
  `1${"0".repeat(5000)}`,
];

const UNKNOWN_FIELDS: readonly string[] = [
  JSON.stringify({ foo: 1, bar: { baz: [] }, "": "", "\u0000": null }),
  '{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}',
  JSON.stringify({ toString: 1, valueOf: "x", hasOwnProperty: null, isPrototypeOf: [] }),
  JSON.stringify({ VISIBLE: true, Visible: 1, Address: "zz", NUM: "x" }),
  '{"address": "zz", "address": "41", "num": "x", "num": 1}',
  JSON.stringify(Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`field${i}`, i]))),
];

const FORM_GARBAGE: readonly string[] = [
  "%zz=%%&&a==b",
  "=",
  "&&&",
  "address=zz&visible=true",
  "address=Tnope&visible=true",
  "address[]=1&address[]=2",
  "num=1e400&num=2",
  "value=%E0%A4%A",
  "transaction=%7B%22raw_data%22%3A5%7D&privateKey=zz",
  "__proto__=x&constructor=y&hasOwnProperty=z",
  "visible=true&visible=false",
  `${"a".repeat(10_000)}=1`,
  "num=99999999999999999999&startNum=-1&endNum=x&amount=y",
];

const ODD_CONTENT_TYPES: readonly Variant[] = [
  post("text/plain", '{"address":"zz"}', "text/plain"),
  post(
    "multipart",
    '--x\r\nContent-Disposition: form-data; name="address"\r\n\r\nzz\r\n--x--\r\n',
    "multipart/form-data; boundary=x",
  ),
  post("binary", Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x80, 0xc3, 0x28, 0x7d]), "application/octet-stream"),
  post(
    "invalid UTF-8 in JSON",
    Buffer.concat([Buffer.from('{"address":"'), Buffer.from([0xc3, 0x28, 0xa0]), Buffer.from('"}')]),
  ),
  post("utf-16 charset", '{"address":"zz"}', "application/json; charset=utf-16"),
  post("no content type", '{"address":"zz"}', undefined),
  post("empty content type", '{"address":"zz"}', ""),
  post("content type without a subtype", '{"address":"zz"}', "foo"),
  post("blank content type", '{"address":"zz"}', " "),
  post("content type with a broken parameter", '{"address":"zz"}', "application/json; charset"),
  post("form with charset", "address=zz&visible=true", `${FORM}; charset=UTF-8`),
  post("json as form", '{"address":"zz"}', FORM),
  post("wildcard type", "{", "*/*"),
  post("empty body", ""),
  post("whitespace body", " \r\n\t "),
];

const GARBAGE_QUERIES: readonly string[] = [
  "?address=zz&value=zz&num=abc&id_or_num=zz&startNum=x&endNum=y&detail=maybe&account_id=zz",
  "?visible=true&address=Tnope&account_id=%00",
  "?num=99999999999999999999999&startNum=-9223372036854775809&endNum=9223372036854775808",
  "?num=1e3&value=0x&id_or_num=-1",
  "?value=abc&address=0x&num=-1&startNum=5&endNum=-5",
  "?num=&value=&address=&id_or_num=&startNum=&endNum=",
  "?a[b]=c&a=1&num[]=1&num[]=2&value=1&value=zz",
  "?visible=TRUE&address=41aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
  "?address=%E0%A4%A&value=%&num=%2B1",
  `?id_or_num=${"f".repeat(64)}&value=${"f".repeat(64)}`,
  `?${"x=1&".repeat(2000)}num=1`,
  "?num=9223372036854775807&id_or_num=9223372036854775807",
];

/** JSON nested deeper than any parser's recursion should go (fastjson stops at 512 levels). */
function deepNesting(): Variant[] {
  const depth = 50_000;
  const arrays = "[".repeat(depth) + "]".repeat(depth);
  const objects = `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
  return [
    post("deep arrays", `{"a":${arrays}}`),
    post("deep arrays beside a big integer", `{"num":12345678901234567890,"a":${arrays}}`),
    post("unterminated deep arrays", "[".repeat(depth)),
    post("unterminated deep objects", '{"a":'.repeat(depth)),
    post("deep objects", objects),
    post(
      "deep value, visible",
      `{"visible":true,"value":${arrays},"address":${arrays},"passPhrase":${arrays}}`,
    ),
    post("deep value", `{"value":${arrays},"address":${arrays},"transaction":${arrays}}`),
  ];
}

// ---------------------------------------------------------------------------------------------
// Tests
// ---------------------------------------------------------------------------------------------

describe(`bad input on all ${ROUTE_PATHS.length} paths of the ${ROUTE_TABLE.length} rows of ROUTE_TABLE`, () => {
  it("key-handling routes are served on this loopback node (so they are exercised)", async () => {
    const answer = await client.send({ method: "POST", path: "/wallet/generateaddress" });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text).privateKey).toMatch(HEX64);
    await expectAliveAndUnchanged();
  });

  it("malformed JSON", async () => {
    const problems = await problemsOf(
      casesFor(MALFORMED_JSON.map((body, i) => post(`malformed ${i}`, body))),
    );
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("JSON that is not an object", async () => {
    const problems = await problemsOf(
      casesFor(NON_OBJECT_JSON.map((body) => post(`non-object ${body}`, body))),
    );
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("JSON of the wrong types and nested garbage", async () => {
    const variants = [
      ...WRONG_TYPE_VALUES.map((value, i) =>
        post(`all fields = ${JSON.stringify(value)} (${i})`, allFields(value)),
      ),
      ...WRONG_TYPE_VALUES.map((value, i) =>
        post(`all fields = ${JSON.stringify(value)}, visible (${i})`, allFields(value, { visible: true })),
      ),
      ...NESTED_GARBAGE.map((body, i) => post(`nested garbage ${i}`, body)),
    ];
    const problems = await problemsOf(casesFor(variants));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("invalid hex", async () => {
    const variants = INVALID_HEX.flatMap((hex, i) => [
      post(`hex ${JSON.stringify(hex)} (${i})`, hexFields(hex)),
      post(`hex ${JSON.stringify(hex)}, visible "false" (${i})`, hexFields(hex, { visible: "false" })),
    ]);
    const problems = await problemsOf(casesFor(variants));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("invalid Base58Check with visible=true", async () => {
    const variants = invalidBase58().flatMap((text, i) =>
      [true, "true", "TRUE"].map((visible) =>
        post(
          `base58 ${JSON.stringify(text)} visible=${JSON.stringify(visible)} (${i})`,
          base58Fields(text, visible),
        ),
      ),
    );
    const problems = await problemsOf(casesFor(variants));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("huge and fractional numbers", async () => {
    const variants = HUGE_NUMBERS.flatMap((literal, i) => [
      post(`number ${literal.slice(0, 40)} (${i})`, numberFieldsText(literal)),
      post(`number as string ${literal.slice(0, 40)} (${i})`, numberFieldsText(JSON.stringify(literal))),
    ]);
    const problems = await problemsOf(casesFor(variants));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("integer fields refuse number literals that are not integers, as java-tron's JsonFormat tokenizer does", async () => {
    // JsonFormat.merge reads the body text: the token (e.g. `1e2`) goes to Long.parseLong and fails
    const problems: string[] = [];
    for (const literal of ["1.5", "1.0", "1e2", "1E2", "2.5e1", "1e-400", "1e400"]) {
      for (const path of [
        "/wallet/getblockbynum",
        "/walletsolidity/getblockbynum",
        "/wallet/gettransactioncountbyblocknum",
      ]) {
        const answer = await client.send({ method: "POST", path, ...json(`{"num": ${literal}}`) });
        const prefix = "class org.tron.core.services.http.JsonFormat$ParseException : ";
        const suffix = `: Couldn't parse integer: For input string: "${literal}"`;
        let error: unknown;
        try {
          error = JSON.parse(answer.text).Error;
        } catch {
          error = undefined;
        }
        const matches =
          typeof error === "string" &&
          error.startsWith(prefix) &&
          /^1:\d+$/.test(error.slice(prefix.length, error.length - suffix.length)) &&
          error.endsWith(suffix);
        if (answer.status !== 200 || !matches) {
          problems.push(
            `POST ${path} {"num": ${literal}} → ${answer.status} ${answer.text.trim().slice(0, 160)}`,
          );
        }
      }
    }
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("unknown fields, JavaScript-special keys and duplicate keys", async () => {
    const problems = await problemsOf(
      casesFor(UNKNOWN_FIELDS.map((body, i) => post(`unknown fields ${i}`, body))),
    );
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("form-urlencoded garbage", async () => {
    const problems = await problemsOf(casesFor(FORM_GARBAGE.map((body, i) => post(`form ${i}`, body, FORM))));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("odd content types and bodies that are not text", async () => {
    const problems = await problemsOf(casesFor(ODD_CONTENT_TYPES));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("garbage query strings on GET", async () => {
    const problems = await problemsOf(casesWithQuery(GARBAGE_QUERIES));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("wrong HTTP methods (PUT, DELETE, PATCH) answer 405", async () => {
    const variants: Variant[] = ["PUT", "DELETE", "PATCH"].flatMap((method) => [
      { label: `${method} with a body`, method, ...json({ address: devHex[0] }) },
      { label: `${method} without a body`, method },
    ]);
    const problems = await problemsOf(casesFor(variants));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("bodies over 4 MiB answer java-tron's body-size error (405 where the method is not served)", async () => {
    const padding = "x".repeat(BODY_LIMIT);
    const variants: Variant[] = [
      post("4 MiB + 1 of garbage", "x".repeat(BODY_LIMIT + 1)),
      {
        ...post("valid JSON over 4 MiB, chunked", JSON.stringify({ address: devHex[0], pad: padding })),
        chunked: true,
      },
    ];
    // a POST-less row answers 405 without reading the body (HttpServlet's doPost), oversize or not
    const cases = casesFor(variants).map((c) => ({ ...c, oversize: true }));
    const problems = await problemsOf(cases);
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("JSON nested 50 000 levels deep", async () => {
    const problems = await problemsOf(casesFor(deepNesting()));
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("unknown paths answer 404 with java-tron's body", async () => {
    const paths = [
      "/",
      "/wallet",
      "/wallet/",
      "/wallet/nope",
      "/wallet/GetAccount",
      "/wallet/getaccount/",
      "/wallet/getaccount/extra",
      "/wallet//getaccount",
      "/walletpbft/nope",
      "/walletsolidity/createtransaction",
      "/walletsolidity/broadcasttransaction",
      "/walletextension/getaccount",
      "/net/nope",
      "/monitor/nope",
      "/admin/nope",
      "/jsonrpc/nope",
      `/wallet/${"a".repeat(4000)}`,
      "/wallet/getaccount%00",
      "/wallet/get%61ccount/x",
      "/../wallet/getaccount/x",
    ];
    const answers = await runLimited(
      paths.flatMap((path) =>
        ["GET", "POST", "PUT", "DELETE", "PATCH"].map((method) => async () => ({
          path,
          method,
          answer: await client.send({ method, path, ...json({ address: "zz" }) }),
        })),
      ),
      CONCURRENCY,
    );
    const problems = answers
      .filter(
        ({ answer }) =>
          answer.status !== 404 ||
          answer.text !== '{"Error":"HTTP ERROR 404 Not Found"}\n' ||
          answer.contentType !== JSON_CONTENT_TYPE,
      )
      .map(
        ({ path, method, answer }) =>
          `${method} ${path.slice(0, 60)} → ${answer.status} ${answer.text.slice(0, 200)}`,
      );
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("paths that are not valid URL encoding answer a java-tron-shaped error, not the framework's", async () => {
    // Jetty answers 400 for undecodable paths; the body must still be `{"Error": …}` like every other answer
    const answers = await runLimited(
      ["/wallet/%zz", "/%", "/wallet/getaccount%", "/wallet/%E0%A4%A"].map((path) => async () => ({
        path,
        answer: await client.send({ method: "GET", path }),
      })),
      CONCURRENCY,
    );
    const problems = answers
      .filter(({ answer }) => {
        if (answer.status !== 400 && answer.status !== 404) return true;
        if (LEAKS.some(([pattern]) => pattern.test(answer.text))) return true;
        try {
          const body = JSON.parse(answer.text);
          return !keysWithin(body, ["Error"]) || !/^HTTP ERROR 40[04] /.test(body.Error);
        } catch {
          return true;
        }
      })
      .map(({ path, answer }) => `GET ${path} → ${answer.status} ${answer.text.trim()}`);
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });

  it("TRE's /tre and /admin surface: bad input answers errors and changes nothing", async () => {
    const problems: string[] = [];
    const call = (method: string, params: unknown) =>
      JSON.stringify({ jsonrpc: "2.0", id: 1, method, params });
    const expectRpcError = async (body: string, code: number) => {
      const answer = await client.send({
        method: "POST",
        path: "/tre",
        body,
        contentType: "application/json",
      });
      const shown = `POST /tre ${body.length > 80 ? `${body.slice(0, 80)}…` : body} → ${answer.status} ${answer.text.trim().slice(0, 200)}`;
      const leak = LEAKS.find(([pattern]) => pattern.test(answer.text));
      if (leak !== undefined) return problems.push(`${shown}: the body contains ${leak[1]}`);
      let parsed: Json;
      try {
        parsed = JSON.parse(answer.text);
      } catch {
        return problems.push(`${shown}: not JSON`);
      }
      if (answer.status !== 200 || parsed?.jsonrpc !== "2.0" || parsed?.error?.code !== code) {
        problems.push(`${shown}: expected JSON-RPC error ${code}`);
      }
    };
    await expectRpcError("{", -32700);
    await expectRpcError("", -32700);
    await expectRpcError("[".repeat(50_000), -32700);
    await expectRpcError("[]", -32600);
    await expectRpcError('"x"', -32600);
    await expectRpcError('{"jsonrpc":"1.0","id":1,"method":"tre_mine"}', -32600);
    await expectRpcError('{"jsonrpc":"2.0","id":1,"method":5}', -32600);
    for (const method of ["tre_nope", "__proto__", "constructor", "hasOwnProperty", "toString"]) {
      await expectRpcError(call(method, []), -32601);
    }
    for (const params of ["x", 5, {}, [5], ["x"], [{ blocks: 1.5 }], [{ blocks: "abc" }], [{ blocks: [] }]]) {
      await expectRpcError(call("tre_mine", params), -32602);
    }
    // TRE's range, refused with its text as jsonrpc4j reports a thrown exception
    for (const blocks of [0, -1, 101, 10_001, "0x0", 5000]) {
      await expectRpcError(call("tre_mine", [{ blocks }]), -32001);
    }
    await expectRpcError('{"jsonrpc":"2.0","id":1,"method":"tre_mine","params":[{"blocks":1e400}]}', -32602);
    for (const params of [undefined, [], ["x"], [{}], [null]]) {
      await expectRpcError(call("tre_blockTime", params), -32602);
    }
    for (const seconds of [-1, 61]) await expectRpcError(call("tre_blockTime", [seconds]), -32001);
    // the dev superpowers refuse bad params without touching the chain
    for (const [method, params] of [
      ["tre_revert", ["x"]],
      ["tre_increaseTime", [-5]],
      ["tre_increaseTime", ["soon"]],
      ["tre_setAccountBalance", ["nobody", 1]],
      ["tre_setAccountBalance", [[], 1]],
      ["tre_impersonateAccount", [{}]],
      ["tre_unlockedAccounts", ["x"]],
      ["tre_loadState", ["zz"]],
    ] as const) {
      await expectRpcError(call(method, params), -32602);
    }
    for (const [method, params] of [
      ["tre_setNextBlockTimestamp", [1]],
      ["tre_setTime", [0]],
      ["tre_loadState", ["0x00"]],
      ["tre_setAccountBalance", ["TMVQGm1qAQYVdetCeGRRkTWYYrLXuHK2HC", -1]],
    ] as const) {
      await expectRpcError(call(method, params), -32001);
    }
    for (const query of ["abc", "0", "-1", "101", "1e3", "1.5", "%zz", "0x5"]) {
      for (const method of ["GET", "POST"]) {
        const path = `/admin/temporary-accounts-generation?accounts=${query}`;
        const answer = await client.send({ method, path });
        if (answer.status !== 400 || answer.text !== "accounts must be an integer between 1 and 100\n") {
          problems.push(`${method} ${path} → ${answer.status} ${answer.text.trim().slice(0, 200)}`);
        }
      }
    }
    for (const method of ["PUT", "DELETE", "PATCH"]) {
      for (const path of [
        "/tre",
        "/admin/accounts",
        "/admin/accounts-json",
        "/admin/temporary-accounts-generation",
      ]) {
        const answer = await client.send({ method, path });
        if (answer.status !== 404 || answer.text !== '{"Error":"HTTP ERROR 404 Not Found"}\n') {
          problems.push(`${method} ${path} → ${answer.status} ${answer.text.trim().slice(0, 200)}`);
        }
      }
    }
    expect.soft(problems).toEqual([]);
    await expectAliveAndUnchanged();
  });
});
