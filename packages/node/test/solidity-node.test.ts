/**
 * The solidity node in process, against an in-process full node's gRPC: it catches up with what
 * the full node has solidified, answers from its own store, and refuses a trust node on another
 * chain with a clear error. (test/e2e/solidity-node.test.ts runs both as processes, with SIGKILLs.)
 */
import { bytesToHex, type TronodeError } from "@tronode/engine/internal";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createNode, type TronNode } from "../src/node.js";
import { createSolidityNode } from "../src/solidity/solidity-node.js";

let full: TronNode<undefined>;

beforeAll(async () => {
  full = await createNode({ port: 0, blockTime: 0, accounts: 2, grpcPort: 0, http: false });
});

afterAll(async () => {
  await full?.stop();
});

async function until(test: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("createSolidityNode", () => {
  it("re-applies the solidified blocks into its own store and serves them", async () => {
    await full.dev.mine(3);
    const solidity = await createSolidityNode({
      trustNode: full.grpc.full!,
      port: 0,
      accounts: 2,
      pollIntervalMs: 50,
    });
    try {
      const target = await full.wallet.getNowBlock("solid");
      await until(
        async () =>
          (await solidity.wallet.getNowBlock("solid")).blockHeader?.rawData?.number ===
          target.blockHeader?.rawData?.number,
      );
      const ours = await solidity.wallet.getNowBlock("solid");
      expect(bytesToHex(solidity.wallet.blockIdOf(ours))).toBe(bytesToHex(full.wallet.blockIdOf(target)));
      const address = full.accounts[1]!.address;
      expect((await solidity.wallet.getAccount(address, "solid"))?.balance).toBe(
        (await full.wallet.getAccount(address, "solid"))?.balance,
      );
      // its HTTP serves /walletsolidity only
      const printed = await fetch(`${solidity.url}/walletsolidity/getnowblock`, { method: "POST" });
      expect(((await printed.json()) as { blockID: string }).blockID).toBe(
        bytesToHex(full.wallet.blockIdOf(target)),
      );
      expect((await fetch(`${solidity.url}/wallet/getnowblock`, { method: "POST" })).status).toBe(404);
    } finally {
      await solidity.stop();
    }
  });

  it("stops with a clear error when the trust node's genesis is another chain's", async () => {
    let fatal: TronodeError | undefined;
    const solidity = await createSolidityNode({
      trustNode: full.grpc.full!,
      port: 0,
      accounts: 5,
      pollIntervalMs: 50,
      onFatal: (error) => {
        fatal = error;
      },
    });
    try {
      await until(async () => fatal !== undefined);
      expect(fatal!.message).toMatch(
        /^the trust node's genesis block [0-9a-f]{64} is not this node's [0-9a-f]{64}: start the solidity node with the full node's genesis options/,
      );
    } finally {
      await solidity.stop();
    }
  });
});
