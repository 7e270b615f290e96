/**
 * `createHttpServer`: java-tron's HTTP API (every row of the route table: /wallet, /walletsolidity,
 * /walletextension, /net, /monitor), its Ethereum-compatible /jsonrpc, and, with a DevApi, TRE's
 * /admin and /tre on one node:http listener — TronWeb's `fullHost` sends /wallet and
 * /walletsolidity to the same port. With `solidityPort`, a second listener serves only
 * /walletsolidity/* and /wallet/getnodeinfo, like java-tron's port 8091.
 *
 * No framework sits between node:http and the routes: a request is a path lookup (`HttpRouter`), a
 * handler and one write (`http-exchange.ts`). Bodies are read as text (any content type, at most
 * `bodyLimit` bytes; java-tron's `node.rpc.maxMessageSize`, 4 194 304 by default) and parsed per
 * route. Nothing about requests is logged but, with `logRequests`, method, path and status: request
 * bodies, private keys and pass phrases are never logged. Unknown paths answer 404.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type {
  AccountIndexQueries,
  DevApi,
  EventQueries,
  HeadFeed,
  Logger,
  TraceQueries,
  WalletApi,
} from "@tronode/engine/internal";
import { TronodeError } from "@tronode/engine/internal";
import { debugMethods } from "@tronode/operations";
import { registerDevRoutes } from "./dev-route-registration.js";
import { type ExplorerAssets, registerExplorerRoutes } from "./explorer-route-registration.js";
import {
  type HandlerResult,
  HttpRequest,
  jsonReply,
  NOT_FOUND_REPLY,
  type Reply,
  STREAMED,
  writeReply,
} from "./http-exchange.js";
import { HttpRouter } from "./http-router.js";
import {
  javaErrorBody,
  TransportErrorCodes,
  TransportJavaClasses,
  tronodeErrorBody,
} from "./java-error-body.js";
import { type EthJsonRpcOptions, registerJsonRpcRoute } from "./json-rpc/json-rpc-route.js";
import { isLoopbackHost } from "./loopback-host.js";
import { ROUTE_TABLE } from "./route-table.js";
import { registerTronGridRoutes } from "./trongrid-route-registration.js";
import { registerWalletRoutes } from "./wallet-route-registration.js";

/** java-tron's default `node.rpc.maxMessageSize`. */
export const DEFAULT_BODY_LIMIT = 4_194_304;

/** What createHttpServer serves (a wallet; optionally dev, events, explorer, JSON-RPC) and where. */
export interface HttpServerOptions {
  readonly wallet: WalletApi;
  /** TRE's /admin and /tre; omitted outside development mode. */
  readonly dev?: DevApi;
  /** The event API (TronGrid v1 /v1/…/events, legacy /event/…, /healthcheck). */
  readonly events?: EventQueries;
  /** With `events`: TronGrid's /v1/accounts/… and /v1/contracts/{a}/tokens over the account index. */
  readonly accountIndex?: AccountIndexQueries;
  /** The built-in explorer at /explorer/ (and `/` with `dev`), told about new heads by this feed. */
  readonly explorer?: { readonly heads: HeadFeed; readonly assets: ExplorerAssets };
  /** java-tron's Ethereum-compatible JSON-RPC on `POST /jsonrpc` (with the dev methods when `dev`). */
  readonly jsonRpc?: EthJsonRpcOptions;
  /** debug_traceTransaction on /tre and /jsonrpc (dev chains, with `dev`). */
  readonly trace?: TraceQueries;
  readonly logger?: Logger;
  readonly host: string;
  /** 0 picks a free port. */
  readonly port: number;
  /**
   * Serve the private-key operations (generateaddress, createaddress, gettransactionsign,
   * easytransfer*, …) on a listener that is not loopback. Unsafe: keys cross the network.
   */
  readonly allowKeyOperations?: boolean;
  /** Also listen here with only /walletsolidity/* and /wallet/getnodeinfo (java-tron's 8091 layout). */
  readonly solidityPort?: number;
  /** Also listen here with only /walletpbft/* (java-tron's node.http.PBFTPort, 8092). */
  readonly pbftPort?: number;
  /**
   * Serve only /walletsolidity/* and /wallet/getnodeinfo on the main listener: a solidity node's
   * HTTP API (java-tron's SolidityNodeHttpApiService).
   */
  readonly solidityOnly?: boolean;
  readonly bodyLimit?: number;
  /** Log method, path (no query) and status of each request at debug. Off by default. */
  readonly logRequests?: boolean;
  /** Told of every answered request: its path (no query), status and body bytes (java-tron's HttpInterceptor). */
  readonly onAnswered?: (endpoint: string, status: number, bytes: number) => void;
}

