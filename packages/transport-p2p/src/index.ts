/**
 * @tronode/transport-p2p — TRON's peer-to-peer protocol as java-tron 4.8 speaks it over Node net
 * sockets: the libp2p layer (framing, handshakes, compression, keep-alive, bans), the TRON layer
 * (hello, sync, block and transaction gossip) and UDP discovery. `serveP2p(chain)` joins a network
 * with a `@tronode/chain` chain; `createP2pService` runs the same over any `NetChain`.
 *
 * @packageDocumentation
 */

// --- serving a chain ---
export { NetDelegate, type NetDelegateOptions } from "./chain/net-delegate.js";
export { type ServeP2pOptions, serveP2p } from "./chain/serve-p2p.js";
export { walletNetworkOf } from "./chain/wallet-network.js";
// --- peers and endpoints ---
export { normalizeIp } from "./channel.js";
export { DisconnectCode, type PeerAddress, validEndpoint } from "./channel-manager.js";
// --- the compression envelope ---
export { LIBP2P_VERSION } from "./compression.js";
// --- UDP discovery ---
export { DEFAULT_DISCOVERY_TIMINGS, type DiscoveryTimings, KadMessageType } from "./discovery.js";
// --- framing ---
export { encodeFrame, FrameDecoder, type FrameFault, MAX_MESSAGE_LENGTH } from "./frame-codec.js";
// --- messages ---
export {
  type BlockRef,
  decodeLibp2pMessage,
  decodeTronMessage,
  encodeLibp2pMessage,
  encodeTronMessage,
  FIXED_PING_PAYLOAD,
  type InventoryType,
  isLibp2pDecodeFault,
  isTronDecodeFault,
  type Libp2pDecodeFault,
  type Libp2pMessage,
  Libp2pMessageType,
  MAX_APP_MESSAGE_TYPE,
  protoInconsistent,
  type TronDecodeFault,
  type TronMessage,
  TronMessageType,
} from "./messages.js";
// --- the chain as the network sees it ---
export { type BlockFailureKind, BlockRejected, type NetChain, TransactionRejected } from "./net-chain.js";
// --- errors and disconnect reasons ---
export { NetError, type NetErrorType, reasonOf } from "./net-error.js";
// --- the P2P service ---
export {
  createP2pService,
  type P2pService,
  type P2pServiceOptions,
  type P2pStatsSink,
} from "./p2p-service.js";
export { DEFAULT_TIMINGS, type P2pTimings } from "./timings.js";
export type { PeerReport } from "./tron-net.js";
