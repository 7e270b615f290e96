/**
 * `createHttpServer`: java-tron's HTTP API (every row of the route table: /wallet, /walletsolidity,
 * /walletextension, /net, /monitor), its Ethereum-compatible /jsonrpc, and, with a DevApi, TRE's
 * /admin and /tre on one fastify
 * listener — TronWeb's `fullHost` sends /wallet and /walletsolidity to the same port. With
 * `solidityPort`, a second listener serves only /walletsolidity/* and /wallet/getnodeinfo, like
 * java-tron's port 8091.
 *
 * Bodies are read as text (any content type, at most `bodyLimit` bytes; java-tron's
 * `node.rpc.maxMessageSize`, 4 194 304 by default) and parsed per route. fastify's own logging is
 * off: request bodies, private keys and pass phrases are never logged. Unknown paths answer 404.
 */
import type {
  AccountIndexQueries,
  DevApi,
  EventQueries,
  HeadFeed,
  Logger,
  TraceQueries,
  WalletApi,
} from "@tronode/engine";
import { debugMethods } from "@tronode/operations";
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from "fastify";
import { registerDevRoutes } from "./dev-route-registration.js";
import { registerExplorerRoutes } from "./explorer-route-registration.js";
import {
  bodyTooLargeError,
  javaErrorBody,
  TransportJavaClasses,
  tronodeErrorBody,
} from "./java-error-body.js";
import { sendJson } from "./json-response.js";
import { type EthJsonRpcOptions, registerJsonRpcRoute } from "./json-rpc/json-rpc-route.js";
import { isLoopbackHost } from "./loopback-host.js";
import { ROUTE_TABLE } from "./route-table.js";
import { registerTronGridRoutes } from "./trongrid-route-registration.js";
import { registerWalletRoutes, UNAVAILABLE_STATUS } from "./wallet-route-registration.js";

/** java-tron's default `node.rpc.maxMessageSize`. */
export const DEFAULT_BODY_LIMIT = 4_194_304;

export interface HttpServerOptions {
  readonly wallet: WalletApi;
  /** TRE's /admin and /tre; omitted outside development mode. */
  readonly dev?: DevApi;
  /** The event API (TronGrid v1 /v1/…/events, legacy /event/…, /healthcheck). */
  readonly events?: EventQueries;
  /** With `events`: TronGrid's /v1/accounts/… and /v1/contracts/{a}/tokens over the account index. */
  readonly accountIndex?: AccountIndexQueries;
  /** The built-in explorer at /explorer/ (and `/` with `dev`), told about new heads by this feed. */
  readonly explorer?: { readonly heads: HeadFeed };
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

export interface ListenAddress {
  readonly address: string;
  readonly port: number;
}

export interface HttpServer {
  listen(): Promise<ListenAddress & { readonly solidity?: ListenAddress; readonly pbft?: ListenAddress }>;
  close(): Promise<void>;
  /** The main listener's fastify instance (for `inject` in tests). */
  readonly fastify: FastifyInstance;
  /** The solidity-only instance when `solidityPort` is set. */
  readonly solidityFastify: FastifyInstance | undefined;
}

const SILENT_LOGGER: Logger = { debug() {}, info() {}, warn() {}, error() {} };

const NOT_FOUND_BODY = { Error: "HTTP ERROR 404 Not Found" };

function isSolidityListenerPath(path: string): boolean {
  return path.startsWith("/walletsolidity/") || path === "/wallet/getnodeinfo";
}

function isPbftListenerPath(path: string): boolean {
  return path.startsWith("/walletpbft/");
}

function createFastify(
  bodyLimit: number,
  logger: Logger,
  logRequests: boolean,
  onAnswered: HttpServerOptions["onAnswered"],
): FastifyInstance {
  const fastify = Fastify({
    // no fastify logger at all: nothing about requests (bodies, keys, pass phrases) is logged
    logger: false,
    bodyLimit,
    return503OnClosing: true,
    // A URL fastify cannot decode gets Jetty's 400 in java-tron's error shape, not fastify's body.
    frameworkErrors: (_error, _request, reply) => {
      void sendJson(reply, 400, { Error: "HTTP ERROR 400 Bad Request" });
    },
  });
  // java-tron reads any body whose type is not exactly form-urlencoded as JSON; a Content-Type
  // without a subtype ("", "foo") must not make fastify answer 415.
  fastify.addHook("onRequest", (request, _reply, done) => {
    const type = request.headers["content-type"];
    if (type !== undefined && !type.includes("/"))
      request.headers["content-type"] = "application/octet-stream";
    done();
  });
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser("*", { parseAs: "string", bodyLimit }, (_request, body, done) =>
    done(null, body),
  );

  fastify.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE")
      return sendJson(reply, 200, tronodeErrorBody(bodyTooLargeError(bodyLimit)));
    const status = error.statusCode ?? 500;
    if (status >= 500)
      logger.warn({ path: request.url.split("?", 1)[0], error: error.message }, "HTTP server failure");
    return sendJson(
      reply,
      status >= 500 ? 200 : status,
      javaErrorBody(TransportJavaClasses.exception, error.message),
    );
  });
  fastify.setNotFoundHandler((_request, reply) => sendJson(reply, UNAVAILABLE_STATUS, NOT_FOUND_BODY));

  if (onAnswered) {
    const sizes = new WeakMap<FastifyRequest, number>();
    fastify.addHook("onSend", async (request, _reply, payload) => {
      sizes.set(
        request,
        typeof payload === "string"
          ? Buffer.byteLength(payload)
          : Buffer.isBuffer(payload)
            ? payload.length
            : 0,
      );
      return payload;
    });
    fastify.addHook("onResponse", async (request, reply) => {
      onAnswered(request.url.split("?", 1)[0] ?? "", reply.statusCode, sizes.get(request) ?? 0);
    });
  }
  if (logRequests) {
    fastify.addHook("onResponse", async (request, reply) => {
      logger.debug(
        { method: request.method, path: request.url.split("?", 1)[0], status: reply.statusCode },
        "HTTP request",
      );
    });
  }
  return fastify;
}

