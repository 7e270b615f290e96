/**
 * UDP discovery (libp2p's Kademlia messages on the listen port): a hand-built KAD_PING gets a
 * KAD_PONG echoing the network id, FIND_NODE gets the known neighbours, and nodes that only know a
 * seed find each other and connect over TCP without any static peer.
 */
import { createSocket } from "node:dgram";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  FindNeighboursSchema,
  type Logger,
  NeighboursSchema,
  PingMessageSchema,
  PongMessageSchema,
} from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import { createP2pService, KadMessageType, type P2pService } from "../src/index.js";
import { ToyChain } from "./support/toy-chain.js";

const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const NETWORK = 333;
const running: P2pService[] = [];

afterEach(async () => {
  for (const s of running.splice(0)) await s.stop();
});

async function node(ip: string, seeds: { host: string; port: number }[], chain = new ToyChain(3)) {
  const p2p = createP2pService({
    chain,
    networkId: NETWORK,
    listenHost: ip,
    listenPort: 0,
    codeVersion: "4.8.1",
    logger: silent,
    timings: { poolFirstDialMs: 100, poolIntervalMs: 200 },
    discovery: { seeds, timings: { lookupMs: 150, pingTimeoutMs: 1000 } },
  });
  await p2p.start();
  running.push(p2p);
  return p2p;
}

/** Sends one datagram and resolves with the first answer of type `expected` (a new node is pinged first). */
function udpExchange(
  ip: string,
  port: number,
  type: number,
  body: Uint8Array,
  expected: number,
): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const socket = createSocket("udp4");
    const timer = setTimeout(() => {
      socket.close();
      reject(new Error("no answer"));
    }, 3000);
    socket.on("message", (data) => {
      if (data[0] !== expected) return;
      clearTimeout(timer);
      socket.close();
      resolve(new Uint8Array(data));
    });
    socket.bind(0, "127.0.0.70", () => socket.send(Uint8Array.of(type, ...body), port, ip));
  });
}

async function waitFor(test: () => boolean, timeoutMs = 8000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("discovery", () => {
  it("answers a hand-built KAD_PING with a KAD_PONG echoing the network id, and FIND_NODE with NEIGHBORS", async () => {
    const seed = await node("127.0.0.61", []);
    const from = {
      address: new TextEncoder().encode("127.0.0.70"),
      port: 30303,
      nodeId: new Uint8Array(64).fill(5),
    };
    const pong = await udpExchange(
      "127.0.0.61",
      seed.port,
      KadMessageType.KAD_PING,
      toBinary(
        PingMessageSchema,
        create(PingMessageSchema, {
          from,
          to: { port: seed.port },
          version: NETWORK,
          timestamp: BigInt(Date.now()),
        }),
      ),
      KadMessageType.KAD_PONG,
    );
    expect(pong[0]).toBe(KadMessageType.KAD_PONG);
    const decoded = fromBinary(PongMessageSchema, pong.subarray(1));
    expect(decoded.echo).toBe(NETWORK);
    expect(decoded.from!.port).toBe(seed.port);
    expect(decoded.from!.nodeId).toHaveLength(64);
    const neighbours = await udpExchange(
      "127.0.0.61",
      seed.port,
      KadMessageType.KAD_FIND_NODE,
      toBinary(
        FindNeighboursSchema,
        create(FindNeighboursSchema, { from, targetId: new Uint8Array(64).fill(1), timestamp: 42n }),
      ),
      KadMessageType.KAD_NEIGHBORS,
    );
    expect(neighbours[0]).toBe(KadMessageType.KAD_NEIGHBORS);
    // the timestamp echoes the request's; our pinger never answered the seed's ping, so no neighbour
    const answer = fromBinary(NeighboursSchema, neighbours.subarray(1));
    expect(answer.timestamp).toBe(42n);
    expect(answer.neighbours).toEqual([]);
  });

  it("nodes that know only a seed find each other and connect over TCP", async () => {
    const chain = new ToyChain(3);
    const shared = (c: ToyChain) => {
      const copy = new ToyChain(0, c.genesis);
      copy.main.push(...c.main.slice(1));
      return copy;
    };
    const a = await node("127.0.0.62", [], chain);
    const seed = [{ host: "127.0.0.62", port: a.port }];
    const b = await node("127.0.0.63", seed, shared(chain));
    const c = await node("127.0.0.64", seed, shared(chain));
    // c learns b from a's NEIGHBORS, pings it, and dials it
    await waitFor(() => c.discoveredNodes().some((n) => n.host === "127.0.0.63"));
    await waitFor(() => c.peers().some((p) => p.advertisedHost === "127.0.0.63" || p.host === "127.0.0.63"));
    await waitFor(() => [a, b, c].every((s) => s.peers().length === 2));
    // a new peer counts as synced once its chain inventory has been compared (a moment after the hello)
    await waitFor(() => c.syncedPeerCount() === 2);
    expect(c.syncedPeerCount()).toBe(2);
  });
});
