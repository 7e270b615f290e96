/**
 * The messages of both layers as bytes `[type][protobuf]` (the frame payload before compression):
 * libp2p's control messages (type bytes ≥ 0x80) and TRON's (0x00–0x7F, java-tron's MessageTypes).
 * Schemas are the generated ones (`proto/protocol/p2p.proto`, `libp2p.proto`, `core.proto`);
 * protobuf-es writes fields in number order and leaves proto3 defaults out, as Java's
 * `toByteArray` does, so what we send is canonical.
 */
import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import {
  type Block,
  BlockInventorySchema,
  BlockSchema,
  ChainInventorySchema,
  DisconnectMessageSchema,
  type HelloMessage,
  HelloMessageSchema,
  Inventory_InventoryType,
  InventorySchema,
  int64ToBytes,
  Libp2p,
  PBFTCommitResultSchema,
  PBFTMessageSchema,
  type ReasonCode,
  receivedProtoInconsistent,
  type Transaction,
  TransactionSchema,
  TransactionsSchema,
} from "@tronode/engine/internal";

/** TRON message type bytes (java-tron's MessageTypes). */
export const TronMessageType = {
  TRX: 0x01,
  BLOCK: 0x02,
  TRXS: 0x03,
  BLOCKS: 0x04,
  BLOCKHEADERS: 0x05,
  INVENTORY: 0x06,
  FETCH_INV_DATA: 0x07,
  SYNC_BLOCK_CHAIN: 0x08,
  BLOCK_CHAIN_INVENTORY: 0x09,
  ITEM_NOT_FOUND: 0x10,
  FETCH_BLOCK_HEADERS: 0x11,
  BLOCK_INVENTORY: 0x12,
  TRX_INVENTORY: 0x13,
  PBFT_COMMIT_MSG: 0x14,
  P2P_HELLO: 0x20,
  P2P_DISCONNECT: 0x21,
  P2P_PING: 0x22,
  P2P_PONG: 0x23,
  DISCOVER_PING: 0x30,
  DISCOVER_PONG: 0x31,
  DISCOVER_FIND_PEER: 0x32,
  DISCOVER_PEERS: 0x33,
  PBFT_MSG: 0x34,
} as const;

/** libp2p control message type bytes (libp2p's MessageType). */
export const Libp2pMessageType = {
  KEEP_ALIVE_PING: 0xff,
  KEEP_ALIVE_PONG: 0xfe,
  HANDSHAKE_HELLO: 0xfd,
  STATUS: 0xfc,
  DISCONNECT: 0xfb,
} as const;

/** java-tron registers its handler for type bytes 0..126; anything else is libp2p's or unknown. */
export const MAX_APP_MESSAGE_TYPE = 126;

/** The legacy TRON ping/pong payload: java-tron sends the fixed byte C0 (an RLP empty list). */
export const FIXED_PING_PAYLOAD = Uint8Array.of(0xc0);

/** A block id with its number, as inventories and hellos carry them. */
export interface BlockRef {
  readonly id: Uint8Array;
  readonly number: bigint;
}

/** What an inventory lists: transaction ids or block ids. */
export type InventoryType = "TRX" | "BLOCK";

/** A TRON message decoded, by `type` (java-tron's MessageTypes name); what encodeTronMessage writes. */
export type TronMessage =
  | { readonly type: "TRX"; readonly transaction: Transaction }
  | { readonly type: "BLOCK"; readonly block: Block; readonly size: number }
  | { readonly type: "TRXS"; readonly transactions: readonly Transaction[] }
  | { readonly type: "INVENTORY"; readonly inventoryType: InventoryType; readonly ids: readonly Uint8Array[] }
  | {
      readonly type: "FETCH_INV_DATA";
      readonly inventoryType: InventoryType;
      readonly ids: readonly Uint8Array[];
    }
  | { readonly type: "SYNC_BLOCK_CHAIN"; readonly ids: readonly BlockRef[] }
  | { readonly type: "BLOCK_CHAIN_INVENTORY"; readonly ids: readonly BlockRef[]; readonly remainNum: bigint }
  | {
      readonly type: "PBFT_COMMIT_MSG";
      readonly data: Uint8Array;
      readonly signatures: readonly Uint8Array[];
    }
  | { readonly type: "P2P_HELLO"; readonly hello: HelloMessage }
  | { readonly type: "P2P_DISCONNECT"; readonly reason: ReasonCode }
  | { readonly type: "P2P_PING" }
  | { readonly type: "P2P_PONG" }
  | { readonly type: "PBFT_MSG"; readonly bytes: Uint8Array };

