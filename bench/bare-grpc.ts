/**
 * The gRPC reference: a bare @grpc/grpc-js server (the library tronode's gRPC transport uses)
 * answering `protocol.Wallet/GetAccount` with a constant Account of the size the node answers —
 * the ceiling the library allows on this machine. `node --import tsx bench/bare-grpc.ts <port>
 * <reply file>`; prints `ready` when it listens.
 */
import { readFileSync } from "node:fs";
import * as grpc from "@grpc/grpc-js";

const [port, file] = process.argv.slice(2);
const reply = readFileSync(file!);
const identity = (b: Buffer) => b;
const server = new grpc.Server();
server.addService(
  {
    GetAccount: {
      path: "/protocol.Wallet/GetAccount",
      requestStream: false,
      responseStream: false,
      requestSerialize: identity,
      requestDeserialize: identity,
      responseSerialize: identity,
      responseDeserialize: identity,
    },
  },
  { GetAccount: (_call: unknown, done: grpc.sendUnaryData<Buffer>) => done(null, reply) },
);
server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (error) => {
  if (error) {
    console.error(error.message);
    process.exit(1);
  }
  console.log("ready");
});
process.on("SIGTERM", () => server.tryShutdown(() => process.exit(0)));
