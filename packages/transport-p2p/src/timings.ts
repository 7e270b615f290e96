/**
 * Every timer and timeout of the two layers, with java-tron's / libp2p's values as defaults. Tests
 * shorten them; a node never changes them.
 */
export interface P2pTimings {
  /** libp2p NODE_CONNECTION_TIMEOUT. */
  readonly connectTimeoutMs: number;
  /** Netty ReadTimeoutHandler: close after this long without a byte read. */
  readonly readIdleMs: number;
  /** libp2p KeepAliveService period. */
  readonly keepAliveCheckMs: number;
  /** libp2p PING_TIMEOUT: ping after this long without sending. */
  readonly pingIdleMs: number;
  /** libp2p KEEP_ALIVE_TIMEOUT: drop when the pong is this late. */
  readonly keepAliveTimeoutMs: number;
  /** libp2p NETWORK_TIME_DIFF: a ping/pong stamped later than now + this is bad. */
  readonly networkTimeDiffMs: number;
  /** libp2p DEFAULT_BAN_TIME: every disconnect bans the IP (inbound, untrusted) this long. */
  readonly defaultBanMs: number;
  /** java-tron BAD_PEER_BAN_TIME: after BAD_PROTOCOL, BAD_BLOCK, BAD_TX. */
  readonly badPeerBanMs: number;
  /** ConnPoolService: first dial, then every interval. */
  readonly poolFirstDialMs: number;
  readonly poolIntervalMs: number;
  /** PeerStatusCheck: first run and period. */
  readonly statusCheckFirstMs: number;
  readonly statusCheckIntervalMs: number;
  /** PeerStatusCheck: a syncing peer whose common block has not moved for this long is dropped. */
  readonly blockUpdateTimeoutMs: number;
  /** NetConstants.SYNC_TIME_OUT: a requested sync block not received within this. */
  readonly syncTimeoutMs: number;
  /** NetConstants.ADV_TIME_OUT: a fetched inventory item not received within this. */
  readonly advTimeoutMs: number;
  /** AdvService: an inventory item older than MSG_CACHE_DURATION_IN_BLOCKS × 3 s is not fetched. */
  readonly invFetchTimeoutMs: number;
  /** AdvService spread/fetch loops. */
  readonly advLoopMs: number;
}

/** java-tron's and libp2p's values of every P2pTimings field. */
export const DEFAULT_TIMINGS: P2pTimings = {
  connectTimeoutMs: 2_000,
  readIdleMs: 60_000,
  keepAliveCheckMs: 2_000,
  pingIdleMs: 20_000,
  keepAliveTimeoutMs: 20_000,
  networkTimeDiffMs: 1_000,
  defaultBanMs: 60_000,
  badPeerBanMs: 3_600_000,
  poolFirstDialMs: 200,
  poolIntervalMs: 3_600,
  statusCheckFirstMs: 5_000,
  statusCheckIntervalMs: 2_000,
  blockUpdateTimeoutMs: 30_000,
  syncTimeoutMs: 5_000,
  advTimeoutMs: 20_000,
  invFetchTimeoutMs: 15_000,
  advLoopMs: 30,
};

/** DEFAULT_TIMINGS with the fields a caller overrode replaced. */
export function resolveTimings(overrides: Partial<P2pTimings> = {}): P2pTimings {
  return { ...DEFAULT_TIMINGS, ...overrides };
}
