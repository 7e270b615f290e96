/**
 * Partition and heal: three witness processes where the third reaches the other two only through
 * TCP relays the test controls. Cut the relays: both sides go on producing (two slots of three on
 * one side, one on the other) and the chains diverge; heal them: the node on the shorter branch
 * syncs, switches to the longer one and abandons its own blocks; every node ends on the same head,
 * and no node's solidified block ever goes back or changes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { killAllClis } from "../support/cli-process.js";
import {
  blockIds,
  type ClusterNode,
  getJson,
  head,
  Link,
  solid,
  startNode,
  until,
} from "../support/p2p-cluster.js";

let nodes: ClusterNode[] = [];
const links: Link[] = [];
/** Every solidified number seen per node, in order. */
const solids = new Map<string, number[]>();
let watching = true;
let watcher: Promise<void> | undefined;

beforeAll(async () => {
  const a = await startNode({ name: "pa", ip: "127.0.0.5", witnesses: [0], trusted: ["127.0.0.7"] });
  const b = await startNode({
    name: "pb",
    ip: "127.0.0.6",
    witnesses: [1],
    peers: [`127.0.0.5:${a.p2pPort}`],
    trusted: ["127.0.0.7"],
  });
  const toA = new Link("127.0.0.8", { host: "127.0.0.5", port: a.p2pPort }, "127.0.0.7");
  const toB = new Link("127.0.0.9", { host: "127.0.0.6", port: b.p2pPort }, "127.0.0.7");
  await toA.start();
  await toB.start();
  links.push(toA, toB);
  const c = await startNode({
    name: "pc",
    ip: "127.0.0.7",
    witnesses: [2],
    peers: [`127.0.0.8:${toA.port}`, `127.0.0.9:${toB.port}`],
  });
  nodes = [a, b, c];
  watcher = (async () => {
    while (watching) {
      for (const n of nodes) {
        try {
          const s = await solid(n);
          const list = solids.get(n.name) ?? [];
          list.push(s);
          solids.set(n.name, list);
        } catch {
          // a node between two answers
        }
      }
      await new Promise((r) => setTimeout(r, 300));
    }
  })();
}, 120_000);

afterAll(async () => {
  watching = false;
  await watcher;
  for (const l of links) await l.close();
  await killAllClis();
});

describe("partition and heal", () => {
  it("the shorter branch is abandoned for the longer one; no solidified block is reverted", async () => {
    const [a, b, c] = nodes as [ClusterNode, ClusterNode, ClusterNode];
    await until(
      "three connected nodes at block 4",
      async () => {
        const info = await Promise.all(nodes.map((n) => getJson(`${n.url}/wallet/getnodeinfo`)));
        const hs = await Promise.all(nodes.map((n) => head(n)));
        return info.every((i) => i.peerList.length === 2) && hs.every((h) => h.number >= 4)
          ? true
          : undefined;
      },
      60_000,
    );
    const solidAtCut = await solid(c);
    const solidIdsAtCut = await blockIds(c, 1, solidAtCut);

    for (const l of links) l.cut();
    const cutAt = (await head(a)).number;
    await until(
      "both sides produce apart",
      async () => {
        const [ha, hc] = await Promise.all([head(a), head(c)]);
        return ha.number >= cutAt + 6 && hc.number >= cutAt + 1 && ha.id !== hc.id ? true : undefined;
      },
      60_000,
    );
    const cTop = (await head(c)).number;
    const cBranch = await blockIds(c, cutAt + 1, cTop);
    expect(cBranch.length).toBeGreaterThan(0);
    expect((await head(a)).number).toBeGreaterThan(cTop);

    for (const l of links) l.heal();
    await until(
      "one head everywhere",
      async () => {
        const hs = await Promise.all(nodes.map((n) => head(n)));
        return hs.every((h) => h.id === hs[0]!.id) ? hs[0] : undefined;
      },
      60_000,
    );
    // c undid its own blocks to the fork point and applied a's branch (java-tron's switchFork)
    const switched = c.cli.logLines().filter((l) => l.msg === "switched to a longer fork");
    expect(switched.length).toBeGreaterThan(0);
    expect(Number(switched[0]!.forkNumber)).toBeGreaterThanOrEqual(solidAtCut);
    // c's partition blocks are gone from every chain; the heights they had now hold a's blocks
    for (const id of cBranch) {
      for (const n of [a, b, c])
        expect(await getJson(`${n.url}/wallet/getblockbyid`, { value: id })).toEqual({});
    }
    const top = (await head(a)).number;
    const [idsA, idsC] = await Promise.all([blockIds(a, 1, top), blockIds(c, 1, top)]);
    expect(idsC).toEqual(idsA);
    // the blocks solidified before the cut are unchanged, and no solidified number ever went back
    expect(idsC.slice(0, solidAtCut)).toEqual(solidIdsAtCut);
    for (const [name, list] of solids) {
      for (let i = 1; i < list.length; i++)
        expect(list[i], `${name}'s solidified block`).toBeGreaterThanOrEqual(list[i - 1]!);
    }
  }, 240_000);
});
