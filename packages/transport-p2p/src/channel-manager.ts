/**
 * The libp2p layer (libp2p 2.2.5's ChannelManager, HandshakeService, KeepAliveService and the
 * static part of ConnPoolService): listens and dials over TCP, runs the libp2p hello, admits or
 * refuses peers (bans, limits, duplicates), keeps connections alive, and hands application payloads
 * (type bytes 0..126) to the TRON layer.
 */

import { randomBytes } from "node:crypto";
import { createServer, type Server, type Socket, connect as tcpConnect } from "node:net";
import { create } from "@bufbuild/protobuf";
import { bytesToHex, Libp2p, type Logger, utf8Encode } from "@tronode/engine/internal";
import { Channel, normalizeIp } from "./channel.js";
import { LIBP2P_VERSION, type UncompressFault } from "./compression.js";
import type { FrameFault } from "./frame-codec.js";
import {
  decodeLibp2pMessage,
  encodeLibp2pMessage,
  isLibp2pDecodeFault,
  type Libp2pMessage,
  MAX_APP_MESSAGE_TYPE,
} from "./messages.js";
import type { P2pStatsSink } from "./p2p-service.js";
import { type P2pTimings, resolveTimings } from "./timings.js";

/** libp2p's DisconnectCode (the `code` of a hello that refuses). */
export const DisconnectCode = {
  NORMAL: 0,
  TOO_MANY_PEERS: 1,
  DIFFERENT_VERSION: 2,
  TIME_BANNED: 3,
  DUPLICATE_PEER: 4,
  MAX_CONNECTION_WITH_SAME_IP: 5,
  UNKNOWN: 256,
} as const;

const R = Libp2p.DisconnectReason;

/** ChannelManager.getDisconnectReason. */
function reasonOfCode(code: number): Libp2p.DisconnectReason {
  switch (code) {
    case DisconnectCode.DIFFERENT_VERSION:
      return R.DIFFERENT_VERSION;
    case DisconnectCode.TIME_BANNED:
      return R.RECENT_DISCONNECT;
    case DisconnectCode.DUPLICATE_PEER:
      return R.DUPLICATE_PEER;
    case DisconnectCode.TOO_MANY_PEERS:
      return R.TOO_MANY_PEERS;
    case DisconnectCode.MAX_CONNECTION_WITH_SAME_IP:
      return R.TOO_MANY_PEERS_WITH_SAME_IP;
    default:
      return R.UNKNOWN;
  }
}

/** libp2p's NetUtil IPv4 pattern (first octet 1..255, no leading zeros). */
const IPV4 =
  /^(1\d{2}|2[0-4]\d|25[0-5]|[1-9]\d|[1-9])\.(1\d{2}|2[0-4]\d|25[0-5]|[1-9]\d|\d)\.(1\d{2}|2[0-4]\d|25[0-5]|[1-9]\d|\d)\.(1\d{2}|2[0-4]\d|25[0-5]|[1-9]\d|\d)$/;
/** A permissive IPv6 text check (libp2p's pattern accepts the standard and compressed forms). */
const IPV6 = /^[0-9a-fA-F:]+(%\w+)?$/;

/** Bytes of a libp2p node id (hellos and discovery carry it). */
export const NODE_ID_LENGTH = 64;

/** The peer address list entry of `--peer host:port`. */
export interface PeerAddress {
  readonly host: string;
  readonly port: number;
}

/** Where the libp2p layer listens, whom it dials and trusts, its limits and its timings. */
export interface ChannelManagerOptions {
  readonly networkId: number;
  /** Address to listen on (TCP). */
  readonly listenHost: string;
  /** 0 = any free port (tests). */
  readonly listenPort: number;
  /** The IPv4 text put in our endpoint (libp2p's p2pConfig.ip). */
  readonly advertisedIp: string;
  /** `node.active`: dialed and re-dialed, and trusted. */
  readonly activeNodes: readonly PeerAddress[];
  /** `node.passive`: IPs trusted inbound. */
  readonly trustedIps?: readonly string[];
  readonly maxConnections: number;
  readonly maxConnectionsWithSameIp: number;
  /** Our 64-byte node id (random per start when absent). */
  readonly nodeId?: Uint8Array;
  readonly logger: Logger;
  readonly timings?: Partial<P2pTimings>;
  readonly now?: () => number;
  /** Nodes found by discovery that may be dialed to fill the pool (getConnectableNodes). */
  readonly discovered?: () => readonly PeerAddress[];
  /** node.minConnections: the pool dials discovered nodes up to this many channels (default 8). */
  readonly minConnections?: number;
  readonly stats?: P2pStatsSink;
}

