/**
 * The protocol with hand-built frames: a real P2P service on 127.0.0.1 and bare sockets from other
 * 127.0.0.x addresses (bans are per IP) that send exactly the bytes of each case. Every libp2p and
 * TRON disconnect rule is checked with java-tron's reason and ban (60 s by default, 1 h after
 * BAD_PROTOCOL, BAD_BLOCK and BAD_TX), plus the sync and gossip exchanges a well-behaved peer sees.
 */
import { create } from "@bufbuild/protobuf";
import {
  blockId,
  ContractType,
  Libp2p,
  type Logger,
  packContract,
  ReasonCode,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import { afterEach, describe, expect, it } from "vitest";
import { wrapCompressed } from "../src/compression.js";
import { createP2pService, encodeFrame, type P2pService, type P2pTimings } from "../src/index.js";
import { RawPeer, type Received } from "./support/raw-peer.js";
import { makeBlock, refOf, ToyChain } from "./support/toy-chain.js";

const NETWORK = 333;
const R = Libp2p.DisconnectReason;
const silent: Logger = { debug() {}, info() {}, warn() {}, error() {} };
const running: P2pService[] = [];
const peers: RawPeer[] = [];
let nextIp = 20;

/** A fresh source address for each connection, so one case's ban never meets another case. */
function ip(): string {
  return `127.0.0.${nextIp++}`;
}

async function node(
  options: { chain?: ToyChain; timings?: Partial<P2pTimings>; maxConnectionsWithSameIp?: number } = {},
) {
  const chain = options.chain ?? new ToyChain(5);
  const p2p = createP2pService({
    chain,
    networkId: NETWORK,
    listenHost: "127.0.0.1",
    listenPort: 0,
    codeVersion: "4.8.1",
    logger: silent,
    timings: options.timings,
    maxConnectionsWithSameIp: options.maxConnectionsWithSameIp,
  });
  await p2p.start();
  running.push(p2p);
  return { chain, p2p };
}

async function dial(p2p: P2pService, from = ip()): Promise<RawPeer> {
  const peer = await RawPeer.connect(p2p.port, from);
  peers.push(peer);
  return peer;
}

/** A peer through both handshakes at the node's own head (so both are in each other's gossip set). */
async function synced(p2p: P2pService, chain: ToyChain, from = ip()) {
  const peer = await dial(p2p, from);
  await peer.handshake({ networkId: NETWORK, genesis: chain.genesis, head: chain.headBlockId() });
  await waitFor(() => p2p.syncedPeerCount() > 0);
  return peer;
}

async function waitFor(test: () => boolean, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 10));
  }
}

function tronDisconnect(seen: Received[]): ReasonCode | undefined {
  const d = seen.find((r) => r.message.type === "P2P_DISCONNECT");
  return d?.message.type === "P2P_DISCONNECT" ? d.message.reason : undefined;
}

function libp2pDisconnect(seen: Received[]): Libp2p.DisconnectReason | undefined {
  const d = seen.find((r) => r.message.type === "DISCONNECT");
  return d?.message.type === "DISCONNECT" ? d.message.reason : undefined;
}

/** The ban on an IP, in ms from now (undefined = none). */
function banLeft(p2p: P2pService, address: string): number | undefined {
  const until = p2p.bans().get(address);
  return until === undefined ? undefined : until - Date.now();
}

const HOUR = 3_600_000;
const MINUTE = 60_000;

afterEach(async () => {
  for (const p of peers.splice(0)) p.close();
  for (const s of running.splice(0)) await s.stop();
});

