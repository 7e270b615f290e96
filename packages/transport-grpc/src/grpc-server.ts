/**
 * `createGrpcServer`: TRON's gRPC services over HTTP/2 cleartext (h2c), as java-tron's RpcService
 * listeners: the full node's port (default 50051) serves protocol.Wallet + protocol.Database (+
 * protocol.Monitor) on the head state; the solidity port (default 50061) serves
 * protocol.WalletSolidity + protocol.Database on the solidified state (+ WalletExtension on a
 * solidity node); the PBFT port (default 50071) serves protocol.WalletSolidity + protocol.Database
 * on the PBFT view, which is the solidified state as /walletpbft's (RpcApiServiceOnPBFT). Every rpc of those services answers: through its binding to an operation, or
 * UNIMPLEMENTED with a clear text; an rpc or service the listener does not have answers
 * grpc-java's UNIMPLEMENTED "Method not found: <path>". Inbound messages are limited to 4 MiB
 * (java-tron's node.rpc.maxMessageSize; larger → RESOURCE_EXHAUSTED).
 *
 * @grpc/grpc-js serves the calls; each rpc's handler and its message (de)serialisers are built
 * once, from the protobuf-es descriptors the engine generates, so a call costs grpc-js's own work,
 * one `fromBinary`, the operation and one `toBinary`. The TCP listener is tronode's own (no-delay,
 * java-tron's port-in-use text), handing each connection to grpc-js.
 */
import net from "node:net";
import { create, type DescService } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { type Logger, type ReadScope, TronodeError, type WalletApi } from "@tronode/engine/internal";
import { keyOperationRefusedMessage, keyOperationsAllowedOn } from "@tronode/operations";
import { failingHandler, JavaGrpcServer } from "./java-grpc-server.js";
import { addReflection } from "./reflection.js";
import type { RpcBinding, UnimplementedRpc } from "./rpc-binding.js";
import { answerFailure } from "./rpc-failures.js";
import { GrpcCode, INVALID_PROTOBUF, type RpcStatus, RpcStatusError, UNCAUGHT } from "./rpc-status.js";
import {
  encodedOnce,
  HANDLER_TYPES,
  MALFORMED,
  type Malformed,
  serverDefinition,
} from "./service-definition.js";
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
/** java-tron's node.rpc.port: the full node's listener. */
export const DEFAULT_GRPC_PORT = 50051;
/** java-tron's node.rpc.solidityPort: the solidity listener. */
export const DEFAULT_GRPC_SOLIDITY_PORT = 50061;
/** java-tron's node.rpc.PBFTPort. */
export const DEFAULT_GRPC_PBFT_PORT = 50071;