/** The layer above the channels (the TRON layer): told of each admitted peer, its payloads and its end. */
export interface ChannelHandler {
  /** Both hellos exchanged: the TRON layer starts its own handshake. */
  onConnect(channel: Channel): void;
  /** An application payload (type 0..126). */
  onMessage(channel: Channel, payload: Uint8Array): void;
  onDisconnect(channel: Channel): void;
}

/** The libp2p layer: listener, dial pool, admission and bans, keep-alive; payloads go to a ChannelHandler. */
export class ChannelManager {
  readonly nodeId: Uint8Array;
  private readonly timings: P2pTimings;
  private readonly now: () => number;
  /** Admitted channels, by remote socket address. */
  private readonly channels = new Map<string, Channel>();
  /** Every open socket we know about (admitted or still in the libp2p handshake). */
  private readonly sockets = new Set<Channel>();
  /** Ban expiry (ms) by IP. */
  private readonly banned = new Map<string, number>();
  private readonly trusted: Set<string>;
  private server: Server | undefined;
  private poolTimer: NodeJS.Timeout | undefined;
  private keepAliveTimer: NodeJS.Timeout | undefined;
  private handler: ChannelHandler | undefined;
  private boundPort = 0;
  private closing = false;
  /** Dials in flight, by target address (no second dial to the same address meanwhile). */
  private readonly dialing = new Set<string>();
  /** IPs of discovered nodes dialed lately (ConnPoolService.peerClientCache, 120 s). */
  private readonly recentlyDialed = new Map<string, number>();

  constructor(private readonly options: ChannelManagerOptions) {
    this.nodeId = options.nodeId ?? new Uint8Array(randomBytes(NODE_ID_LENGTH));
    this.timings = resolveTimings(options.timings);
    this.now = options.now ?? Date.now;
    this.trusted = new Set([...(options.trustedIps ?? []), ...options.activeNodes.map((a) => a.host)]);
  }

  get port(): number {
    return this.boundPort;
  }

  get nodeIdHex(): string {
    return bytesToHex(this.nodeId);
  }

  /** Admitted channels (libp2p's ChannelManager.getChannels). */
  admitted(): Channel[] {
    return [...this.channels.values()];
  }

  /** Bans in force: IP → expiry (ms). */
  bans(): ReadonlyMap<string, number> {
    return this.banned;
  }

  setHandler(handler: ChannelHandler): void {
    this.handler = handler;
  }

