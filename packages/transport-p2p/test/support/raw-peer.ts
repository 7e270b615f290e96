/**
 * A hand-driven peer for protocol tests: a bare TCP socket from a chosen 127.0.0.x that writes
 * frames built byte by byte and reads what the node under test answers, decoded.
 */
import { connect, type Socket } from "node:net";
import { create } from "@bufbuild/protobuf";
import { type Block, HelloMessageSchema, Libp2p, utf8Encode } from "@tronode/engine/internal";
import { unwrapCompressed, wrapCompressed } from "../../src/compression.js";
import {
  type BlockRef,
  decodeLibp2pMessage,
  decodeTronMessage,
  encodeFrame,
  encodeLibp2pMessage,
  encodeTronMessage,
  FrameDecoder,
  type Libp2pMessage,
  type TronMessage,
} from "../../src/index.js";
import { refOf } from "./toy-chain.js";

export type Received = { layer: "libp2p"; message: Libp2pMessage } | { layer: "tron"; message: TronMessage };

let nextNodeByte = 1;

export function randomNodeId(): Uint8Array {
  const id = new Uint8Array(64).fill(nextNodeByte++ & 0xff);
  id[0] = 0x7f;
  return id;
}

export class RawPeer {
  readonly nodeId: Uint8Array;
  /** Wrap payloads in CompressMessage (after our libp2p handshake finished with version ≥ 1). */
  compressing = false;
  private readonly decoder = new FrameDecoder();
  private readonly inbox: Uint8Array[] = [];
  private waiter: (() => void) | undefined;
  private isClosed = false;
  readonly closed: Promise<void>;

  private constructor(
    readonly socket: Socket,
    readonly ip: string,
  ) {
    this.nodeId = randomNodeId();
    socket.on("data", (chunk: Buffer) => {
      const { frames } = this.decoder.push(new Uint8Array(chunk));
      this.inbox.push(...frames);
      this.waiter?.();
    });
    this.closed = new Promise((resolve) => {
      socket.on("close", () => {
        this.isClosed = true;
        this.waiter?.();
        resolve();
      });
    });
    socket.on("error", () => undefined);
  }

  static connect(port: number, ip: string): Promise<RawPeer> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: "127.0.0.1", port, localAddress: ip });
      socket.once("connect", () => resolve(new RawPeer(socket, ip)));
      socket.once("error", reject);
    });
  }

  get isOpen(): boolean {
    return !this.isClosed;
  }

  writeRaw(bytes: Uint8Array): void {
    this.socket.write(bytes);
  }

  /** Sends `[type][protobuf]` in a frame (wrapped when compressing). */
  sendPayload(payload: Uint8Array): void {
    this.writeRaw(encodeFrame(this.compressing ? wrapCompressed(payload) : payload));
  }

  sendTron(message: TronMessage): void {
    this.sendPayload(encodeTronMessage(message));
  }

  sendLibp2p(message: Libp2pMessage): void {
    this.sendPayload(encodeLibp2pMessage(message));
  }

  libp2pHello(options: {
    networkId: number;
    nodeId?: Uint8Array;
    version?: number;
    code?: number;
    address?: string;
  }): void {
    this.sendLibp2p({
      type: "HANDSHAKE_HELLO",
      hello: create(Libp2p.HelloMessageSchema, {
        from: {
          address: utf8Encode(options.address ?? this.ip),
          port: 18888,
          nodeId: options.nodeId ?? this.nodeId,
        },
        networkId: options.networkId,
        code: options.code ?? 0,
        timestamp: BigInt(Date.now()),
        version: options.version ?? 1,
      }),
    });
  }

  /** The next payload, decoded (undefined once the node closed the connection). */
  async next(timeoutMs = 3000): Promise<Received | undefined> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const frame = this.inbox.shift();
      if (frame) {
        const payload = this.compressing ? (unwrapCompressed(frame) as Uint8Array) : frame;
        if (payload[0]! >= 0x80)
          return { layer: "libp2p", message: decodeLibp2pMessage(payload) as Libp2pMessage };
        return { layer: "tron", message: decodeTronMessage(payload) as TronMessage };
      }
      if (this.isClosed) return undefined;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error("timed out waiting for a frame");
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiter = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiter = undefined;
    }
  }

  /** Skips keep-alive and the other side's chatter until a message of `type` arrives. */
  async expect<T extends Received["message"]["type"]>(
    type: T,
    timeoutMs = 3000,
  ): Promise<Extract<Received["message"], { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = await this.next(Math.max(1, deadline - Date.now()));
      if (!got) throw new Error(`connection closed while waiting for ${type}`);
      if (got.message.type === type) return got.message as Extract<Received["message"], { type: T }>;
    }
  }

  /** Reads until the node closes; the messages seen on the way. */
  async untilClosed(timeoutMs = 3000): Promise<Received[]> {
    const seen: Received[] = [];
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const got = await this.next(Math.max(1, deadline - Date.now()));
      if (!got) return seen;
      seen.push(got);
    }
  }

  /**
   * Both handshakes as a well-behaved dialer: the libp2p hello (then compression), the node's TRON
   * hello, and ours with the given chain ids.
   */
  async handshake(options: {
    networkId: number;
    genesis: Block;
    head: BlockRef;
    solid?: BlockRef;
    tronVersion?: number;
    version?: number;
  }): Promise<Extract<TronMessage, { type: "P2P_HELLO" }>> {
    this.libp2pHello({ networkId: options.networkId, version: options.version });
    const reply = await this.expect("HANDSHAKE_HELLO");
    if (reply.hello.code !== 0) throw new Error(`libp2p hello refused: code ${reply.hello.code}`);
    this.compressing = (options.version ?? 1) >= 1 && reply.hello.version >= 1;
    const theirs = await this.expect("P2P_HELLO");
    this.sendTron(this.tronHello(options));
    return theirs;
  }

  tronHello(options: {
    networkId: number;
    genesis: Block;
    head: BlockRef;
    solid?: BlockRef;
    tronVersion?: number;
    lowestBlockNum?: bigint;
  }): TronMessage {
    const id = (b: BlockRef) => ({ hash: b.id, number: b.number });
    const genesis = refOf(options.genesis);
    return {
      type: "P2P_HELLO",
      hello: create(HelloMessageSchema, {
        from: { address: utf8Encode(this.ip), port: 18888, nodeId: this.nodeId },
        version: options.tronVersion ?? options.networkId,
        timestamp: BigInt(Date.now()),
        genesisBlockId: id(genesis),
        solidBlockId: id(options.solid ?? genesis),
        headBlockId: id(options.head),
        lowestBlockNum: options.lowestBlockNum ?? 0n,
        codeVersion: utf8Encode("4.8.1"),
      }),
    };
  }

  close(): void {
    this.socket.destroy();
  }
}
