/**
 * The event API TronWeb's `event` module calls on its event server (events-and-devtools.md §1),
 * served in-process on the wallet port as TRE's eventron serves it on :9090:
 * - `GET /healthcheck` (TronWeb's `isConnected()` asks the event server);
 * - TronGrid v1: `GET /v1/contracts/{address}/events`, `/v1/transactions/{id}/events`,
 *   `/v1/blocks/{number|id|latest}/events` → `{data:[…], success:true, meta:{at, page_size,
 *   fingerprint?, links?}}`, query parameters in snake_case or camelCase, fingerprint paging;
 * - TronWeb ≤ 5's legacy `GET /event/contract/{address}[/{name}[/{block}]]` and
 *   `/event/transaction/{id}` → bare arrays.
 * Items carry TronGrid's keys and formats: base58 contract addresses, `result` by position and by
 * name with `0x` addresses and decimal integers, `result_type`, `event`, `_unconfirmed` above the
 * solidified block; a log of a contract with no ABI has empty `result` and `result_type`.
 */
import {
  addressToBase58,
  bytesToHex,
  type ContractEventRecord,
  decodeAddress,
  type EventFilter,
  type EventPage,
  type EventQueries,
  type EventValue,
  type Logger,
  parseHex,
  TronodeError,
  tryAddressFromBase58,
} from "@tronode/engine";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { JsonObject, JsonValue } from "./engine-protocol.js";
import { sendJson } from "./json-response.js";

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 200;

class EventRequestError extends TronodeError {
  constructor(message: string) {
    super("EVENT_REQUEST", message);
  }
}

type Query = Record<string, string | string[] | undefined>;

/** First value of a parameter given in snake_case or any of its aliases. */
function param(query: Query, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = query[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) return first;
  }
  return undefined;
}

function booleanParam(query: Query, ...names: string[]): boolean {
  const value = param(query, ...names);
  return value === "true";
}

function integerParam(query: Query, what: string, ...names: string[]): bigint | undefined {
  const value = param(query, ...names);
  if (value === undefined || value === "") return undefined;
  if (!/^-?[0-9]+$/.test(value)) throw new EventRequestError(`${what} must be an integer`);
  return BigInt(value);
}

function filterOf(query: Query, base: { order?: "asc" | "desc" } = {}): EventFilter {
  const onlyConfirmed = booleanParam(query, "only_confirmed", "onlyConfirmed");
  const onlyUnconfirmed = booleanParam(query, "only_unconfirmed", "onlyUnconfirmed");
  if (onlyConfirmed && onlyUnconfirmed) {
    throw new EventRequestError("only_confirmed and only_unconfirmed can not be both true");
  }
  const orderBy = param(query, "order_by", "orderBy", "sort");
  let order: "asc" | "desc" = base.order ?? "desc";
  if (orderBy !== undefined) {
    if (/^(block_)?timestamp,asc$/.test(orderBy) || orderBy === "block_timestamp") order = "asc";
    else if (/^(block_)?timestamp,desc$/.test(orderBy) || orderBy === "-block_timestamp") order = "desc";
    else throw new EventRequestError(`invalid order_by: ${orderBy}`);
  }
  const limitValue = integerParam(query, "limit", "limit", "size");
  if (limitValue !== undefined && limitValue < 1n)
    throw new EventRequestError("limit must be a positive integer");
  const limit =
    limitValue === undefined ? DEFAULT_LIMIT : Number(limitValue > MAX_LIMIT ? MAX_LIMIT : limitValue);
  const eventName = param(query, "event_name", "eventName");
  const blockNumber = integerParam(query, "block_number", "block_number", "blockNumber");
  const minBlockTimestamp = integerParam(
    query,
    "min_block_timestamp",
    "min_block_timestamp",
    "minBlockTimestamp",
    "min_timestamp",
    "since",
    "fromTimestamp",
  );
  const maxBlockTimestamp = integerParam(
    query,
    "max_block_timestamp",
    "max_block_timestamp",
    "maxBlockTimestamp",
    "max_timestamp",
  );
  const fingerprint = param(query, "fingerprint");
  return {
    confirmation: onlyConfirmed ? "confirmed" : onlyUnconfirmed ? "unconfirmed" : "any",
    order,
    limit,
    ...(fingerprint ? { fingerprint } : {}),
    ...(eventName ? { eventName } : {}),
    ...(blockNumber !== undefined ? { blockNumber } : {}),
    ...(minBlockTimestamp !== undefined ? { minBlockTimestamp } : {}),
    ...(maxBlockTimestamp !== undefined ? { maxBlockTimestamp } : {}),
  };
}

/** A contract address in a path: Base58Check, `41…` hex or `0x…` hex. */
function contractAddressOf(text: string): Uint8Array {
  const base58 = tryAddressFromBase58(text);
  if (base58) return base58;
  if (/^41[0-9a-fA-F]{40}$/.test(text)) return decodeAddress(text);
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return decodeAddress(`41${text.slice(2)}`);
  throw new EventRequestError(`invalid address: ${text}`);
}

function valueJson(value: EventValue): JsonValue {
  return typeof value === "string" ? value : value.map(valueJson);
}

