import { describe, expect, it } from "vitest";
import { createHttpServer } from "../src/index.js";
import { createFakeDev, createFakeWallet } from "./fake-wallet.js";

describe("listeners", () => {
  it("listens on the main port and, with solidityPort, a solidity-only port", async () => {
    const server = createHttpServer({
      wallet: createFakeWallet(),
      dev: createFakeDev(),
      host: "127.0.0.1",
      port: 0,
      solidityPort: 0,
    });
    const address = await server.listen();
    try {
      expect(address.address).toBe("127.0.0.1");
      expect(address.port).toBeGreaterThan(0);
      const main = `http://127.0.0.1:${address.port}`;
      const head = await fetch(`${main}/wallet/getnowblock`);
      expect(head.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const text = await head.text();
      expect(text.endsWith("}\n")).toBe(true);
      // TronWeb posts parameterless calls with no body and no content type
      const info = await fetch(`${main}/wallet/getnodeinfo`, { method: "POST" });
      expect(
        ((await info.json()) as { configNodeInfo: { codeVersion: string } }).configNodeInfo.codeVersion,
      ).toBe("4.8.1");
      const solid = `http://127.0.0.1:${address.solidity!.port}`;
      expect((await fetch(`${solid}/walletsolidity/getnowblock`)).status).toBe(200);
      expect((await fetch(`${solid}/wallet/getnodeinfo`)).status).toBe(200);
      expect((await fetch(`${solid}/wallet/getnowblock`)).status).toBe(404);
      expect((await fetch(`${solid}/admin/accounts-json`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
