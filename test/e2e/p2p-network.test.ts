/**
 * A network of tronode processes speaking TRON's P2P protocol on loopback, each node on its own
 * 127.0.0.x with its own data dir and one of three witness keys:
 * - blocks are produced in turn and every node has the same block at every height and the same
 *   state digest at the same head; a transaction broadcast to one node is in a block within two
 *   slots and visible on all;
 * - a witness killed: the others go on and count its missed slots; restarted, it re-syncs and
 *   produces again.
 */
import { addressToBase58, bytesToHex } from "@tronode/engine/internal";
import { DEFAULT_MNEMONIC, deriveDevAccounts, TRON_HD_PATH } from "@tronode/node";
import { TronWeb } from "tronweb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllClis } from "../support/cli-process.js";
import {
  blockIds,
  type ClusterNode,
  digestAtHead,
  getJson,
  head,
  kill,
  restart,
  startNode,
  until,
} from "../support/p2p-cluster.js";

const accounts = deriveDevAccounts(DEFAULT_MNEMONIC, 2, TRON_HD_PATH);
const witnesses = deriveDevAccounts(DEFAULT_MNEMONIC, 3, "m/44'/195'/1'/0");
let nodes: ClusterNode[] = [];

beforeAll(async () => {
  const a = await startNode({ name: "a", ip: "127.0.0.2", witnesses: [0] });
  const b = await startNode({
    name: "b",
    ip: "127.0.0.3",
    witnesses: [1],
    peers: [`127.0.0.2:${a.p2pPort}`],
  });
  const c = await startNode({
    name: "c",
    ip: "127.0.0.4",
    witnesses: [2],
    peers: [`127.0.0.2:${a.p2pPort}`, `127.0.0.3:${b.p2pPort}`],
  });
  nodes = [a, b, c];
}, 120_000);

afterAll(async () => {
  await killAllClis();
});

async function heads(): Promise<number[]> {
  return Promise.all(nodes.map(async (n) => (await head(n)).number));
}

