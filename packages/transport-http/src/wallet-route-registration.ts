/**
 * Turns route-table rows into the listener's routes. Per request: method check (java-tron's
 * GET-on-POST quirks, 405 for anything else) before the body is read, the key-operation gate, then
 * read → the row's operation → print, with every failure mapped to java-tron's `{"Error":…}` body
 * (HTTP 200). Nothing about the request body is ever logged.
 */
import type { Logger, WalletApi } from "@tronode/engine/internal";
import { keyOperationRefusedMessage } from "@tronode/operations";
import { EMPTY_REPLY, type HttpRequest, jsonReply, type Reply } from "./http-exchange.js";
import type { HttpRouter } from "./http-router.js";
import { errorBodyOf } from "./java-error-body.js";
import type { HttpMethod, RouteRow } from "./route-row.js";
import { WalletHttpRequest } from "./wallet-http-request.js";

export interface WalletRouteContext {
  readonly wallet: WalletApi;
  readonly logger: Logger;
  /** Serve rows marked `handlesKeys` (loopback listener or the operator's explicit opt-in). */
  readonly keyOperationsAllowed: boolean;
}

export const METHOD_NOT_ALLOWED_STATUS = 405;
export const UNAVAILABLE_STATUS = 404;

export function methodNotAllowedBody(method: string): { Error: string } {
  return { Error: `HTTP ERROR 405 HTTP method ${method} is not supported by this URL` };
}

function effectiveMethod(method: string): HttpMethod | undefined {
  if (method === "GET" || method === "HEAD") return "GET";
  if (method === "POST") return "POST";
  return undefined;
}

/** What a method the row does not serve answers (405, or java-tron's empty 200 for GET on some POST-only servlets). */
function unservedMethodReply(row: RouteRow, method: string): Reply | undefined {
  const effective = effectiveMethod(method);
  if (effective === undefined) return jsonReply(METHOD_NOT_ALLOWED_STATUS, methodNotAllowedBody(method));
  if (!row.methods.includes(effective)) {
    if (effective === "GET" && row.getOnPost === "empty200") return EMPTY_REPLY;
    return jsonReply(METHOD_NOT_ALLOWED_STATUS, methodNotAllowedBody(method));
  }
  return undefined;
}

async function answerRow(
  row: RouteRow,
  path: string,
  context: WalletRouteContext,
  request: HttpRequest,
): Promise<Reply> {
  const unserved = unservedMethodReply(row, request.method);
  if (unserved !== undefined) return unserved;
  const method = effectiveMethod(request.method)!;
  if (row.handlesKeys === true && !context.keyOperationsAllowed) {
    return jsonReply(UNAVAILABLE_STATUS, { Error: keyOperationRefusedMessage(row.name) });
  }
  const body = method === "POST" ? await request.text() : undefined;
  const walletRequest = new WalletHttpRequest(
    method,
    path,
    request.query,
    body,
    request.headers["content-type"],
    row.visibleFrom,
  );
  try {
    const input = row.read(walletRequest);
    const result = await row.operation.run(context.wallet, input, { scope: walletRequest.scope });
    return jsonReply(200, row.print(result, walletRequest.visibleOrDefault(), input));
  } catch (error) {
    return jsonReply(200, errorBodyOf(error, context.logger, row.name));
  }
}

/**
 * Registers `rows` on `router`, keeping only the paths `acceptPath` lets through; every method
 * reaches the row, which answers 405 (or java-tron's empty GET) for the ones it does not serve.
 */
export function registerWalletRoutes(
  router: HttpRouter,
  rows: readonly RouteRow[],
  context: WalletRouteContext,
  acceptPath: (path: string) => boolean = () => true,
): void {
  for (const row of rows) {
    // every /walletsolidity operation is also java-tron's /walletpbft operation (HttpApiOnPBFTService)
    const paths = row.paths.flatMap((p) =>
      p.startsWith("/walletsolidity/") ? [p, `/walletpbft/${p.slice("/walletsolidity/".length)}`] : [p],
    );
    for (const path of paths) {
      if (!acceptPath(path)) continue;
      router.add("any", path, (request) => answerRow(row, path, context, request));
    }
  }
}
