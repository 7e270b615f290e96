/**
 * Gossip (java-tron's AdvService): new blocks and transactions are announced by INVENTORY to every
 * peer in the gossip set that has not seen them, and fetched (FETCH_INV_DATA) from one idle peer
 * that announced them. Blocks are announced and fetched at once; transactions in 30 ms rounds.
 */
import {
  type Block,
  blockId,
  blockNumberOfId,
  hexToBytes,
  type Transaction,
  transactionId,
} from "@tronode/engine/internal";
import { ExpiringCache } from "./expiring-cache.js";
import type { InventoryType } from "./messages.js";
import type { NetChain } from "./net-chain.js";
import { type Item, itemKey, type PeerConnection } from "./peer.js";
import type { P2pTimings } from "./timings.js";

const MAX_INV_TO_FETCH_CACHE_SIZE = 100_000;
const MAX_TRX_CACHE_SIZE = 50_000;
const MAX_BLOCK_CACHE_SIZE = 10;
const MAX_SPREAD_SIZE = 1_000;
/** NetConstants.MAX_TRX_FETCH_PER_PEER. */
const MAX_TRX_FETCH_PER_PEER = 1_000;
const BLOCK_PRODUCED_INTERVAL = 3_000;

export interface AdvHost {
  readonly chain: NetChain;
  readonly now: () => number;
  readonly timings: P2pTimings;
  activePeers(): PeerConnection[];
  readonly blockCacheTimeoutMs: number;
  readonly logger: { debug(o: object, msg: string): void; warn(o: object, msg: string): void };
}

function parseKey(key: string): Item {
  const [type, hex] = key.split(":") as [InventoryType, string];
  return { type, id: hexToBytes(hex) };
}

/** Adds an item to a peer's outgoing batch (java-tron's InvSender.add). */
function addTo(
  send: Map<PeerConnection, Map<InventoryType, Uint8Array[]>>,
  peer: PeerConnection,
  item: Item,
): void {
  let byType = send.get(peer);
  if (!byType) {
    byType = new Map();
    send.set(peer, byType);
  }
  const list = byType.get(item.type) ?? [];
  list.push(item.id);
  byType.set(item.type, list);
}

export class AdvService {
  private readonly invToFetch = new Map<string, number>();
  private readonly invToSpread = new Map<string, number>();
  private readonly invToFetchCache: ExpiringCache<string, number>;
  private readonly trxCache: ExpiringCache<string, Transaction>;
  private readonly blockCache: ExpiringCache<string, Block>;
  private spreadTimer: NodeJS.Timeout | undefined;
  private fetchTimer: NodeJS.Timeout | undefined;
  /** Transactions broadcast in the last minute (for the fetch warning java-tron logs). */
  trxBroadcastCount = 0;

  constructor(private readonly host: AdvHost) {
    this.invToFetchCache = new ExpiringCache(MAX_INV_TO_FETCH_CACHE_SIZE, host.blockCacheTimeoutMs, host.now);
    this.trxCache = new ExpiringCache(MAX_TRX_CACHE_SIZE, 3_600_000, host.now);
    this.blockCache = new ExpiringCache(MAX_BLOCK_CACHE_SIZE, 60_000, host.now);
  }

  start(): void {
    this.spreadTimer = setInterval(
      () => this.guard("spread", () => this.consumeInvToSpread()),
      this.host.timings.advLoopMs,
    );
    this.fetchTimer = setInterval(
      () => this.guard("fetch", () => this.consumeInvToFetch()),
      this.host.timings.advLoopMs,
    );
  }

  private guard(task: string, step: () => void): void {
    try {
      step();
    } catch (e) {
      this.host.logger.warn({ task, err: (e as Error).message }, "gossip task failed");
    }
  }

  close(): void {
    if (this.spreadTimer) clearInterval(this.spreadTimer);
    if (this.fetchTimer) clearInterval(this.fetchTimer);
  }

  /** The cached block or transaction of an item we announced (getMessage). */
  cached(item: Item): Block | Transaction | undefined {
    const key = itemKey(item);
    return item.type === "TRX" ? this.trxCache.get(key) : this.blockCache.get(key);
  }

  isCachedTransaction(id: Uint8Array): boolean {
    return this.trxCache.has(itemKey({ type: "TRX", id }));
  }

  /** A peer announced an item (AdvService.addInv); false when it is not worth fetching. */
  addInv(item: Item): boolean {
    const key = itemKey(item);
    if (item.type === "TRX" && this.trxCache.has(key)) return false;
    if (item.type === "BLOCK") {
      if (this.blockCache.has(key)) return false;
      if (blockNumberOfId(item.id) <= this.host.chain.solidBlockId().number) return false;
    }
    if (this.invToFetchCache.has(key)) return false;
    const now = this.host.now();
    this.invToFetchCache.set(key, now);
    this.invToFetch.set(key, now);
    if (item.type === "BLOCK") this.consumeInvToFetch();
    return true;
  }

  /** The item arrived by another way: no fetch (addInvToCache). */
  addInvToCache(item: Item): void {
    const key = itemKey(item);
    this.invToFetchCache.set(key, this.host.now());
    this.invToFetch.delete(key);
  }