/** What `createGrpcServer` serves (the wallet), on which host and ports, and with which limits. */
export interface GrpcServerOptions {
  readonly wallet: WalletApi;
  readonly logger?: Logger;
  readonly host: string;
  /** The full node's listener (Wallet + Database + Monitor, head state); omitted = none. 0 = a free port. */
  readonly port?: number;
  /** The solidity listener (WalletSolidity + Database, solidified state); omitted = none. */
  readonly solidityPort?: number;
  /** The PBFT listener (WalletSolidity + Database on the PBFT view, java-tron's node.rpc.PBFTPort); omitted = none. */
  readonly pbftPort?: number;
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

/** The address and port a listener is bound to (the actual port when 0 was asked for). */
export interface GrpcListenAddress {
  readonly address: string;
  readonly port: number;
}

/** The gRPC listeners of one node: `listen` binds each configured port, `close` drains and stops them. */
export interface GrpcServer {
  listen(): Promise<{
    readonly full?: GrpcListenAddress;
    readonly solidity?: GrpcListenAddress;
    readonly pbft?: GrpcListenAddress;
  }>;
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

type Request = object | Malformed;

/**
 * The handler of a bound rpc. Everything that does not depend on the call is fixed here; a call
 * runs the operation on its request and answers its result, or its failure by the rpc's convention.
 */
function bindingHandler(
  binding: RpcBinding,
  path: string,
  context: CallContext,
): grpc.handleUnaryCall<Request, object> {
  const { operation, input, output } = binding;
  if (operation.handlesKeys === true && !context.keyOperationsAllowed) {
    const refused: RpcStatus = {
      code: GrpcCode.UNAVAILABLE,
      details: keyOperationRefusedMessage(binding.rpc),
    };
    return (_call, callback) => callback(refused);
  }
  const { wallet, logger } = context;
  const runContext = { scope: context.scope };
  const empty = create(binding.response);
  return async (call, callback) => {
    const request = call.request;
    if (request === MALFORMED) return callback(INVALID_PROTOBUF);
    let result: unknown;
    try {
      result = await operation.run(wallet, input(request as never), runContext);
    } catch (error) {
      const answer = answerFailure(binding, error, logger, path);
      if ("response" in answer) callback(null, answer.response);
      else callback(answer);
      return;
    }
    let response: object;
    try {
      response = output(result as never) ?? empty;
    } catch (error) {
      if (error instanceof RpcStatusError) return callback(error.status);
      logger.warn({ rpc: path, error: String(error) }, "unexpected failure in a gRPC call");
      return callback(UNCAUGHT);
    }
    callback(null, response);
  };
}

/** Registers every rpc of a table: bound, or UNIMPLEMENTED with its text. */
function addTable(server: grpc.Server, table: ServiceTable, context: CallContext): void {
  const { service } = table;
  const definition = serverDefinition(service);
  const implementation: grpc.UntypedServiceImplementation = {};
  for (const method of service.methods) {
    const path = `${service.typeName}/${method.name}`;
    const binding = table.bindings.find((b) => b.rpc === method.name);
    if (binding !== undefined) {
      if (
        method.methodKind !== "unary" ||
        binding.request.typeName !== method.input.typeName ||
        binding.response.typeName !== method.output.typeName
      ) {
        throw new TronodeError(
          "GRPC_BINDING_MISMATCH",
          `binding of ${path} does not match the rpc (unary, with its request and response messages)`,
        );
      }
      implementation[method.localName] = bindingHandler(binding, path, context);
      const methodDefinition = definition[method.localName]!;
      if (binding.encodeOnce === true)
        methodDefinition.responseSerialize = encodedOnce(methodDefinition.responseSerialize);
      continue;
    }
    const entry = table.unimplemented.find((u) => u.rpc === method.name);
    const details = entry ? unimplementedText(service, entry) : `${path} is not supported by tronode yet`;
    implementation[method.localName] = failingHandler(HANDLER_TYPES[method.methodKind], {
      code: GrpcCode.UNIMPLEMENTED,
      details,
    }) as grpc.UntypedHandleCall;
  }
  server.addService(definition, implementation);
}

interface Listener {
  readonly port: number;
  readonly grpc: JavaGrpcServer;
  /** grpc-js's side of the listener's connections (they come from `tcp`). */
  readonly connections: grpc.ConnectionInjector;
  readonly tcp: net.Server;
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
  const server = new JavaGrpcServer(
    {
      "grpc.max_receive_message_length": options.maxMessageBytes,
      // channelz's per-call bookkeeping serves only the channelz service, which tronode does not offer
      "grpc.enable_channelz": 0,
    },
    options.onCall,
  );
  for (const table of tables) addTable(server, table, context);
  if (options.reflection)
    addReflection(
      server,
      tables.map((table) => table.service),
    );
  const connections = server.createConnectionInjector(grpc.ServerCredentials.createInsecure());
  // small unary answers must not wait for Nagle's algorithm (40 ms stalls against delayed ACKs)
  const tcp = net.createServer({ noDelay: true }, (socket) => connections.injectConnection(socket));
  return { port, grpc: server, connections, tcp };
}

function addressOf(server: net.Server): GrpcListenAddress {
  const address = server.address();
  if (address === null || typeof address === "string") return { address: String(address), port: 0 };
  return { address: address.address, port: address.port };
}

/**
 * Stops a listener: no new connections; every client is sent GOAWAY and its calls in flight may
 * finish, but a connection still open after the grace period is cut, so a client that keeps its
 * connection does not hold the node's shutdown. The injector's drain does both (grpc-js's
 * tryShutdown + forceShutdown would not: without channelz, forceShutdown does not see the sessions).
 * Done when the last connection is closed.
 */
function closeListener({ grpc: server, connections, tcp }: Listener): Promise<void> {
  return new Promise<void>((resolve) => {
    const closed = () => {
      server.forceShutdown();
      resolve();
    };
    if (!tcp.listening) return closed();
    tcp.close(closed);
    connections.drain(SESSION_CLOSE_GRACE_MS);
  });
}

/**
 * Builds the listeners `options` asks for (full node, solidity, PBFT), each with its service tables
 * bound to the wallet; nothing listens until `listen`. Throws GRPC_BINDING_MISMATCH when a binding
 * does not fit its rpc.
 */
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
  // the PBFT view is the solidified state, as on /walletpbft (wallet-http-request.ts says why)
  const pbft =
    options.pbftPort === undefined
      ? undefined
      : createListener(
          options.pbftPort,
          [WALLET_SOLIDITY_TABLE, DATABASE_TABLE],
          context("solid"),
          listenerOptions,
        );
  const listeners = [full, solidity, pbft].filter((l): l is Listener => l !== undefined);

  const listen = ({ tcp, port }: Listener) =>
    new Promise<GrpcListenAddress>((resolve, reject) => {
      const refused = (error: NodeJS.ErrnoException) =>
        reject(
          error.code === "EADDRINUSE"
            ? new TronodeError(
                "GRPC_PORT_IN_USE",
                `gRPC port ${port} on ${options.host} is in use: pass --grpc-port / ` +
                  "--grpc-solidity-port / --grpc-pbft-port, or --no-grpc",
              )
            : error,
        );
      tcp.once("error", refused);
      tcp.listen(port, options.host, () => {
        tcp.off("error", refused);
        tcp.on("error", (error) => logger.error({ error: error.message }, "gRPC listener failure"));
        resolve(addressOf(tcp));
      });
    });

  return {
    async listen() {
      const fullAddress = full ? await listen(full) : undefined;
      const solidityAddress = solidity ? await listen(solidity) : undefined;
      const pbftAddress = pbft ? await listen(pbft) : undefined;
      return {
        ...(fullAddress ? { full: fullAddress } : {}),
        ...(solidityAddress ? { solidity: solidityAddress } : {}),
        ...(pbftAddress ? { pbft: pbftAddress } : {}),
      };
    },
    async close() {
      await Promise.all(listeners.map(closeListener));
    },
  };
}
