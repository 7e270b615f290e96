/**
 * Which rpcs each server answers and how: for every service of TRON's api.proto a table of
 * bindings (served) and UNIMPLEMENTED entries (java-tron's own gaps, and what tronode does not serve
 * yet). The full node's port serves Wallet + Database (+ Monitor) on the head state; the solidity
 * port serves WalletSolidity + Database on the solidified state (and WalletExtension on a solidity
 * node, as java-tron).
 */
import type { DescService } from "@bufbuild/protobuf";
import { Database, Monitor, Wallet, WalletExtension, WalletSolidity } from "@tronode/engine/internal";
import type { RpcBinding, UnimplementedRpc } from "./rpc-binding.js";
import { ACCOUNT_RPCS } from "./rpcs/account-rpcs.js";
import { ASSET_BUILDER_RPCS, ASSET_READ_RPCS } from "./rpcs/asset-rpcs.js";
import { BLOCK_RPCS } from "./rpcs/block-rpcs.js";
import { BROADCAST_RPCS } from "./rpcs/broadcast-rpcs.js";
import { BUILDER_RPCS } from "./rpcs/builder-rpcs.js";
import { CHAIN_RPCS } from "./rpcs/chain-rpcs.js";
import { CONTRACT_CONSTANT_RPCS, CONTRACT_RPCS } from "./rpcs/contract-rpcs.js";
import { DATABASE_RPCS } from "./rpcs/database-rpcs.js";
import { GOVERNANCE_BUILDER_RPCS, MARKET_READ_RPCS, PROPOSAL_READ_RPCS } from "./rpcs/governance-rpcs.js";
import { MONITOR_RPCS } from "./rpcs/monitor-rpcs.js";
import {
  WALLET_EXTENSION_UNIMPLEMENTED,
  WALLET_JAVA_TRON_UNIMPLEMENTED,
  WALLET_NOT_POSSIBLE,
  WALLET_NOT_YET,
  WALLET_SOLIDITY_NOT_YET,
} from "./rpcs/not-yet-rpcs.js";
import { BALANCE_LOOKUP_RPCS, RESOURCE_RPCS } from "./rpcs/resource-rpcs.js";
import { SHIELDED_NOTE_READ_RPCS, SHIELDED_NOTE_RPCS, SHIELDED_RPCS } from "./rpcs/shielded-rpcs.js";
import { PENDING_RPCS, TRANSACTION_RPCS } from "./rpcs/transaction-rpcs.js";

/** One gRPC service: the rpcs it serves (bindings) and those that answer UNIMPLEMENTED. */
export interface ServiceTable {
  readonly service: DescService;
  readonly bindings: readonly RpcBinding[];
  readonly unimplemented: readonly UnimplementedRpc[];
}

/** Every binding whose rpc the service declares (WalletSolidity has a subset of Wallet's rpcs). */
function bindingsOf(service: DescService, bindings: readonly RpcBinding[]): RpcBinding[] {
  const names = new Set(service.methods.map((method) => method.name));
  return bindings.filter((binding) => names.has(binding.rpc));
}

/** Bindings that serve the same rpc on Wallet and WalletSolidity. */
const READ_RPCS: readonly RpcBinding[] = [
  ...ACCOUNT_RPCS,
  ...ASSET_READ_RPCS,
  ...MARKET_READ_RPCS,
  ...BLOCK_RPCS,
  ...TRANSACTION_RPCS,
  ...RESOURCE_RPCS,
  ...CHAIN_RPCS,
  ...SHIELDED_NOTE_READ_RPCS,
  ...CONTRACT_CONSTANT_RPCS,
];

/** protocol.Wallet on the full node's port: head-state reads, the pending pool, broadcast, builders. */
export const WALLET_TABLE: ServiceTable = {
  service: Wallet,
  bindings: [
    ...READ_RPCS,
    ...PENDING_RPCS,
    ...BALANCE_LOOKUP_RPCS,
    ...BROADCAST_RPCS,
    ...BUILDER_RPCS,
    ...ASSET_BUILDER_RPCS,
    ...GOVERNANCE_BUILDER_RPCS,
    ...PROPOSAL_READ_RPCS,
    ...SHIELDED_RPCS,
    ...SHIELDED_NOTE_RPCS,
    ...CONTRACT_RPCS,
  ],
  unimplemented: [...WALLET_NOT_YET, ...WALLET_NOT_POSSIBLE, ...WALLET_JAVA_TRON_UNIMPLEMENTED],
};

/** protocol.WalletSolidity on the solidity and PBFT ports: the read rpcs it shares with Wallet. */
export const WALLET_SOLIDITY_TABLE: ServiceTable = {
  service: WalletSolidity,
  bindings: bindingsOf(WalletSolidity, READ_RPCS),
  unimplemented: WALLET_SOLIDITY_NOT_YET,
};

/** protocol.Database, on every port (head or solidified state by port). */
export const DATABASE_TABLE: ServiceTable = {
  service: Database,
  bindings: DATABASE_RPCS,
  unimplemented: [],
};

/** protocol.Monitor (the node's metrics), on the full node's port. */
export const MONITOR_TABLE: ServiceTable = {
  service: Monitor,
  bindings: MONITOR_RPCS,
  unimplemented: [],
};

/** protocol.WalletExtension: every rpc UNIMPLEMENTED; on the solidity listener with `walletExtension`. */
export const WALLET_EXTENSION_TABLE: ServiceTable = {
  service: WalletExtension,
  bindings: [],
  unimplemented: WALLET_EXTENSION_UNIMPLEMENTED,
};

/** Every service table: what the coverage listings (grpc-coverage.ts) walk. */
export const SERVICE_TABLES: readonly ServiceTable[] = [
  WALLET_TABLE,
  WALLET_SOLIDITY_TABLE,
  DATABASE_TABLE,
  MONITOR_TABLE,
  WALLET_EXTENSION_TABLE,
];