  async start(): Promise<void> {
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.options.listenPort, this.options.listenHost, () => {
        server.off("error", reject);
        resolve();
      });
    });
    const address = server.address();
    this.boundPort = typeof address === "object" && address ? address.port : this.options.listenPort;
    this.poolTimer = setTimeout(() => this.poolLoop(), this.timings.poolFirstDialMs);
    this.keepAliveTimer = setInterval(
      () => this.guard("keep-alive", () => this.keepAlive()),
      this.timings.keepAliveCheckMs,
    );
  }

  /** Closes every channel (DISCONNECT PEER_QUITING is the TRON layer's) and the server. */
  async stop(): Promise<void> {
    this.closing = true;
    if (this.poolTimer) clearTimeout(this.poolTimer);
    if (this.keepAliveTimer) clearInterval(this.keepAliveTimer);
    for (const channel of this.sockets) channel.close(0);
    await new Promise<void>((resolve) => {
      if (!this.server) return resolve();
      this.server.close(() => resolve());
      // sockets still draining must not hold the close
      for (const channel of this.sockets) channel.destroy();
    });
  }

  /** Our endpoint as libp2p's getHomeNode builds it (the ASCII IP, the listen port, the node id). */
  homeEndpoint() {
    return {
      address: utf8Encode(this.options.advertisedIp),
      port: this.boundPort,
      nodeId: this.nodeId,
    };
  }

  /** Dials one address now (the pool loop does this for every `--peer`). */
  connect(target: PeerAddress): void {
    const key = `${target.host}:${target.port}`;
    if (this.closing || this.dialing.has(key)) return;
    this.dialing.add(key);
    const local = this.options.listenHost;
    const bindLocal = local !== "0.0.0.0" && local !== "::" && local !== "" ? local : undefined;
    const socket = tcpConnect({
      host: target.host,
      port: target.port,
      ...(bindLocal ? { localAddress: bindLocal } : {}),
    });
    const timer = setTimeout(() => socket.destroy(), this.timings.connectTimeoutMs);
    socket.once("error", () => {
      clearTimeout(timer);
      this.dialing.delete(key);
    });
    socket.once("connect", () => {
      clearTimeout(timer);
      this.dialing.delete(key);
      const channel = this.track(socket, true);
      // the dialer speaks first: its hello (HandshakeService.startHandshake)
      this.sendHello(channel, DisconnectCode.NORMAL, BigInt(channel.startTime));
    });
  }

  /** Closes a channel and bans its IP for `banMs` (java-tron's Channel.close(banTime)). */
  close(channel: Channel, banMs: number = this.timings.defaultBanMs): void {
    this.ban(channel.remoteAddress, banMs);
    channel.close(banMs);
  }

  /** ChannelManager.banNode: a ban in force stays as it is; only an absent or expired one is set. */
  private ban(ip: string, banMs: number): void {
    const now = this.now();
    const current = this.banned.get(ip);
    if (current === undefined || current < now) this.banned.set(ip, now + banMs);
  }

  /**
   * ConnPoolService.connect's second part: discovered nodes fill the pool up to minConnections,
   * skipping banned IPs, IPs at their connection limit, addresses in use and IPs dialed in the
   * last 120 s.
   */
  private dialDiscovered(inUse: Set<string>): void {
    const discovered = this.options.discovered?.() ?? [];
    const now = this.now();
    const open = [...this.sockets].filter((c) => !c.isDisconnect);
    let lack = (this.options.minConnections ?? 8) - open.length - this.dialing.size;
    for (const node of discovered) {
      if (lack <= 0) break;
      const key = `${node.host}:${node.port}`;
      const banned = this.banned.get(node.host);
      const dialed = this.recentlyDialed.get(node.host);
      const sameIp = open.filter((c) => c.remoteAddress === node.host).length;
      if (
        inUse.has(key) ||
        (banned !== undefined && now <= banned) ||
        (dialed !== undefined && now - dialed < 120_000) ||
        sameIp >= this.options.maxConnectionsWithSameIp ||
        (node.host === this.options.advertisedIp && node.port === this.boundPort)
      ) {
        continue;
      }
      inUse.add(key);
      this.recentlyDialed.set(node.host, now);
      this.connect(node);
      lack--;
    }
  }

  /** A timer task that fails is logged and tried again next time (java-tron's executors do the same). */
  private guard(task: string, step: () => void): void {
    try {
      step();
    } catch (e) {
      this.options.logger.error({ task, err: (e as Error).message }, "p2p task failed");
    }
  }

  private accept(socket: Socket): void {
    if (this.closing) {
      socket.destroy();
      return;
    }
    this.track(socket, false);
  }

  private track(socket: Socket, active: boolean): Channel {
    const ip = normalizeIp(socket.remoteAddress ?? "");
    const channel = new Channel({
      socket,
      active,
      trusted: this.trusted.has(ip),
      now: this.now,
      readIdleMs: this.timings.readIdleMs,
      ...(this.options.stats ? { stats: this.options.stats } : {}),
      events: {
        onPayload: (c, payload) => this.process(c, payload),
        onFrameFault: (c, fault) => this.frameFault(c, fault),
        onUncompressFault: (c, fault) => this.uncompressFault(c, fault),
        onClosed: (c) => this.closed(c),
      },
    });
    this.sockets.add(channel);
    return channel;
  }

  private frameFault(channel: Channel, fault: FrameFault): void {
    this.options.logger.warn({ peer: channel.remoteKey, fault }, "bad frame");
    if (fault.kind === "too-big") channel.sendDisconnect(R.BAD_MESSAGE);
    this.close(channel);
  }

  private uncompressFault(channel: Channel, fault: UncompressFault): void {
    this.options.logger.warn({ peer: channel.remoteKey, fault }, "bad compressed message");
    // MessageHandler.decode: PARSE_MESSAGE_FAILED → BAD_MESSAGE; BIG_MESSAGE → UNKNOWN; I/O: close
    if (fault.kind === "BAD_MESSAGE") channel.sendDisconnect(R.BAD_MESSAGE);
    else if (fault.kind === "BIG_MESSAGE") channel.sendDisconnect(R.UNKNOWN);
    this.close(channel);
  }

  /** ChannelManager.processMessage. */
  private process(channel: Channel, data: Uint8Array): void {
    if (data.length === 0) {
      channel.sendDisconnect(R.EMPTY_MESSAGE);
      this.close(channel);
      return;
    }
    const type = data[0]!;
    if (type < 0x80) {
      this.appMessage(channel, data);
      return;
    }
    const message = decodeLibp2pMessage(data);
    if (isLibp2pDecodeFault(message)) {
      channel.sendDisconnect(message.kind === "NO_SUCH_MESSAGE" ? R.NO_SUCH_MESSAGE : R.BAD_MESSAGE);
      this.close(channel);
      return;
    }
    if (!this.valid(message)) {
      channel.sendDisconnect(R.BAD_MESSAGE);
      this.close(channel);
      return;
    }
    switch (message.type) {
      case "KEEP_ALIVE_PING":
        channel.send(encodeLibp2pMessage({ type: "KEEP_ALIVE_PONG", timestamp: BigInt(this.now()) }));
        return;
      case "KEEP_ALIVE_PONG":
        channel.updateAvgLatency(this.now() - channel.pingSent);
        channel.waitForPong = false;
        return;
      case "HANDSHAKE_HELLO":
        this.hello(channel, message.hello);
        return;
      case "STATUS":
        // NodeDetectService: a detect channel someone opened to us gets our status, then closes;
        // we never open detect channels (node.nodeDetectEnable = false), so on ours it just closes
        if (!channel.active) {
          channel.send(
            encodeLibp2pMessage({
              type: "STATUS",
              status: create(Libp2p.StatusMessageSchema, {
                from: this.homeEndpoint(),
                maxConnections: this.options.maxConnections,
                currentConnections: this.channels.size,
                networkId: this.options.networkId,
                timestamp: BigInt(this.now()),
              }),
            }),
          );
        }
        this.close(channel);
        return;
      case "DISCONNECT":
        this.options.logger.info(
          { peer: channel.remoteKey, reason: R[message.reason] },
          "peer disconnected (libp2p)",
        );
        this.close(channel);
        return;
    }
  }

  /** Message.valid() of each control message. */
  private valid(message: Libp2pMessage): boolean {
    switch (message.type) {
      case "KEEP_ALIVE_PING":
      case "KEEP_ALIVE_PONG":
        return (
          message.timestamp > 0n && message.timestamp <= BigInt(this.now() + this.timings.networkTimeDiffMs)
        );
      case "HANDSHAKE_HELLO":
        return validEndpoint(message.hello.from);
      case "STATUS":
        return validEndpoint(message.status.from);
      default:
        return true;
    }
  }

  /** ChannelManager.handMessage: an application message (type 0..126). */
  private appMessage(channel: Channel, data: Uint8Array): void {
    if (data[0]! > MAX_APP_MESSAGE_TYPE) {
      channel.sendDisconnect(R.NO_SUCH_MESSAGE);
      this.close(channel);
      return;
    }
    if (!channel.finishHandshake) {
      // libp2p v0.1 compatibility: an app message first means "no libp2p hello, no compression"
      channel.finishHandshake = true;
      const code = this.admit(channel);
      if (code !== DisconnectCode.NORMAL) {
        channel.sendDisconnect(reasonOfCode(code));
        this.close(channel);
        return;
      }
      this.handler?.onConnect(channel);
    }
    this.handler?.onMessage(channel, data);
  }

  /** HandshakeService.processMessage. */
  private hello(channel: Channel, msg: Libp2p.HelloMessage): void {
    if (channel.finishHandshake) {
      channel.sendDisconnect(R.DUP_HANDSHAKE);
      this.close(channel);
      return;
    }
    channel.hello = msg;
    channel.nodeId = bytesToHex(msg.from!.nodeId);
    channel.peerVersion = msg.version;
    const code = this.admit(channel);
    if (code !== DisconnectCode.NORMAL) {
      if (!channel.active) this.sendHello(channel, code, msg.timestamp);
      this.options.logger.info(
        { peer: channel.remoteKey, reason: R[reasonOfCode(code)] },
        "peer refused at the libp2p handshake",
      );
      this.close(channel);
      return;
    }
    this.updateNodeId(channel, channel.nodeId);
    if (channel.isDisconnect) return;
    const networkId = this.options.networkId;
    if (channel.active) {
      if (msg.code !== DisconnectCode.NORMAL || (msg.networkId !== networkId && msg.version !== networkId)) {
        this.options.logger.info(
          { peer: channel.remoteKey, code: msg.code, networkId: msg.networkId, version: msg.version },
          "libp2p handshake failed",
        );
        this.close(channel);
        return;
      }
    } else {
      if (msg.networkId !== networkId) {
        this.options.logger.info(
          { peer: channel.remoteKey, peer_network: msg.networkId, network: networkId },
          "peer on a different network id",
        );
        this.sendHello(channel, DisconnectCode.DIFFERENT_VERSION, msg.timestamp);
        this.close(channel);
        return;
      }
      this.sendHello(channel, DisconnectCode.NORMAL, msg.timestamp);
    }
    channel.finishHandshake = true;
    channel.updateAvgLatency(this.now() - channel.startTime);
    this.handler?.onConnect(channel);
  }

  private sendHello(channel: Channel, code: number, timestamp: bigint): void {
    const hello = create(Libp2p.HelloMessageSchema, {
      from: this.homeEndpoint(),
      networkId: this.options.networkId,
      code,
      version: LIBP2P_VERSION,
      timestamp,
    });
    channel.send(encodeLibp2pMessage({ type: "HANDSHAKE_HELLO", hello }));
  }

  /** ChannelManager.processPeer: admission of inbound untrusted peers, then node-id duplicates. */
  private admit(channel: Channel): number {
    if (!channel.active && !channel.trusted) {
      const until = this.banned.get(channel.remoteAddress);
      if (until !== undefined && until > this.now()) return DisconnectCode.TIME_BANNED;
      if (this.channels.size >= this.options.maxConnections) return DisconnectCode.TOO_MANY_PEERS;
      const sameIp = [...this.channels.values()].filter(
        (c) => c.remoteAddress === channel.remoteAddress,
      ).length;
      if (sameIp >= this.options.maxConnectionsWithSameIp) return DisconnectCode.MAX_CONNECTION_WITH_SAME_IP;
    }
    if (channel.nodeId) {
      for (const c of this.channels.values()) {
        if (c !== channel && c.nodeId === channel.nodeId && !c.isDisconnect) {
          if (this.later(c, channel) === c) this.close(c);
          else return DisconnectCode.DUPLICATE_PEER;
        }
      }
    }
    this.channels.set(channel.remoteKey, channel);
    return DisconnectCode.NORMAL;
  }

  /**
   * ChannelManager.updateNodeId: our own id coming back means a connection to ourselves; of two
   * channels to one node id the later one is closed.
   */
  updateNodeId(channel: Channel, nodeId: string): void {
    channel.nodeId = nodeId;
    if (nodeId === this.nodeIdHex) {
      channel.sendDisconnect(R.DUPLICATE_PEER);
      this.close(channel);
      return;
    }
    const same = [...this.channels.values()].filter((c) => c.nodeId === nodeId && !c.isDisconnect);
    if (same.length <= 1) return;
    const [c1, c2] = same as [Channel, Channel];
    const later = this.later(c1, c2);
    later.sendDisconnect(R.DUPLICATE_PEER);
    this.close(later);
  }

  /**
   * Of two channels to one node, the one to close. java-tron closes the one that started later;
   * when the two nodes dialed each other at once, each side may then close a different one and
   * both go. So for two channels of opposite directions both sides keep the one dialed by the
   * node with the higher id (the same choice on both ends); otherwise the later one goes.
   */
  private later(c1: Channel, c2: Channel): Channel {
    if (c1.active !== c2.active && c1.nodeId) {
      const weDialHigher = this.nodeIdHex > c1.nodeId;
      const ours = c1.active ? c1 : c2;
      const theirs = c1.active ? c2 : c1;
      return weDialHigher ? theirs : ours;
    }
    return c1.startTime > c2.startTime ? c1 : c2;
  }

  private closed(channel: Channel): void {
    this.sockets.delete(channel);
    const admitted = this.channels.get(channel.remoteKey) === channel;
    if (admitted) this.channels.delete(channel.remoteKey);
    // ChannelManager.notifyDisconnect / Channel.close: every close bans the IP ≥ 60 s
    // (banNode keeps a ban in force as it is: only an absent or expired one is set)
    const ban = Math.max(channel.banMs, this.timings.defaultBanMs);
    const current = this.banned.get(channel.remoteAddress);
    if (current === undefined || current < this.now())
      this.banned.set(channel.remoteAddress, this.now() + ban);
    if (admitted || channel.finishHandshake) this.handler?.onDisconnect(channel);
  }

  /** KeepAliveService: every 2 s, ping channels idle for 20 s; drop those whose pong is 20 s late. */
  private keepAlive(): void {
    const now = this.now();
    for (const channel of this.channels.values()) {
      if (channel.isDisconnect) continue;
      if (channel.waitForPong) {
        if (now - channel.pingSent > this.timings.keepAliveTimeoutMs) {
          channel.sendDisconnect(R.PING_TIMEOUT);
          this.close(channel);
        }
      } else if (now - channel.lastSendTime > this.timings.pingIdleMs && channel.finishHandshake) {
        channel.send(encodeLibp2pMessage({ type: "KEEP_ALIVE_PING", timestamp: BigInt(now) }));
        channel.waitForPong = true;
        channel.pingSent = now;
      }
    }
  }

  /**
   * ConnPoolService.connect for the static part: every `--peer` without a channel is dialed (first
   * after 200 ms, then every 3.6 s). java-tron skips an address whose IP already has any channel;
   * tronode skips one whose address (the socket's or the one its hello announced) has a channel.
   */
  private poolLoop(): void {
    if (this.closing) return;
    const inUse = new Set<string>();
    for (const c of this.sockets) {
      if (c.isDisconnect) continue;
      inUse.add(c.remoteKey);
      const from = c.hello?.from;
      if (from) inUse.add(`${new TextDecoder().decode(from.address)}:${from.port}`);
    }
    for (const target of this.options.activeNodes) {
      const key = `${target.host}:${target.port}`;
      if (!inUse.has(key)) {
        inUse.add(key);
        this.guard("dial", () => this.connect(target));
      }
    }
    this.guard("dial discovered nodes", () => this.dialDiscovered(inUse));
    this.poolTimer = setTimeout(() => this.poolLoop(), this.timings.poolIntervalMs);
  }
}

/** libp2p's NetUtil.validNode on a hello's `from`. */
export function validEndpoint(
  from: { address: Uint8Array; addressIpv6: Uint8Array; nodeId: Uint8Array } | undefined,
): boolean {
  if (!from || from.nodeId.length !== NODE_ID_LENGTH) return false;
  const v4 = new TextDecoder().decode(from.address);
  const v6 = new TextDecoder().decode(from.addressIpv6);
  if (v4 === "" && v6 === "") return false;
  if (v4 !== "" && !IPV4.test(v4)) return false;
  if (v6 !== "" && !IPV6.test(v6)) return false;
  return true;
}