describe("libp2p layer", () => {
  it("answers a dialer's hello with its own (same timestamp) and then speaks compressed", async () => {
    const { p2p, chain } = await node();
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK });
    const reply = await peer.expect("HANDSHAKE_HELLO");
    expect(reply.hello.code).toBe(0);
    expect(reply.hello.networkId).toBe(NETWORK);
    expect(reply.hello.version).toBe(1);
    expect(reply.hello.from!.nodeId).toHaveLength(64);
    expect(new TextDecoder().decode(reply.hello.from!.address)).toBe("127.0.0.1");
    peer.compressing = true;
    const hello = await peer.expect("P2P_HELLO");
    expect(hello.hello.version).toBe(NETWORK);
    expect(hello.hello.headBlockId!.number).toBe(5n);
    expect(hello.hello.genesisBlockId!.hash).toEqual(blockId(chain.genesis));
    expect(new TextDecoder().decode(hello.hello.codeVersion)).toBe("4.8.1");
  });

  it("a libp2p v0.1 peer (hello version 0) gets no compression", async () => {
    const { p2p, chain } = await node();
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK, version: 0 });
    await peer.expect("HANDSHAKE_HELLO");
    // still raw: the TRON hello parses without an envelope
    expect((await peer.expect("P2P_HELLO")).hello.headBlockId!.number).toBe(chain.headBlockId().number);
  });

  it("a frame of 5 MiB or more: DISCONNECT(BAD_MESSAGE), closed, the IP banned a minute", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.writeRaw(Uint8Array.of(0x80, 0x80, 0xc0, 0x02));
    const seen = await peer.untilClosed();
    expect(libp2pDisconnect(seen)).toBe(R.BAD_MESSAGE);
    expect(banLeft(p2p, peer.ip)).toBeGreaterThan(MINUTE - 5000);
    expect(banLeft(p2p, peer.ip)).toBeLessThanOrEqual(MINUTE);
    // the banned IP is refused at its next hello with TIME_BANNED (RECENT_DISCONNECT)
    const again = await dial(p2p, peer.ip);
    again.libp2pHello({ networkId: NETWORK });
    const refused = await again.expect("HANDSHAKE_HELLO");
    expect(refused.hello.code).toBe(3);
    await again.closed;
  });

  it("a malformed varint (fifth byte with its top bit set) closes without a message", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.writeRaw(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0xff, 0x01));
    expect(await peer.untilClosed()).toEqual([]);
    expect(banLeft(p2p, peer.ip)).toBeGreaterThan(0);
  });

  it("a wrong network id: a hello with code DIFFERENT_VERSION, then closed", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: 11111 });
    const seen = await peer.untilClosed();
    const hello = seen.find((r) => r.message.type === "HANDSHAKE_HELLO");
    expect(hello?.message.type === "HANDSHAKE_HELLO" && hello.message.hello.code).toBe(2);
  });

  it("a second libp2p hello after the handshake: DISCONNECT(DUP_HANDSHAKE)", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK });
    await peer.expect("HANDSHAKE_HELLO");
    peer.compressing = true;
    peer.libp2pHello({ networkId: NETWORK });
    expect(libp2pDisconnect(await peer.untilClosed())).toBe(R.DUP_HANDSHAKE);
  });

  it("a hello whose endpoint is invalid (10-byte node id, or an IP starting with 0): DISCONNECT(BAD_MESSAGE)", async () => {
    const { p2p } = await node();
    const short = await dial(p2p);
    short.libp2pHello({ networkId: NETWORK, nodeId: new Uint8Array(10) });
    expect(libp2pDisconnect(await short.untilClosed())).toBe(R.BAD_MESSAGE);
    const zero = await dial(p2p);
    zero.libp2pHello({ networkId: NETWORK, address: "0.1.2.3" });
    expect(libp2pDisconnect(await zero.untilClosed())).toBe(R.BAD_MESSAGE);
  });

  it("our own node id coming back: DISCONNECT(DUPLICATE_PEER)", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK, nodeId: Buffer.from(p2p.nodeId, "hex") });
    const seen = await peer.untilClosed();
    expect(libp2pDisconnect(seen)).toBe(R.DUPLICATE_PEER);
  });

  it("a second channel with the same node id: the later one is closed with DUPLICATE_PEER", async () => {
    const { p2p } = await node();
    const first = await dial(p2p);
    first.libp2pHello({ networkId: NETWORK });
    await first.expect("HANDSHAKE_HELLO");
    const second = await dial(p2p);
    second.libp2pHello({ networkId: NETWORK, nodeId: first.nodeId });
    const seen = await second.untilClosed();
    const refused = seen.find((r) => r.message.type === "HANDSHAKE_HELLO");
    expect(refused?.message.type === "HANDSHAKE_HELLO" && refused.message.hello.code).toBe(4);
    expect(first.isOpen).toBe(true);
  });

  it("more inbound channels from one IP than maxConnectionsWithSameIp: hello code MAX_CONNECTION_WITH_SAME_IP", async () => {
    const { p2p } = await node({ maxConnectionsWithSameIp: 2 });
    const shared = ip();
    for (let i = 0; i < 2; i++) {
      const ok = await dial(p2p, shared);
      ok.libp2pHello({ networkId: NETWORK });
      expect((await ok.expect("HANDSHAKE_HELLO")).hello.code).toBe(0);
    }
    const third = await dial(p2p, shared);
    third.libp2pHello({ networkId: NETWORK });
    expect((await third.expect("HANDSHAKE_HELLO")).hello.code).toBe(5);
    await third.closed;
  });

  it("answers a keep-alive ping with a pong; a ping stamped more than 1 s ahead is BAD_MESSAGE", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK });
    await peer.expect("HANDSHAKE_HELLO");
    peer.compressing = true;
    peer.sendLibp2p({ type: "KEEP_ALIVE_PING", timestamp: BigInt(Date.now()) });
    const pong = await peer.expect("KEEP_ALIVE_PONG");
    expect(Number(pong.timestamp)).toBeGreaterThan(Date.now() - 5000);
    peer.sendLibp2p({ type: "KEEP_ALIVE_PING", timestamp: BigInt(Date.now() + 5000) });
    expect(libp2pDisconnect(await peer.untilClosed())).toBe(R.BAD_MESSAGE);
  });

  it("pings an idle channel and drops it with PING_TIMEOUT when no pong comes", async () => {
    const { p2p } = await node({
      timings: { keepAliveCheckMs: 50, pingIdleMs: 200, keepAliveTimeoutMs: 200 },
    });
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK });
    await peer.expect("HANDSHAKE_HELLO");
    peer.compressing = true;
    const seen = await peer.untilClosed(4000);
    expect(seen.some((r) => r.message.type === "KEEP_ALIVE_PING")).toBe(true);
    expect(libp2pDisconnect(seen)).toBe(R.PING_TIMEOUT);
  });

  it("an application type above 126: DISCONNECT(NO_SUCH_MESSAGE); an empty payload: EMPTY_MESSAGE", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK });
    await peer.expect("HANDSHAKE_HELLO");
    peer.compressing = true;
    peer.sendPayload(Uint8Array.of(0x7f, 0x00));
    expect(libp2pDisconnect(await peer.untilClosed())).toBe(R.NO_SUCH_MESSAGE);
    const empty = await dial(p2p);
    empty.libp2pHello({ networkId: NETWORK });
    await empty.expect("HANDSHAKE_HELLO");
    empty.compressing = true;
    empty.sendPayload(new Uint8Array(0));
    expect(libp2pDisconnect(await empty.untilClosed())).toBe(R.EMPTY_MESSAGE);
  });

  it("a node-detection STATUS gets our STATUS back, then the channel closes", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.sendLibp2p({
      type: "STATUS",
      status: create(Libp2p.StatusMessageSchema, {
        from: { address: new TextEncoder().encode(peer.ip), port: 18888, nodeId: peer.nodeId },
        networkId: NETWORK,
        timestamp: BigInt(Date.now()),
      }),
    });
    const seen = await peer.untilClosed();
    const status = seen.find((r) => r.message.type === "STATUS");
    expect(status?.message.type === "STATUS" && status.message.status.networkId).toBe(NETWORK);
    expect(status?.message.type === "STATUS" && status.message.status.maxConnections).toBe(30);
  });

  it("an unknown libp2p control type: DISCONNECT(NO_SUCH_MESSAGE)", async () => {
    const { p2p } = await node();
    const peer = await dial(p2p);
    peer.sendPayload(Uint8Array.of(0xf0, 0x08, 0x01));
    expect(libp2pDisconnect(await peer.untilClosed())).toBe(R.NO_SUCH_MESSAGE);
  });
});

