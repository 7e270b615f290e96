/**
 * @tronode/chain — a running TRON chain on the storage you choose: block production, fork choice,
 * the pending pool and the solidified view over `@tronode/engine`; java-tron's wallet composed from
 * one service per domain; TRE's dev controls; the event, account and JSON-RPC indexes. Transports
 * (`@tronode/transport-http`, `-grpc`, `-p2p`, `@tronode/events`) each take the chain it makes.
 *
 * @packageDocumentation
 */

// --- the chain service and block production ---
export { BlockProducer, type BlockProducerOptions } from "./chain/block-producer.js";
export {
  type ChainChange,
  ChainService,
  type ChainServiceOptions,
  type WitnessKey,
} from "./chain/chain-service.js";
export { PushBlockErrors, type PushBlockResult } from "./chain/fork-choice.js";
export {
  BLACKHOLE_ADDRESS,
  type ChainConfig,
  chainSettingsOf,
  configError,
  defaultChainConfig,
  type GenesisSettings,
  historyBalanceLookupOf,
  TRE_CHAIN_PARAMETERS,
  TRE_WITNESS_KEY,
  WITNESS_HD_PATH,
  witnessAddressOf,
} from "./chain-config.js";
// --- making a chain ---
export {
  type Chain,
  type ChainOutput,
  CODE_VERSION,
  type CreateChainOptions,
  clientVersionOf,
  createChain,
  DEV_VERSION,
  type DevAccountKeys,
  genesisOf,
  systemClock,
  witnessKeysOf,
} from "./create-chain.js";
// --- development accounts, clock and controls ---
export { type ConsoleLogSource, consoleLogLine } from "./dev/console-log-printer.js";
export { DEFAULT_MNEMONIC, deriveDevAccounts, TRON_HD_PATH } from "./dev/dev-accounts.js";
export { DevClock } from "./dev/dev-clock.js";
export { DevControls } from "./dev/dev-controls.js";
export { CHAIN_ERROR_CODES } from "./errors.js";
// --- the Solidity ABI (event data, call arguments) ---
export { type AbiInput, type AbiValue, canonicalType, decodeAbi, encodeAbi } from "./events/abi-codec.js";

// --- indexes and feeds ---
export { accountIndexLag, rebuildAccountIndex } from "./events/account-index-rebuild.js";
export { createHeadFeed, type HeadFeedOptions } from "./events/head-feed.js";
// --- forking a live network ---
export type { ForkConfig } from "./fork/fork-start.js";
// --- monitoring ---
export { createNodeMetrics, type NodeMetrics, type NodeMetricsOptions } from "./monitor/node-metrics.js";
export { type NodeStatisticsOptions, nodeStatistics } from "./monitor/node-statistics.js";
export type { TransactionConfirmation, WaitForTransactionOptions } from "./wait.js";
export { AccountIndexService } from "./wallet/account-index-queries.js";
// --- the wallet and its domain services (for compositions of their own, e.g. a solidity node) ---
export { BalanceHistoryService, balanceHistoryStartChanges } from "./wallet/balance-history.js";
export { composeWallet } from "./wallet/compose-wallet.js";
export { EventService, type EventServiceOptions } from "./wallet/event-queries.js";
export { ResourceQueryService } from "./wallet/resource-queries.js";
export { Wallet, type WalletNetwork, type WalletOptions } from "./wallet/wallet.js";
export { WitnessQueryService } from "./wallet/witness-queries.js";
