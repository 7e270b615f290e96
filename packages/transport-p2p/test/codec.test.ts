/**
 * The wire format byte for byte: libp2p framing (varint32 length, the 5 MiB limit, malformed
 * varints), the golden frames of the reference (a libp2p hello, a TRON ping, a libp2p ping and a
 * TRON disconnect after the handshake), the CompressMessage envelope with raw-block Snappy, and a
 * round trip of every message type of both layers.
 */
import { create } from "@bufbuild/protobuf";
import {
  BlockSchema,
  bytesToHex,
  HelloMessageSchema,
  Libp2p,
  ReasonCode,
  TransactionSchema,
} from "@tronode/engine/internal";
import * as snappy from "snappyjs";
import { describe, expect, it } from "vitest";
import { isUncompressFault, unwrapCompressed, wrapCompressed } from "../src/compression.js";
import {
  decodeLibp2pMessage,
  decodeTronMessage,
  encodeFrame,
  encodeLibp2pMessage,
  encodeTronMessage,
  FrameDecoder,
  type Libp2pMessage,
  MAX_MESSAGE_LENGTH,
  type TronMessage,
} from "../src/index.js";

const hex = (b: Uint8Array) => bytesToHex(b);
const NODE_ID = new Uint8Array(64).fill(0x11);

describe("frames", () => {
  it("the reference's libp2p hello is a 97-byte frame", () => {
    const hello = create(Libp2p.HelloMessageSchema, {
      from: { address: new TextEncoder().encode("127.0.0.1"), port: 18888, nodeId: NODE_ID },
      networkId: 11111,
      code: 0,
      timestamp: 1_700_000_000_000n,
      version: 1,
    });
    const frame = encodeFrame(encodeLibp2pMessage({ type: "HANDSHAKE_HELLO", hello }));
    expect(frame.length).toBe(97);
    expect(hex(frame)).toBe(
      `60fd0a510a093132372e302e302e3110c893011a40${"11".repeat(64)}10e7562080d095ffbc312801`,
    );
  });

  it("after the handshake: a TRON ping, a libp2p ping and a TRON disconnect as the reference computes them", () => {
    const ping = encodeFrame(wrapCompressed(encodeTronMessage({ type: "P2P_PING" })));
    expect(hex(ping)).toBe("04120222c0");
    const keepAlive = encodeFrame(
      wrapCompressed(encodeLibp2pMessage({ type: "KEEP_ALIVE_PING", timestamp: 1_700_000_000_000n })),
    );
    expect(hex(keepAlive)).toBe("0a1208ff0880d095ffbc31");
    const timeout = encodeFrame(
      wrapCompressed(encodeTronMessage({ type: "P2P_DISCONNECT", reason: ReasonCode.TIME_OUT })),
    );
    expect(hex(timeout)).toBe("0512032108" + "20");
  });

  it("raw-block Snappy of 'a' is 01 00 61, and a long payload travels compressed", () => {
    expect(hex(snappy.compress(new TextEncoder().encode("a")))).toBe("010061");
    const block = create(BlockSchema, {
      blockHeader: { rawData: { number: 7n, witnessAddress: new Uint8Array(21) } },
    });
    const payload = encodeTronMessage({ type: "BLOCK", block, size: 0 });
    const big = new Uint8Array(4000).fill(0x61);
    const wrapped = wrapCompressed(big);
    expect(wrapped[0]).toBe(0x08); // type = snappy (1) present
    expect(wrapped.length).toBeLessThan(400);
    expect(unwrapCompressed(wrapped)).toEqual(big);
    // a short payload that does not shrink goes uncompressed (type omitted)
    expect(wrapCompressed(Uint8Array.of(0x22, 0xc0))[0]).toBe(0x12);
    expect(unwrapCompressed(wrapCompressed(payload))).toEqual(payload);
  });

  it("refuses an envelope whose uncompressed length is 5 MiB or more, and garbage", () => {
    const preamble = [0x80, 0x80, 0xc0, 0x02]; // varint 5 MiB
    const envelope = Uint8Array.of(0x08, 0x01, 0x12, preamble.length + 1, ...preamble, 0x00);
    const fault = unwrapCompressed(envelope);
    expect(isUncompressFault(fault) && fault.kind).toBe("BIG_MESSAGE");
    const garbage = unwrapCompressed(Uint8Array.of(0x12, 0x09, 0x01));
    expect(isUncompressFault(garbage) && garbage.kind).toBe("BAD_MESSAGE");
  });

  it("splits a stream into frames across chunk boundaries", () => {
    const a = encodeFrame(Uint8Array.of(1, 2, 3));
    const b = encodeFrame(new Uint8Array(300).fill(9));
    const stream = new Uint8Array([...a, ...b]);
    const decoder = new FrameDecoder();
    const frames: Uint8Array[] = [];
    for (let i = 0; i < stream.length; i += 7) frames.push(...decoder.push(stream.subarray(i, i + 7)).frames);
    expect(frames).toEqual([Uint8Array.of(1, 2, 3), new Uint8Array(300).fill(9)]);
    expect(decoder.pending).toBe(0);
  });

  it("faults on a length of 5 MiB or more, a malformed varint and a negative length", () => {
    const big = new FrameDecoder().push(Uint8Array.of(0x80, 0x80, 0xc0, 0x02));
    expect(big.fault).toEqual({ kind: "too-big", length: MAX_MESSAGE_LENGTH });
    const justUnder = new FrameDecoder().push(Uint8Array.of(0xff, 0xff, 0xbf, 0x02));
    expect(justUnder.fault).toBeUndefined();
    const malformed = new FrameDecoder().push(Uint8Array.of(0x80, 0x80, 0x80, 0x80, 0x80, 0x01));
    expect(malformed.fault?.kind).toBe("corrupted");
    const negative = new FrameDecoder().push(Uint8Array.of(0xff, 0xff, 0xff, 0xff, 0x0f));
    expect(negative.fault).toEqual({ kind: "corrupted", reason: "negative length: -1" });
  });
});

