import type { DescMessage, MessageShape } from "@bufbuild/protobuf";
import {
  bytesToInt64,
  hexToBytes,
  int64ToBytes,
  latin1Text,
  utf8Decode,
  utf8Encode,
} from "../crypto/bytes.js";
import { decode, encode } from "../protocol/codec.js";

/**
 * A logical table of chain state. Keys and values carry their own byte codecs so that storage
 * backends can persist any table without knowing its types; `id` is the table's stable name.
 * In memory, keys are compared by `keyId` (a string form).
 */
export interface Table<K, V> {
  readonly id: string;
  keyId(key: K): string;
  encodeKey(key: K): Uint8Array;
  decodeKey(bytes: Uint8Array): K;
  encodeValue(value: V): Uint8Array;
  decodeValue(bytes: Uint8Array): V;
}

export interface KeyCodec<K> {
  id(key: K): string;
  encode(key: K): Uint8Array;
  decode(bytes: Uint8Array): K;
}

export interface ValueCodec<V> {
  encode(value: V): Uint8Array;
  decode(bytes: Uint8Array): V;
}

export const bytesKey: KeyCodec<Uint8Array> = {
  // the Latin-1 string of the bytes: unique per key, and cheaper than hex on every state read
  id: latin1Text,
  encode: (k) => k,
  decode: (b) => b.slice(),
};

export const stringKey: KeyCodec<string> = {
  id: (k) => k,
  encode: utf8Encode,
  decode: utf8Decode,
};

/** Big-endian signed 64-bit keys sort numerically for non-negative values. */
export const int64Key: KeyCodec<bigint> = {
  id: (k) => k.toString(),
  encode: int64ToBytes,
  decode: (b) => bytesToInt64(b),
};

export const bytesValue: ValueCodec<Uint8Array> = { encode: (v) => v, decode: (b) => b.slice() };

export const int64Value: ValueCodec<bigint> = { encode: int64ToBytes, decode: (b) => bytesToInt64(b) };

export function messageValue<Desc extends DescMessage>(schema: Desc): ValueCodec<MessageShape<Desc>> {
  return { encode: (v) => encode(schema, v), decode: (b) => decode(schema, b) };
}

export function defineTable<K, V>(id: string, key: KeyCodec<K>, value: ValueCodec<V>): Table<K, V> {
  return {
    id,
    keyId: key.id,
    encodeKey: key.encode,
    decodeKey: key.decode,
    encodeValue: value.encode,
    decodeValue: value.decode,
  };
}

export { hexToBytes };
