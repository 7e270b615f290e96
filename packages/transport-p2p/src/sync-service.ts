/**
 * Catching up with a peer that is ahead (java-tron's SyncService, ChainInventoryMsgHandler and
 * SyncBlockChainMsgHandler): block-id summary → chain inventory (≤ 2001 ids) → fetch ≤ 100 blocks
 * per request from idle peers → apply strictly in chain order. Also the serving side.
 *
 * Timing differs from java-tron on purpose, not the wire: java-tron polls its fetch queue every
 * second and its block queue every 100 ms; here both run as soon as there is work.
 */
import { bytesEqual, ReasonCode } from "@tronode/engine/internal";
import { ExpiringCache } from "./expiring-cache.js";
import type { BlockRef } from "./messages.js";
import { BlockRejected, type NetChain } from "./net-chain.js";
import { NetError } from "./net-error.js";
import { idKey, type PeerConnection } from "./peer.js";

/** NetConstants.SYNC_FETCH_BATCH_NUM: ids per chain inventory (+1) and the server's window. */
export const SYNC_FETCH_BATCH_NUM = 2000;
/** NetConstants.MAX_BLOCK_FETCH_PER_PEER. */
export const MAX_BLOCK_FETCH_PER_PEER = 100;
/** ChainConstant.CLOCK_MAX_DELAY. */
const CLOCK_MAX_DELAY = 3_600_000n;
const BLOCK_PRODUCED_INTERVAL = 3000n;

export interface SyncHost {
  readonly chain: NetChain;
  readonly now: () => number;
  /** Peers with a completed TRON handshake that are not disconnected. */
  activePeers(): PeerConnection[];
  /** node.syncFetchBatchNum (100..2000, default 2000). */
  readonly syncFetchBatchNum: number;
  /** node.blockCacheTimeout (minutes → ms). */
  readonly blockCacheTimeoutMs: number;
  readonly logger: {
    info(o: object, msg: string): void;
    warn(o: object, msg: string): void;
    debug(o: object, msg: string): void;
  };
}

interface ReceivedBlock {
  readonly block: import("@tronode/engine/internal").Block;
  readonly id: Uint8Array;
  readonly number: bigint;
  readonly peer: PeerConnection;
}

export class SyncService {
  /** Which peer each sync block was requested from (requestBlockIds). */
  private readonly requested: ExpiringCache<string, PeerConnection>;
  /** Blocks received during sync, waiting for their turn (blockWaitToProcess). */
  private readonly waiting = new Map<string, ReceivedBlock>();
  private fetchScheduled = false;
  private handling = false;
  private handleAgain = false;
  private closed = false;
  /** Blocks applied by sync so far (for the node's figures). */
  syncedBlocks = 0;

  constructor(private readonly host: SyncHost) {
    this.requested = new ExpiringCache(10_000, host.blockCacheTimeoutMs, host.now);
  }

  close(): void {
    this.closed = true;
  }

  /** SyncService.startSync. */
  startSync(peer: PeerConnection): void {
    if (peer.tronState === "SYNCING") return;
    peer.tronState = "SYNCING";
    peer.needSyncFromPeer = true;
    peer.syncBlockToFetch = [];
    peer.remainNum = 0n;
    peer.setBlockBothHave(this.host.chain.genesisBlockId());
    this.syncNext(peer);
  }

  /** SyncService.syncNext: one SYNC_BLOCK_CHAIN at a time per peer. */
  syncNext(peer: PeerConnection): void {
    if (peer.syncChainRequested !== undefined) return;
    let summary: BlockRef[];
    try {
      summary = this.blockChainSummary(peer);
    } catch (e) {
      this.host.logger.warn({ peer: peer.address, reason: (e as Error).message }, "sync failed");
      peer.disconnect(ReasonCode.SYNC_FAIL);
      return;
    }
    peer.syncChainRequested = { ids: summary, time: this.host.now() };
    peer.send({ type: "SYNC_BLOCK_CHAIN", ids: summary });
  }

  /** A sync block arrived (SyncService.processBlock). */
  processBlock(peer: PeerConnection, received: Omit<ReceivedBlock, "peer">): void {
    this.waiting.set(idKey(received.id), { ...received, peer });
    this.scheduleHandle();
    if (peer.isSyncIdle) {
      if (peer.remainNum > 0n && peer.syncBlockToFetch.length <= this.host.syncFetchBatchNum)
        this.syncNext(peer);
      else this.scheduleFetch();
    }
  }

