export { createNode, genesisOf, systemClock, CODE_VERSION, type CreateNodeOptions, type TronNode } from "./node.js";
export { defaultNodeConfig, TRE_CHAIN_PARAMETERS, TRE_WITNESS_KEY, type NodeConfig } from "./config/node-config.js";
export { applyConfigFile } from "./config/config-file.js";
export { ChainService } from "./chain/chain-service.js";
export { BlockProducer } from "./chain/block-producer.js";
export { Wallet } from "./wallet/wallet.js";
export { DevControls } from "./dev/dev-controls.js";
export { deriveDevAccounts, DEFAULT_MNEMONIC, TRON_HD_PATH } from "./dev/dev-accounts.js";
export { createLogger, silentLogger } from "./logger.js";
