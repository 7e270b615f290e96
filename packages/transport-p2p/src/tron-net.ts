/**
 * The TRON layer on top of libp2p (java-tron's TronNetService, P2pEventHandlerImpl,
 * HandshakeService and the message handlers): the TRON hello, message dispatch with java-tron's
 * disconnect reasons, sync, gossip, and the peer status watchdog.
 */

import { create } from "@bufbuild/protobuf";
import {
  BLOCK_SIZE,
  type Block,
  blockId,
  blockNumberOfId,
  bytesEqual,
  bytesToHex,
  type HelloMessage,
  HelloMessageSchema,
  int64ToBytes,
  type Logger,
  PROTOBUF_INCONSISTENT,
  ReasonCode,
  type Transaction,
  transactionId,
  transactionSize,
  utf8Encode,
} from "@tronode/engine/internal";
import { AdvService } from "./adv-service.js";
import type { Channel } from "./channel.js";
import type { ChannelHandler, ChannelManager } from "./channel-manager.js";
import {
  type BlockRef,
  decodeTronMessage,
  isTronDecodeFault,
  protoInconsistent,
  type TronMessage,
} from "./messages.js";
import { BlockRejected, type NetChain, TransactionRejected } from "./net-chain.js";
import { NetError, reasonOf } from "./net-error.js";
import type { P2pStatsSink } from "./p2p-service.js";
import { type Item, idKey, itemKey, PeerConnection } from "./peer.js";
import { SYNC_FETCH_BATCH_NUM, SyncService } from "./sync-service.js";
import type { P2pTimings } from "./timings.js";

/** BlockMsgHandler: a block message larger than BLOCK_SIZE + 1000 is refused. */
const MAX_BLOCK_MESSAGE_SIZE = Number(BLOCK_SIZE) + 1000;
/** FetchInvDataMsgHandler: TRXS replies are flushed past this many bytes. */
const MAX_TRXS_SIZE = 1_000_000;
const BLOCK_PRODUCED_INTERVAL = 3000;

/** The chain, the channels and the TRON hello's settings the TRON layer runs with. */
export interface TronNetOptions {
  readonly chain: NetChain;
  readonly channels: ChannelManager;
  /** node.p2p.version. */
  readonly networkId: number;
  /** The version string the hello carries (TIP-621), e.g. "4.8.1". */
  readonly codeVersion: string;
  readonly timings: P2pTimings;
  readonly logger: Logger;
  readonly now: () => number;
  /** node.maxTps (TRX inventories beyond maxTps × 10 per 10 s are dropped). */
  readonly maxTps?: number;
  /** node.syncFetchBatchNum, clamped to 100..2000. */
  readonly syncFetchBatchNum?: number;
  /** node.blockCacheTimeout in minutes. */
  readonly blockCacheTimeoutMinutes?: number;
  readonly stats?: P2pStatsSink;
}

/** One connected peer as getnodeinfo describes it (java-tron's PeerInfo). */
export interface PeerReport {
  readonly host: string;
  readonly port: number;
  readonly advertisedHost: string;
  readonly advertisedPort: number;
  readonly nodeId: string;
  readonly active: boolean;
  readonly connectTime: number;
  readonly avgLatency: number;
  readonly needSyncFromPeer: boolean;
  readonly needSyncFromUs: boolean;
  readonly headBlockWeBothHave: BlockRef;
  readonly lastBlockUpdateTime: number;
  readonly lastSyncBlock: BlockRef | undefined;
  readonly remainNum: bigint;
  readonly syncToFetchSize: number;
  readonly syncToFetchSizePeekNum: bigint;
  readonly syncBlockRequestedSize: number;
  readonly blockInProcessSize: number;
  readonly isDisconnect: boolean;
  readonly peerHead: BlockRef | undefined;
}

function refOf(b: { hash: Uint8Array; number: bigint } | undefined): BlockRef {
  const id = new Uint8Array(32);
  if (b) {
    id.set(b.hash.subarray(0, 32), 0);
    id.set(int64ToBytes(b.number), 0);
  }
  return { id, number: b?.number ?? 0n };
}

/** The TRON layer over the channels: hellos, message dispatch, sync, gossip and the peer watchdog. */
export class TronNet implements ChannelHandler {
  private readonly peers = new Map<Channel, PeerConnection>();
  readonly sync: SyncService;
  readonly adv: AdvService;
  private statusTimer: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;
  private readonly maxTrxInventoryPer10s: number;
  /** Disconnects per IP (NodeStatistics.disconnectTimes) and the last reasons, for getnodeinfo. */
  private readonly stats = new Map<
    string,
    { disconnects: number; local?: ReasonCode; remote?: ReasonCode }
  >();
  private closed = false;