  onDisconnect(peer: PeerConnection): void {
    for (const key of peer.syncBlockRequested.keys()) this.invalid(key, peer);
  }

  /** ChainInventoryMsgHandler. */
  onChainInventory(peer: PeerConnection, ids: readonly BlockRef[], remainNum: bigint): void {
    this.checkChainInventory(peer, ids, remainNum);
    const chain = this.host.chain;
    peer.fetchAble = false;
    peer.needSyncFromPeer = true;
    peer.syncChainRequested = undefined;
    const received = [...ids];
    if (received.length === 1 && chain.containsBlock(received[0]!.id)) {
      peer.tronState = "SYNC_COMPLETED";
      peer.needSyncFromPeer = false;
      return;
    }
    // drop what we queued beyond the point the peer's answer starts from
    const first = received[0]!;
    while (peer.syncBlockToFetch.length > 0) {
      if (bytesEqual(peer.syncBlockToFetch[peer.syncBlockToFetch.length - 1]!.id, first.id)) break;
      peer.syncBlockToFetch.pop();
    }
    received.shift();
    peer.remainNum = remainNum;
    peer.syncBlockToFetch.push(...received);
    let both: BlockRef | undefined;
    while (peer.syncBlockToFetch.length > 0 && chain.containsBlock(peer.syncBlockToFetch[0]!.id)) {
      both = peer.syncBlockToFetch.shift()!;
      peer.setBlockBothHave(both);
    }
    peer.fetchAble = true;
    if (
      (remainNum === 0n && peer.syncBlockToFetch.length > 0) ||
      (remainNum !== 0n && peer.syncBlockToFetch.length > this.host.syncFetchBatchNum)
    ) {
      this.scheduleFetch();
    } else {
      this.syncNext(peer);
    }
  }

  private checkChainInventory(peer: PeerConnection, ids: readonly BlockRef[], remainNum: bigint): void {
    const requested = peer.syncChainRequested;
    if (!requested) throw new NetError("BAD_MESSAGE", "not send syncBlockChainMsg");
    if (ids.length === 0) throw new NetError("BAD_MESSAGE", "blockIds is empty");
    if (ids.length > SYNC_FETCH_BATCH_NUM + 1)
      throw new NetError("BAD_MESSAGE", `big blockIds size: ${ids.length}`);
    if (remainNum !== 0n && ids.length < SYNC_FETCH_BATCH_NUM) {
      throw new NetError("BAD_MESSAGE", `remain: ${remainNum}, blockIds size: ${ids.length}`);
    }
    let num = ids[0]!.number;
    for (const id of ids) {
      if (id.number !== num++) throw new NetError("BAD_MESSAGE", "not continuous block");
    }
    if (!requested.ids.some((r) => bytesEqual(r.id, ids[0]!.id))) {
      throw new NetError("BAD_MESSAGE", "unlinked block");
    }
    const chain = this.host.chain;
    if (chain.headBlockId().number > 0n) {
      const solid = chain.solidBlockId();
      const solidTime = chain.blockTime(solid.id) ?? 0n;
      const maxRemainTime = CLOCK_MAX_DELAY + BigInt(this.host.now()) - solidTime;
      const maxFutureNum = maxRemainTime / BLOCK_PRODUCED_INTERVAL + solid.number;
      const lastNum = ids[ids.length - 1]!.number;
      if (lastNum + remainNum > maxFutureNum) {
        throw new NetError(
          "BAD_MESSAGE",
          `lastNum: ${lastNum} + remainNum: ${remainNum} > futureMaxNum: ${maxFutureNum}`,
        );
      }
    }
  }

