/**
 * `createGrpcServer`: TRON's gRPC services over HTTP/2 cleartext (h2c), as java-tron's RpcService
 * listeners: the full node's port (default 50051) serves protocol.Wallet + protocol.Database (+
 * protocol.Monitor) on the head state; the solidity port (default 50061) serves
 * protocol.WalletSolidity + protocol.Database on the solidified state (+ WalletExtension on a
 * solidity node). Every rpc of those services answers: through its binding to an operation, or
 * UNIMPLEMENTED with a clear text; an rpc or service the listener does not have answers
 * grpc-java's UNIMPLEMENTED "Method not found: <path>". Inbound messages are limited to 4 MiB
 * (java-tron's node.rpc.maxMessageSize; larger → RESOURCE_EXHAUSTED).
 *
 * @connectrpc/connect-node serves gRPC (and gRPC-Web and Connect) from the protobuf-es
 * descriptors the engine generates; grpc-java, grpc-go and @grpc/grpc-js clients interoperate.
 */
import http2 from "node:http2";
import type { Socket } from "node:net";
import { create, type DescService } from "@bufbuild/protobuf";
import { Code, ConnectError, type ConnectRouter } from "@connectrpc/connect";
import { connectNodeAdapter } from "@connectrpc/connect-node";
import { type Logger, type ReadScope, TronodeError, type WalletApi } from "@tronode/engine";
import { keyOperationRefusedMessage, keyOperationsAllowedOn } from "@tronode/operations";
import { encodeGrpcMessage, withSpecGrpcMessages } from "./grpc-message.js";
import { registerReflection } from "./reflection.js";
import type { RpcBinding, UnimplementedRpc } from "./rpc-binding.js";
import { answerFailure } from "./rpc-failures.js";
import {
  DATABASE_TABLE,
  MONITOR_TABLE,
  type ServiceTable,
  WALLET_EXTENSION_TABLE,
  WALLET_SOLIDITY_TABLE,
  WALLET_TABLE,
} from "./service-tables.js";

/** java-tron's default node.rpc.maxMessageSize (grpc-java's inbound default). */
export const DEFAULT_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;
export const DEFAULT_GRPC_PORT = 50051;
export const DEFAULT_GRPC_SOLIDITY_PORT = 50061;

export interface GrpcServerOptions {
  readonly wallet: WalletApi;
  readonly logger?: Logger;
  readonly host: string;
  /** The full node's listener (Wallet + Database + Monitor, head state); omitted = none. 0 = a free port. */
  readonly port?: number;
  /** The solidity listener (WalletSolidity + Database, solidified state); omitted = none. */
  readonly solidityPort?: number;
  /** Also register WalletExtension on the solidity listener (java-tron's solidity node does). */
  readonly walletExtension?: boolean;
  /** Serve key-handling rpcs on a listener that is not loopback. */
  readonly allowKeyOperations?: boolean;
  readonly maxMessageBytes?: number;
  /** Serve gRPC server reflection (java-tron's node.rpc.reflectionService, off by default). */
  readonly reflection?: boolean;
  /** Told of every call, by full method name (`protocol.Wallet/GetAccount`), as java-tron's interceptor counts them. */
  readonly onCall?: (method: string) => void;
}

export interface GrpcListenAddress {
  readonly address: string;
  readonly port: number;
}

export interface GrpcServer {
  listen(): Promise<{ readonly full?: GrpcListenAddress; readonly solidity?: GrpcListenAddress }>;
  close(): Promise<void>;
}

/** How long open connections may finish their calls once the server closes. */
const SESSION_CLOSE_GRACE_MS = 1000;

const SILENT_LOGGER: Logger = { debug() {}, info() {}, warn() {}, error() {} };

interface CallContext {
  readonly wallet: WalletApi;
  readonly logger: Logger;
  readonly scope: ReadScope;
  readonly keyOperationsAllowed: boolean;
}

function unimplementedText(service: DescService, entry: UnimplementedRpc): string {
  const path = `${service.typeName}/${entry.rpc}`;
  // grpc-java's text for a method the service implementation does not override
  return entry.reason === "java-tron"
    ? `Method ${path} is unimplemented`
    : `${path} is not supported by tronode yet`;
}

function bindingHandler(binding: RpcBinding, path: string, context: CallContext) {
  return async (request: unknown): Promise<unknown> => {
    const { operation } = binding;
    if (operation.handlesKeys === true && !context.keyOperationsAllowed) {
      throw new ConnectError(keyOperationRefusedMessage(binding.rpc), Code.Unavailable);
    }
    let result: unknown;
    try {
      result = await operation.run(context.wallet, binding.input(request as never), { scope: context.scope });
    } catch (error) {
      return answerFailure(binding, error, context.logger, path);
    }
    return binding.output(result as never) ?? create(binding.response);
  };
}

/** Registers every rpc of a table: bound, or UNIMPLEMENTED with its text. */
function registerTable(router: ConnectRouter, table: ServiceTable, context: CallContext): void {
  const { service } = table;
  const implementation: Record<string, (request: unknown) => Promise<unknown>> = {};
  for (const method of service.methods) {
    const path = `${service.typeName}/${method.name}`;
    const binding = table.bindings.find((b) => b.rpc === method.name);
    if (binding !== undefined) {
      if (
        binding.request.typeName !== method.input.typeName ||
        binding.response.typeName !== method.output.typeName
      ) {
        throw new ConnectError(`binding of ${path} does not match the rpc's messages`, Code.Internal);
      }
      implementation[method.localName] = bindingHandler(binding, path, context);
      continue;
    }
    const entry = table.unimplemented.find((u) => u.rpc === method.name);
    const text = entry ? unimplementedText(service, entry) : `${path} is not supported by tronode yet`;
    implementation[method.localName] = async () => {
      throw new ConnectError(text, Code.Unimplemented);
    };
  }
  router.service(service, implementation as never);
}

