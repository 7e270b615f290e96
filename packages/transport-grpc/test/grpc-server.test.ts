import http2 from "node:http2";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import * as grpc from "@grpc/grpc-js";
import { type Account, AccountSchema, type WalletApi } from "@tronode/engine/internal";
import { describe, expect, it } from "vitest";
import { createGrpcServer } from "../src/index.js";

const identity = (bytes: Buffer) => bytes;

/** A raw unary call (request bytes as given) through a grpc-js client: its status, or its reply's size. */
function rawCall(address: string, path: string, body: Buffer): Promise<{ code: number; details: string }> {
  const client = new grpc.Client(address, grpc.credentials.createInsecure());
  return new Promise<{ code: number; details: string }>((resolve) => {
    client.makeUnaryRequest(path, identity, identity, body, { deadline: Date.now() + 5_000 }, (error) =>
      resolve(error ? { code: error.code, details: error.details } : { code: 0, details: "" }),
    );
  }).finally(() => client.close());
}

describe("createGrpcServer", () => {
  it("refuses a port in use with a message naming the flags", async () => {
    const wallet = {} as WalletApi;
    const first = createGrpcServer({ wallet, host: "127.0.0.1", port: 0 });
    const { full } = await first.listen();
    const second = createGrpcServer({ wallet, host: "127.0.0.1", port: full!.port });
    try {
      await expect(second.listen()).rejects.toThrow(
        `gRPC port ${full!.port} on 127.0.0.1 is in use: pass --grpc-port / --grpc-solidity-port / --grpc-pbft-port, or --no-grpc`,
      );
    } finally {
      await second.close();
      await first.close();
    }
  });

  it("answers bytes that are no request message with grpc-java's INTERNAL text, and counts every call", async () => {
    const account = create(AccountSchema, { balance: 5n });
    const wallet = { getAccount: async () => account } as unknown as WalletApi;
    const calls: string[] = [];
    const server = createGrpcServer({ wallet, host: "127.0.0.1", port: 0, onCall: (m) => calls.push(m) });
    const address = `127.0.0.1:${(await server.listen()).full!.port}`;
    try {
      const request = Buffer.from(
        toBinary(AccountSchema, create(AccountSchema, { address: new Uint8Array(21) })),
      );
      expect(await rawCall(address, "/protocol.Wallet/GetAccount", request)).toEqual({
        code: 0,
        details: "",
      });
      // field 3 (address) as a length-delimited field longer than the bytes that follow
      expect(await rawCall(address, "/protocol.Wallet/GetAccount", Buffer.from([0x1a, 0x7f, 0x01]))).toEqual({
        code: grpc.status.INTERNAL,
        details: "Invalid protobuf byte sequence",
      });
      expect(await rawCall(address, "/protocol.Wallet/Foo", Buffer.alloc(0))).toEqual({
        code: grpc.status.UNIMPLEMENTED,
        details: "Method not found: protocol.Wallet/Foo",
      });
      expect(calls).toEqual([
        "protocol.Wallet/GetAccount",
        "protocol.Wallet/GetAccount",
        "protocol.Wallet/Foo",
      ]);
    } finally {
      await server.close();
    }
  });

  it("encodes GetAccount's report once per report object: a new report is encoded anew", async () => {
    let report = create(AccountSchema, { balance: 5n });
    const wallet = { getAccount: async () => report } as unknown as WalletApi;
    const server = createGrpcServer({ wallet, host: "127.0.0.1", port: 0 });
    const client = new grpc.Client(
      `127.0.0.1:${(await server.listen()).full!.port}`,
      grpc.credentials.createInsecure(),
    );
    const balance = () =>
      new Promise<bigint>((resolve, reject) =>
        client.makeUnaryRequest(
          "/protocol.Wallet/GetAccount",
          identity,
          (bytes: Buffer) => fromBinary(AccountSchema, bytes),
          Buffer.alloc(0),
          (error, reply) => (error || reply === undefined ? reject(error) : resolve(reply.balance)),
        ),
      );
    try {
      expect([await balance(), await balance()]).toEqual([5n, 5n]);
      report = create(AccountSchema, { balance: 6n });
      expect(await balance()).toBe(6n);
    } finally {
      client.close();
      await server.close();
    }
  });

  it("answers a request that is not gRPC with HTTP 415, as grpc-java does", async () => {
    const server = createGrpcServer({ wallet: {} as WalletApi, host: "127.0.0.1", port: 0 });
    const { full } = await server.listen();
    const session = http2.connect(`http://127.0.0.1:${full!.port}`);
    try {
      const status = await new Promise<unknown>((resolve, reject) => {
        const stream = session.request({ ":method": "POST", ":path": "/wallet/getnowblock" });
        stream.on("response", (headers) => resolve(headers[":status"]));
        stream.on("error", reject);
        stream.end("{}");
      });
      expect(status).toBe(415);
    } finally {
      session.close();
      await server.close();
    }
  });

  it("closes without waiting for a client that keeps its connection and a call that never ends", async () => {
    const wallet = { getAccount: () => new Promise<Account>(() => {}) } as unknown as WalletApi;
    const server = createGrpcServer({ wallet, host: "127.0.0.1", port: 0 });
    const address = `127.0.0.1:${(await server.listen()).full!.port}`;
    const client = new grpc.Client(address, grpc.credentials.createInsecure());
    try {
      const pending = new Promise<number>((resolve) => {
        client.makeUnaryRequest("/protocol.Wallet/GetAccount", identity, identity, Buffer.alloc(0), (error) =>
          resolve(error?.code ?? 0),
        );
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const started = Date.now();
      await server.close();
      expect(Date.now() - started).toBeLessThan(3_000);
      expect(await pending).not.toBe(0);
    } finally {
      client.close();
    }
  });
});
