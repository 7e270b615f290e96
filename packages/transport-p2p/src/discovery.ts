/**
 * UDP node discovery as libp2p's Kademlia speaks it (KadService, NodeHandler, NodeTable), on the
 * TCP listen port: datagrams `[type][protobuf]` of KAD_PING / KAD_PONG / KAD_FIND_NODE /
 * KAD_NEIGHBORS. A node that answers a ping on the network id with its announced port is
 * "connectible"; the dial pool takes connectible nodes to fill its connections. Node ids are the
 * random 64-byte libp2p ids and distance is the XOR of the raw ids, as in libp2p. What is left out:
 * the bucketed table (every alive node is kept, up to 3 000), evictions, and DNS trees.
 */

import { randomBytes } from "node:crypto";
import { createSocket, type RemoteInfo, type Socket } from "node:dgram";
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  bytesToHex,
  type Endpoint,
  FindNeighboursSchema,
  type Logger,
  NeighboursSchema,
  PingMessageSchema,
  PongMessageSchema,
} from "@tronode/engine/internal";
import { normalizeIp } from "./channel.js";
import { NODE_ID_LENGTH, type PeerAddress, validEndpoint } from "./channel-manager.js";
import type { P2pStatsSink } from "./p2p-service.js";

/** Discovery message types (libp2p's discover MessageType). */
export const KadMessageType = {
  KAD_PING: 0x01,
  KAD_PONG: 0x02,
  KAD_FIND_NODE: 0x03,
  KAD_NEIGHBORS: 0x04,
} as const;

/** KademliaOptions: neighbours per answer, parallel lookups, lookup cycle, ping timeout and retries. */
const BUCKET_SIZE = 16;
const ALPHA = 3;
const MAX_DATAGRAM = 2048;
const MAX_NODES = 3000;

/** The timers of UDP discovery (libp2p's Kademlia values as defaults); tests shorten them. */
export interface DiscoveryTimings {
  /** DiscoverTask's cycle (7.2 s). */
  readonly lookupMs: number;
  /** NodeHandler's ping timeout (15 s), tried three times. */
  readonly pingTimeoutMs: number;
}

/** libp2p's discovery timings: a lookup every 7.2 s, a ping timeout of 15 s. */
export const DEFAULT_DISCOVERY_TIMINGS: DiscoveryTimings = { lookupMs: 7_200, pingTimeoutMs: 15_000 };

/** The socket, identity, seeds and timings of a Discovery. */
export interface DiscoveryOptions {
  readonly networkId: number;
  readonly host: string;
  readonly port: number;
  readonly home: () => Endpoint | { address: Uint8Array; port: number; nodeId: Uint8Array };
  readonly nodeId: Uint8Array;
  /** seed.node.ip.list: the boot nodes pinged at start. */
  readonly seeds: readonly PeerAddress[];
  readonly logger: Logger;
  readonly timings?: Partial<DiscoveryTimings>;
  readonly now?: () => number;
  readonly stats?: P2pStatsSink;
}

type NodeState = "DISCOVERED" | "ALIVE" | "DEAD";

interface KnownNode {
  readonly host: string;
  /** The UDP port datagrams came from. */
  udpPort: number;
  /** The port its endpoint announces (its TCP port). */
  tcpPort: number;
  id: Uint8Array | undefined;
  networkId: number | undefined;
  state: NodeState;
  waitForPong: boolean;
  pingSent: number;
  pingTrials: number;
  waitForNeighbors: boolean;
  touched: number;
}

/** UDP discovery on the listen port: pings the seeds, looks up neighbours, lists the connectible nodes. */
export class Discovery {
  private socket: Socket | undefined;
  private readonly nodes = new Map<string, KnownNode>();
  private timer: NodeJS.Timeout | undefined;
  private readonly timings: DiscoveryTimings;
  private readonly now: () => number;
  private loops = 0;

  constructor(private readonly options: DiscoveryOptions) {
    this.timings = { ...DEFAULT_DISCOVERY_TIMINGS, ...options.timings };
    this.now = options.now ?? Date.now;
  }