/**
 * An unknown path: grpc-java's trailers-only UNIMPLEMENTED for gRPC requests, a plain 404 for
 * anything else.
 */
function methodNotFound(request: http2.Http2ServerRequest, response: http2.Http2ServerResponse): void {
  const contentType = request.headers["content-type"] ?? "";
  if (!contentType.startsWith("application/grpc")) {
    response.writeHead(404);
    response.end();
    return;
  }
  const path = (request.url.split("?", 1)[0] ?? "").replace(/^\//, "");
  request.resume();
  response.stream.respond(
    {
      ":status": 200,
      "content-type": "application/grpc",
      "grpc-status": String(Code.Unimplemented),
      "grpc-message": encodeGrpcMessage(`Method not found: ${path}`),
    },
    { endStream: true },
  );
}

interface Listener {
  readonly server: http2.Http2Server;
  readonly port: number;
  readonly sessions: Set<http2.ServerHttp2Session>;
}

function createListener(
  port: number,
  tables: readonly ServiceTable[],
  context: CallContext,
  options: {
    readonly maxMessageBytes: number;
    readonly reflection: boolean;
    readonly onCall: ((method: string) => void) | undefined;
  },
): Listener {
  const { maxMessageBytes } = options;
  const handler = connectNodeAdapter({
    routes: (router) => {
      for (const table of tables) registerTable(router, table, context);
      if (options.reflection)
        registerReflection(
          router,
          tables.map((table) => table.service),
        );
    },
    readMaxBytes: maxMessageBytes,
    fallback: (request, response) =>
      methodNotFound(request as http2.Http2ServerRequest, response as http2.Http2ServerResponse),
  });
  const server = http2.createServer((request, response) => {
    options.onCall?.(request.url.slice(1));
    void handler(request, withSpecGrpcMessages(response));
  });
  // small unary answers must not wait for Nagle's algorithm (40 ms stalls against delayed ACKs)
  server.on("connection", (socket: Socket) => socket.setNoDelay(true));
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });
  return { server, port, sessions };
}

function addressOf(server: http2.Http2Server): GrpcListenAddress {
  const address = server.address();
  if (address === null || typeof address === "string") return { address: String(address), port: 0 };
  return { address: address.address, port: address.port };
}

export function createGrpcServer(options: GrpcServerOptions): GrpcServer {
  const logger = options.logger ?? SILENT_LOGGER;
  const listenerOptions = {
    maxMessageBytes: options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES,
    reflection: options.reflection === true,
    onCall: options.onCall,
  };
  const keyOperationsAllowed = keyOperationsAllowedOn(options.host, options.allowKeyOperations);
  const context = (scope: ReadScope): CallContext => ({
    wallet: options.wallet,
    logger,
    scope,
    keyOperationsAllowed,
  });
  const full =
    options.port === undefined
      ? undefined
      : createListener(
          options.port,
          [WALLET_TABLE, DATABASE_TABLE, MONITOR_TABLE],
          context("head"),
          listenerOptions,
        );
  const solidityTables = [
    WALLET_SOLIDITY_TABLE,
    DATABASE_TABLE,
    ...(options.walletExtension === true ? [WALLET_EXTENSION_TABLE] : []),
  ];
  const solidity =
    options.solidityPort === undefined
      ? undefined
      : createListener(options.solidityPort, solidityTables, context("solid"), listenerOptions);
  const listeners = [full, solidity].filter((l): l is Listener => l !== undefined);

  const listen = (listener: Listener) =>
    new Promise<GrpcListenAddress>((resolve, reject) => {
      listener.server.once("error", (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "EADDRINUSE"
            ? new TronodeError(
                "GRPC_PORT_IN_USE",
                `gRPC port ${listener.port} on ${options.host} is in use: pass --grpc-port / ` +
                  "--grpc-solidity-port, or --no-grpc",
              )
            : error,
        ),
      );
      listener.server.listen(listener.port, options.host, () => {
        listener.server.removeAllListeners("error");
        listener.server.on("error", (error) =>
          logger.error({ error: error.message }, "gRPC listener failure"),
        );
        resolve(addressOf(listener.server));
      });
    });

  return {
    async listen() {
      const fullAddress = full ? await listen(full) : undefined;
      const solidityAddress = solidity ? await listen(solidity) : undefined;
      return {
        ...(fullAddress ? { full: fullAddress } : {}),
        ...(solidityAddress ? { solidity: solidityAddress } : {}),
      };
    },
    async close() {
      await Promise.all(
        listeners.map(
          (listener) =>
            new Promise<void>((resolve) => {
              if (!listener.server.listening) return resolve();
              listener.server.close(() => resolve());
              for (const session of listener.sessions) {
                session.close();
                // a client that keeps its connection open does not hold the node's shutdown
                setTimeout(() => session.destroy(), SESSION_CLOSE_GRACE_MS).unref();
              }
            }),
        ),
      );
    },
  };
}
