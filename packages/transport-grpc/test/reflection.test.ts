/**
 * Server reflection as grpcurl uses it: list the services, fetch the file declaring a symbol with
 * its imports, build the service from those descriptors alone (no .proto), and NOT_FOUND for what
 * does not exist; off unless asked for, like java-tron's.
 */
import {
  create,
  createFileRegistry,
  type DescMessage,
  fromBinary,
  type MessageShape,
  toBinary,
} from "@bufbuild/protobuf";
import {
  type FileDescriptorProto,
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
} from "@bufbuild/protobuf/wkt";
import * as grpc from "@grpc/grpc-js";
import type { WalletApi } from "@tronode/engine/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as v1 from "../src/generated/grpc/reflection/v1/reflection_pb.js";
import * as v1alpha from "../src/generated/grpc/reflection/v1alpha/reflection_pb.js";
import { createGrpcServer, type GrpcServer } from "../src/index.js";

let server: GrpcServer;
let plain: GrpcServer;
let target: string;
let plainTarget: string;

beforeAll(async () => {
  // reflection never touches the wallet
  const wallet = {} as WalletApi;
  server = createGrpcServer({ wallet, host: "127.0.0.1", port: 0, reflection: true });
  plain = createGrpcServer({ wallet, host: "127.0.0.1", port: 0 });
  target = `127.0.0.1:${(await server.listen()).full!.port}`;
  plainTarget = `127.0.0.1:${(await plain.listen()).full!.port}`;
});

afterAll(async () => {
  await server?.close();
  await plain?.close();
});

/** One ServerReflectionInfo stream (as grpcurl opens it): every request sent, every answer read. */
function reflect<Req extends DescMessage, Res extends DescMessage>(
  path: string,
  schemas: { request: Req; response: Res },
  requests: MessageShape<Req>[],
  address: string,
): Promise<MessageShape<Res>[]> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  const call = client.makeBidiStreamRequest(
    path,
    (request: MessageShape<Req>) => Buffer.from(toBinary(schemas.request, request)),
    (bytes: Buffer) => fromBinary(schemas.response, bytes),
  );
  const answers: MessageShape<Res>[] = [];
  return new Promise<MessageShape<Res>[]>((resolve, reject) => {
    call.on("data", (answer: MessageShape<Res>) => answers.push(answer));
    call.on("error", reject);
    call.on("end", () => resolve(answers));
    for (const request of requests) call.write(request);
    call.end();
  }).finally(() => client.close());
}

const ask = (requests: v1.ServerReflectionRequest[], address = target) =>
  reflect(
    "/grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
    { request: v1.ServerReflectionRequestSchema, response: v1.ServerReflectionResponseSchema },
    requests,
    address,
  );

const request = (messageRequest: v1.ServerReflectionRequest["messageRequest"]) =>
  create(v1.ServerReflectionRequestSchema, { messageRequest });

describe("gRPC server reflection", () => {
  it("lists the listener's services", async () => {
    const [answer] = await ask([request({ case: "listServices", value: "" })]);
    expect(answer!.messageResponse.case).toBe("listServicesResponse");
    const names = (answer!.messageResponse.value as v1.ListServiceResponse).service.map((s) => s.name);
    expect(names).toEqual([
      "protocol.Wallet",
      "protocol.Database",
      "protocol.Monitor",
      "grpc.reflection.v1.ServerReflection",
      "grpc.reflection.v1alpha.ServerReflection",
    ]);
  });

  it("gives the file declaring a service or method, with its imports, enough to call it", async () => {
    const answers = await ask([
      request({ case: "fileContainingSymbol", value: "protocol.Wallet" }),
      request({ case: "fileContainingSymbol", value: "protocol.Wallet.GetAccount" }),
    ]);
    for (const answer of answers) {
      expect(answer.messageResponse.case).toBe("fileDescriptorResponse");
      const protos = (answer.messageResponse.value as v1.FileDescriptorResponse).fileDescriptorProto.map(
        (bytes) => fromBinary(FileDescriptorProtoSchema, bytes),
      );
      // the requested file comes first, then its imports (as grpc-go and grpc-java send them);
      // a client orders them imports-first to build its registry
      const byName = new Map(protos.map((proto) => [proto.name, proto]));
      const ordered: FileDescriptorProto[] = [];
      const visit = (proto: FileDescriptorProto) => {
        if (ordered.includes(proto)) return;
        for (const name of proto.dependency) visit(byName.get(name)!);
        ordered.push(proto);
      };
      visit(protos[0]!);
      const registry = createFileRegistry(create(FileDescriptorSetSchema, { file: ordered }));
      const wallet = registry.getService("protocol.Wallet")!;
      expect(wallet.methods).toHaveLength(147);
      const getAccount = wallet.methods.find((m) => m.name === "GetAccount")!;
      expect(getAccount.input.typeName).toBe("protocol.Account");
      expect(registry.getMessage("protocol.Account")!.fields.find((f) => f.number === 3)!.name).toBe(
        "address",
      );
    }
  });

  it("gives a file by the name its importers use", async () => {
    const [answer] = await ask([request({ case: "fileByFilename", value: "protocol/core.proto" })]);
    const protos = (answer!.messageResponse.value as v1.FileDescriptorResponse).fileDescriptorProto.map(
      (bytes) => fromBinary(FileDescriptorProtoSchema, bytes),
    );
    expect(protos[0]!.name).toBe("protocol/core.proto");
    expect(protos[0]!.messageType.some((message) => message.name === "Transaction")).toBe(true);
  });

  it("answers NOT_FOUND for an unknown symbol and for extensions", async () => {
    const [symbol, extension] = await ask([
      request({ case: "fileContainingSymbol", value: "protocol.Nope" }),
      request({ case: "allExtensionNumbersOfType", value: "protocol.Account" }),
    ]);
    expect(symbol!.messageResponse).toEqual({
      case: "errorResponse",
      value: expect.objectContaining({ errorCode: 5, errorMessage: "Symbol not found: protocol.Nope" }),
    });
    expect(extension!.messageResponse.case).toBe("errorResponse");
  });

  it("serves the v1alpha protocol older clients use", async () => {
    const answers = await reflect(
      "/grpc.reflection.v1alpha.ServerReflection/ServerReflectionInfo",
      { request: v1alpha.ServerReflectionRequestSchema, response: v1alpha.ServerReflectionResponseSchema },
      [
        create(v1alpha.ServerReflectionRequestSchema, {
          messageRequest: { case: "listServices", value: "" },
        }),
      ],
      target,
    );
    expect(answers[0]!.messageResponse.case).toBe("listServicesResponse");
  });

  it("is off unless asked for (java-tron's default): the method is not found", async () => {
    const failure = await ask([request({ case: "listServices", value: "" })], plainTarget).catch((e) => e);
    expect((failure as grpc.ServiceError).code).toBe(grpc.status.UNIMPLEMENTED);
    expect((failure as grpc.ServiceError).details).toBe(
      "Method not found: grpc.reflection.v1.ServerReflection/ServerReflectionInfo",
    );
  });
});