/** Why a TRON payload could not be turned into a message (java-tron's P2pException types). */
export type TronDecodeFault =
  /** A type java-tron 4.8 does not dispatch (TRX, the unused types, legacy discovery): NO_SUCH_MESSAGE. */
  | { readonly kind: "NO_SUCH_MESSAGE"; readonly detail: string }
  /** The protobuf does not parse (PARSE_MESSAGE_FAILED, which java-tron reports as UNKNOWN). */
  | { readonly kind: "PARSE_MESSAGE_FAILED"; readonly detail: string }
  /** A PBFT message that does not parse: java-tron disconnects with BAD_PROTOCOL. */
  | { readonly kind: "BAD_PBFT"; readonly detail: string };

function withType(type: number, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(body.length + 1);
  out[0] = type;
  out.set(body, 1);
  return out;
}

function inventoryTypeOf(t: Inventory_InventoryType): InventoryType {
  return t === Inventory_InventoryType.BLOCK ? "BLOCK" : "TRX";
}

function blockIdsOf(ids: readonly { hash: Uint8Array; number: bigint }[]): BlockRef[] {
  // java-tron re-applies the number to the first 8 bytes of the hash (new BlockId(hash, num)).
  return ids.map((b) => {
    const id = new Uint8Array(32);
    id.set(b.hash.subarray(0, 32), 0);
    id.set(int64ToBytes(b.number), 0);
    return { id, number: b.number };
  });
}

/** `[type][protobuf]` of a TRON message. */
export function encodeTronMessage(message: TronMessage): Uint8Array {
  const T = TronMessageType;
  switch (message.type) {
    case "TRX":
      return withType(T.TRX, toBinary(TransactionSchema, message.transaction));
    case "BLOCK":
      return withType(T.BLOCK, toBinary(BlockSchema, message.block));
    case "TRXS":
      return withType(
        T.TRXS,
        toBinary(TransactionsSchema, create(TransactionsSchema, { transactions: [...message.transactions] })),
      );
    case "INVENTORY":
    case "FETCH_INV_DATA":
      return withType(
        message.type === "INVENTORY" ? T.INVENTORY : T.FETCH_INV_DATA,
        toBinary(
          InventorySchema,
          create(InventorySchema, {
            type:
              message.inventoryType === "BLOCK" ? Inventory_InventoryType.BLOCK : Inventory_InventoryType.TRX,
            ids: [...message.ids],
          }),
        ),
      );
    case "SYNC_BLOCK_CHAIN":
      return withType(
        T.SYNC_BLOCK_CHAIN,
        toBinary(
          BlockInventorySchema,
          create(BlockInventorySchema, { ids: message.ids.map((b) => ({ hash: b.id, number: b.number })) }),
        ),
      );
    case "BLOCK_CHAIN_INVENTORY":
      return withType(
        T.BLOCK_CHAIN_INVENTORY,
        toBinary(
          ChainInventorySchema,
          create(ChainInventorySchema, {
            ids: message.ids.map((b) => ({ hash: b.id, number: b.number })),
            remainNum: message.remainNum,
          }),
        ),
      );
    case "PBFT_COMMIT_MSG":
      return withType(
        T.PBFT_COMMIT_MSG,
        toBinary(
          PBFTCommitResultSchema,
          create(PBFTCommitResultSchema, { data: message.data, signature: [...message.signatures] }),
        ),
      );
    case "P2P_HELLO":
      return withType(T.P2P_HELLO, toBinary(HelloMessageSchema, message.hello));
    case "P2P_DISCONNECT":
      return withType(
        T.P2P_DISCONNECT,
        toBinary(DisconnectMessageSchema, create(DisconnectMessageSchema, { reason: message.reason })),
      );
    case "P2P_PING":
      return withType(T.P2P_PING, FIXED_PING_PAYLOAD);
    case "P2P_PONG":
      return withType(T.P2P_PONG, FIXED_PING_PAYLOAD);
    case "PBFT_MSG":
      return withType(T.PBFT_MSG, message.bytes);
  }
}