describe("three witness processes", () => {
  it("produce in turn; same block at every height and same state digest at the same head on every node", async () => {
    // everyone connected to both others
    await until(
      "a full mesh",
      async () => {
        const counts = await Promise.all(
          nodes.map(
            async (n) => ((await getJson(`${n.url}/wallet/getnodeinfo`)).peerList as unknown[]).length,
          ),
        );
        return counts.every((c) => c === 2) ? counts : undefined;
      },
      30_000,
    );
    // java-tron's JSON-RPC counts the same peers; listening = an active (dialed) connection
    const rpc = async (url: string, method: string) =>
      (
        (await (
          await fetch(`${url}/jsonrpc`, {
            method: "POST",
            body: JSON.stringify({ id: 1, method, params: [] }),
          })
        ).json()) as { result: unknown }
      ).result;
    for (const n of nodes) expect(await rpc(n.url, "net_peerCount")).toBe("0x2");
    expect(await rpc(nodes[2]!.url, "net_listening")).toBe(true);
    expect(await rpc(nodes[2]!.url, "eth_syncing")).toMatchObject({
      currentBlock: expect.stringMatching(/^0x/),
    });
    await until(
      "six blocks everywhere",
      async () => ((await heads()).every((h) => h >= 6) ? true : undefined),
      40_000,
    );
    const top = Math.min(...(await heads()));
    const ids = await Promise.all(nodes.map((n) => blockIds(n, 1, top)));
    expect(ids[0]).toHaveLength(top);
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
    // every node produces its own blocks: the chain's blocks come from all three witnesses (not
    // necessarily three in a row: a loaded machine can miss a slot)
    const latest = (await getJson(`${nodes[0]!.url}/wallet/getblockbylatestnum?num=${top}`)).block as {
      block_header: { raw_data: { witness_address: string } };
    }[];
    expect(new Set(latest.map((b) => b.block_header.raw_data.witness_address)).size).toBe(3);
    // digests agree at the same head, over several heights
    const seen = new Map<number, Set<string>>();
    const counted = new Map<number, number>();
    await until(
      "digests at two common heights",
      async () => {
        const samples = await Promise.all(nodes.map((n) => digestAtHead(n)));
        if (samples.some((s) => s === undefined)) return undefined;
        const numbers = new Set(samples.map((s) => s!.number));
        if (numbers.size !== 1) return undefined;
        const number = samples[0]!.number;
        const set = seen.get(number) ?? new Set();
        for (const s of samples) set.add(s!.digest);
        seen.set(number, set);
        counted.set(number, (counted.get(number) ?? 0) + 1);
        return seen.size >= 2 ? true : undefined;
      },
      30_000,
    );
    for (const digests of seen.values()) expect(digests.size).toBe(1);
  }, 120_000);

  it("a transaction broadcast to one node is in a block within two slots and visible on all", async () => {
    const tronWeb = new TronWeb({ fullHost: nodes[2]!.url, privateKey: bytesToHex(accounts[0]!.privateKey) });
    const before = (await head(nodes[2]!)).number;
    const sent = await tronWeb.trx.sendTrx(addressToBase58(accounts[1]!.address), 1_000_000);
    expect(sent.result).toBe(true);
    const infos = await Promise.all(
      nodes.map((n) =>
        until(
          `the transaction on ${n.name}`,
          async () => {
            const info = await getJson(`${n.url}/wallet/gettransactioninfobyid`, { value: sent.txid });
            return info.blockNumber === undefined ? undefined : info;
          },
          20_000,
        ),
      ),
    );
    const included = infos[0].blockNumber as number;
    expect(included).toBeLessThanOrEqual(before + 2);
    expect(infos.map((i) => i.blockNumber)).toEqual([included, included, included]);
    for (const n of nodes) {
      const account = await getJson(`${n.url}/wallet/getaccount`, {
        address: bytesToHex(accounts[1]!.address),
      });
      expect(account.balance).toBeGreaterThan(0);
    }
  }, 60_000);

  it("a killed witness: the others go on and count its missed slots; restarted, it re-syncs and produces again", async () => {
    const [a, b] = nodes as [ClusterNode, ClusterNode, ClusterNode];
    const bWitness = bytesToHex(witnesses[1]!.address);
    const missedOf = async () => {
      const list = (await getJson(`${a.url}/wallet/listwitnesses`)).witnesses as {
        address: string;
        totalMissed?: number;
      }[];
      return list.find((w) => w.address === bWitness)?.totalMissed ?? 0;
    };
    await kill(b);
    const missedBefore = await missedOf();
    const headBefore = (await head(a)).number;
    // two rounds of three slots without b
    await until(
      "four more blocks without b",
      async () => ((await head(a)).number >= headBefore + 4 ? true : undefined),
      40_000,
    );
    expect(await missedOf()).toBeGreaterThan(missedBefore);
    const c = nodes[2]!;
    expect((await head(c)).id).toBe((await head(a)).id);

    await restart(b, ["--need-sync-check"]);
    const restartedAt = (await head(a)).number;
    // b catches up, then a block signed by b's witness appears on a's chain
    await until(
      "b back at the head",
      async () => {
        const [ha, hb] = await Promise.all([head(a), head(b)]);
        return hb.number >= restartedAt && Math.abs(ha.number - hb.number) <= 1 ? true : undefined;
      },
      40_000,
    );
    await until(
      "a block by b after the restart",
      async () => {
        const top = (await head(a)).number;
        const blocks = (
          await getJson(`${a.url}/wallet/getblockbylimitnext`, { startNum: restartedAt + 1, endNum: top + 1 })
        ).block as { block_header: { raw_data: { witness_address: string } } }[] | undefined;
        return blocks?.some((x) => x.block_header.raw_data.witness_address === bWitness) ? true : undefined;
      },
      40_000,
    );
    const top = Math.min(...(await heads()));
    const ids = await Promise.all(nodes.map((n) => blockIds(n, Math.max(1, top - 20), top)));
    expect(ids[1]).toEqual(ids[0]);
    expect(ids[2]).toEqual(ids[0]);
  }, 150_000);
});