  constructor(private readonly options: TronNetOptions) {
    const batch = Math.min(2000, Math.max(100, options.syncFetchBatchNum ?? SYNC_FETCH_BATCH_NUM));
    const blockCacheTimeoutMs = (options.blockCacheTimeoutMinutes ?? 60) * 60_000;
    const host = {
      chain: options.chain,
      now: options.now,
      timings: options.timings,
      activePeers: () => this.activePeers(),
      syncFetchBatchNum: batch,
      blockCacheTimeoutMs,
      logger: options.logger,
    };
    this.sync = new SyncService(host);
    this.adv = new AdvService(host);
    this.maxTrxInventoryPer10s = (options.maxTps ?? 1000) * 10;
    options.channels.setHandler(this);
  }

  start(): void {
    this.adv.start();
    this.unsubscribe = this.options.chain.onProducedBlock((block) => {
      try {
        this.adv.broadcastBlock(block);
      } catch (e) {
        this.options.logger.warn({ err: (e as Error).message }, "announcing a produced block failed");
      }
    });
    const check = () => {
      try {
        this.statusCheck();
      } catch (e) {
        this.options.logger.warn({ err: (e as Error).message }, "peer status check failed");
      }
      this.statusTimer = setTimeout(check, this.options.timings.statusCheckIntervalMs);
    };
    this.statusTimer = setTimeout(check, this.options.timings.statusCheckFirstMs);
  }

  /** PeerManager.close: tells every peer we are quitting. */
  stop(): void {
    this.closed = true;
    this.unsubscribe?.();
    if (this.statusTimer) clearTimeout(this.statusTimer);
    this.adv.close();
    this.sync.close();
    for (const peer of this.peers.values()) if (!peer.isDisconnect) peer.disconnect(ReasonCode.PEER_QUITING);
  }

  /** Peers not disconnected (TronNetService.getPeers). */
  activePeers(): PeerConnection[] {
    return [...this.peers.values()].filter((p) => !p.isDisconnect);
  }

  /** Peers in the gossip set (both sync flags false): what a broadcast needs at least one of. */
  syncedPeerCount(): number {
    return this.activePeers().filter((p) => p.isSyncFinish).length;
  }

  /** Wallet.broadcastTransaction's announcement; the number of peers it reached. */
  broadcastTransaction(tx: Transaction): number {
    return this.adv.fastBroadcastTransaction(tx);
  }

  reports(): PeerReport[] {
    return this.activePeers().map((p) => {
      const from = p.channel.hello?.from;
      return {
        host: p.channel.remoteAddress,
        port: p.channel.remotePort,
        advertisedHost: from ? new TextDecoder().decode(from.address) : p.channel.remoteAddress,
        advertisedPort: from?.port ?? p.channel.remotePort,
        nodeId: p.channel.nodeId ?? "",
        active: p.channel.active,
        connectTime: p.channel.startTime,
        avgLatency: p.channel.avgLatency,
        needSyncFromPeer: p.needSyncFromPeer,
        needSyncFromUs: p.needSyncFromUs,
        headBlockWeBothHave: p.blockBothHave,
        lastBlockUpdateTime: p.blockBothHaveUpdateTime,
        lastSyncBlock: p.lastSyncBlockId,
        remainNum: p.remainNum,
        syncToFetchSize: p.syncBlockToFetch.length,
        syncToFetchSizePeekNum: p.syncBlockToFetch[0]?.number ?? -1n,
        syncBlockRequestedSize: p.syncBlockRequested.size,
        blockInProcessSize: p.syncBlockInProcess.size,
        isDisconnect: p.isDisconnect,
        peerHead: p.helloReceived ? refOf(p.helloReceived.headBlockId) : undefined,
      };
    });
  }

  disconnectStats(ip: string): { disconnects: number; local?: ReasonCode; remote?: ReasonCode } {
    return this.stats.get(ip) ?? { disconnects: 0 };
  }

  // ---- ChannelHandler ----------------------------------------------------------------------------

