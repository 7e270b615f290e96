/**
 * One peer at the TRON layer (java-tron's PeerConnection): the hellos, the two sync flags, the
 * per-peer inventory caches, the sync queues, and disconnecting with a reason (and its ban).
 */

import { bytesToHex, type HelloMessage, ReasonCode } from "@tronode/engine/internal";
import type { Channel } from "./channel.js";
import { ExpiringCache } from "./expiring-cache.js";
import { type BlockRef, encodeTronMessage, type InventoryType, type TronMessage } from "./messages.js";
import type { P2pStatsSink } from "./p2p-service.js";
import type { P2pTimings } from "./timings.js";

/** An inventory item: a transaction or block id with its type (java-tron's Item). */
export interface Item {
  readonly id: Uint8Array;
  readonly type: InventoryType;
}

export function itemKey(item: Item): string {
  return `${item.type}:${bytesToHex(item.id)}`;
}

export function idKey(id: Uint8Array): string {
  return bytesToHex(id);
}

export type TronState = "INIT" | "SYNCING" | "SYNC_COMPLETED" | "SYNC_FAILED";

/** PeerConnection.invCacheSize and the 1 h expiry of the per-peer inventory caches. */
const INV_CACHE_SIZE = 20_000;
const INV_CACHE_TTL_MS = 3_600_000;
/** 2 × SYNC_FETCH_BATCH_NUM: the blocks a peer already fetched from us during sync. */
const SYNC_BLOCK_ID_CACHE_SIZE = 4_000;

export interface PeerHost {
  readonly now: () => number;
  readonly timings: P2pTimings;
  /** Closes the channel, banning its IP for `banMs`. */
  close(channel: Channel, banMs: number): void;
  readonly logger: { info(o: object, msg: string): void; debug(o: object, msg: string): void };
  readonly stats?: P2pStatsSink;
}

export class PeerConnection {
  helloReceived: HelloMessage | undefined;
  helloSent: HelloMessage | undefined;
  needSyncFromPeer = true;
  needSyncFromUs = true;
  tronState: TronState = "INIT";
  fetchAble = false;
  isBadPeer = false;
  lastInteractiveTime: number;
  /** Items the peer announced to us (java-tron's advInvReceive), by item key → time. */
  readonly advInvReceive: ExpiringCache<string, number>;
  /** Items we announced to the peer (advInvSpread). */
  readonly advInvSpread: ExpiringCache<string, number>;
  /** Items we asked the peer for and have not received (advInvRequest), by item key → time. */
  readonly advInvRequest = new Map<string, number>();
  blockBothHave: BlockRef = { id: new Uint8Array(32), number: 0n };
  blockBothHaveUpdateTime: number;
  /** The last id of the chain inventory we sent this peer (lastSyncBlockId). */
  lastSyncBlockId: BlockRef | undefined;
  remainNum = 0n;
  /** Sync blocks this peer fetched from us (syncBlockIdCache). */
  readonly syncBlockIdCache: ExpiringCache<string, number>;
  /** Block ids to fetch from this peer, in chain order (syncBlockToFetch). */
  syncBlockToFetch: BlockRef[] = [];
  /** Sync blocks requested from this peer: id hex → time. */
  readonly syncBlockRequested = new Map<string, number>();
  /** The outstanding SYNC_BLOCK_CHAIN (its summary and when it was sent). */
  syncChainRequested: { readonly ids: readonly BlockRef[]; readonly time: number } | undefined;
  /** Sync blocks received and waiting to be applied. */
  readonly syncBlockInProcess = new Set<string>();
  /** Received TRX inventory elements, for the maxTps × 10 per 10 s limit. */
  readonly trxInventoryCounts: { time: number; count: number }[] = [];
  /** Messages from this peer are handled one after another. */
  queue: Promise<void> = Promise.resolve();

  constructor(
    readonly channel: Channel,
    private readonly host: PeerHost,
  ) {
    const now = host.now();
    this.lastInteractiveTime = now;
    this.blockBothHaveUpdateTime = now;
    this.advInvReceive = new ExpiringCache(INV_CACHE_SIZE, INV_CACHE_TTL_MS, host.now);
    this.advInvSpread = new ExpiringCache(INV_CACHE_SIZE, INV_CACHE_TTL_MS, host.now);
    this.syncBlockIdCache = new ExpiringCache(SYNC_BLOCK_ID_CACHE_SIZE, Number.POSITIVE_INFINITY, host.now);
  }

  get address(): string {
    return this.channel.remoteKey;
  }

  get isDisconnect(): boolean {
    return this.channel.isDisconnect;
  }

  /** Both flags false: the peer takes part in gossip. */
  get isSyncFinish(): boolean {
    return !(this.needSyncFromPeer || this.needSyncFromUs);
  }

  get isSyncIdle(): boolean {
    return this.syncBlockRequested.size === 0 && this.syncChainRequested === undefined;
  }

  get isIdle(): boolean {
    return this.advInvRequest.size === 0 && this.isSyncIdle;
  }

  setBlockBothHave(block: BlockRef): void {
    this.blockBothHave = block;
    this.blockBothHaveUpdateTime = this.host.now();
  }

  send(message: TronMessage): void {
    this.channel.send(encodeTronMessage(message));
  }

  /**
   * Sends P2P_DISCONNECT and closes; BAD_PROTOCOL, BAD_BLOCK and BAD_TX ban the IP for an hour
   * (PeerConnection.processDisconnect), anything else for libp2p's default minute.
   */
  disconnect(reason: ReasonCode): void {
    this.host.logger.info({ peer: this.address, reason: ReasonCode[reason] }, "disconnecting peer");
    this.host.stats?.disconnected(ReasonCode[reason] ?? String(reason));
    this.send({ type: "P2P_DISCONNECT", reason });
    const bad =
      reason === ReasonCode.BAD_PROTOCOL || reason === ReasonCode.BAD_BLOCK || reason === ReasonCode.BAD_TX;
    this.host.close(this.channel, bad ? this.host.timings.badPeerBanMs : this.host.timings.defaultBanMs);
  }

  /** TRX inventory elements received from this peer in the last 10 s. */
  trxInventoryInLast10s(): number {
    const now = this.host.now();
    while (this.trxInventoryCounts.length > 0 && now - this.trxInventoryCounts[0]!.time > 10_000) {
      this.trxInventoryCounts.shift();
    }
    return this.trxInventoryCounts.reduce((sum, e) => sum + e.count, 0);
  }

  recordTrxInventory(count: number): void {
    this.trxInventoryCounts.push({ time: this.host.now(), count });
  }

  /** Runs `step` after the messages before it (java-tron handles one channel's messages in order). */
  enqueue(step: () => Promise<void> | void): void {
    this.queue = this.queue.then(step).catch(() => undefined);
  }
}