describe("garbage", () => {
  it("random frames before and after the handshake close that channel only; the node keeps serving", async () => {
    const { p2p, chain } = await node();
    let seed = 7;
    const rand = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed;
    };
    for (let round = 0; round < 30; round++) {
      const peer = await dial(p2p);
      if (round % 2 === 1) {
        peer.libp2pHello({ networkId: NETWORK });
        await peer.expect("HANDSHAKE_HELLO");
        peer.compressing = round % 4 === 1;
      }
      const body = Uint8Array.from({ length: 1 + (rand() % 64) }, () => rand() & 0xff);
      peer.sendPayload(round % 3 === 0 ? body : Uint8Array.of(rand() % 0x40, ...body));
      await peer.untilClosed(4000).catch(() => peer.close());
      peer.close();
    }
    const ok = await synced(p2p, chain);
    ok.sendTron({ type: "P2P_PING" });
    await ok.expect("P2P_PONG");
  });
});

describe("TRON hello", () => {
  const refused = async (
    build: (chain: ToyChain, peer: RawPeer) => Parameters<RawPeer["sendTron"]>[0],
    chain?: ToyChain,
  ) => {
    const { p2p, chain: c } = await node({ chain });
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK });
    await peer.expect("HANDSHAKE_HELLO");
    peer.compressing = true;
    await peer.expect("P2P_HELLO");
    peer.sendTron(build(c, peer));
    return { reason: tronDisconnect(await peer.untilClosed()), p2p, peer };
  };

  it("a different p2p version: INCOMPATIBLE_VERSION", async () => {
    const { reason } = await refused((c, p) =>
      p.tronHello({ networkId: NETWORK, tronVersion: 11111, genesis: c.genesis, head: c.headBlockId() }),
    );
    expect(reason).toBe(ReasonCode.INCOMPATIBLE_VERSION);
  });

  it("another genesis block: INCOMPATIBLE_CHAIN", async () => {
    const other = makeBlock(undefined, 9, 1n);
    const { reason } = await refused((c, p) =>
      p.tronHello({ networkId: NETWORK, genesis: other, head: c.headBlockId() }),
    );
    expect(reason).toBe(ReasonCode.INCOMPATIBLE_CHAIN);
  });

  it("a solidified block that is not on our chain (and not above ours): FORKED", async () => {
    const chain = new ToyChain(5);
    chain.solidNumber = 3n;
    const foreign = makeBlock(chain.main[1], 7);
    const { reason } = await refused(
      (c, p) =>
        p.tronHello({ networkId: NETWORK, genesis: c.genesis, head: c.headBlockId(), solid: refOf(foreign) }),
      chain,
    );
    expect(reason).toBe(ReasonCode.FORKED);
  });

  it("a lowest block above our head: LIGHT_NODE_SYNC_FAIL", async () => {
    const { reason } = await refused((c, p) =>
      p.tronHello({ networkId: NETWORK, genesis: c.genesis, head: c.headBlockId(), lowestBlockNum: 100n }),
    );
    expect(reason).toBe(ReasonCode.LIGHT_NODE_SYNC_FAIL);
  });

  it("an empty head id: UNEXPECTED_IDENTITY", async () => {
    const { reason } = await refused((c, p) =>
      p.tronHello({ networkId: NETWORK, genesis: c.genesis, head: { id: new Uint8Array(0), number: 5n } }),
    );
    expect(reason).toBe(ReasonCode.UNEXPECTED_IDENTITY);
  });

  it("a second TRON hello: BAD_PROTOCOL and a one-hour ban", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendTron(peer.tronHello({ networkId: NETWORK, genesis: chain.genesis, head: chain.headBlockId() }));
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
    expect(banLeft(p2p, peer.ip)).toBeGreaterThan(HOUR - 5000);
  });

  it("a peer that never sends its TRON hello is dropped with TIME_OUT", async () => {
    const { p2p } = await node({
      timings: { statusCheckFirstMs: 50, statusCheckIntervalMs: 50, blockUpdateTimeoutMs: 300 },
    });
    const peer = await dial(p2p);
    peer.libp2pHello({ networkId: NETWORK });
    await peer.expect("HANDSHAKE_HELLO");
    peer.compressing = true;
    expect(tronDisconnect(await peer.untilClosed(4000))).toBe(ReasonCode.TIME_OUT);
    expect(banLeft(p2p, peer.ip)).toBeLessThanOrEqual(MINUTE);
  });
});