/**
 * BlockMessage / TransactionsMessage under ALLOW_PROTO_FILTER_NUM (Message.isFilter): whether the
 * payload holds fields the schema does not know, at any depth or in a transaction's contract.
 */
export function protoInconsistent(
  message: Extract<TronMessage, { type: "BLOCK" | "TRXS" }>,
  bodyLength: number,
): boolean {
  if (message.type === "BLOCK") {
    return receivedProtoInconsistent(BlockSchema, message.block, bodyLength, message.block.transactions);
  }
  // the list's own unknown fields were dropped decoding it: the re-encoding then comes out shorter
  const list = create(TransactionsSchema, { transactions: [...message.transactions] });
  return receivedProtoInconsistent(TransactionsSchema, list, bodyLength, message.transactions);
}

/** Parses `[type][protobuf]` of a TRON message (TronMessageFactory.create). */
export function decodeTronMessage(data: Uint8Array): TronMessage | TronDecodeFault {
  const type = data[0]!;
  const body = data.subarray(1);
  const T = TronMessageType;
  try {
    switch (type) {
      case T.TRX:
        // parsed, then refused by the dispatcher: 4.8 takes transactions only in TRXS
        fromBinary(TransactionSchema, body);
        return { kind: "NO_SUCH_MESSAGE", detail: "TRX" };
      case T.BLOCK:
        return { type: "BLOCK", block: fromBinary(BlockSchema, body), size: body.length };
      case T.TRXS:
        return { type: "TRXS", transactions: fromBinary(TransactionsSchema, body).transactions };
      case T.INVENTORY:
      case T.FETCH_INV_DATA: {
        const inv = fromBinary(InventorySchema, body);
        return {
          type: type === T.INVENTORY ? "INVENTORY" : "FETCH_INV_DATA",
          inventoryType: inventoryTypeOf(inv.type),
          ids: inv.ids,
        };
      }
      case T.SYNC_BLOCK_CHAIN:
        return { type: "SYNC_BLOCK_CHAIN", ids: blockIdsOf(fromBinary(BlockInventorySchema, body).ids) };
      case T.BLOCK_CHAIN_INVENTORY: {
        const inv = fromBinary(ChainInventorySchema, body);
        return { type: "BLOCK_CHAIN_INVENTORY", ids: blockIdsOf(inv.ids), remainNum: inv.remainNum };
      }
      case T.PBFT_COMMIT_MSG: {
        const commit = fromBinary(PBFTCommitResultSchema, body);
        return { type: "PBFT_COMMIT_MSG", data: commit.data, signatures: commit.signature };
      }
      case T.P2P_HELLO:
        return { type: "P2P_HELLO", hello: fromBinary(HelloMessageSchema, body) };
      case T.P2P_DISCONNECT:
        return { type: "P2P_DISCONNECT", reason: fromBinary(DisconnectMessageSchema, body).reason };
      case T.P2P_PING:
        return { type: "P2P_PING" };
      case T.P2P_PONG:
        return { type: "P2P_PONG" };
      case T.PBFT_MSG:
        try {
          fromBinary(PBFTMessageSchema, body);
        } catch (e) {
          return { kind: "BAD_PBFT", detail: (e as Error).message };
        }
        return { type: "PBFT_MSG", bytes: body.slice() };
      default:
        return { kind: "NO_SUCH_MESSAGE", detail: `type=${type}, len=${body.length}` };
    }
  } catch (e) {
    return {
      kind: "PARSE_MESSAGE_FAILED",
      detail: `type=${type}, len=${data.length}, error msg: ${(e as Error).message}`,
    };
  }
}