function addressOf(fastify: FastifyInstance): ListenAddress {
  const address = fastify.server.address();
  if (address === null || typeof address === "string") return { address: String(address), port: 0 };
  return { address: address.address, port: address.port };
}

export function createHttpServer(options: HttpServerOptions): HttpServer {
  const logger = options.logger ?? SILENT_LOGGER;
  const bodyLimit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const logRequests = options.logRequests === true;
  const context = {
    wallet: options.wallet,
    logger,
    keyOperationsAllowed: options.allowKeyOperations === true || isLoopbackHost(options.host),
  };

  const fastify = createFastify(bodyLimit, logger, logRequests, options.onAnswered);
  const debug =
    options.dev !== undefined && options.trace !== undefined ? debugMethods(options.trace) : undefined;
  if (options.solidityOnly === true) {
    registerWalletRoutes(fastify, ROUTE_TABLE, context, isSolidityListenerPath);
  } else {
    registerWalletRoutes(fastify, ROUTE_TABLE, context);
    if (options.dev !== undefined) registerDevRoutes(fastify, options.dev, logger, debug);
    if (options.events !== undefined) {
      registerTronGridRoutes(
        fastify,
        {
          wallet: options.wallet,
          events: options.events,
          ...(options.accountIndex ? { index: options.accountIndex } : {}),
        },
        logger,
      );
    }
    if (options.explorer !== undefined) {
      registerExplorerRoutes(fastify, {
        heads: options.explorer.heads,
        ...(options.dev !== undefined ? { dev: options.dev } : {}),
      });
    }
    if (options.jsonRpc !== undefined) {
      registerJsonRpcRoute(
        fastify,
        { wallet: options.wallet, ...options.jsonRpc, ...(debug ? { extra: debug } : {}) },
        options.dev,
        logger,
      );
    }
  }

  let solidityFastify: FastifyInstance | undefined;
  if (options.solidityPort !== undefined) {
    solidityFastify = createFastify(bodyLimit, logger, logRequests, options.onAnswered);
    registerWalletRoutes(solidityFastify, ROUTE_TABLE, context, isSolidityListenerPath);
  }
  let pbftFastify: FastifyInstance | undefined;
  if (options.pbftPort !== undefined) {
    pbftFastify = createFastify(bodyLimit, logger, logRequests, options.onAnswered);
    registerWalletRoutes(pbftFastify, ROUTE_TABLE, context, isPbftListenerPath);
  }

  return {
    fastify,
    solidityFastify,
    async listen() {
      await fastify.listen({ host: options.host, port: options.port });
      const out: ListenAddress & { solidity?: ListenAddress; pbft?: ListenAddress } = addressOf(fastify);
      if (solidityFastify !== undefined && options.solidityPort !== undefined) {
        await solidityFastify.listen({ host: options.host, port: options.solidityPort });
        out.solidity = addressOf(solidityFastify);
      }
      if (pbftFastify !== undefined && options.pbftPort !== undefined) {
        await pbftFastify.listen({ host: options.host, port: options.pbftPort });
        out.pbft = addressOf(pbftFastify);
      }
      return out;
    },
    async close() {
      await Promise.all([fastify.close(), solidityFastify?.close(), pbftFastify?.close()]);
    },
  };
}