describe("TRON messages", () => {
  it("P2P_PING is answered with P2P_PONG; P2P_DISCONNECT from the peer closes the channel", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendTron({ type: "P2P_PING" });
    await peer.expect("P2P_PONG");
    peer.sendTron({ type: "P2P_DISCONNECT", reason: ReasonCode.REQUESTED });
    await peer.untilClosed();
    await waitFor(() => p2p.peers().length === 0);
  });

  it("TRX (0x01) and unknown types: NO_SUCH_MESSAGE; an unparsable block: UNKNOWN", async () => {
    const { p2p, chain } = await node();
    const tx = create(TransactionSchema, { rawData: { contract: [{ type: 1 }] } });
    const a = await synced(p2p, chain);
    a.sendTron({ type: "TRX", transaction: tx });
    expect(tronDisconnect(await a.untilClosed())).toBe(ReasonCode.NO_SUCH_MESSAGE);
    const b = await synced(p2p, chain);
    b.sendPayload(Uint8Array.of(0x0a, 0x08, 0x01));
    expect(tronDisconnect(await b.untilClosed())).toBe(ReasonCode.NO_SUCH_MESSAGE);
    const c = await synced(p2p, chain);
    c.sendPayload(Uint8Array.of(0x02, 0x0a, 0xff));
    expect(tronDisconnect(await c.untilClosed())).toBe(ReasonCode.UNKNOWN);
  });

  it("a PBFT message that does not parse: BAD_PROTOCOL", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendPayload(Uint8Array.of(0x34, 0x0a, 0xff));
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("a block nobody asked for: BAD_PROTOCOL and a one-hour ban", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendTron({ type: "BLOCK", block: makeBlock(chain.head), size: 0 });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
    expect(banLeft(p2p, peer.ip)).toBeGreaterThan(HOUR - 5000);
  });

  it("transactions nobody asked for: BAD_PROTOCOL", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    const tx = create(TransactionSchema, { rawData: { contract: [{ type: 1 }] } });
    peer.sendTron({ type: "TRXS", transactions: [tx] });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("a fetch of a transaction we never announced to that peer: BAD_PROTOCOL", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendTron({ type: "FETCH_INV_DATA", inventoryType: "TRX", ids: [new Uint8Array(32).fill(1)] });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("a fetch of unannounced blocks from a peer that need not sync from us: BAD_PROTOCOL", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendTron({ type: "FETCH_INV_DATA", inventoryType: "BLOCK", ids: [blockId(chain.main[2]!)] });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("a chain inventory we did not ask for: BAD_PROTOCOL", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendTron({ type: "BLOCK_CHAIN_INVENTORY", ids: [chain.headBlockId()], remainNum: 0n });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("a sync summary whose first block is not on our chain: BAD_PROTOCOL", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    peer.sendTron({ type: "SYNC_BLOCK_CHAIN", ids: [refOf(makeBlock(chain.main[1], 5))] });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("transactions: announced, fetched, refetch refused; a transaction with no contract: BAD_TX and a one-hour ban", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    const good = create(TransactionSchema, { rawData: { timestamp: 1n, contract: [{ type: 1 }] } });
    const empty = create(TransactionSchema, { rawData: { timestamp: 2n } });
    peer.sendTron({ type: "INVENTORY", inventoryType: "TRX", ids: [transactionId(good)] });
    const fetch = await peer.expect("FETCH_INV_DATA");
    expect(fetch.ids).toEqual([transactionId(good)]);
    peer.sendTron({ type: "TRXS", transactions: [good] });
    await waitFor(() => chain.pushed.length === 1);
    peer.sendTron({ type: "INVENTORY", inventoryType: "TRX", ids: [transactionId(empty)] });
    await peer.expect("FETCH_INV_DATA");
    peer.sendTron({ type: "TRXS", transactions: [empty] });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_TX);
    expect(banLeft(p2p, peer.ip)).toBeGreaterThan(HOUR - 5000);
  });

  it("under ALLOW_PROTO_FILTER_NUM, transactions whose contract holds unknown fields: UNKNOWN (protobuf inconsistent)", async () => {
    const chain = new ToyChain(5);
    const { p2p } = await node({ chain });
    const transfer = (timestamp: bigint, extra: number[]) => {
      const contract = packContract(ContractType.TransferContract, {
        ownerAddress: new Uint8Array(21).fill(0x41, 0, 1),
        toAddress: new Uint8Array(21).fill(0x41, 0, 1).fill(7, 1),
        amount: 5n,
      });
      contract.parameter!.value = Uint8Array.of(...contract.parameter!.value, ...extra);
      return create(TransactionSchema, { rawData: { timestamp, contract: [contract] } });
    };
    const send = async (peer: RawPeer, tx: ReturnType<typeof transfer>) => {
      peer.sendTron({ type: "INVENTORY", inventoryType: "TRX", ids: [transactionId(tx)] });
      await peer.expect("FETCH_INV_DATA");
      peer.sendTron({ type: "TRXS", transactions: [tx] });
    };
    // off: the extra fields (7 and 12) travel and the transaction is pushed
    const first = await synced(p2p, chain);
    await send(first, transfer(1n, [0x38, 0x05, 0x62, 0x01, 0x61]));
    await waitFor(() => chain.pushed.length === 1);
    // on: the same kind of transaction disconnects its sender, which java-tron reports as UNKNOWN
    chain.filter = true;
    const plain = transfer(2n, []);
    await send(first, plain);
    await waitFor(() => chain.pushed.length === 2);
    await send(first, transfer(3n, [0x38, 0x05]));
    expect(tronDisconnect(await first.untilClosed())).toBe(ReasonCode.UNKNOWN);
    expect(chain.pushed).toHaveLength(2);
  });

  it("a requested block stamped a slot ahead of the clock: BAD_PROTOCOL (block time error)", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    const future = makeBlock(chain.head, 0, BigInt(Date.now() + 10_000));
    peer.sendTron({ type: "INVENTORY", inventoryType: "BLOCK", ids: [blockId(future)] });
    await peer.expect("FETCH_INV_DATA");
    peer.sendTron({ type: "BLOCK", block: future, size: 0 });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("a requested block with a bad signature: UNKNOWN (BLOCK_SIGN_ERROR has no reason of its own)", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    const bad = makeBlock(chain.head, 0, BigInt(Date.now() - 100));
    chain.refuse.set(Buffer.from(blockId(bad)).toString("hex"), "SIGNATURE");
    peer.sendTron({ type: "INVENTORY", inventoryType: "BLOCK", ids: [blockId(bad)] });
    await peer.expect("FETCH_INV_DATA");
    peer.sendTron({ type: "BLOCK", block: bad, size: 0 });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.UNKNOWN);
  });
});

describe("gossip and sync", () => {
  it("announces a produced block to a synced peer, serves it when fetched, and drops inventory while the peer syncs", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    const block = chain.produce();
    const inv = await peer.expect("INVENTORY");
    expect(inv.inventoryType).toBe("BLOCK");
    expect(inv.ids).toEqual([blockId(block)]);
    peer.sendTron({ type: "FETCH_INV_DATA", inventoryType: "BLOCK", ids: [blockId(block)] });
    expect(blockId((await peer.expect("BLOCK")).block)).toEqual(blockId(block));
  });

  it("fetches an announced block, applies it, and re-announces it to the other peers", async () => {
    const { p2p, chain } = await node();
    const a = await synced(p2p, chain);
    const b = await synced(p2p, chain);
    await waitFor(() => p2p.syncedPeerCount() === 2);
    const next = makeBlock(chain.head, 0, BigInt(Date.now() - 100));
    a.sendTron({ type: "INVENTORY", inventoryType: "BLOCK", ids: [blockId(next)] });
    const fetch = await a.expect("FETCH_INV_DATA");
    expect(fetch.ids).toEqual([blockId(next)]);
    a.sendTron({ type: "BLOCK", block: next, size: 0 });
    const inv = await b.expect("INVENTORY");
    expect(inv.ids).toEqual([blockId(next)]);
    await waitFor(() => chain.head === next || blockId(chain.head).every((x, i) => x === blockId(next)[i]));
  });

  it("serves a sync: chain inventory from the common block, blocks on fetch, and never the same block twice", async () => {
    const { p2p, chain } = await node({ chain: new ToyChain(5) });
    const peer = await dial(p2p);
    // behind us: head = genesis
    const theirs = await peer.handshake({
      networkId: NETWORK,
      genesis: chain.genesis,
      head: refOf(chain.genesis),
    });
    expect(theirs.hello.headBlockId!.number).toBe(5n);
    peer.sendTron({ type: "SYNC_BLOCK_CHAIN", ids: [refOf(chain.genesis)] });
    const inv = await peer.expect("BLOCK_CHAIN_INVENTORY");
    expect(inv.ids.map((b) => b.number)).toEqual([0n, 1n, 2n, 3n, 4n, 5n]);
    expect(inv.remainNum).toBe(0n);
    peer.sendTron({ type: "FETCH_INV_DATA", inventoryType: "BLOCK", ids: [inv.ids[1]!.id, inv.ids[2]!.id] });
    expect((await peer.expect("BLOCK")).block.blockHeader!.rawData!.number).toBe(1n);
    expect((await peer.expect("BLOCK")).block.blockHeader!.rawData!.number).toBe(2n);
    peer.sendTron({ type: "FETCH_INV_DATA", inventoryType: "BLOCK", ids: [inv.ids[2]!.id] });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("syncs from a peer that is ahead: summary, inventory, fetch, in-order apply, then the peer is in the gossip set", async () => {
    const { p2p, chain } = await node({ chain: new ToyChain(2) });
    const theirs = new ToyChain(0, chain.genesis);
    theirs.main.push(...chain.main.slice(1));
    theirs.extend(4, 3);
    const peer = await dial(p2p);
    await peer.handshake({ networkId: NETWORK, genesis: chain.genesis, head: theirs.headBlockId() });
    const summary = await peer.expect("SYNC_BLOCK_CHAIN");
    expect(summary.ids.map((b) => b.number)).toEqual([0n, 2n]);
    peer.sendTron({ type: "BLOCK_CHAIN_INVENTORY", ids: theirs.main.slice(2).map(refOf), remainNum: 0n });
    const fetch = await peer.expect("FETCH_INV_DATA");
    expect(fetch.ids).toEqual(theirs.main.slice(3).map((b) => blockId(b)));
    // sent newest first: still applied in chain order
    for (const b of [...theirs.main.slice(3)].reverse()) peer.sendTron({ type: "BLOCK", block: b, size: 0 });
    const next = await peer.expect("SYNC_BLOCK_CHAIN");
    expect(next.ids[next.ids.length - 1]!.number).toBe(6n);
    expect(chain.headBlockId().number).toBe(6n);
    peer.sendTron({ type: "BLOCK_CHAIN_INVENTORY", ids: [theirs.headBlockId()], remainNum: 0n });
    await waitFor(() => p2p.syncedPeerCount() === 1);
    expect(p2p.syncedBlocks()).toBe(4);
  });

  it("a chain inventory that announces more blocks but carries fewer than 2000 ids: BAD_PROTOCOL", async () => {
    const { p2p, chain } = await node({ chain: new ToyChain(2) });
    const theirs = new ToyChain(0, chain.genesis);
    theirs.main.push(...chain.main.slice(1));
    theirs.extend(10, 3);
    const peer = await dial(p2p);
    await peer.handshake({ networkId: NETWORK, genesis: chain.genesis, head: theirs.headBlockId() });
    await peer.expect("SYNC_BLOCK_CHAIN");
    peer.sendTron({ type: "BLOCK_CHAIN_INVENTORY", ids: theirs.main.slice(2, 6).map(refOf), remainNum: 6n });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_PROTOCOL);
  });

  it("a sync block that is refused as bad: BAD_BLOCK and a one-hour ban; a late sync block: TIME_OUT", async () => {
    const { p2p, chain } = await node({ chain: new ToyChain(2) });
    const theirs = new ToyChain(0, chain.genesis);
    theirs.main.push(...chain.main.slice(1));
    theirs.extend(3, 3);
    chain.refuse.set(Buffer.from(blockId(theirs.main[3]!)).toString("hex"), "BAD_BLOCK");
    const peer = await dial(p2p);
    await peer.handshake({ networkId: NETWORK, genesis: chain.genesis, head: theirs.headBlockId() });
    await peer.expect("SYNC_BLOCK_CHAIN");
    peer.sendTron({ type: "BLOCK_CHAIN_INVENTORY", ids: theirs.main.slice(2).map(refOf), remainNum: 0n });
    await peer.expect("FETCH_INV_DATA");
    peer.sendTron({ type: "BLOCK", block: theirs.main[3]!, size: 0 });
    expect(tronDisconnect(await peer.untilClosed())).toBe(ReasonCode.BAD_BLOCK);
    expect(banLeft(p2p, peer.ip)).toBeGreaterThan(HOUR - 5000);

    const slow = await node({
      chain: new ToyChain(2, chain.genesis),
      timings: { statusCheckFirstMs: 50, statusCheckIntervalMs: 50, syncTimeoutMs: 300 },
    });
    const lazy = await dial(slow.p2p);
    await lazy.handshake({ networkId: NETWORK, genesis: chain.genesis, head: theirs.headBlockId() });
    await lazy.expect("SYNC_BLOCK_CHAIN");
    lazy.sendTron({ type: "BLOCK_CHAIN_INVENTORY", ids: theirs.main.slice(2).map(refOf), remainNum: 0n });
    await lazy.expect("FETCH_INV_DATA");
    expect(tronDisconnect(await lazy.untilClosed(4000))).toBe(ReasonCode.TIME_OUT);
  });

  it("a frame written one byte at a time is read whole", async () => {
    const { p2p, chain } = await node();
    const peer = await synced(p2p, chain);
    const frame = encodeFrame(wrapCompressed(Uint8Array.of(0x22, 0xc0)));
    for (const byte of frame) {
      peer.writeRaw(Uint8Array.of(byte));
      await new Promise((r) => setTimeout(r, 5));
    }
    await peer.expect("P2P_PONG");
  });
});