/** Where a listener listens: its address and port (the port picked when 0 was asked for). */
export interface ListenAddress {
  readonly address: string;
  readonly port: number;
}

/** The HTTP API's listeners, not listening until `listen`; `dispatch` answers a request without a socket. */
export interface HttpServer {
  listen(): Promise<ListenAddress & { readonly solidity?: ListenAddress; readonly pbft?: ListenAddress }>;
  close(): Promise<void>;
  /** The main listener's request handler (tests drive it without a socket, with light-my-request). */
  readonly dispatch: (request: IncomingMessage, response: ServerResponse) => void;
}

const SILENT_LOGGER: Logger = { debug() {}, info() {}, warn() {}, error() {} };

/** Idle keep-alive connections stay open this long (fastify's default, which the node served before). */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

const BAD_REQUEST_REPLY: Reply = jsonReply(400, { Error: "HTTP ERROR 400 Bad Request" });
const CLOSING_REPLY: Reply = jsonReply(503, { Error: "HTTP ERROR 503 Service Unavailable" });

function isSolidityListenerPath(path: string): boolean {
  return path.startsWith("/walletsolidity/") || path === "/wallet/getnodeinfo";
}

function isPbftListenerPath(path: string): boolean {
  return path.startsWith("/walletpbft/");
}

interface DispatchOptions {
  readonly bodyLimit: number;
  readonly logger: Logger;
  readonly logRequests: boolean;
  readonly onAnswered: HttpServerOptions["onAnswered"];
}

/** A failure that escaped a handler: java-tron's body-size error, or a logged java.lang.Exception. */
function failureReply(error: unknown, logger: Logger, path: string): Reply {
  if (error instanceof TronodeError && error.code === TransportErrorCodes.bodyTooLarge)
    return jsonReply(200, tronodeErrorBody(error));
  const message = error instanceof Error ? error.message : String(error);
  logger.warn({ path, error: message }, "HTTP server failure");
  return jsonReply(200, javaErrorBody(TransportJavaClasses.exception, message));
}

/** One listener: its routes, its server, and whether it is closing (new requests get 503). */
class Listener {
  readonly server: Server;
  private closing = false;

  constructor(
    readonly router: HttpRouter,
    private readonly options: DispatchOptions,
  ) {
    this.server = createServer(this.dispatch);
    this.server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
    // small answers must not wait for Nagle's algorithm
    this.server.on("connection", (socket: Socket) => socket.setNoDelay(true));
  }

  readonly dispatch = (request: IncomingMessage, response: ServerResponse): void => {
    void this.answer(request, response);
  };

  private async answer(raw: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = raw.url ?? "/";
    const q = url.indexOf("?");
    const rawPath = q === -1 ? url : url.slice(0, q);
    const method = raw.method ?? "GET";
    let result: HandlerResult;
    if (this.closing) {
      result = CLOSING_REPLY;
    } else {
      let path: string | undefined;
      let match: ReturnType<HttpRouter["find"]>;
      try {
        path = rawPath.includes("%") ? decodeURIComponent(rawPath) : rawPath;
        match = this.router.find(method, path, rawPath);
      } catch {
        // a URL that does not decode gets Jetty's 400 in java-tron's error shape
        path = undefined;
      }
      if (path === undefined) result = BAD_REQUEST_REPLY;
      else if (match === undefined) result = NOT_FOUND_REPLY;
      else {
        const search = q === -1 ? "" : url.slice(q + 1);
        const request = new HttpRequest(
          raw,
          response,
          method,
          path,
          search,
          match.params,
          this.options.bodyLimit,
        );
        try {
          result = await match.handler(request);
        } catch (error) {
          result = failureReply(error, this.options.logger, rawPath);
        }
      }
    }
    if (result === STREAMED) return;
    // a closing server hangs up after each answer, so close() does not wait on kept-alive sockets
    if (this.closing) response.shouldKeepAlive = false;
    const bytes = writeReply(response, result);
    this.options.onAnswered?.(rawPath, result.status, bytes);
    if (this.options.logRequests)
      this.options.logger.debug({ method, path: rawPath, status: result.status }, "HTTP request");
  }

