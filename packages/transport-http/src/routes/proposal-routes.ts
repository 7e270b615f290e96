/**
 * Committee proposals: the builders (proposalcreate keeps the JSON's parameter order, as java-tron
 * does), getproposalbyid (`id`: GET `new Long(..)`, POST Util.getJsonLongValue required),
 * listproposals (newest first; POST is its GET, so `visible` comes from the query) and
 * getpaginatedproposallist (`offset`/`limit`). Proposals print with their parameters in the order
 * they were proposed in.
 */
import { create } from "@bufbuild/protobuf";
import {
  encodeProposalCreateJson,
  PaginatedMessageSchema,
  ProposalListSchema,
  type ProposalRecord,
  ProposalSchema,
  TronodeError,
} from "@tronode/engine/internal";
import { ProposalBuilderOperations, ProposalOperations, printBuiltTransaction } from "@tronode/operations";
import {
  FASTJSON_EXCEPTION,
  JsonDecimal,
  type JsonObject,
  type JsonValue,
  parseMessage,
  printMessage,
  stringifyJson,
} from "../engine-protocol.js";
import { TransportErrorCodes, TransportJavaClasses } from "../java-error-body.js";
import { parseJavaLong } from "../java-value-readers.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, type WalletRequest, walletPaths } from "../route-row.js";
import { builderRoute, readPermissionId } from "./builder-route.js";

/** A proposal as java-tron prints it, its parameters in insertion order. */
export function printProposal(record: ProposalRecord, visible: boolean): JsonObject {
  const printed = printMessage(ProposalSchema, record.message, { visible, exactInt64: true }) as JsonObject;
  const entries = printed.parameters;
  if (Array.isArray(entries)) {
    const position = new Map(record.parameters.map(([k], i) => [k.toString(), i]));
    const at = (e: JsonValue) => position.get(String((e as JsonObject).key)) ?? Number.MAX_SAFE_INTEGER;
    printed.parameters = [...entries].sort((a, b) => at(a) - at(b));
  }
  return printed;
}

function printProposalList(records: readonly ProposalRecord[], visible: boolean): JsonValue {
  if (records.length === 0) return printMessage(ProposalListSchema, create(ProposalListSchema), { visible });
  return { proposals: records.map((r) => printProposal(r, visible)) };
}

/** ProposalCreateServlet: the contract from the JSON, its bytes in the JSON's parameter order. */
const proposalCreate = defineRoute({
  operation: ProposalBuilderOperations.proposalCreate,
  paths: walletPaths("proposalcreate"),
  methods: ["POST"],
  getOnPost: "empty200",
  visibleFrom: "body",
  read: (request: WalletRequest) => {
    const body = request.body();
    const visible = request.visible();
    const contract = parseMessage(ProposalBuilderOperations.proposalCreate.contractSchema, body, { visible });
    const permissionId = readPermissionId(body);
    return {
      contract,
      options: {
        ...(permissionId !== undefined && permissionId > 0 ? { permissionId } : {}),
        encodedContract: encodeProposalCreateJson(body, { visible }),
      },
    };
  },
  print: printBuiltTransaction,
});

function invalidParameter(message: string): TronodeError {
  return new TronodeError(TransportErrorCodes.badRequest, message, {
    javaClass: "java.security.InvalidParameterException",
  });
}

function arithmetic(message: string): TronodeError {
  return new TronodeError(TransportErrorCodes.badRequest, message, {
    javaClass: "java.lang.ArithmeticException",
  });
}

/** Util.getJsonLongValue(json, key, true): fastjson's getBigDecimal, then longValueExact. */
function readRequiredJsonLong(body: JsonObject, key: string): bigint {
  const value = body[key];
  if (value === undefined || value === null) throw invalidParameter(`key [${key}] does not exist`);
  let text: string;
  if (typeof value === "number" || typeof value === "bigint") text = String(value);
  else if (value instanceof JsonDecimal || typeof value === "string") text = String(value).trim();
  else if (typeof value === "boolean") text = value ? "1" : "0";
  else
    throw new TronodeError(
      TransportErrorCodes.badRequest,
      // fastjson prints the JSONObject/JSONArray as JSON, never "[object Object]"
      `can not cast to BigDecimal, value : ${stringifyJson(value)}`,
      { javaClass: FASTJSON_EXCEPTION },
    );
  const m = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) {
    throw new TronodeError(TransportErrorCodes.badRequest, "", {
      javaClass: TransportJavaClasses.numberFormat,
    });
  }
  const [, sign, whole, fraction = "", exponent = "0"] = m;
  let digits = whole + fraction;
  let scale = fraction.length - Number(exponent);
  // a fraction with non-zero digits cannot be a long
  while (scale > 0 && digits.endsWith("0")) {
    digits = digits.slice(0, -1);
    scale--;
  }
  if (scale > 0) throw arithmetic("Rounding necessary");
  const magnitude = BigInt(digits === "" ? "0" : digits) * 10n ** BigInt(-scale);
  const result = sign === "-" ? -magnitude : magnitude;
  if (result < -(2n ** 63n) || result >= 2n ** 63n) throw arithmetic("Overflow");
  return result;
}

const getProposalById = defineRoute({
  operation: ProposalOperations.getProposalById,
  paths: walletPaths("getproposalbyid"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => ({
    id:
      request.method === "GET"
        ? parseJavaLong(request.query("id"))
        : readRequiredJsonLong(request.body(), "id"),
  }),
  print: (record, visible) => (record === undefined ? {} : printProposal(record, visible)),
});

const listProposals = defineRoute({
  operation: ProposalOperations.listProposals,
  paths: walletPaths("listproposals"),
  methods: ["GET", "POST"],
  visibleFrom: "query",
  read: () => undefined,
  print: (records, visible) => printProposalList(records, visible),
});

const getPaginatedProposalList = defineRoute({
  operation: ProposalOperations.getPaginatedProposalList,
  paths: walletPaths("getpaginatedproposallist"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => {
    if (request.method === "GET") {
      return { offset: parseJavaLong(request.query("offset")), limit: parseJavaLong(request.query("limit")) };
    }
    const message = readBodyMessage(request, PaginatedMessageSchema);
    return { offset: message.offset, limit: message.limit };
  },
  print: (records, visible) => (records === undefined ? {} : printProposalList(records, visible)),
});

export const PROPOSAL_ROUTES: readonly RouteRow[] = [
  proposalCreate,
  builderRoute(ProposalBuilderOperations.proposalApprove, { getOnPost: "empty200" }),
  builderRoute(ProposalBuilderOperations.proposalDelete, { getOnPost: "empty200" }),
  getProposalById,
  listProposals,
  getPaginatedProposalList,
];