  onConnect(channel: Channel): void {
    if (this.closed || this.peers.has(channel)) return;
    const peer = new PeerConnection(channel, {
      now: this.options.now,
      timings: this.options.timings,
      close: (c, banMs) => this.options.channels.close(c, banMs),
      logger: this.options.logger,
      ...(this.options.stats ? { stats: this.options.stats } : {}),
    });
    this.peers.set(channel, peer);
    this.sendHello(peer);
  }

  onMessage(channel: Channel, payload: Uint8Array): void {
    const peer = this.peers.get(channel);
    if (!peer) return;
    peer.enqueue(() => this.processMessage(peer, payload));
  }

  onDisconnect(channel: Channel): void {
    const peer = this.peers.get(channel);
    if (!peer) return;
    this.peers.delete(channel);
    const stat = this.stats.get(channel.remoteAddress) ?? { disconnects: 0 };
    stat.disconnects++;
    this.stats.set(channel.remoteAddress, stat);
    this.sync.onDisconnect(peer);
    this.adv.onDisconnect(peer);
    peer.advInvRequest.clear();
    peer.syncBlockToFetch = [];
    peer.syncBlockRequested.clear();
    peer.syncBlockInProcess.clear();
    this.options.logger.info({ peer: peer.address }, "peer disconnected");
  }

  // ---- handshake (java-tron's HandshakeService) ------------------------------------------------

  private sendHello(peer: PeerConnection): void {
    const chain = this.options.chain;
    const blockId = (b: BlockRef) => ({ hash: b.id, number: b.number });
    const hello = create(HelloMessageSchema, {
      from: this.options.channels.homeEndpoint(),
      version: this.options.networkId,
      timestamp: BigInt(peer.channel.startTime),
      genesisBlockId: blockId(chain.genesisBlockId()),
      solidBlockId: blockId(chain.solidBlockId()),
      headBlockId: blockId(chain.headBlockId()),
      nodeType: 0,
      lowestBlockNum: 0n,
      codeVersion: utf8Encode(this.options.codeVersion),
    });
    peer.send({ type: "P2P_HELLO", hello });
    peer.helloSent = hello;
  }

  private processHello(peer: PeerConnection, msg: HelloMessage): void {
    if (peer.helloReceived) {
      peer.disconnect(ReasonCode.BAD_PROTOCOL);
      return;
    }
    this.options.channels.updateNodeId(peer.channel, bytesToHex(msg.from?.nodeId ?? new Uint8Array()));
    if (peer.isDisconnect) {
      peer.disconnect(ReasonCode.DUPLICATE_PEER);
      return;
    }
    if (!helloValid(msg)) {
      peer.disconnect(ReasonCode.UNEXPECTED_IDENTITY);
      return;
    }
    const chain = this.options.chain;
    const head = chain.headBlockId();
    if (msg.lowestBlockNum > head.number) {
      peer.disconnect(ReasonCode.LIGHT_NODE_SYNC_FAIL);
      return;
    }
    if (msg.version !== this.options.networkId) {
      this.options.logger.info(
        { peer: peer.address, peerVersion: msg.version, version: this.options.networkId },
        "peer on a different p2p version",
      );
      peer.disconnect(ReasonCode.INCOMPATIBLE_VERSION);
      return;
    }
    if (!bytesEqual(refOf(msg.genesisBlockId).id, chain.genesisBlockId().id)) {
      this.options.logger.info({ peer: peer.address }, "peer on a different genesis block");
      peer.disconnect(ReasonCode.INCOMPATIBLE_CHAIN);
      return;
    }
    const peerSolid = refOf(msg.solidBlockId);
    if (chain.solidBlockId().number >= peerSolid.number && !chain.containsBlockInMainChain(peerSolid.id)) {
      this.options.logger.info(
        { peer: peer.address, peerSolid: peerSolid.number.toString() },
        "peer's solid block is not ours",
      );
      peer.disconnect(ReasonCode.FORKED);
      return;
    }
    peer.helloReceived = msg;
    peer.channel.updateAvgLatency(this.options.now() - peer.channel.startTime);
    this.onPeerConnected(peer);
  }

  /** PeerConnection.onConnect: sync from a peer ahead of us; gossip with one at our height. */
  private onPeerConnected(peer: PeerConnection): void {
    const ours = peer.helloSent!.headBlockId!.number;
    const theirs = peer.helloReceived!.headBlockId!.number;
    this.options.logger.info(
      { peer: peer.address, head: ours.toString(), peerHead: theirs.toString() },
      "peer handshake done",
    );
    if (theirs > ours) {
      peer.needSyncFromUs = false;
      this.sync.startSync(peer);
    } else {
      peer.needSyncFromPeer = false;
      if (theirs === ours) peer.needSyncFromUs = false;
      peer.tronState = "SYNC_COMPLETED";
    }
  }