function itemOf(event: ContractEventRecord): JsonObject {
  const result: JsonObject = {};
  const resultType: JsonObject = {};
  if (event.decoded) {
    event.decoded.params.forEach((p, i) => {
      result[String(i)] = valueJson(p.value);
    });
    for (const p of event.decoded.params) {
      if (p.name === "") continue;
      result[p.name] = valueJson(p.value);
      resultType[p.name] = p.type;
    }
  }
  return {
    block_number: Number(event.blockNumber),
    block_timestamp: Number(event.blockTimestamp),
    caller_contract_address: addressToBase58(event.callerContractAddress),
    contract_address: addressToBase58(event.contractAddress),
    event_index: event.eventIndex,
    ...(event.decoded ? { event_name: event.decoded.name } : {}),
    result,
    result_type: resultType,
    ...(event.decoded ? { event: event.decoded.signature } : {}),
    transaction_id: bytesToHex(event.transactionId),
    ...(event.unconfirmed ? { _unconfirmed: true } : {}),
  };
}

function pageBody(request: FastifyRequest, page: EventPage): JsonObject {
  const meta: JsonObject = { at: Date.now(), page_size: page.events.length };
  if (page.fingerprint !== undefined) {
    meta.fingerprint = page.fingerprint;
    const url = new URL(request.url, `${request.protocol}://${request.headers.host ?? "localhost"}`);
    url.searchParams.set("fingerprint", page.fingerprint);
    meta.links = { next: url.toString() };
  }
  return { data: page.events.map(itemOf), success: true, meta };
}

function sendError(reply: FastifyReply, message: string, asJsonMessage = false): FastifyReply {
  return sendJson(reply, 400, {
    success: false,
    error: asJsonMessage ? JSON.stringify({ message }) : message,
    statusCode: 400,
  });
}

export function registerEventRoutes(fastify: FastifyInstance, events: EventQueries, logger: Logger): void {
  const answer =
    (handle: (request: FastifyRequest) => Promise<JsonValue>, errorsAsJson = false) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      try {
        return sendJson(reply, 200, await handle(request));
      } catch (error) {
        if (error instanceof TronodeError) return sendError(reply, error.message, errorsAsJson);
        logger.warn(
          { path: request.routeOptions.url, error: (error as Error).message },
          "event query failed",
        );
        return sendError(reply, "internal error", errorsAsJson);
      }
    };
  const paramsOf = (request: FastifyRequest) => request.params as Record<string, string>;
  const queryOf = (request: FastifyRequest) => request.query as Query;

  fastify.get("/healthcheck", async (_request, reply) => sendJson(reply, 200, { status: "ok" }));

  fastify.get(
    "/v1/contracts/:address/events",
    answer(async (request) =>
      pageBody(
        request,
        await events.contractEvents(
          contractAddressOf(paramsOf(request).address!),
          filterOf(queryOf(request)),
        ),
      ),
    ),
  );

  fastify.get(
    "/v1/transactions/:id/events",
    answer(async (request) => {
      const id = paramsOf(request).id!;
      if (!/^(0x)?[0-9a-fA-F]{64}$/.test(id)) throw new EventRequestError(`invalid transaction id: ${id}`);
      return pageBody(
        request,
        await events.transactionEvents(parseHex(id)!, filterOf(queryOf(request), { order: "asc" })),
      );
    }, true),
  );

  fastify.get(
    "/v1/blocks/:identifier/events",
    answer(async (request) => {
      const identifier = paramsOf(request).identifier!;
      const selector =
        identifier === "latest"
          ? ("latest" as const)
          : /^[0-9]+$/.test(identifier)
            ? BigInt(identifier)
            : /^(0x)?[0-9a-fA-F]{64}$/.test(identifier)
              ? parseHex(identifier)!
              : undefined;
      if (selector === undefined) throw new EventRequestError(`invalid block identifier: ${identifier}`);
      const page = await events.blockEvents(selector, filterOf(queryOf(request), { order: "asc" }));
      return pageBody(request, page ?? { events: [] });
    }),
  );

  // TronWeb ≤ 5: bare arrays of the same items, the last one carrying `_fingerprint`.
  const legacy = answer(async (request) => {
    const { address, eventName, blockNumber } = paramsOf(request);
    const query = queryOf(request);
    const filter = filterOf(
      {
        ...query,
        ...(eventName ? { event_name: eventName } : {}),
        ...(blockNumber ? { block_number: blockNumber } : {}),
      },
      { order: "desc" },
    );
    const page = await events.contractEvents(contractAddressOf(address!), filter);
    return legacyArray(page);
  });
  fastify.get("/event/contract/:address", legacy);
  fastify.get("/event/contract/:address/:eventName", legacy);
  fastify.get("/event/contract/:address/:eventName/:blockNumber", legacy);
  fastify.get(
    "/event/transaction/:id",
    answer(async (request) => {
      const id = paramsOf(request).id!;
      if (!/^(0x)?[0-9a-fA-F]{64}$/.test(id)) throw new EventRequestError(`invalid transaction id: ${id}`);
      return legacyArray(
        await events.transactionEvents(parseHex(id)!, filterOf(queryOf(request), { order: "asc" })),
      );
    }),
  );
}

function legacyArray(page: EventPage): JsonValue {
  const items = page.events.map(itemOf);
  if (page.fingerprint !== undefined && items.length > 0)
    items[items.length - 1]!._fingerprint = page.fingerprint;
  return items;
}
