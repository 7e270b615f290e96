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
