/**
 * gRPC server reflection (grpc.reflection.v1 and v1alpha — grpcurl asks v1 first, older clients
 * v1alpha), off by default like java-tron's node.rpc.reflectionService. It answers from the
 * descriptors the server is built from: the listener's services, and for a symbol or a file name
 * the file that declares it with every file it imports (FileDescriptorProto bytes), so a client
 * needs no .proto at hand. Extensions: TRON's protos declare none (NOT_FOUND).
 */
import {
  createRegistry,
  type DescFile,
  type DescService,
  type MessageInitShape,
  type Registry,
  toBinary,
} from "@bufbuild/protobuf";
import { FileDescriptorProtoSchema } from "@bufbuild/protobuf/wkt";
import type { Server, ServerDuplexStream } from "@grpc/grpc-js";
import * as v1 from "./generated/grpc/reflection/v1/reflection_pb.js";
import * as v1alpha from "./generated/grpc/reflection/v1alpha/reflection_pb.js";
import { INVALID_PROTOBUF } from "./rpc-status.js";
import { MALFORMED, type Malformed, serverDefinition } from "./service-definition.js";

/** gRPC status NOT_FOUND, as error_response.error_code. */
const NOT_FOUND = 5;

type ReflectionRequest = v1.ServerReflectionRequest | v1alpha.ServerReflectionRequest;

interface Descriptors {
  readonly files: ReadonlyMap<string, DescFile>;
  readonly registry: Registry;
  readonly serviceNames: readonly string[];
}

/** The answer to one request (both versions have the same shape; v1's types stand for both). */
function answer(
  request: ReflectionRequest,
  { files: byName, registry, serviceNames }: Descriptors,
): MessageInitShape<typeof v1.ServerReflectionResponseSchema> {
  const base = { validHost: request.host };
  const notFound = (message: string) => ({
    ...base,
    messageResponse: {
      case: "errorResponse" as const,
      value: { errorCode: NOT_FOUND, errorMessage: message },
    },
  });
  const files = (file: DescFile) => ({
    ...base,
    messageResponse: {
      case: "fileDescriptorResponse" as const,
      value: {
        fileDescriptorProto: withDependencies(file).map((f) => toBinary(FileDescriptorProtoSchema, f.proto)),
      },
    },
  });
  const { messageRequest } = request;
  switch (messageRequest.case) {
    case "listServices":
      return {
        ...base,
        messageResponse: {
          case: "listServicesResponse" as const,
          value: { service: serviceNames.map((name) => ({ name })) },
        },
      };
    case "fileByFilename": {
      const file = byName.get(messageRequest.value);
      return file ? files(file) : notFound(`File not found: ${messageRequest.value}`);
    }
    case "fileContainingSymbol": {
      const file = fileOfSymbol(registry, messageRequest.value);
      return file ? files(file) : notFound(`Symbol not found: ${messageRequest.value}`);
    }
    case "fileContainingExtension":
      return notFound(`Extension not found: ${messageRequest.value.containingType}`);
    case "allExtensionNumbersOfType":
      return notFound(`Type not found: ${messageRequest.value}`);
    default:
      return notFound("Unknown request");
  }
}

/** The file and, depth first, every file it imports (each once). */
function withDependencies(file: DescFile): DescFile[] {
  const seen = new Set<string>();
  const out: DescFile[] = [];
  const visit = (f: DescFile) => {
    if (seen.has(f.name)) return;
    seen.add(f.name);
    out.push(f);
    for (const dependency of f.dependencies) visit(dependency);
  };
  visit(file);
  return out;
}

/** The file declaring a service, method, message, enum or field (`pkg.Service.Method`, …). */
function fileOfSymbol(registry: Registry, symbol: string): DescFile | undefined {
  const found = registry.get(symbol);
  if (found !== undefined) return found.file;
  // a method or field: the part before the last dot is its service or message
  const parent = registry.get(symbol.slice(0, Math.max(0, symbol.lastIndexOf("."))));
  if (parent === undefined) return undefined;
  const member = symbol.slice(symbol.lastIndexOf(".") + 1);
  if (parent.kind === "service")
    return parent.methods.some((m) => m.name === member) ? parent.file : undefined;
  if (parent.kind === "message")
    return parent.fields.some((f) => f.name === member) ? parent.file : undefined;
  return undefined;
}

/** Answers each request of the stream in turn, and ends when the client does. */
function reflectionHandler(descriptors: Descriptors) {
  return (call: ServerDuplexStream<ReflectionRequest | Malformed, object>) => {
    call.on("data", (request: ReflectionRequest | Malformed) => {
      if (request === MALFORMED) {
        call.emit("error", INVALID_PROTOBUF);
        return;
      }
      call.write({ ...answer(request, descriptors), originalRequest: request });
    });
    call.on("end", () => call.end());
  };
}

/** Adds both reflection services to a server serving `services`. */
export function addReflection(server: Server, services: readonly DescService[]): void {
  const roots = [
    ...services.map((service) => service.file),
    v1.file_grpc_reflection_v1_reflection,
    v1alpha.file_grpc_reflection_v1alpha_reflection,
  ];
  const files = new Map<string, DescFile>();
  for (const file of roots.flatMap(withDependencies)) files.set(file.proto.name, file);
  const descriptors: Descriptors = {
    files,
    registry: createRegistry(...files.values()),
    serviceNames: [
      ...services.map((service) => service.typeName),
      v1.ServerReflection.typeName,
      v1alpha.ServerReflection.typeName,
    ],
  };
  // both versions have the same messages: one handler answers either
  for (const service of [v1.ServerReflection, v1alpha.ServerReflection]) {
    server.addService(serverDefinition(service), {
      [service.method.serverReflectionInfo.localName]: reflectionHandler(descriptors),
    });
  }
}