  // ---- dispatch (P2pEventHandlerImpl) ----------------------------------------------------------

  private async processMessage(peer: PeerConnection, data: Uint8Array): Promise<void> {
    if (peer.isDisconnect) return;
    const msg = decodeTronMessage(data);
    try {
      if (isTronDecodeFault(msg)) {
        this.options.stats?.errorProto();
        if (msg.kind === "BAD_PBFT") {
          peer.disconnect(ReasonCode.BAD_PROTOCOL);
          return;
        }
        throw new NetError(msg.kind, msg.detail);
      }
      if ((msg.type === "BLOCK" || msg.type === "TRXS") && this.options.chain.protoFilter?.() === true) {
        if (protoInconsistent(msg, data.length - 1)) {
          throw new NetError("PROTOBUF_ERROR", PROTOBUF_INCONSISTENT);
        }
      }
      if (msg.type === "INVENTORY" && msg.inventoryType === "TRX") {
        const count = peer.trxInventoryInLast10s();
        peer.recordTrxInventory(msg.ids.length);
        if (count > this.maxTrxInventoryPer10s) return;
      }
      await this.dispatch(peer, msg);
      if (
        msg.type === "SYNC_BLOCK_CHAIN" ||
        msg.type === "BLOCK_CHAIN_INVENTORY" ||
        msg.type === "BLOCK" ||
        (msg.type === "FETCH_INV_DATA" && msg.inventoryType === "BLOCK")
      ) {
        peer.lastInteractiveTime = this.options.now();
      }
    } catch (e) {
      const type = e instanceof NetError ? e.type : undefined;
      this.options.logger.info(
        { peer: peer.address, type: type ?? "UNKNOWN", reason: (e as Error).message },
        "peer message failed",
      );
      const stat = this.stats.get(peer.channel.remoteAddress) ?? { disconnects: 0 };
      stat.local = reasonOf(type);
      this.stats.set(peer.channel.remoteAddress, stat);
      peer.disconnect(reasonOf(type));
    }
  }

  private async dispatch(peer: PeerConnection, msg: TronMessage): Promise<void> {
    switch (msg.type) {
      case "P2P_PING":
        peer.send({ type: "P2P_PONG" });
        return;
      case "P2P_PONG":
        return;
      case "P2P_HELLO":
        this.processHello(peer, msg.hello);
        return;
      case "P2P_DISCONNECT": {
        const stat = this.stats.get(peer.channel.remoteAddress) ?? { disconnects: 0 };
        stat.remote = msg.reason;
        this.stats.set(peer.channel.remoteAddress, stat);
        this.options.logger.info(
          { peer: peer.address, reason: ReasonCode[msg.reason] },
          "peer disconnected us",
        );
        this.options.channels.close(peer.channel);
        return;
      }
      case "SYNC_BLOCK_CHAIN":
        this.sync.onSyncBlockChain(peer, msg.ids);
        return;
      case "BLOCK_CHAIN_INVENTORY":
        this.sync.onChainInventory(peer, msg.ids, msg.remainNum);
        return;
      case "INVENTORY":
        this.onInventory(peer, msg.inventoryType, msg.ids);
        return;
      case "FETCH_INV_DATA":
        await this.onFetchInvData(peer, msg.inventoryType, msg.ids);
        return;
      case "BLOCK":
        await this.onBlock(peer, msg.block, msg.size);
        return;
      case "TRXS":
        await this.onTransactions(peer, msg.transactions);
        return;
      case "PBFT_COMMIT_MSG":
      case "PBFT_MSG":
        // PBFT is off on these chains (allowPBFT = 0): java-tron parses and stores nothing
        return;
      case "TRX":
        throw new NetError("NO_SUCH_MESSAGE", "TRX");
    }
  }

