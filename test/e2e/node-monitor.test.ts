/**
 * java-tron's monitor API on a started node: GET /monitor/getstatsinfo (fastjson's pretty text)
 * and protocol.Monitor/GetStatsInfo report the blocks the chain committed, the transactions in
 * them, the HTTP and gRPC requests answered, and the node itself, in java-tron's MetricsInfo shape.
 */
import { bytesToHex, hexToBytes, signHash } from "@tronode/engine/internal";
import { createNode, type TronNode } from "@tronode/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type GrpcObject, type GrpcStub, grpcStub } from "../support/grpc-stubs.js";

let node: TronNode;
let monitor: GrpcStub;
let wallet: GrpcStub;

const post = async (path: string, body: object = {}): Promise<GrpcObject> =>
  (await (
    await fetch(`${node.url}${path}`, { method: "POST", body: JSON.stringify(body) })
  ).json()) as GrpcObject;

beforeAll(async () => {
  node = await createNode({ port: 0, blockTime: 0, accounts: 2, grpcPort: 0, grpcSolidityPort: 0 });
  monitor = grpcStub("Monitor", node.grpc.full!);
  wallet = grpcStub("Wallet", node.grpc.full!);
});

afterAll(async () => {
  monitor?.close();
  wallet?.close();
  await node?.stop();
});

/** Two TRX transfers, each mined in its own block (blockTime 0 mines on arrival). */
async function transfers(): Promise<void> {
  const [from, to] = node.accounts;
  for (const amount of [1_000_000, 2_000_000]) {
    const built = await post("/wallet/createtransaction", {
      owner_address: bytesToHex(from!.address),
      to_address: bytesToHex(to!.address),
      amount,
    });
    const signature = bytesToHex(signHash(hexToBytes(built.txID), from!.privateKey));
    expect((await post("/wallet/broadcasttransaction", { ...built, signature: [signature] })).result).toBe(
      true,
    );
  }
  await node.chain.idle();
}

describe("getstatsinfo", () => {
  it("reports the head, the blocks applied and their transactions, and the HTTP requests answered", async () => {
    const before = (await (await fetch(`${node.url}/monitor/getstatsinfo`)).json()) as GrpcObject;
    await transfers();
    for (let i = 0; i < 3; i++) await post("/wallet/getnowblock");
    const response = await fetch(`${node.url}/monitor/getstatsinfo`);
    expect(response.status).toBe(200);
    const text = await response.text();
    // fastjson's pretty printer: tab indents, keys in alphabetical order
    expect(text.startsWith('{\n\t"blockchain":{')).toBe(true);
    const stats = JSON.parse(text);
    const head = await post("/wallet/getnowblock");
    expect(stats.blockchain.headBlockNum).toBe(head.block_header.raw_data.number);
    expect(stats.blockchain.headBlockHash).toBe(head.blockID);
    expect(stats.blockchain.tps.count - (before.blockchain.tps?.count ?? 0)).toBe(2);
    expect(stats.blockchain.blockProcessTime.count).toBeGreaterThanOrEqual(2);
    expect(stats.blockchain.forkCount).toBe(0);
    expect(stats.node).toMatchObject({ nodeType: 1, version: expect.any(String) });
    const detail = stats.net.api.detail as { name: string; qps: { count: number } }[];
    expect(detail.find((d) => d.name === "/wallet/getnowblock")?.qps.count).toBeGreaterThanOrEqual(3);
    expect(detail.find((d) => d.name === "/wallet/broadcasttransaction")?.qps.count).toBe(2);
    expect(stats.net.api.qps.count).toBeGreaterThan(before.net.api.qps.count);
    // POST is not served (java-tron's servlet has only doGet)
    expect((await fetch(`${node.url}/monitor/getstatsinfo`, { method: "POST" })).status).toBe(405);
  });

  // gRPC calls are named by their full method name, as java-tron's RateLimiterInterceptor reads it
  it("answers Monitor.GetStatsInfo over gRPC with the same figures, counting gRPC calls", async () => {
    await wallet.call("GetNowBlock2");
    await wallet.call("GetNowBlock2");
    const stats = await monitor.call("GetStatsInfo");
    const head = await post("/wallet/getnowblock");
    expect(stats.blockchain.headBlockNum).toBe(String(head.block_header.raw_data.number));
    expect(stats.blockchain.headBlockHash).toBe(head.blockID);
    expect(Number(stats.blockchain.tps.count)).toBeGreaterThanOrEqual(2);
    const detail = stats.net.api.detail as { name: string; qps: { count: string } }[];
    expect(
      Number(detail.find((d) => d.name === "protocol.Wallet/GetNowBlock2")?.qps.count),
    ).toBeGreaterThanOrEqual(2);
  });
});