describe("every message type round-trips", () => {
  const tx = create(TransactionSchema, {
    rawData: { refBlockBytes: Uint8Array.of(1, 2), timestamp: 5n, contract: [{ type: 1 }] },
  });
  const block = create(BlockSchema, {
    transactions: [tx],
    blockHeader: { rawData: { number: 9n, timestamp: 3000n, witnessAddress: new Uint8Array(21).fill(0x41) } },
  });
  /** A block id: the number in its first 8 bytes, as every real one has. */
  const id = (n: number) => {
    const b = new Uint8Array(32).fill(0xaa);
    b.fill(0, 0, 7);
    b[7] = n;
    return b;
  };
  const hello = create(HelloMessageSchema, {
    from: { address: new TextEncoder().encode("127.0.0.2"), port: 18888, nodeId: NODE_ID },
    version: 333,
    timestamp: 1n,
    genesisBlockId: { hash: id(0), number: 0n },
    solidBlockId: { hash: id(1), number: 1n },
    headBlockId: { hash: id(2), number: 2n },
    codeVersion: new TextEncoder().encode("4.8.1"),
  });
  const tron: [number, TronMessage][] = [
    [0x02, { type: "BLOCK", block, size: 0 }],
    [0x03, { type: "TRXS", transactions: [tx, tx] }],
    [0x06, { type: "INVENTORY", inventoryType: "BLOCK", ids: [id(1), id(2)] }],
    [0x07, { type: "FETCH_INV_DATA", inventoryType: "TRX", ids: [id(3)] }],
    [
      0x08,
      {
        type: "SYNC_BLOCK_CHAIN",
        ids: [
          { id: id(0), number: 0n },
          { id: id(5), number: 5n },
        ],
      },
    ],
    [0x09, { type: "BLOCK_CHAIN_INVENTORY", ids: [{ id: id(5), number: 5n }], remainNum: 17n }],
    [0x14, { type: "PBFT_COMMIT_MSG", data: Uint8Array.of(1), signatures: [Uint8Array.of(2)] }],
    [0x20, { type: "P2P_HELLO", hello }],
    [0x21, { type: "P2P_DISCONNECT", reason: ReasonCode.BAD_BLOCK }],
    [0x22, { type: "P2P_PING" }],
    [0x23, { type: "P2P_PONG" }],
    [0x34, { type: "PBFT_MSG", bytes: Uint8Array.of(0x12, 0x01, 0x05) }],
  ];
  for (const [type, message] of tron) {
    it(`TRON 0x${type.toString(16).padStart(2, "0")} ${message.type}`, () => {
      const bytes = encodeTronMessage(message);
      expect(bytes[0]).toBe(type);
      const back = decodeTronMessage(bytes);
      expect("kind" in back).toBe(false);
      expect(encodeTronMessage(back as TronMessage)).toEqual(bytes);
      // the frame and the envelope leave it unchanged
      const [frame] = new FrameDecoder().push(encodeFrame(wrapCompressed(bytes))).frames;
      expect(unwrapCompressed(frame!)).toEqual(bytes);
    });
  }

  it("TRON 0x01 TRX parses but is not dispatched (NO_SUCH_MESSAGE); unused types and garbage fail", () => {
    expect(decodeTronMessage(encodeTronMessage({ type: "TRX", transaction: tx }))).toEqual({
      kind: "NO_SUCH_MESSAGE",
      detail: "TRX",
    });
    for (const t of [0x04, 0x05, 0x10, 0x11, 0x12, 0x13, 0x30, 0x31, 0x32, 0x33, 0x0a, 0x7e]) {
      expect((decodeTronMessage(Uint8Array.of(t, 0x08, 0x01)) as { kind: string }).kind).toBe(
        "NO_SUCH_MESSAGE",
      );
    }
    expect((decodeTronMessage(Uint8Array.of(0x02, 0x0a, 0xff)) as { kind: string }).kind).toBe(
      "PARSE_MESSAGE_FAILED",
    );
    expect((decodeTronMessage(Uint8Array.of(0x34, 0x0a, 0xff)) as { kind: string }).kind).toBe("BAD_PBFT");
  });

  it("a block id's number is re-applied to its first 8 bytes, as java-tron's BlockId(hash, num) does", () => {
    const bytes = encodeTronMessage({
      type: "SYNC_BLOCK_CHAIN",
      ids: [{ id: new Uint8Array(32).fill(0xff), number: 3n }],
    });
    const back = decodeTronMessage(bytes) as Extract<TronMessage, { type: "SYNC_BLOCK_CHAIN" }>;
    expect(hex(back.ids[0]!.id)).toBe(`0000000000000003${"ff".repeat(24)}`);
  });

  const libp2p: [number, Libp2pMessage][] = [
    [0xff, { type: "KEEP_ALIVE_PING", timestamp: 12n }],
    [0xfe, { type: "KEEP_ALIVE_PONG", timestamp: 13n }],
    [
      0xfd,
      {
        type: "HANDSHAKE_HELLO",
        hello: create(Libp2p.HelloMessageSchema, {
          from: { nodeId: NODE_ID, port: 1 },
          networkId: 7,
          version: 1,
        }),
      },
    ],
    [
      0xfc,
      { type: "STATUS", status: create(Libp2p.StatusMessageSchema, { networkId: 7, maxConnections: 30 }) },
    ],
    [0xfb, { type: "DISCONNECT", reason: Libp2p.DisconnectReason.DUP_HANDSHAKE }],
  ];
  for (const [type, message] of libp2p) {
    it(`libp2p 0x${type.toString(16)} ${message.type}`, () => {
      const bytes = encodeLibp2pMessage(message);
      expect(bytes[0]).toBe(type);
      expect(encodeLibp2pMessage(decodeLibp2pMessage(bytes) as Libp2pMessage)).toEqual(bytes);
    });
  }

  it("libp2p: an unknown control type is NO_SUCH_MESSAGE, a bad body BAD_MESSAGE", () => {
    expect((decodeLibp2pMessage(Uint8Array.of(0xf0)) as { kind: string }).kind).toBe("NO_SUCH_MESSAGE");
    expect((decodeLibp2pMessage(Uint8Array.of(0xff, 0x08)) as { kind: string }).kind).toBe("BAD_MESSAGE");
  });
});
