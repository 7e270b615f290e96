/**
 * libp2p's stream framing (Netty's ProtobufVarint32LengthFieldPrepender and libp2p's
 * P2pProtobufVarint32FrameDecoder): every frame is a protobuf varint32 length, then that many bytes.
 */

/** libp2p's Parameter.MAX_MESSAGE_LENGTH: a frame (or an uncompressed payload) of this size or more is refused. */
export const MAX_MESSAGE_LENGTH = 5 * 1024 * 1024;

/** Why the decoder gave up on a stream. */
export type FrameFault =
  /** The announced length is ≥ MAX_MESSAGE_LENGTH: libp2p answers DISCONNECT(BAD_MESSAGE) and closes. */
  | { readonly kind: "too-big"; readonly length: number }
  /** A varint whose fifth byte has its top bit set, or a negative length (Netty's CorruptedFrameException): closed. */
  | { readonly kind: "corrupted"; readonly reason: string };

/** How many bytes the varint32 of `n` takes. */
export function varint32Length(n: number): number {
  let len = 1;
  while (n >= 0x80) {
    n >>>= 7;
    len++;
  }
  return len;
}

/** Writes `n` as a varint32 at `at`; returns the offset after it. */
export function writeVarint32(out: Uint8Array, at: number, n: number): number {
  let v = n >>> 0;
  while (v >= 0x80) {
    out[at++] = (v & 0x7f) | 0x80;
    v >>>= 7;
  }
  out[at++] = v;
  return at;
}

/** `[varint32 length][payload]`. */
export function encodeFrame(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(varint32Length(payload.length) + payload.length);
  out.set(payload, writeVarint32(out, 0, payload.length));
  return out;
}

/** Reads a varint32 as Java does (wrapping to a signed int); `undefined` when more bytes are needed. */
function readVarint32(buf: Uint8Array, at: number): { value: number; next: number } | FrameFault | undefined {
  let result = 0;
  for (let i = 0; i < 5; i++) {
    if (at + i >= buf.length) return undefined;
    const b = buf[at + i]!;
    if (i === 4) {
      if (b & 0x80) return { kind: "corrupted", reason: "malformed varint." };
      result |= b << 28;
      return { value: result | 0, next: at + 5 };
    }
    result |= (b & 0x7f) << (7 * i);
    if ((b & 0x80) === 0) return { value: result, next: at + i + 1 };
  }
  return undefined;
}

/**
 * Splits a byte stream into frames. `push` returns the complete frames so far; after a fault it
 * returns it and the decoder stays faulted (the connection is closed).
 */
export class FrameDecoder {
  private buffer: Uint8Array = new Uint8Array(0);
  private fault: FrameFault | undefined;

  push(chunk: Uint8Array): { frames: Uint8Array[]; fault?: FrameFault } {
    if (this.fault) return { frames: [], fault: this.fault };
    const joined = new Uint8Array(this.buffer.length + chunk.length);
    joined.set(this.buffer, 0);
    joined.set(chunk, this.buffer.length);
    const frames: Uint8Array[] = [];
    let at = 0;
    for (;;) {
      const header = readVarint32(joined, at);
      if (header === undefined) break;
      if ("kind" in header) {
        this.fault = header;
        break;
      }
      // libp2p checks the size first (a negative length is not "big"), then the sign.
      if (header.value >= MAX_MESSAGE_LENGTH) {
        this.fault = { kind: "too-big", length: header.value };
        break;
      }
      if (header.value < 0) {
        this.fault = { kind: "corrupted", reason: `negative length: ${header.value}` };
        break;
      }
      if (joined.length - header.next < header.value) break;
      frames.push(joined.slice(header.next, header.next + header.value));
      at = header.next + header.value;
    }
    this.buffer = this.fault ? new Uint8Array(0) : joined.slice(at);
    return this.fault ? { frames, fault: this.fault } : { frames };
  }

  /** Bytes received but not yet framed. */
  get pending(): number {
    return this.buffer.length;
  }
}
