/**
 * Broadcasting on a networked node follows java-tron's Wallet.broadcastTransaction with
 * minEffectiveConnection = 1: no peer → NO_CONNECTION, and nothing enters the pool; a dev chain
 * without P2P accepts the same transaction as before.
 */
import { ContractType, signTransaction } from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import { createNode, type TronNode } from "../src/index.js";

const open: TronNode<string | undefined>[] = [];
afterEach(async () => {
  for (const n of open.splice(0)) await n.stop();
});

async function transferOn(node: TronNode<string | undefined>) {
  const [from, to] = node.accounts as [(typeof node.accounts)[0], (typeof node.accounts)[0]];
  const tx = await node.wallet.createTransaction(ContractType.TransferContract, {
    ownerAddress: from.address,
    toAddress: to.address,
    amount: 1_000_000n,
  });
  return signTransaction(tx, from.privateKey);
}

describe("broadcast on a networked node", () => {
  it("answers NO_CONNECTION without peers and keeps the pool empty", async () => {
    const node = await createNode({
      http: false,
      accounts: 2,
      p2p: { host: "127.0.0.40", port: 0, peers: [] },
    });
    open.push(node);
    const result = await node.wallet.broadcastTransaction(await transferOn(node));
    expect(result).toMatchObject({ result: false, code: "NO_CONNECTION", message: "No connection." });
    expect(await node.wallet.getPendingSize()).toBe(0);
    const info = await node.wallet.getNodeInfo();
    expect(info.network?.peers).toEqual([]);
    expect(info.network?.listenPort).toBe(node.p2p!.port);
    expect(await node.wallet.listNodes()).toEqual([]);
  });

  it("a dev chain without P2P accepts it as before", async () => {
    const node = await createNode({ http: false, accounts: 2 });
    open.push(node);
    const result = await node.wallet.broadcastTransaction(await transferOn(node));
    expect(result).toMatchObject({ result: true, code: "SUCCESS" });
    expect(node.p2p).toBeUndefined();
  });

  it("refuses a networked node off the 3 s slot grid", async () => {
    await expect(
      createNode({ http: false, accounts: 1, blockTime: 0, p2p: { host: "127.0.0.41", port: 0, peers: [] } }),
    ).rejects.toThrow("3 s slot grid");
  });
});
