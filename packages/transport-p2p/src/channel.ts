/**
 * One TCP connection at the libp2p layer (libp2p's Channel): framing, the compression switch once
 * the libp2p handshake is done, the keep-alive bookkeeping, and closing with a ban of the remote IP.
 */

import type { Socket } from "node:net";
import type { Libp2p } from "@tronode/engine/internal";
import {
  isUncompressFault,
  LIBP2P_VERSION,
  type UncompressFault,
  unwrapCompressed,
  wrapCompressed,
} from "./compression.js";
import { encodeFrame, FrameDecoder, type FrameFault } from "./frame-codec.js";
import { encodeLibp2pMessage } from "./messages.js";
import type { P2pStatsSink } from "./p2p-service.js";

/** What a channel tells its manager: payloads, framing and envelope faults, and its closing. */
export interface ChannelEvents {
  /** A complete payload `[type][protobuf]` (uncompressed). */
  onPayload(channel: Channel, payload: Uint8Array): void;
  /** The stream broke a framing rule (the manager answers and closes). */
  onFrameFault(channel: Channel, fault: FrameFault): void;
  /** The compression envelope was bad. */
  onUncompressFault(channel: Channel, fault: UncompressFault): void;
  /** The socket closed (for whatever reason); `banMs` is the ban the closing side asked for. */
  onClosed(channel: Channel): void;
}

/** The socket of a channel, which side dialed, whether it is trusted, and its read timeout. */
export interface ChannelOptions {
  readonly socket: Socket;
  /** We dialed (java-tron's "active"). */
  readonly active: boolean;
  readonly trusted: boolean;
  readonly now: () => number;
  readonly events: ChannelEvents;
  /** Closes the connection when nothing was read for this long (Netty's ReadTimeoutHandler, 60 s). */
  readonly readIdleMs: number;
  readonly stats?: P2pStatsSink;
}

let nextChannelId = 1;

/** One peer's TCP connection at the libp2p layer and its handshake and keep-alive state. */
export class Channel {
  readonly id = nextChannelId++;
  readonly startTime: number;
  readonly active: boolean;
  readonly trusted: boolean;
  readonly remoteAddress: string;
  readonly remotePort: number;
  /** The libp2p hello received (with the peer's endpoint and version). */
  hello: Libp2p.HelloMessage | undefined;
  /** Hex of the peer's 64-byte node id, once known. */
  nodeId: string | undefined;
  /** The peer's libp2p version (compression when ≥ 1 on both sides). */
  peerVersion = 0;
  finishHandshake = false;
  isDisconnect = false;
  disconnectTime = 0;
  lastSendTime: number;
  waitForPong = false;
  pingSent: number;
  avgLatency = 0;
  private latencySamples = 0;
  /** Ban (ms) to apply to the remote IP when the close completes. */
  banMs = 0;
  private readonly decoder = new FrameDecoder();
  private idleTimer: NodeJS.Timeout | undefined;

  constructor(private readonly options: ChannelOptions) {
    const { socket } = options;
    this.active = options.active;
    this.trusted = options.trusted;
    this.startTime = options.now();
    this.lastSendTime = this.startTime;
    this.pingSent = this.startTime;
    this.remoteAddress = normalizeIp(socket.remoteAddress ?? "");
    this.remotePort = socket.remotePort ?? 0;
    socket.setNoDelay(true);
    socket.on("data", (chunk: Buffer) => {
      options.stats?.traffic("tcpIn", chunk.length);
      this.receive(chunk);
    });
    socket.on("error", () => {
      // an I/O error closes the channel (Channel.processException)
      this.close(0);
    });
    socket.on("close", () => {
      if (this.idleTimer) clearTimeout(this.idleTimer);
      if (!this.isDisconnect) {
        this.isDisconnect = true;
        this.disconnectTime = this.options.now();
      }
      this.options.events.onClosed(this);
    });
    this.armIdleTimer();
  }

  get remoteKey(): string {
    return `${this.remoteAddress}:${this.remotePort}`;
  }

  /** Whether payloads are wrapped in CompressMessage (both sides ≥ version 1, handshake done). */
  get compressing(): boolean {
    return this.finishHandshake && LIBP2P_VERSION >= 1 && this.peerVersion >= 1;
  }

  /** Sends `[type][protobuf]`, in a CompressMessage once the handshake is done. */
  send(payload: Uint8Array): void {
    if (this.isDisconnect) return;
    const data = this.compressing ? wrapCompressed(payload) : payload;
    const frame = encodeFrame(data);
    this.options.stats?.traffic("tcpOut", frame.length);
    this.options.socket.write(frame);
    this.lastSendTime = this.options.now();
  }

  /** Sends libp2p's DISCONNECT with a reason (compressed or not, as everything else). */
  sendDisconnect(reason: Libp2p.DisconnectReason): void {
    this.send(encodeLibp2pMessage({ type: "DISCONNECT", reason }));
  }

  /**
   * Closes the connection after what was written is flushed, and asks for the remote IP to be
   * banned for `banMs` (libp2p bans 60 s after any close, java-tron 1 h after a bad peer).
   */
  close(banMs: number): void {
    if (banMs > this.banMs) this.banMs = banMs;
    if (this.isDisconnect) return;
    this.isDisconnect = true;
    this.disconnectTime = this.options.now();
    this.options.socket.end();
    // a peer that never closes its side must not keep the socket: destroy soon after
    setTimeout(() => this.options.socket.destroy(), 1000).unref();
  }

  /** Drops the socket at once (shutdown). */
  destroy(): void {
    this.options.socket.destroy();
  }

  updateAvgLatency(latency: number): void {
    const total = this.avgLatency * this.latencySamples;
    this.latencySamples++;
    this.avgLatency = Math.trunc((total + latency) / this.latencySamples);
  }

  private armIdleTimer(): void {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(0), this.options.readIdleMs);
    this.idleTimer.unref();
  }

  private receive(chunk: Buffer): void {
    if (this.isDisconnect) return;
    this.armIdleTimer();
    const { frames, fault } = this.decoder.push(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.length));
    try {
      for (const frame of frames) {
        if (this.isDisconnect) return;
        if (this.finishHandshake && this.compressing) {
          const payload = unwrapCompressed(frame);
          if (isUncompressFault(payload)) {
            this.options.events.onUncompressFault(this, payload);
            return;
          }
          this.options.events.onPayload(this, payload);
        } else {
          this.options.events.onPayload(this, frame);
        }
      }
    } catch {
      // anything unexpected while handling a peer's bytes closes that channel (exceptionCaught)
      this.close(0);
      return;
    }
    if (fault && !this.isDisconnect) this.options.events.onFrameFault(this, fault);
  }
}

/** `::ffff:127.0.0.2` → `127.0.0.2`. */
export function normalizeIp(ip: string): string {
  return ip.startsWith("::ffff:") ? ip.slice(7) : ip;
}
