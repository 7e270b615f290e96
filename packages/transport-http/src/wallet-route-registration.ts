/**
 * Turns route-table rows into fastify routes. Per request: method check (java-tron's GET-on-POST
 * quirks, 405 for anything else), the key-operation gate, then read → the row's operation → print, with every
 * failure mapped to java-tron's `{"Error":…}` body (HTTP 200). Nothing about the request body is
 * ever logged.
 */
import type { Logger, WalletApi } from "@tronode/engine";
import { keyOperationRefusedMessage } from "@tronode/operations";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { FastifyWalletRequest, type RawQuery } from "./fastify-wallet-request.js";
import { errorBodyOf } from "./java-error-body.js";
import { sendEmpty, sendJson } from "./json-response.js";
import type { HttpMethod, RouteRow } from "./route-row.js";

export interface WalletRouteContext {
  readonly wallet: WalletApi;
  readonly logger: Logger;
  /** Serve rows marked `handlesKeys` (loopback listener or the operator's explicit opt-in). */
  readonly keyOperationsAllowed: boolean;
}

/** Every method is routed so that anything but GET/POST answers 405 like a servlet. */
const ROUTED_METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"] as const;

export const METHOD_NOT_ALLOWED_STATUS = 405;
export const UNAVAILABLE_STATUS = 404;

export function methodNotAllowedBody(method: string): { Error: string } {
  return { Error: `HTTP ERROR 405 HTTP method ${method} is not supported by this URL` };
}

function keyOperationRefusedBody(name: string): { Error: string } {
  return { Error: keyOperationRefusedMessage(name) };
}

function effectiveMethod(method: string): HttpMethod | undefined {
  if (method === "GET" || method === "HEAD") return "GET";
  if (method === "POST") return "POST";
  return undefined;
}

/**
 * Answers a method the row does not serve (405, or java-tron's empty 200 for GET on some POST-only
 * servlets). Runs as an onRequest hook, before the body is read, as a servlet's doGet/doPost would.
 */
function answerUnservedMethod(
  row: RouteRow,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply | undefined {
  const method = effectiveMethod(request.method);
  if (method === undefined)
    return sendJson(reply, METHOD_NOT_ALLOWED_STATUS, methodNotAllowedBody(request.method));
  if (!row.methods.includes(method)) {
    if (method === "GET" && row.getOnPost === "empty200") return sendEmpty(reply);
    return sendJson(reply, METHOD_NOT_ALLOWED_STATUS, methodNotAllowedBody(request.method));
  }
  return undefined;
}

async function answerRow(
  row: RouteRow,
  path: string,
  context: WalletRouteContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const method = effectiveMethod(request.method)!;
  if (row.handlesKeys === true && !context.keyOperationsAllowed) {
    return sendJson(reply, UNAVAILABLE_STATUS, keyOperationRefusedBody(row.name));
  }
  const walletRequest = new FastifyWalletRequest(
    method,
    path,
    request.query as RawQuery,
    typeof request.body === "string" ? request.body : undefined,
    request.headers["content-type"],
    row.visibleFrom,
  );
  try {
    const input = row.read(walletRequest);
    const result = await row.operation.run(context.wallet, input, { scope: walletRequest.scope });
    return sendJson(reply, 200, row.print(result, walletRequest.visibleOrDefault(), input));
  } catch (error) {
    return sendJson(reply, 200, errorBodyOf(error, context.logger, row.name));
  }
}

/** The route-table row `request` names, if any (its path, without the query). */
type RowLookup = (request: FastifyRequest) => { readonly row: RouteRow; readonly path: string } | undefined;

/**
 * Registers `rows` on `fastify`, keeping only the paths `acceptPath` lets through. One wildcard
 * route per path prefix (`/wallet/*`, `/walletsolidity/*`, …) looks the row up in a map: registering
 * each of the ~200 paths for every method cost ~100 ms of start-up in the router. A path without a
 * row goes to the server's not-found handler, as an unrouted URL does.
 */
export function registerWalletRoutes(
  fastify: FastifyInstance,
  rows: readonly RouteRow[],
  context: WalletRouteContext,
  acceptPath: (path: string) => boolean = () => true,
): void {
  const byPrefix = new Map<string, Map<string, { row: RouteRow; path: string }>>();
  for (const row of rows) {
    // every /walletsolidity operation is also java-tron's /walletpbft operation (HttpApiOnPBFTService)
    const paths = row.paths.flatMap((p) =>
      p.startsWith("/walletsolidity/") ? [p, `/walletpbft/${p.slice("/walletsolidity/".length)}`] : [p],
    );
    for (const path of paths) {
      if (!acceptPath(path)) continue;
      const slash = path.lastIndexOf("/");
      const prefix = path.slice(0, slash);
      let named = byPrefix.get(prefix);
      if (named === undefined) {
        named = new Map();
        byPrefix.set(prefix, named);
      }
      named.set(path.slice(slash + 1), { row, path });
    }
  }
  for (const [prefix, named] of byPrefix) {
    const lookup: RowLookup = (request) => named.get((request.params as { "*": string })["*"]);
    fastify.route({
      method: [...ROUTED_METHODS],
      url: `${prefix}/*`,
      onRequest: async (request, reply) => {
        const found = lookup(request);
        if (found === undefined) return reply.callNotFound();
        return answerUnservedMethod(found.row, request, reply);
      },
      handler: (request, reply) => {
        const found = lookup(request);
        if (found === undefined) return reply.callNotFound();
        return answerRow(found.row, found.path, context, request, reply);
      },
    });
  }
}
