import type { WalletApi } from "@tronode/engine";
import { describe, expect, it } from "vitest";
import { createGrpcServer } from "../src/index.js";

describe("createGrpcServer", () => {
  it("refuses a port in use with a message naming the flags", async () => {
    const wallet = {} as WalletApi;
    const first = createGrpcServer({ wallet, host: "127.0.0.1", port: 0 });
    const { full } = await first.listen();
    const second = createGrpcServer({ wallet, host: "127.0.0.1", port: full!.port });
    try {
      await expect(second.listen()).rejects.toThrow(
        `gRPC port ${full!.port} on 127.0.0.1 is in use: pass --grpc-port / --grpc-solidity-port, or --no-grpc`,
      );
    } finally {
      await second.close();
      await first.close();
    }
  });
});
