/**
 * gRPC client stubs as a Java/Go/Python TRON client builds them: generated at run time from a
 * .proto file by @grpc/proto-loader and called through @grpc/grpc-js — not tronode's own generated
 * code.
 *
 * The .proto is tronode's own `proto/protocol/api.proto`, not tronprotocol/protocol's
 * `api/api.proto`: no npm package ships TRON's proto files, and files fetched from GitHub are not
 * committed here. `packages/transport-grpc/test/service-tables.test.ts` checks that tronode's
 * proto declares exactly TRON's services, rpcs, request/response messages and field numbers
 * (test/fixtures/tron-api-rpcs.txt lists TRON's rpcs); the wire paths are therefore the same.
 */
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as grpc from "@grpc/grpc-js";
import * as protoLoader from "@grpc/proto-loader";

const PROTO_ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "proto");

/** A loaded service client: each rpc as `call(rpc, request)`. */
export interface GrpcStub {
  call<T = GrpcObject>(rpc: string, request?: object, options?: { timeoutMs?: number }): Promise<T>;
  close(): void;
}

// biome-ignore lint/suspicious/noExplicitAny: proto-loader objects are untyped by design
export type GrpcObject = Record<string, any>;

/** The status a failed call ends with: code and decoded details, as a client sees them. */
export interface GrpcFailure {
  readonly code: number;
  readonly details: string;
}

const loaded = new Map<boolean, grpc.GrpcObject>();

function protocolPackage(defaults: boolean): grpc.GrpcObject {
  let pkg = loaded.get(defaults);
  if (pkg === undefined) {
    const definition = protoLoader.loadSync("protocol/api.proto", {
      includeDirs: [PROTO_ROOT],
      keepCase: true,
      longs: String,
      enums: String,
      // by default only what is on the wire: an empty answer stays an empty object
      defaults,
      oneofs: true,
    });
    pkg = grpc.loadPackageDefinition(definition).protocol as grpc.GrpcObject;
    loaded.set(defaults, pkg);
  }
  return pkg;
}

/**
 * A stub of `protocol.<service>` at `host:port` (plaintext, as java-tron's clients use it);
 * `defaults` fills every absent field with its default, as a Java client's getters read them.
 */
export function grpcStub(service: string, target: string, options: { defaults?: boolean } = {}): GrpcStub {
  const Client = protocolPackage(options.defaults === true)[service] as grpc.ServiceClientConstructor;
  const client = new Client(target, grpc.credentials.createInsecure());
  return {
    call<T>(rpc: string, request: object = {}, options: { timeoutMs?: number } = {}): Promise<T> {
      type UnaryMethod = (
        request: object,
        options: grpc.CallOptions,
        callback: (error: grpc.ServiceError | null, reply: T) => void,
      ) => void;
      const method = (client as unknown as Record<string, UnaryMethod | undefined>)[rpc];
      if (typeof method !== "function") throw new TypeError(`no rpc ${service}.${rpc} in the proto`);
      const deadline = new Date(Date.now() + (options.timeoutMs ?? 10_000));
      return new Promise<T>((resolve, reject) => {
        method.call(client, request, { deadline }, (error: grpc.ServiceError | null, reply: T) => {
          if (error) reject(error);
          else resolve(reply);
        });
      });
    },
    close: () => client.close(),
  };
}

/** The status of a call expected to fail. */
export async function grpcFailure(promise: Promise<unknown>): Promise<GrpcFailure> {
  try {
    await promise;
  } catch (error) {
    const { code, details } = error as grpc.ServiceError;
    return { code, details };
  }
  throw new Error("the call succeeded");
}

export const GrpcStatus = grpc.status;
