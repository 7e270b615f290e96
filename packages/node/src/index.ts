/**
 * @tronode/node — the stock tronode: a chain (`@tronode/chain`) with the transports its config asks
 * for (`createNode`), java-tron's config.conf and TRE's settings read into that config, the
 * solidity node, and the `tronode` CLI. Apps composing their own node use the packages it is
 * built from; everything here is built from their public calls.
 *
 * @packageDocumentation
 */

// --- what the stock node is made of, re-exported for the apps and tests that reach for it here ---
export {
  CODE_VERSION,
  consoleLogLine,
  DEFAULT_MNEMONIC,
  deriveDevAccounts,
  TRE_CHAIN_PARAMETERS,
  TRE_WITNESS_KEY,
  TRON_HD_PATH,
} from "@tronode/chain";
export { allTriggersSubscription, type EventSubscriptionConfig, eventSubscriptionOf } from "@tronode/events";
// --- configuration files (java-tron's config.conf, tronode's JSON) ---
export { applyConfigFile } from "./config/config-file.js";
export {
  applyJavaTronConfig,
  COMMITTEE_KEYS,
  isHoconConfig,
  type JavaTronConfigResult,
  parseHocon,
} from "./config/java-tron-config.js";
export { baseConfigOf, JAVA_TRON_PORTS, withConfigFile } from "./config/load-config.js";
export {
  defaultNodeConfig,
  type NodeConfig,
  type P2pSettings,
} from "./config/node-config.js";
export { NODE_ERROR_CODES } from "./errors.js";

// --- logging ---
export { createLogger, silentLogger } from "./logger.js";
// --- the node ---
export { type CreateNodeOptions, createNode, type TronNode } from "./node.js";
// --- the solidity node (java-tron's SolidityNode: follows a full node over gRPC) ---
export {
  createSolidityNode,
  DEFAULT_SOLIDITY_HTTP_PORT,
  type SolidityNode,
  type SolidityNodeOptions,
} from "./solidity/solidity-node.js";