  /**
   * Wallet.broadcastTransaction → fastBroadcastTransaction: announces a transaction to every peer in
   * the gossip set at once. Returns how many peers it went to (0 = NO_CONNECTION).
   */
  fastBroadcastTransaction(tx: Transaction): number {
    const peers = this.host.activePeers().filter((p) => p.isSyncFinish);
    if (peers.length === 0) return 0;
    const id = transactionId(tx);
    const item: Item = { type: "TRX", id };
    const key = itemKey(item);
    this.trxBroadcastCount++;
    this.trxCache.set(key, tx);
    let count = 0;
    for (const peer of peers) {
      if (!peer.advInvReceive.has(key) && !peer.advInvSpread.has(key)) {
        count++;
        peer.advInvSpread.set(key, this.host.now());
        peer.send({ type: "INVENTORY", inventoryType: "TRX", ids: [id] });
      }
    }
    return count;
  }

  /** AdvService.broadcast of a block (before it is pushed) or of a transaction from a peer. */
  broadcastBlock(block: Block): void {
    if (this.invToSpread.size > MAX_SPREAD_SIZE) return;
    const id = blockId(block);
    const item: Item = { type: "BLOCK", id };
    for (const tx of block.transactions)
      this.trxCache.set(itemKey({ type: "TRX", id: transactionId(tx) }), tx);
    this.blockCache.set(itemKey(item), block);
    this.invToSpread.set(itemKey(item), this.host.now());
    this.consumeInvToSpread();
  }

  broadcastTransaction(tx: Transaction): void {
    if (this.invToSpread.size > MAX_SPREAD_SIZE) return;
    const item: Item = { type: "TRX", id: transactionId(tx) };
    this.trxBroadcastCount++;
    this.trxCache.set(itemKey(item), tx);
    this.invToSpread.set(itemKey(item), this.host.now());
  }

  /** AdvService.onDisconnect: items in flight from that peer go to another announcer, or are forgotten. */
  onDisconnect(peer: PeerConnection): void {
    for (const key of peer.advInvRequest.keys()) {
      const other = this.host.activePeers().some((p) => p !== peer && p.advInvReceive.has(key));
      if (other) this.invToFetch.set(key, this.host.now());
      else this.invToFetchCache.delete(key);
    }
    if (this.invToFetch.size > 0) this.consumeInvToFetch();
  }

  /** AdvService.consumerInvToFetch. */
  consumeInvToFetch(): void {
    const peers = this.host.activePeers().filter((p) => p.isIdle);
    if (this.invToFetch.size === 0 || peers.length === 0) return;
    const now = this.host.now();
    const timeout = this.host.timings.invFetchTimeoutMs;
    const send = new Map<PeerConnection, Map<InventoryType, Uint8Array[]>>();
    const sizeOf = (p: PeerConnection) =>
      [...(send.get(p)?.values() ?? [])].reduce((n, l) => n + l.length, 0);
    for (const [key, time] of [...this.invToFetch]) {
      if (time < now - timeout) {
        this.invToFetch.delete(key);
        this.invToFetchCache.delete(key);
        continue;
      }
      const candidates = peers
        .filter((p) => {
          const t = p.advInvReceive.get(key);
          return t !== undefined && now - t < timeout && sizeOf(p) < MAX_TRX_FETCH_PER_PEER;
        })
        .sort((a, b) => sizeOf(a) - sizeOf(b));
      const peer = candidates[0];
      if (!peer) continue;
      if (!peer.advInvRequest.has(key)) {
        peer.advInvRequest.set(key, now);
        const item = parseKey(key);
        addTo(send, peer, item);
      }
      this.invToFetch.delete(key);
    }
    for (const [peer, byType] of send) {
      for (const [type, ids] of byType) {
        if (type === "BLOCK") ids.sort((a, b) => (blockNumberOfId(a) < blockNumberOfId(b) ? -1 : 1));
        peer.send({ type: "FETCH_INV_DATA", inventoryType: type, ids });
      }
    }
  }

  /** AdvService.consumerInvToSpread: announces to the gossip set (both sync flags false). */
  consumeInvToSpread(): void {
    const peers = this.host.activePeers().filter((p) => p.isSyncFinish);
    if (this.invToSpread.size === 0 || peers.length === 0) return;
    const now = this.host.now();
    const send = new Map<PeerConnection, Map<InventoryType, Uint8Array[]>>();
    for (const [key, time] of [...this.invToSpread]) {
      const item = parseKey(key);
      for (const peer of peers) {
        if (
          !peer.advInvReceive.has(key) &&
          !peer.advInvSpread.has(key) &&
          !(item.type === "BLOCK" && now - time > BLOCK_PRODUCED_INTERVAL)
        ) {
          peer.advInvSpread.set(key, now);
          addTo(send, peer, item);
        }
      }
      this.invToSpread.delete(key);
    }
    for (const [peer, byType] of send) {
      for (const [type, ids] of byType) {
        if (type === "BLOCK") ids.sort((a, b) => (blockNumberOfId(a) < blockNumberOfId(b) ? -1 : 1));
        peer.send({ type: "INVENTORY", inventoryType: type, ids });
      }
    }
  }
}