  /** InventoryMsgHandler. */
  private onInventory(peer: PeerConnection, type: "TRX" | "BLOCK", ids: readonly Uint8Array[]): void {
    if (peer.needSyncFromPeer || peer.needSyncFromUs) {
      this.options.logger.debug(
        {
          peer: peer.address,
          type,
          size: ids.length,
          syncFromUs: peer.needSyncFromUs,
          syncFromPeer: peer.needSyncFromPeer,
        },
        "inventory dropped: peer is syncing",
      );
      return;
    }
    const now = this.options.now();
    for (const id of ids) {
      const item: Item = { type, id };
      const key = itemKey(item);
      peer.advInvReceive.set(key, now);
      this.adv.addInv(item);
      if (type === "BLOCK" && !peer.advInvSpread.has(key)) peer.lastInteractiveTime = now;
    }
  }

  /** FetchInvDataMsgHandler. */
  private async onFetchInvData(
    peer: PeerConnection,
    type: "TRX" | "BLOCK",
    ids: readonly Uint8Array[],
  ): Promise<void> {
    this.checkFetch(peer, type, ids);
    let batch: Transaction[] = [];
    let size = 0;
    for (const id of ids) {
      const item: Item = { type, id };
      const cached = this.adv.cached(item);
      if (type === "BLOCK") {
        const block = (cached as Block | undefined) ?? (await this.options.chain.getBlock(id));
        if (!block) throw new NetError("DB_ITEM_NOT_FOUND", `type: BLOCK, hash: ${bytesToHex(id)}`);
        const number = block.blockHeader?.rawData?.number ?? 0n;
        if (peer.blockBothHave.number < number) peer.setBlockBothHave({ id: blockId(block), number });
        peer.send({ type: "BLOCK", block, size: 0 });
      } else {
        const tx = (cached as Transaction | undefined) ?? (await this.options.chain.getTransaction(id));
        if (!tx) throw new NetError("DB_ITEM_NOT_FOUND", `type: TRX, hash: ${bytesToHex(id)}`);
        batch.push(tx);
        size += transactionSize(tx);
        if (size > MAX_TRXS_SIZE) {
          peer.send({ type: "TRXS", transactions: batch });
          batch = [];
          size = 0;
        }
      }
    }
    if (batch.length > 0) peer.send({ type: "TRXS", transactions: batch });
  }

  private checkFetch(peer: PeerConnection, type: "TRX" | "BLOCK", ids: readonly Uint8Array[]): void {
    if (type === "TRX") {
      for (const id of ids) {
        if (!peer.advInvSpread.has(itemKey({ type: "TRX", id }))) {
          throw new NetError("BAD_MESSAGE", `not spread inv: ${bytesToHex(id)}`);
        }
      }
      return;
    }
    const advertised = ids.every((id) => peer.advInvSpread.has(itemKey({ type: "BLOCK", id })));
    if (advertised) return;
    if (!peer.needSyncFromUs) throw new NetError("BAD_MESSAGE", "no need sync");
    const last = peer.lastSyncBlockId;
    // java-tron dereferences lastSyncBlockId here: without a chain inventory sent, a NullPointerException (UNKNOWN)
    if (!last) throw new Error("no chain inventory was sent to this peer");
    for (const id of ids) {
      const number = blockNumberOfId(id);
      const min = last.number - BigInt(2 * SYNC_FETCH_BATCH_NUM);
      if (number < min) throw new NetError("BAD_MESSAGE", `minBlockNum: ${min}, blockNum: ${number}`);
      if (number > last.number)
        throw new NetError("BAD_MESSAGE", `maxBlockNum: ${last.number}, blockNum: ${number}`);
      const key = idKey(id);
      if (peer.syncBlockIdCache.has(key))
        throw new NetError("BAD_MESSAGE", `Num:${number},ID:${bytesToHex(id)} is exist`);
      peer.syncBlockIdCache.set(key, this.options.now());
    }
  }

  /** BlockMsgHandler. */
  private async onBlock(peer: PeerConnection, block: Block, size: number): Promise<void> {
    const id = blockId(block);
    const number = block.blockHeader?.rawData?.number ?? 0n;
    const timestamp = block.blockHeader?.rawData?.timestamp ?? 0n;
    if (size > MAX_BLOCK_MESSAGE_SIZE) throw new NetError("BAD_MESSAGE", "block size over limit");
    if (Number(timestamp) - this.options.now() >= BLOCK_PRODUCED_INTERVAL) {
      throw new NetError("BAD_MESSAGE", "block time error");
    }
    const key = idKey(id);
    const item: Item = { type: "BLOCK", id };
    if (!peer.syncBlockRequested.has(key) && !peer.advInvRequest.has(itemKey(item))) {
      throw new NetError("BAD_MESSAGE", "no request");
    }
    if (peer.syncBlockRequested.has(key)) {
      peer.syncBlockRequested.delete(key);
      peer.syncBlockInProcess.add(key);
      this.sync.processBlock(peer, { block, id, number });
      return;
    }
    peer.advInvRequest.delete(itemKey(item));
    await this.processAdvBlock(peer, block, id, number);
  }

