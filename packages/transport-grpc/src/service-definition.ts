/**
 * protobuf-es descriptors as @grpc/grpc-js service definitions: each method's path
 * (`/<package.Service>/<Method>`), whether it streams (from its methodKind), and (de)serialisers of
 * its messages built once per method, so a call costs one `fromBinary` and one `toBinary`.
 */
import {
  create,
  type DescMessage,
  type DescMethod,
  type DescService,
  fromBinary,
  type MessageInitShape,
  type MessageShape,
  toBinary,
} from "@bufbuild/protobuf";
import type { MethodDefinition } from "@grpc/grpc-js";

/** What a server's deserialiser gives for bytes that are no message of the rpc's type. */
export const MALFORMED: unique symbol = Symbol("malformed request");

export type Malformed = typeof MALFORMED;

/** The grpc-js handler type of a method kind. */
export const HANDLER_TYPES = {
  unary: "unary",
  server_streaming: "serverStream",
  client_streaming: "clientStream",
  bidi_streaming: "bidi",
} as const;

export function methodPath(method: DescMethod): string {
  return `/${method.parent.typeName}/${method.name}`;
}

/** The message (or its init shape) → the bytes grpc-js frames: a Buffer over toBinary's bytes, no copy. */
export function serializer<T extends DescMessage>(schema: T): (init: MessageInitShape<T>) => Buffer {
  return (init) => {
    const bytes = toBinary(schema, create(schema, init));
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  };
}

/**
 * `serialize` remembering the bytes of each message object it has encoded: for results that are
 * the same object while they are unchanged (`RpcBinding.encodeOnce`). grpc-js copies the bytes into
 * each call's frame, so the Buffer is shared safely.
 */
export function encodedOnce(serialize: (message: unknown) => Buffer): (message: unknown) => Buffer {
  const encoded = new WeakMap<object, Buffer>();
  return (message) => {
    if (typeof message !== "object" || message === null) return serialize(message);
    let bytes = encoded.get(message);
    if (bytes === undefined) {
      bytes = serialize(message);
      encoded.set(message, bytes);
    }
    return bytes;
  };
}

/**
 * The bytes → the message. Read through a plain Uint8Array view, so `bytes` fields are Uint8Array
 * views as everywhere else in tronode, not Buffers (whose `slice` does not copy).
 */
export function deserializer<T extends DescMessage>(schema: T): (bytes: Buffer) => MessageShape<T> {
  return (bytes) => fromBinary(schema, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
}

/**
 * The server's side: bytes that do not parse give MALFORMED rather than an exception, so the
 * handler answers grpc-java's INTERNAL "Invalid protobuf byte sequence" (grpc-js would answer its
 * own "Error deserializing request").
 */
function requestDeserializer<T extends DescMessage>(
  schema: T,
): (bytes: Buffer) => MessageShape<T> | Malformed {
  const parse = deserializer(schema);
  return (bytes) => {
    try {
      return parse(bytes);
    } catch {
      return MALFORMED;
    }
  };
}

/** A service as a grpc-js server registers it (`server.addService(definition, implementation)`), by localName. */
export function serverDefinition(service: DescService): Record<string, MethodDefinition<unknown, unknown>> {
  const definition: Record<string, MethodDefinition<unknown, unknown>> = {};
  for (const method of service.methods) {
    const kind = method.methodKind;
    definition[method.localName] = {
      path: methodPath(method),
      requestStream: kind === "client_streaming" || kind === "bidi_streaming",
      responseStream: kind === "server_streaming" || kind === "bidi_streaming",
      requestSerialize: serializer(method.input) as (request: unknown) => Buffer,
      requestDeserialize: requestDeserializer(method.input),
      responseSerialize: serializer(method.output) as (response: unknown) => Buffer,
      responseDeserialize: deserializer(method.output),
    };
  }
  return definition;
}
