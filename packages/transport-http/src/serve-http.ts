import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable } from "node:stream";
import { TronodeError } from "@tronode/engine/internal";
import { closeWithChain, type ServableChain } from "@tronode/operations";
import type { ExplorerAssets } from "./explorer-route-registration.js";
import { createHttpServer, type ListenAddress } from "./http-server.js";
import { TransportErrorCodes } from "./java-error-body.js";

/** How `serveHttp` listens. Defaults: loopback, a free port, the dev surface when the chain has one. */
export interface ServeHttpOptions {
  /** Default 127.0.0.1. */
  readonly host?: string;
  /** Default 0: a free port (`url` says which). */
  readonly port?: number;
  /** Also listen here with only /walletsolidity/* (java-tron's 8091). */
  readonly solidityPort?: number;
  /** Also listen here with only /walletpbft/* (java-tron's 8092). */
  readonly pbftPort?: number;
  /** Serve TRE's /admin and /tre (default: when the chain has a dev surface). */
  readonly dev?: boolean;
  /** Serve the built-in explorer at /explorer/ (needs `@tronode/explorer`; default false). */
  readonly explorer?: boolean;
  /** Serve the private-key operations on a listener that is not loopback (unsafe). */
  readonly allowKeyOperations?: boolean;
  readonly bodyLimit?: number;
  /** Log each request at debug. */
  readonly logRequests?: boolean;
}

/** A chain's HTTP API, listening. */
export interface HttpService {
  /** Base URL of the main listener, e.g. `http://127.0.0.1:9090`. */
  readonly url: string;
  readonly address: ListenAddress;
  readonly solidity?: ListenAddress;
  readonly pbft?: ListenAddress;
  /** Stops listening (also done when the chain stops). Idempotent. */
  close(): Promise<void>;
}

/**
 * Serves java-tron's HTTP API (/wallet, /walletsolidity, /walletpbft), TronGrid's v1 API, the
 * JSON-RPC endpoint and (on a dev chain) TRE's /admin and /tre for a chain, until it stops.
 */
export async function serveHttp(chain: ServableChain, options: ServeHttpOptions = {}): Promise<HttpService> {
  const dev = options.dev === false ? undefined : chain.dev;
  const explorer = options.explorer
    ? { heads: chain.heads(), assets: await loadExplorerAssets() }
    : undefined;
  const metrics = chain.transportMetrics;
  const server = createHttpServer({
    wallet: chain.wallet,
    ...(dev ? { dev } : {}),
    events: chain.events,
    accountIndex: chain.accountIndex,
    ...(explorer ? { explorer } : {}),
    ...(dev && chain.trace ? { trace: chain.trace } : {}),
    jsonRpc: chain.jsonRpc,
    logger: chain.logger,
    host: options.host ?? "127.0.0.1",
    port: options.port ?? 0,
    ...(options.solidityPort === undefined ? {} : { solidityPort: options.solidityPort }),
    ...(options.pbftPort === undefined ? {} : { pbftPort: options.pbftPort }),
    ...(options.allowKeyOperations === undefined ? {} : { allowKeyOperations: options.allowKeyOperations }),
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    ...(options.logRequests === undefined ? {} : { logRequests: options.logRequests }),
    ...(metrics
      ? { onAnswered: (endpoint, status, bytes) => metrics.httpAnswered(endpoint, status, bytes) }
      : {}),
  });
  const listening = await server.listen();
  const close = closeWithChain(chain, () => server.close());
  return {
    url: `http://${listening.address.includes(":") ? `[${listening.address}]` : listening.address}:${listening.port}`,
    address: { address: listening.address, port: listening.port },
    ...(listening.solidity ? { solidity: listening.solidity } : {}),
    ...(listening.pbft ? { pbft: listening.pbft } : {}),
    close,
  };
}

/** The explorer's files from `@tronode/explorer`, an optional package: one line names it when missing. */
async function loadExplorerAssets(): Promise<ExplorerAssets> {
  try {
    return (await import("@tronode/explorer")).EXPLORER_ASSETS;
  } catch (error) {
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new TronodeError(
      TransportErrorCodes.missingPackage,
      "the explorer needs the @tronode/explorer package: npm install @tronode/explorer",
    );
  }
}

/** A chain's HTTP API answered in this process: `fetch` as the WHATWG one, no socket, no port. */
export interface InProcessHttp {
  /** Answers a request to the API (any origin: only the path and query are read). */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

/**
 * The same API `serveHttp` serves (the explorer's live stream aside), answered in process: what a
 * test kit or an app reaches through `fetch` without opening a port. Requests count as loopback,
 * so the key operations are served.
 */
export function createInProcessHttp(
  chain: ServableChain,
  options: Pick<ServeHttpOptions, "dev" | "bodyLimit"> = {},
): InProcessHttp {
  const dev = options.dev === false ? undefined : chain.dev;
  const server = createHttpServer({
    wallet: chain.wallet,
    ...(dev ? { dev } : {}),
    events: chain.events,
    accountIndex: chain.accountIndex,
    ...(dev && chain.trace ? { trace: chain.trace } : {}),
    jsonRpc: chain.jsonRpc,
    logger: chain.logger,
    host: "127.0.0.1",
    port: 0,
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
  });
  return {
    async fetch(input, init) {
      const request = new Request(
        typeof input === "string" ? new URL(input, IN_PROCESS_ORIGIN) : input,
        init,
      );
      const url = new URL(request.url);
      const body = Buffer.from(await request.arrayBuffer());
      const raw = Object.assign(Readable.from(body.length === 0 ? [] : [body]), {
        url: `${url.pathname}${url.search}`,
        method: request.method,
        headers: { ...Object.fromEntries(request.headers), "content-length": String(body.length) },
      });
      return new Promise<Response>((resolve) => {
        let status = 200;
        const headers = new Headers();
        const response = {
          shouldKeepAlive: true,
          writeHead(code: number, list: readonly string[]) {
            status = code;
            for (let i = 0; i + 1 < list.length; i += 2) headers.set(list[i]!, list[i + 1]!);
          },
          end(text: string) {
            const empty = status === 204 || status === 304 || request.method === "HEAD";
            resolve(new Response(empty ? null : text, { status, headers }));
          },
        };
        server.dispatch(raw as unknown as IncomingMessage, response as unknown as ServerResponse);
      });
    },
  };
}

/** The origin a relative URL given to the in-process fetch is read against. */
const IN_PROCESS_ORIGIN = "http://in-process.tronode";