  private async processAdvBlock(
    peer: PeerConnection,
    block: Block,
    id: Uint8Array,
    number: bigint,
  ): Promise<void> {
    const chain = this.options.chain;
    let valid: boolean;
    try {
      valid = chain.validBlock(block);
    } catch (e) {
      if (e instanceof BlockRejected && e.kind === "SIGNATURE")
        throw new NetError("BLOCK_SIGN_ERROR", e.message);
      if (e instanceof BlockRejected) throw new NetError("BAD_BLOCK", e.message);
      throw e;
    }
    if (!valid) {
      this.options.logger.info(
        { peer: peer.address, number: number.toString() },
        "block of an inactive witness dropped",
      );
      return;
    }
    const parent = block.blockHeader?.rawData?.parentHash ?? new Uint8Array(32);
    if (!chain.containsBlock(parent)) {
      this.options.logger.info(
        { peer: peer.address, number: number.toString() },
        "unlinked block: syncing with the peer",
      );
      this.sync.startSync(peer);
      return;
    }
    if (number < chain.headBlockId().number) return;
    this.adv.broadcastBlock(block);
    try {
      await chain.processBlock(block, false);
      const key = itemKey({ type: "BLOCK", id });
      for (const p of this.activePeers()) if (p.advInvReceive.has(key)) p.setBlockBothHave({ id, number });
    } catch (e) {
      this.options.logger.warn(
        { peer: peer.address, number: number.toString(), reason: (e as Error).message },
        "block from a peer failed",
      );
    }
  }

  /** TransactionsMsgHandler. */
  private async onTransactions(peer: PeerConnection, transactions: readonly Transaction[]): Promise<void> {
    for (const tx of transactions) {
      const key = itemKey({ type: "TRX", id: transactionId(tx) });
      if (!peer.advInvRequest.has(key)) throw new NetError("BAD_MESSAGE", `trx: ${key} without request.`);
      peer.advInvRequest.delete(key);
      if ((tx.rawData?.contract.length ?? 0) < 1) {
        throw new NetError("BAD_TRX", `tx ${key} contract size should be greater than 0`);
      }
    }
    for (const tx of transactions) {
      if (peer.isBadPeer || peer.isDisconnect) return;
      if (this.adv.isCachedTransaction(transactionId(tx))) continue;
      try {
        await this.options.chain.pushTransaction(tx);
        this.adv.broadcastTransaction(tx);
      } catch (e) {
        if (e instanceof TransactionRejected && e.bad) {
          peer.isBadPeer = true;
          peer.disconnect(ReasonCode.BAD_TX);
          return;
        }
        this.options.logger.debug(
          { peer: peer.address, reason: (e as Error).message },
          "transaction from a peer dropped",
        );
      }
    }
  }

  /** PeerStatusCheck: TIME_OUT for a stalled sync, a late inventory fetch or a late sync block. */
  private statusCheck(): void {
    const now = this.options.now();
    const t = this.options.timings;
    for (const peer of this.activePeers()) {
      let stale = peer.needSyncFromPeer && peer.blockBothHaveUpdateTime < now - t.blockUpdateTimeoutMs;
      if (!stale) stale = [...peer.advInvRequest.values()].some((time) => time < now - t.advTimeoutMs);
      if (!stale) stale = [...peer.syncBlockRequested.values()].some((time) => time < now - t.syncTimeoutMs);
      if (stale) {
        this.options.logger.info({ peer: peer.address }, "peer timed out");
        peer.disconnect(ReasonCode.TIME_OUT);
      }
    }
  }
}

/** java-tron's HelloMessage.valid(). */
function helloValid(msg: HelloMessage): boolean {
  if ((msg.genesisBlockId?.hash.length ?? 0) === 0) return false;
  if ((msg.solidBlockId?.hash.length ?? 0) === 0) return false;
  if ((msg.headBlockId?.hash.length ?? 0) === 0) return false;
  if (msg.address.length > 200 || msg.signature.length > 200 || msg.codeVersion.length > 200) return false;
  return true;
}
