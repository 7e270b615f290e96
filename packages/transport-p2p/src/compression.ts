/// <reference path="./snappyjs.d.ts" />
/**
 * libp2p's CompressMessage envelope (UpgradeController, ProtoUtil): once the libp2p handshake is
 * done and both sides announced version ≥ 1, every payload travels as
 * `CompressMessage{type, data}` where data is `[type][protobuf]`, raw-block Snappy compressed when
 * that is strictly shorter.
 */
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { Libp2p } from "@tronode/engine/internal";
import * as snappy from "snappyjs";
import { MAX_MESSAGE_LENGTH } from "./frame-codec.js";

/** Why a received payload could not be taken out of its CompressMessage envelope. */
export type UncompressFault =
  /** The envelope does not parse (PARSE_MESSAGE_FAILED → DISCONNECT(BAD_MESSAGE)). */
  | { readonly kind: "BAD_MESSAGE"; readonly detail: string }
  /** The uncompressed length is ≥ 5 MiB (BIG_MESSAGE → DISCONNECT(UNKNOWN)). */
  | { readonly kind: "BIG_MESSAGE"; readonly detail: string }
  /** The Snappy stream is invalid (an IOException in xerial: the channel is closed). */
  | { readonly kind: "IO"; readonly detail: string };

/** Our libp2p protocol version: 1 = compression supported (libp2p 2.2.x). */
export const LIBP2P_VERSION = 1;

/** A payload in its CompressMessage envelope, Snappy-compressed when that is shorter. */
export function wrapCompressed(payload: Uint8Array): Uint8Array {
  const compressed = snappy.compress(payload);
  const useSnappy = compressed.length < payload.length;
  return toBinary(
    Libp2p.CompressMessageSchema,
    create(Libp2p.CompressMessageSchema, {
      type: useSnappy
        ? Libp2p.CompressMessage_CompressType.snappy
        : Libp2p.CompressMessage_CompressType.uncompress,
      data: useSnappy ? compressed : payload,
    }),
  );
}

/** Snappy's preamble: the uncompressed length as a varint (up to 32 bits). */
function snappyLength(data: Uint8Array): number {
  let result = 0;
  let shift = 0;
  for (let i = 0; i < 5 && i < data.length; i++) {
    const b = data[i]!;
    result += (b & 0x7f) * 2 ** shift;
    if (b < 0x80) return result;
    shift += 7;
  }
  return -1;
}

/** The payload of a CompressMessage envelope, uncompressed; a fault when it is malformed or too big. */
export function unwrapCompressed(frame: Uint8Array): Uint8Array | UncompressFault {
  let envelope: Libp2p.CompressMessage;
  try {
    envelope = fromBinary(Libp2p.CompressMessageSchema, frame);
  } catch (e) {
    return { kind: "BAD_MESSAGE", detail: (e as Error).message };
  }
  if (envelope.type === Libp2p.CompressMessage_CompressType.uncompress) return envelope.data;
  const length = snappyLength(envelope.data);
  if (length < 0) return { kind: "IO", detail: "invalid snappy preamble" };
  if (length >= MAX_MESSAGE_LENGTH)
    return { kind: "BIG_MESSAGE", detail: `message is too big, len=${length}` };
  try {
    return snappy.uncompress(new Uint8Array(envelope.data), MAX_MESSAGE_LENGTH);
  } catch (e) {
    return { kind: "IO", detail: (e as Error).message };
  }
}

/** Whether unwrapCompressed gave a fault rather than the payload. */
export function isUncompressFault(x: Uint8Array | UncompressFault): x is UncompressFault {
  return !(x instanceof Uint8Array);
}
