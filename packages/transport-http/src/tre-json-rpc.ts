/**
 * TRE's development JSON-RPC (`POST /tre`, JSON-RPC 2.0), the subset clients use:
 * - `tre_mine` — params optional `[{"blocks":N}]` (default 1, at most 10 000) → `"0x0"`;
 * - `tre_blockTime` — params `[seconds]` (0 = a block per transaction) → `true`.
 * Batches are answered element by element. Errors use the standard codes: -32700 parse error,
 * -32600 invalid request, -32601 unknown method, -32602 bad params, -32603 a failure in the node.
 */
import { type DevApi, type Logger, TronodeError } from "@tronode/engine";
import { type JsonValue, parseJsonText } from "./engine-protocol.js";

export const JsonRpcErrorCodes = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
} as const;

/** tre_mine's range, the same as DevControls'. */
const MAX_MINED_BLOCKS = 1_000;
const MAX_BLOCK_TIME_SECONDS = 60;
const MINE_RESULT = "0x0";

type JsonRpcId = string | number | null;

interface JsonRpcError {
  readonly code: number;
  readonly message: string;
}

/** A JSON-RPC error raised while answering a method (carries its JSON-RPC code). */
class JsonRpcFailure extends TronodeError {
  readonly error: JsonRpcError;
  constructor(error: JsonRpcError) {
    super("TRE_JSON_RPC_ERROR", error.message);
    this.error = error;
  }
}

function invalidParams(detail: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.invalidParams, message: `Invalid params: ${detail}` });
}

function isPlainObject(value: unknown): value is Record<string, JsonValue> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function toSafeNumber(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) return Number(value);
  return undefined;
}

function readBlocksParam(params: unknown): number {
  if (params === undefined || params === null) return 1;
  if (!Array.isArray(params)) throw invalidParams("expected [{blocks: N}]");
  if (params.length === 0) return 1;
  const first = params[0];
  if (first === null || first === undefined) return 1;
  if (!isPlainObject(first)) throw invalidParams("expected [{blocks: N}]");
  if (first.blocks === undefined) return 1;
  const blocks = toSafeNumber(first.blocks);
  if (blocks === undefined || !Number.isInteger(blocks) || blocks < 1 || blocks > MAX_MINED_BLOCKS) {
    throw invalidParams(`blocks must be an integer between 1 and ${MAX_MINED_BLOCKS}`);
  }
  return blocks;
}

function readSecondsParam(params: unknown): number {
  if (!Array.isArray(params) || params.length === 0) throw invalidParams("expected [seconds]");
  const seconds = toSafeNumber(params[0]);
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0 || seconds > MAX_BLOCK_TIME_SECONDS) {
    throw invalidParams(`seconds must be a number from 0 to ${MAX_BLOCK_TIME_SECONDS}`);
  }
  return seconds;
}

type MethodHandler = (dev: DevApi, params: unknown) => Promise<JsonValue>;

const METHODS: ReadonlyMap<string, MethodHandler> = new Map<string, MethodHandler>([
  [
    "tre_mine",
    async (dev, params) => {
      await dev.mine(readBlocksParam(params));
      return MINE_RESULT;
    },
  ],
  [
    "tre_blockTime",
    async (dev, params) => {
      await dev.setBlockTime(readSecondsParam(params));
      return true;
    },
  ],
]);

function idOf(request: unknown): JsonRpcId {
  if (!isPlainObject(request)) return null;
  const id = request.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}

function errorResponse(id: JsonRpcId, error: JsonRpcError): JsonValue {
  return { jsonrpc: "2.0", id, error: { code: error.code, message: error.message } };
}

async function answerOne(request: unknown, dev: DevApi, logger: Logger): Promise<JsonValue> {
  const id = idOf(request);
  if (
    !isPlainObject(request) ||
    typeof request.method !== "string" ||
    ("jsonrpc" in request && request.jsonrpc !== "2.0")
  ) {
    return errorResponse(id, { code: JsonRpcErrorCodes.invalidRequest, message: "Invalid Request" });
  }
  const handler = METHODS.get(request.method);
  if (handler === undefined) {
    return errorResponse(id, {
      code: JsonRpcErrorCodes.methodNotFound,
      message: `Method not found: ${request.method}`,
    });
  }
  try {
    return { jsonrpc: "2.0", id, result: await handler(dev, request.params) };
  } catch (error) {
    if (error instanceof JsonRpcFailure) return errorResponse(id, error.error);
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ method: request.method, error: message }, "TRE JSON-RPC method failed");
    return errorResponse(id, { code: JsonRpcErrorCodes.internalError, message });
  }
}

/** Answers the text of a POST /tre body. */
export async function answerTreJsonRpc(text: string, dev: DevApi, logger: Logger): Promise<JsonValue> {
  let parsed: JsonValue;
  try {
    parsed = parseJsonText(text);
  } catch {
    return errorResponse(null, { code: JsonRpcErrorCodes.parseError, message: "Parse error" });
  }
  if (Array.isArray(parsed)) {
    if (parsed.length === 0)
      return errorResponse(null, { code: JsonRpcErrorCodes.invalidRequest, message: "Invalid Request" });
    const answers: JsonValue[] = [];
    for (const request of parsed) answers.push(await answerOne(request, dev, logger));
    return answers;
  }
  return answerOne(parsed, dev, logger);
}