  async start(): Promise<void> {
    const socket = createSocket(this.options.host.includes(":") ? "udp6" : "udp4");
    this.socket = socket;
    socket.on("message", (data, rinfo) => {
      this.options.stats?.traffic("udpIn", data.length);
      this.receive(new Uint8Array(data), rinfo);
    });
    socket.on("error", (e) => this.options.logger.warn({ err: e.message }, "discovery socket error"));
    await new Promise<void>((resolve) => socket.bind(this.options.port, this.options.host, resolve));
    for (const seed of this.options.seeds) this.handler(seed.host, seed.port, seed.port, undefined);
    const loop = () => {
      try {
        this.lookup();
      } catch (e) {
        this.options.logger.warn({ err: (e as Error).message }, "discovery lookup failed");
      }
      this.timer = setTimeout(loop, this.timings.lookupMs);
    };
    this.timer = setTimeout(loop, 100);
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    await new Promise<void>((resolve) => (this.socket ? this.socket.close(() => resolve()) : resolve()));
    this.socket = undefined;
  }

  /** Nodes that answered on our network id from their announced port (getConnectableNodes). */
  connectable(): PeerAddress[] {
    return [...this.nodes.values()]
      .filter((n) => n.state === "ALIVE" && this.isConnectible(n))
      .sort((a, b) => b.touched - a.touched)
      .map((n) => ({ host: n.host, port: n.tcpPort }));
  }

  /** Every node known (the routing table), for figures. */
  known(): number {
    return this.nodes.size;
  }

  private isConnectible(n: KnownNode): boolean {
    return n.udpPort === n.tcpPort && n.networkId === this.options.networkId;
  }

  private send(host: string, port: number, type: number, body: Uint8Array): void {
    const out = new Uint8Array(body.length + 1);
    out[0] = type;
    out.set(body, 1);
    this.options.stats?.traffic("udpOut", out.length);
    this.socket?.send(out, port, host);
  }

  /** KadService.getNodeHandler: a node first seen is pinged. */
  private handler(host: string, udpPort: number, tcpPort: number, id: Uint8Array | undefined): KnownNode {
    const key = `${host}:${udpPort}`;
    let node = this.nodes.get(key);
    if (!node) {
      if (this.nodes.size >= MAX_NODES) this.evict();
      node = {
        host,
        udpPort,
        tcpPort,
        id,
        networkId: undefined,
        state: "DISCOVERED",
        waitForPong: false,
        pingSent: 0,
        pingTrials: 3,
        waitForNeighbors: false,
        touched: this.now(),
      };
      this.nodes.set(key, node);
      this.ping(node);
    }
    if (id) node.id = id;
    node.tcpPort = tcpPort;
    return node;
  }

  private evict(): void {
    const dead = [...this.nodes].filter(([, n]) => n.state === "DEAD");
    for (const [key] of dead.slice(0, this.nodes.size - 2000)) this.nodes.delete(key);
  }

  private ping(node: KnownNode): void {
    node.waitForPong = true;
    node.pingSent = this.now();
    const body = toBinary(
      PingMessageSchema,
      create(PingMessageSchema, {
        from: this.options.home(),
        to: { address: new TextEncoder().encode(node.host), port: node.udpPort },
        version: this.options.networkId,
        timestamp: BigInt(this.now()),
      }),
    );
    this.send(node.host, node.udpPort, KadMessageType.KAD_PING, body);
  }