  /** SyncBlockChainMsgHandler: answers a summary with the ids the peer lacks. */
  onSyncBlockChain(peer: PeerConnection, summary: readonly BlockRef[]): void {
    const chain = this.host.chain;
    if (summary.length === 0) throw new NetError("BAD_MESSAGE", "SyncBlockChain blockIds is empty");
    const firstId = summary[0]!;
    if (!chain.containsBlockInMainChain(firstId.id)) {
      this.host.logger.warn(
        { peer: peer.address, first: firstId.number.toString() },
        "sync summary without our first block",
      );
      peer.disconnect(ReasonCode.BAD_PROTOCOL);
      return;
    }
    const head = chain.headBlockId();
    if (firstId.number > head.number) {
      throw new NetError(
        "BAD_MESSAGE",
        `First blockNum:${firstId.number} gt my head BlockNum:${head.number}`,
      );
    }
    const lastNum = summary[summary.length - 1]!.number;
    if (peer.lastSyncBlockId && peer.lastSyncBlockId.number > lastNum) {
      throw new NetError("BAD_MESSAGE", `lastSyncNum:${peer.lastSyncBlockId.number} gt lastNum:${lastNum}`);
    }
    let unFork: BlockRef | undefined;
    for (let i = summary.length - 1; i >= 0; i--) {
      if (chain.containsBlockInMainChain(summary[i]!.id)) {
        unFork = summary[i]!;
        break;
      }
    }
    if (!unFork) throw new NetError("SYNC_FAILED", "unForkId is null");
    const end =
      head.number < unFork.number + BigInt(SYNC_FETCH_BATCH_NUM)
        ? head.number
        : unFork.number + BigInt(SYNC_FETCH_BATCH_NUM);
    const ids: BlockRef[] = [];
    for (let n = unFork.number; n <= end; n++) {
      const id = n === head.number ? head.id : chain.blockIdByNumber(n);
      if (!id) throw new NetError("DB_ITEM_NOT_FOUND", `num: ${n}`);
      ids.push({ id, number: n });
    }
    let remainNum = 0n;
    if (ids.length === 0) {
      peer.disconnect(ReasonCode.INCOMPATIBLE_CHAIN);
      return;
    }
    if (ids.length === 1) {
      peer.needSyncFromUs = false;
    } else {
      peer.needSyncFromUs = true;
      remainNum = head.number - ids[ids.length - 1]!.number;
    }
    peer.lastSyncBlockId = ids[ids.length - 1]!;
    peer.remainNum = remainNum;
    peer.send({ type: "BLOCK_CHAIN_INVENTORY", ids, remainNum });
  }

  /** SyncService.getBlockChainSummary. */
  private blockChainSummary(peer: PeerConnection): BlockRef[] {
    const chain = this.host.chain;
    const begin = peer.blockBothHave;
    const queued = peer.syncBlockToFetch;
    let forkList: BlockRef[] = [];
    const syncBegin = chain.syncBeginNumber();
    let low = syncBegin < 0n ? 0n : syncBegin;
    let highNoFork: bigint;
    let high: bigint;
    if (begin.number === 0n) {
      highNoFork = high = chain.headBlockId().number;
    } else if (bytesEqual(chain.treeHeadBlockId().id, begin.id) || chain.containsBlockInMainChain(begin.id)) {
      highNoFork = high = begin.number;
    } else {
      const fork = chain.forkBranch(begin.id);
      if (fork.length === 0) throw new NetError("SYNC_FAILED", `can't find blockId: ${begin.number}`);
      highNoFork = fork[fork.length - 1]!.number;
      forkList = fork.slice(0, -1).reverse();
      high = highNoFork + BigInt(forkList.length);
    }
    if (low > highNoFork) throw new NetError("SYNC_FAILED", `low: ${low} gt highNoFork: ${highNoFork}`);
    const realHigh = high + BigInt(queued.length);
    const summary: BlockRef[] = [];
    while (low <= realHigh) {
      if (low <= highNoFork) summary.push(this.blockIdByNum(low));
      else if (low <= high) summary.push(forkList[Number(low - highNoFork - 1n)]!);
      else summary.push(queued[Number(low - high - 1n)]!);
      low += (realHigh - low + 2n) / 2n;
    }
    return summary;
  }

  private blockIdByNum(n: bigint): BlockRef {
    const chain = this.host.chain;
    const treeHead = chain.treeHeadBlockId();
    if (treeHead.number === n) return treeHead;
    const head = chain.headBlockId();
    if (head.number === n) return head;
    const id = chain.blockIdByNumber(n);
    if (!id) throw new NetError("DB_ITEM_NOT_FOUND", `num: ${n}`);
    return { id, number: n };
  }

