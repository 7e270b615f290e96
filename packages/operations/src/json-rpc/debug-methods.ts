/**
 * `debug_traceTransaction [hash, options?]` on a dev chain (on /tre and /jsonrpc), as Hardhat and
 * Anvil take it: the default struct logger (`disableStack`, `disableMemory`, `disableStorage`) or
 * `{"tracer": "callTracer", "tracerConfig": {"onlyTopCall": true?}}`. The hash is the txID (0x
 * optional). Other tracers are refused by name.
 */
import {
  type JsonValue,
  parseHex,
  TraceErrorCodes,
  type TraceOptions,
  type TraceQueries,
  TronodeError,
} from "@tronode/engine/internal";
import { JsonRpcErrorCodes, JsonRpcFailure } from "./errors.js";
import type { JsonRpcMethodLookup } from "./method-lookup.js";

function invalidParams(message: string): JsonRpcFailure {
  return new JsonRpcFailure({ code: JsonRpcErrorCodes.invalidParams, message });
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function flag(options: Record<string, unknown>, name: string): boolean {
  const value = options[name];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw invalidParams(`${name} must be true or false`);
  return value;
}

export function traceOptionsOf(value: unknown): TraceOptions {
  if (value === undefined || value === null) return { tracer: "structLogger" };
  if (!isObject(value)) throw invalidParams("the trace options must be an object");
  const tracer = value.tracer;
  if (tracer === undefined || tracer === null || tracer === "") {
    return {
      tracer: "structLogger",
      structLog: {
        disableStack: flag(value, "disableStack"),
        disableMemory: flag(value, "disableMemory") || value.enableMemory === false,
        disableStorage: flag(value, "disableStorage"),
      },
    };
  }
  if (tracer !== "callTracer") {
    throw invalidParams(
      `tracer ${JSON.stringify(tracer)} is not supported by tronode (the default struct logger or "callTracer")`,
    );
  }
  const config = value.tracerConfig;
  if (config !== undefined && config !== null && !isObject(config))
    throw invalidParams("tracerConfig must be an object");
  return {
    tracer: "callTracer",
    callTracer: { onlyTopCall: isObject(config) && flag(config, "onlyTopCall") },
  };
}

const ERROR_CODES: Record<string, number> = {
  [TraceErrorCodes.notFound]: JsonRpcErrorCodes.serverError,
  [TraceErrorCodes.notInBlock]: JsonRpcErrorCodes.serverError,
  [TraceErrorCodes.stateGone]: JsonRpcErrorCodes.serverError,
};

/** The debug methods a dev chain serves. */
export function debugMethods(trace: TraceQueries): JsonRpcMethodLookup {
  return (name) => {
    if (name !== "debug_traceTransaction") return undefined;
    return async (params): Promise<JsonValue> => {
      if (!Array.isArray(params) || params.length < 1 || params.length > 2) {
        throw invalidParams("expected [transactionHash, options?]");
      }
      const [hash, options] = params;
      const id = typeof hash === "string" ? parseHex(hash) : undefined;
      if (id === undefined || id.length !== 32)
        throw invalidParams("the transaction hash must be 32 bytes of hex");
      const parsed = traceOptionsOf(options);
      try {
        return (await trace.traceTransaction(id, parsed)) as unknown as JsonValue;
      } catch (e) {
        if (e instanceof TronodeError && ERROR_CODES[e.code] !== undefined) {
          throw new JsonRpcFailure({ code: ERROR_CODES[e.code]!, message: e.message });
        }
        throw e;
      }
    };
  };
}