  private receive(data: Uint8Array, rinfo: RemoteInfo): void {
    // P2pPacketDecoder: 2..2047 bytes
    if (data.length < 2 || data.length >= MAX_DATAGRAM) return;
    const host = normalizeIp(rinfo.address);
    const body = data.subarray(1);
    try {
      switch (data[0]) {
        case KadMessageType.KAD_PING: {
          const msg = fromBinary(PingMessageSchema, body);
          if (!validEndpoint(msg.from) || this.isSelf(msg.from!.nodeId)) return;
          const node = this.handler(host, rinfo.port, msg.from!.port, msg.from!.nodeId);
          node.touched = this.now();
          this.send(
            host,
            rinfo.port,
            KadMessageType.KAD_PONG,
            toBinary(
              PongMessageSchema,
              create(PongMessageSchema, {
                from: this.options.home(),
                echo: this.options.networkId,
                timestamp: BigInt(this.now()),
              }),
            ),
          );
          node.networkId = msg.version;
          if (!this.isConnectible(node)) node.state = "DEAD";
          else if (node.state === "DEAD") node.state = "DISCOVERED";
          return;
        }
        case KadMessageType.KAD_PONG: {
          const msg = fromBinary(PongMessageSchema, body);
          if (!validEndpoint(msg.from) || this.isSelf(msg.from!.nodeId)) return;
          const node = this.handler(host, rinfo.port, msg.from!.port, msg.from!.nodeId);
          node.touched = this.now();
          if (!node.waitForPong) return;
          node.waitForPong = false;
          node.networkId = msg.echo;
          node.state = this.isConnectible(node) ? "ALIVE" : "DEAD";
          return;
        }
        case KadMessageType.KAD_FIND_NODE: {
          const msg = fromBinary(FindNeighboursSchema, body);
          if (!validEndpoint(msg.from) || msg.targetId.length !== NODE_ID_LENGTH) return;
          this.handler(host, rinfo.port, msg.from!.port, msg.from!.nodeId).touched = this.now();
          const neighbours = this.closest(msg.targetId).map((n) => ({
            address: new TextEncoder().encode(n.host),
            port: n.tcpPort,
            nodeId: n.id!,
          }));
          this.send(
            host,
            rinfo.port,
            KadMessageType.KAD_NEIGHBORS,
            toBinary(
              NeighboursSchema,
              create(NeighboursSchema, { from: this.options.home(), neighbours, timestamp: msg.timestamp }),
            ),
          );
          return;
        }
        case KadMessageType.KAD_NEIGHBORS: {
          const msg = fromBinary(NeighboursSchema, body);
          if (!validEndpoint(msg.from) || msg.neighbours.length > BUCKET_SIZE) return;
          if (!msg.neighbours.every((n) => validEndpoint(n))) return;
          const node = this.handler(host, rinfo.port, msg.from!.port, msg.from!.nodeId);
          if (!node.waitForNeighbors) return; // unsolicited answers are ignored
          node.waitForNeighbors = false;
          for (const n of msg.neighbours) {
            if (this.isSelf(n.nodeId)) continue;
            this.handler(new TextDecoder().decode(n.address), n.port, n.port, n.nodeId);
          }
          return;
        }
        default:
          return;
      }
    } catch {
      // an unparsable datagram is dropped (libp2p logs and drops it)
    }
  }

  private isSelf(id: Uint8Array): boolean {
    return bytesToHex(id) === bytesToHex(this.options.nodeId);
  }

  /** The alive nodes closest to a target by XOR of the raw ids (NodeTable.getClosestNodes). */
  private closest(target: Uint8Array): KnownNode[] {
    const distance = (id: Uint8Array) => {
      const d = new Uint8Array(NODE_ID_LENGTH);
      for (let i = 0; i < NODE_ID_LENGTH; i++) d[i] = id[i]! ^ target[i]!;
      return bytesToHex(d);
    };
    return [...this.nodes.values()]
      .filter((n) => n.state === "ALIVE" && n.id !== undefined)
      .sort((a, b) => (distance(a.id!) < distance(b.id!) ? -1 : 1))
      .slice(0, BUCKET_SIZE);
  }

  /** DiscoverTask: ping timeouts, then FIND_NODE to the ALPHA closest alive nodes. */
  private lookup(): void {
    const now = this.now();
    for (const node of this.nodes.values()) {
      if (node.waitForPong && now - node.pingSent > this.timings.pingTimeoutMs) {
        node.waitForPong = false;
        if (node.pingTrials-- > 0) this.ping(node);
        else if (node.state === "DISCOVERED") node.state = "DEAD";
      }
      // a seed that never answered is tried again each round
      if (node.state === "DISCOVERED" && !node.waitForPong && node.pingTrials > 0) this.ping(node);
    }
    // the target is our own id every fifth round, a random id otherwise
    const target = this.loops++ % 5 === 0 ? this.options.nodeId : new Uint8Array(randomBytes(NODE_ID_LENGTH));
    const body = toBinary(
      FindNeighboursSchema,
      create(FindNeighboursSchema, { from: this.options.home(), targetId: target, timestamp: BigInt(now) }),
    );
    for (const node of this.closest(target).slice(0, ALPHA)) {
      node.waitForNeighbors = true;
      this.send(node.host, node.udpPort, KadMessageType.KAD_FIND_NODE, body);
    }
  }
}