/** Whether decodeTronMessage gave a fault rather than a message. */
export function isTronDecodeFault(m: TronMessage | TronDecodeFault): m is TronDecodeFault {
  return "kind" in m;
}

// ---- libp2p control messages -------------------------------------------------------------------

/** A libp2p control message (keep-alive, handshake hello, status, disconnect), decoded. */
export type Libp2pMessage =
  | { readonly type: "KEEP_ALIVE_PING"; readonly timestamp: bigint }
  | { readonly type: "KEEP_ALIVE_PONG"; readonly timestamp: bigint }
  | { readonly type: "HANDSHAKE_HELLO"; readonly hello: Libp2p.HelloMessage }
  | { readonly type: "STATUS"; readonly status: Libp2p.StatusMessage }
  | { readonly type: "DISCONNECT"; readonly reason: Libp2p.DisconnectReason };

/** `[type][protobuf]` of a libp2p control message. */
export function encodeLibp2pMessage(message: Libp2pMessage): Uint8Array {
  const L = Libp2pMessageType;
  switch (message.type) {
    case "KEEP_ALIVE_PING":
    case "KEEP_ALIVE_PONG":
      return withType(
        message.type === "KEEP_ALIVE_PING" ? L.KEEP_ALIVE_PING : L.KEEP_ALIVE_PONG,
        toBinary(
          Libp2p.KeepAliveMessageSchema,
          create(Libp2p.KeepAliveMessageSchema, { timestamp: message.timestamp }),
        ),
      );
    case "HANDSHAKE_HELLO":
      return withType(L.HANDSHAKE_HELLO, toBinary(Libp2p.HelloMessageSchema, message.hello));
    case "STATUS":
      return withType(L.STATUS, toBinary(Libp2p.StatusMessageSchema, message.status));
    case "DISCONNECT":
      return withType(
        L.DISCONNECT,
        toBinary(
          Libp2p.P2pDisconnectMessageSchema,
          create(Libp2p.P2pDisconnectMessageSchema, { reason: message.reason }),
        ),
      );
  }
}

/** libp2p's P2pException types a control message can fail with (Message.parse). */
export type Libp2pDecodeFault = { readonly kind: "NO_SUCH_MESSAGE" | "BAD_MESSAGE"; readonly detail: string };

/**
 * Parses a libp2p control message (type byte ≥ 0x80). Validity (`valid()`) is checked by the
 * caller, which knows the clock.
 */
export function decodeLibp2pMessage(data: Uint8Array): Libp2pMessage | Libp2pDecodeFault {
  const type = data[0]!;
  const body = data.subarray(1);
  const L = Libp2pMessageType;
  try {
    switch (type) {
      case L.KEEP_ALIVE_PING:
        return {
          type: "KEEP_ALIVE_PING",
          timestamp: fromBinary(Libp2p.KeepAliveMessageSchema, body).timestamp,
        };
      case L.KEEP_ALIVE_PONG:
        return {
          type: "KEEP_ALIVE_PONG",
          timestamp: fromBinary(Libp2p.KeepAliveMessageSchema, body).timestamp,
        };
      case L.HANDSHAKE_HELLO:
        return { type: "HANDSHAKE_HELLO", hello: fromBinary(Libp2p.HelloMessageSchema, body) };
      case L.STATUS:
        return { type: "STATUS", status: fromBinary(Libp2p.StatusMessageSchema, body) };
      case L.DISCONNECT:
        return { type: "DISCONNECT", reason: fromBinary(Libp2p.P2pDisconnectMessageSchema, body).reason };
      default:
        return { kind: "NO_SUCH_MESSAGE", detail: `type=${(type << 24) >> 24}` };
    }
  } catch {
    return { kind: "BAD_MESSAGE", detail: `type:${(type << 24) >> 24}` };
  }
}

/** Whether decodeLibp2pMessage gave a fault rather than a message. */
export function isLibp2pDecodeFault(m: Libp2pMessage | Libp2pDecodeFault): m is Libp2pDecodeFault {
  return "kind" in m;
}
