export { BlockProducer } from "./chain/block-producer.js";
export { ChainService } from "./chain/chain-service.js";
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
  TRE_CHAIN_PARAMETERS,
  TRE_WITNESS_KEY,
} from "./config/node-config.js";
export { ConsoleLogPrinter, type ConsoleLogSource, consoleLogLine } from "./dev/console-log-printer.js";
export { DEFAULT_MNEMONIC, deriveDevAccounts, TRON_HD_PATH } from "./dev/dev-accounts.js";
export { DevControls } from "./dev/dev-controls.js";
export * from "./errors.js";
export { accountIndexLag, rebuildAccountIndex } from "./events/account-index-rebuild.js";
export { createEventPublisher, type EventPublisher } from "./events/event-publisher.js";
export {
  allTriggersSubscription,
  type EventFilterConfig,
  type EventSubscriptionConfig,
  eventSubscriptionOf,
  TRIGGER_NAMES,
  type TriggerName,
  type TriggerSettings,
} from "./events/event-subscription-config.js";
export { createLogger, silentLogger } from "./logger.js";
export {
  CODE_VERSION,
  type CreateNodeOptions,
  createNode,
  genesisOf,
  systemClock,
  type TronNode,
} from "./node.js";
export {
  createSolidityNode,
  DEFAULT_SOLIDITY_HTTP_PORT,
  type SolidityNode,
  type SolidityNodeOptions,
} from "./solidity/solidity-node.js";
export { AccountIndexService } from "./wallet/account-index-queries.js";
export { balanceHistoryStartChanges } from "./wallet/balance-history.js";
export { EventService } from "./wallet/event-queries.js";
export { Wallet } from "./wallet/wallet.js";