  listen(host: string, port: number): Promise<ListenAddress> {
    return new Promise((resolve, reject) => {
      const onError = (error: Error) => reject(error);
      this.server.once("error", onError);
      this.server.listen(port, host, () => {
        this.server.off("error", onError);
        const address = this.server.address();
        resolve(
          address === null || typeof address === "string"
            ? { address: String(address), port: 0 }
            : { address: address.address, port: address.port },
        );
      });
    });
  }

  /** Stops accepting, answers 503 meanwhile, ends open streams and idle connections, waits for the rest. */
  close(): Promise<void> {
    this.closing = true;
    this.router.closeAll();
    if (!this.server.listening) return Promise.resolve();
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeIdleConnections();
    });
  }
}

/** Builds java-tron's HTTP API (and the surfaces the options add) over a wallet; `listen` starts it. */
export function createHttpServer(options: HttpServerOptions): HttpServer {
  const logger = options.logger ?? SILENT_LOGGER;
  const dispatchOptions: DispatchOptions = {
    bodyLimit: options.bodyLimit ?? DEFAULT_BODY_LIMIT,
    logger,
    logRequests: options.logRequests === true,
    onAnswered: options.onAnswered,
  };
  const context = {
    wallet: options.wallet,
    logger,
    keyOperationsAllowed: options.allowKeyOperations === true || isLoopbackHost(options.host),
  };

  const router = new HttpRouter();
  const debug =
    options.dev !== undefined && options.trace !== undefined ? debugMethods(options.trace) : undefined;
  if (options.solidityOnly === true) {
    registerWalletRoutes(router, ROUTE_TABLE, context, isSolidityListenerPath);
  } else {
    registerWalletRoutes(router, ROUTE_TABLE, context);
    if (options.dev !== undefined) registerDevRoutes(router, options.dev, logger, debug);
    if (options.events !== undefined) {
      registerTronGridRoutes(
        router,
        {
          wallet: options.wallet,
          events: options.events,
          ...(options.accountIndex ? { index: options.accountIndex } : {}),
        },
        logger,
      );
    }
    if (options.explorer !== undefined) {
      registerExplorerRoutes(router, {
        heads: options.explorer.heads,
        assets: options.explorer.assets,
        ...(options.dev !== undefined ? { dev: options.dev } : {}),
      });
    }
    if (options.jsonRpc !== undefined) {
      registerJsonRpcRoute(
        router,
        { wallet: options.wallet, ...options.jsonRpc, ...(debug ? { extra: debug } : {}) },
        options.dev,
        logger,
      );
    }
  }
  const main = new Listener(router, dispatchOptions);

  const only = (accept: (path: string) => boolean) => {
    const routes = new HttpRouter();
    registerWalletRoutes(routes, ROUTE_TABLE, context, accept);
    return new Listener(routes, dispatchOptions);
  };
  const solidity = options.solidityPort === undefined ? undefined : only(isSolidityListenerPath);
  const pbft = options.pbftPort === undefined ? undefined : only(isPbftListenerPath);

  return {
    dispatch: main.dispatch,
    async listen() {
      const out: ListenAddress & { solidity?: ListenAddress; pbft?: ListenAddress } = await main.listen(
        options.host,
        options.port,
      );
      if (solidity !== undefined && options.solidityPort !== undefined)
        out.solidity = await solidity.listen(options.host, options.solidityPort);
      if (pbft !== undefined && options.pbftPort !== undefined)
        out.pbft = await pbft.listen(options.host, options.pbftPort);
      return out;
    },
    async close() {
      await Promise.all([main.close(), solidity?.close(), pbft?.close()]);
    },
  };
}