  private invalid(key: string, peer: PeerConnection): void {
    if (this.requested.get(key) === peer) {
      this.requested.delete(key);
      this.scheduleFetch();
    }
  }

  scheduleFetch(): void {
    if (this.fetchScheduled || this.closed) return;
    this.fetchScheduled = true;
    setImmediate(() => {
      this.fetchScheduled = false;
      try {
        if (!this.closed) this.startFetchSyncBlock();
      } catch (e) {
        this.host.logger.warn({ err: (e as Error).message }, "sync fetch failed");
      }
    });
  }

  /** SyncService.startFetchSyncBlock: ≤ 100 ids per idle syncing peer, none asked of two peers. */
  private startFetchSyncBlock(): void {
    const now = this.host.now();
    for (const peer of this.host.activePeers()) {
      if (!peer.needSyncFromPeer || !peer.isSyncIdle || !peer.fetchAble) continue;
      const ids: Uint8Array[] = [];
      for (const block of peer.syncBlockToFetch) {
        const key = idKey(block.id);
        if (this.requested.get(key) === undefined && !peer.syncBlockInProcess.has(key)) {
          this.requested.set(key, peer);
          peer.syncBlockRequested.set(key, now);
          ids.push(block.id);
          if (ids.length >= MAX_BLOCK_FETCH_PER_PEER) break;
        }
      }
      if (ids.length > 0) peer.send({ type: "FETCH_INV_DATA", inventoryType: "BLOCK", ids });
    }
  }

  private scheduleHandle(): void {
    if (this.closed) return;
    if (this.handling) {
      this.handleAgain = true;
      return;
    }
    this.handling = true;
    setImmediate(() => {
      void this.handleSyncBlocks()
        .catch((e) => this.host.logger.warn({ err: (e as Error).message }, "sync block handling failed"))
        .finally(() => {
          this.handling = false;
          if (this.handleAgain) {
            this.handleAgain = false;
            this.scheduleHandle();
          }
        });
    });
  }

  /**
   * SyncService.handleSyncBlock: applies a waiting block only when it is the next one some peer's
   * queue expects, so blocks go in strictly in chain order.
   */
  private async handleSyncBlocks(): Promise<void> {
    const solidNum = this.host.chain.solidBlockId().number;
    let processed = true;
    while (processed && !this.closed) {
      processed = false;
      for (const [key, received] of [...this.waiting]) {
        const { peer } = received;
        if (peer.isDisconnect) {
          this.waiting.delete(key);
          this.invalid(key, peer);
          continue;
        }
        if (received.number <= solidNum) {
          this.waiting.delete(key);
          peer.syncBlockInProcess.delete(key);
          continue;
        }
        const expected = this.host
          .activePeers()
          .some((p) => p.syncBlockToFetch[0] && bytesEqual(p.syncBlockToFetch[0].id, received.id));
        if (!expected) continue;
        this.waiting.delete(key);
        processed = true;
        await this.processSyncBlock(received);
        peer.syncBlockInProcess.delete(key);
      }
    }
  }

  private async processSyncBlock(received: ReceivedBlock): Promise<void> {
    const { peer, id } = received;
    let ok = true;
    let attack = false;
    try {
      this.host.chain.validSignature(received.block);
      await this.host.chain.processBlock(received.block, true);
      this.syncedBlocks++;
    } catch (e) {
      ok = false;
      attack = e instanceof BlockRejected && (e.kind === "SIGNATURE" || e.kind === "MERKLE");
      this.host.logger.warn(
        { number: received.number.toString(), reason: (e as Error).message },
        "sync block failed",
      );
    }
    if (attack) {
      this.invalid(idKey(id), peer);
      peer.disconnect(ReasonCode.BAD_BLOCK);
      return;
    }
    for (const p of this.host.activePeers()) {
      const next = p.syncBlockToFetch[0];
      if (!next || !bytesEqual(next.id, id)) continue;
      p.syncBlockToFetch.shift();
      if (ok) {
        p.setBlockBothHave({ id, number: received.number });
        if (p.syncBlockToFetch.length === 0 && p.fetchAble) this.syncNext(p);
      } else {
        p.disconnect(ReasonCode.BAD_BLOCK);
      }
    }
  }
}
