/**
 * @grpc/grpc-js's Server with grpc-java's answer to a method it does not serve, and a hook told of
 * every call.
 *
 * grpc-js answers an unknown method path with UNIMPLEMENTED "The server does not implement the
 * method /protocol.Wallet/Foo"; java-tron (grpc-java's ServerImpl) answers "Method not found:
 * protocol.Wallet/Foo", and clients and tests written against java-tron match that text. grpc-js
 * has no option for it: each call's handler is looked up by the private `_retrieveHandler(path)`,
 * and a miss is answered inside grpc-js. This subclass wraps that one lookup: a miss gets a handler
 * that ends the call with grpc-java's text (a bidi handler, which answers at once whatever the
 * client streams). Every gRPC call passes the lookup, so `onCall` is told there too (an unknown
 * method counts, as it always has in tronode). The wrapper is checked when a server is built, so a
 * grpc-js without `_retrieveHandler` fails loudly instead of answering with the wrong text.
 */
import * as grpc from "@grpc/grpc-js";
import { TronodeError } from "@tronode/engine/internal";
import type { RpcStatus } from "./rpc-status.js";

/** The part of grpc-js's Server internals the subclass relies on (grpc-js 1.14). */
interface HandlerLookup {
  _retrieveHandler(path: string): object | null;
}

const identity = (bytes: Buffer): Buffer => bytes;

/** A handler that ends every call with `status`, whatever the kind of its method. */
export function failingHandler(type: "unary" | "serverStream" | "clientStream" | "bidi", status: RpcStatus) {
  if (type === "unary" || type === "clientStream") {
    return (_call: unknown, callback: grpc.sendUnaryData<never>) => callback(status);
  }
  // grpc-js's own way to fail a streaming call: the stream's "error" becomes the status
  return (call: NodeJS.EventEmitter) => {
    call.emit("error", status);
  };
}

function methodNotFound(path: string): object {
  return {
    type: "bidi",
    path,
    serialize: identity,
    deserialize: identity,
    func: failingHandler("bidi", {
      code: grpc.status.UNIMPLEMENTED,
      details: `Method not found: ${path.slice(1)}`,
    }),
  };
}

const grpcLookup = (grpc.Server.prototype as unknown as Partial<HandlerLookup>)._retrieveHandler;

export class JavaGrpcServer extends grpc.Server {
  readonly #onCall: ((method: string) => void) | undefined;

  /** `onCall` gets the full method name (`protocol.Wallet/GetAccount`) of every call. */
  constructor(options: grpc.ServerOptions, onCall?: (method: string) => void) {
    if (typeof grpcLookup !== "function") {
      throw new TronodeError(
        "GRPC_LIBRARY_CHANGED",
        "@grpc/grpc-js has no Server._retrieveHandler: pin the version tronode's gRPC server was built for",
      );
    }
    super(options);
    this.#onCall = onCall;
  }

  static {
    (JavaGrpcServer.prototype as unknown as HandlerLookup)._retrieveHandler = function (
      this: JavaGrpcServer,
      path: string,
    ) {
      this.#onCall?.(path.slice(1));
      return grpcLookup!.call(this, path) ?? methodNotFound(path);
    };
  }
}
