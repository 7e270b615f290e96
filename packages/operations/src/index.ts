/**
 * @tronode/operations — java-tron's wallet operations below the framing, one implementation each,
 * bound by transport-http (route rows) and transport-grpc (rpc bindings), and java-tron's JSON-RPC
 * methods (`json-rpc/`: TronJsonRpcImpl's eth methods, filters and logs, the debug methods) that
 * transport-http frames on /jsonrpc and /tre. See ARCHITECTURE.md, "Operations and transports" and
 * "java-tron's JSON-RPC".
 *
 * @packageDocumentation
 */

// --- the operation shape, its failures, the key-operation rule, the chain the transports serve ---

export { isLoopbackHost, keyOperationRefusedMessage, keyOperationsAllowedOn } from "./loopback-host.js";
export {
  defineOperation,
  type Operation,
  type OperationAvailability,
  type OperationContext,
  type QueryOperation,
} from "./operation.js";
export {
  describeFailure,
  isNotImplementedError,
  notImplementedError,
  OperationErrorCodes,
  type OperationFailure,
  OperationJavaClasses,
  parseJavaHex,
  unsupportedError,
} from "./operation-errors.js";
export { closeWithChain, type ServableChain, type TransportMetrics } from "./servable-chain.js";

// --- the wallet operations by domain: reads, and builders (one per contract type) ---

export { AccountOperations, accountNetMessage, accountResourceMessage } from "./account-operations.js";
export type { AddressValidation } from "./address-validation.js";
export {
  AssetBuilderOperations,
  AssetOperations,
  ExchangeBuilderOperations,
  ExchangeOperations,
} from "./asset-operations.js";
export { BalanceLookupOperations } from "./balance-lookup-operations.js";
export {
  BLOCK_LIMIT_NUM,
  BlockOperations,
  type BlockRangeInput,
  type GetBlockInput,
  type GetBlockResult,
} from "./block-operations.js";
export { type Answered, BroadcastOperations, MultisigOperations } from "./broadcast-operations.js";
export {
  type BuilderInput,
  type BuilderOperation,
  BuilderOperations,
  type CommonTransactionInput,
  createCommonTransaction,
} from "./builder-operations.js";
export { printBuiltTransaction } from "./built-transaction-json.js";
export { ChainOperations, NodeOperations, PendingOperations } from "./chain-operations.js";
export {
  ContractBuilderOperations,
  type ContractCallFailure,
  type ContractCallOutcome,
  ContractOperations,
  contractCallFailure,
  type EnergyEstimateOutcome,
  type TriggerRequest,
} from "./contract-operations.js";
export { type BlockReference, DatabaseOperations } from "./database-operations.js";
export {
  addressOfKey,
  type EasyTransferInput,
  type EasyTransferResult,
  KeyOperations,
  type KeyPair,
  type SignInput,
} from "./key-operations.js";
export { MarketBuilderOperations, MarketOperations, type MarketPairInput } from "./market-operations.js";
export {
  ProposalBuilderOperations,
  ProposalOperations,
  type ProposalPageInput,
} from "./proposal-operations.js";
export {
  type DelegationPairInput,
  ResourceOperations,
  StakingBuilderOperations,
} from "./resource-operations.js";
export {
  type IvkInput,
  type PaymentAddressInput,
  PROOF_CREATION_NOT_POSSIBLE,
  ShieldedOperations,
  type ShieldedTrc20ParametersInput,
  type SpendAuthSigInput,
} from "./shielded-operations.js";
export { TransactionOperations } from "./transaction-operations.js";
export {
  DeferredOperations,
  notYetOperation,
  walletExtensionOperation,
} from "./unavailable-operations.js";
export {
  type PageInput,
  type WitnessAddressInput,
  WitnessBuilderOperations,
  type WitnessFigureResult,
  WitnessOperations,
} from "./witness-operations.js";

// --- TronGrid's v1 API ---

export {
  type AccountInput,
  type AccountResult,
  type AccountTransactionsInput,
  type AssetIdentifier,
  type AssetListInput,
  type AssetOrderField,
  type AssetPage,
  type AssetsByNameInput,
  type BlockEventsInput,
  type ContractEventsInput,
  type TokenBalance,
  type TokenHolderBalance,
  type TokenHoldersInput,
  type TokenHoldersResult,
  type TokenInfo,
  type TransactionEventsInput,
  type Trc20TransactionsInput,
  type Trc20TransactionsResult,
  type Trc20TransferItem,
  type TronGridApi,
  TronGridErrorCodes,
  type TronGridOperation,
  TronGridOperations,
  trc20BalanceOf,
  trc20TokenInfo,
  tronGridRequestError,
} from "./trongrid-operations.js";

// --- java-tron's JSON-RPC: the eth methods, filters and logs, the debug methods ---

export { debugMethods } from "./json-rpc/debug-methods.js";
export { type JsonRpcError, JsonRpcErrorCodes, JsonRpcFailure } from "./json-rpc/errors.js";
export { EthFilters } from "./json-rpc/eth-filters.js";
export type { ContractLogIndex } from "./json-rpc/eth-logs.js";
export {
  ETH_METHODS,
  ETH_METHODS_BY_NAME,
  type EthJsonRpcContext,
  type EthMethod,
  type EthMethodStatus,
  type EthStateQueries,
  runEthMethod,
} from "./json-rpc/eth-methods.js";
export type { JsonRpcHandler, JsonRpcMethodLookup } from "./json-rpc/method-lookup.js";
