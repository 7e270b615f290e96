/**
 * @tronode/engine — TRON's protocol as pure functions: protocol messages and their codecs, keys and
 * addresses, state and its tables, the chain rules (genesis, transactions, blocks, resources,
 * witnesses, proposals, tokens, exchanges), the TVM and shielded notes. No I/O, no clock, no
 * globals: a state view, the time and the parameters come in; an outcome and a change set come out.
 *
 * `@tronode/engine/internal` exports every module's internals for tronode's own packages, with no
 * compatibility promise.
 *
 * @packageDocumentation
 */

export { blockId, blockReference } from "./chain/block-id.js";
export { type ChainSettings, DEFAULT_CHAIN_SETTINGS } from "./chain/chain-settings.js";
export { BLOCK_PRODUCED_INTERVAL, TRANSACTION_DEFAULT_EXPIRATION_TIME } from "./chain/constants.js";
export { signTransaction } from "./chain/sign-weight.js";
export { scheduledWitness, slotTime } from "./chain/slots.js";
// --- the TVM: constant calls, energy estimates, revert reasons ---
export {
  type ConstantCallOptions,
  type ConstantCallResult,
  callConstantContract,
  DEFAULT_MAX_ENERGY_LIMIT_FOR_CONSTANT,
  type EnergyEstimate,
  estimateEnergy,
} from "./contracts/constant-call.js";
// --- keys, addresses and hashes ---
export {
  ADDRESS_PREFIX,
  ADDRESS_SIZE,
  addressFromBase58,
  addressFromPublicKey,
  addressToBase58,
  addressToHex,
  contractAddress,
  decodeAddress,
  isValidAddress,
  tryAddressFromBase58,
} from "./crypto/address.js";
export { bytesEqual, bytesToHex, concatBytes, hexToBytes, utf8Decode, utf8Encode } from "./crypto/bytes.js";
export { keccak256, sha256 } from "./crypto/hash.js";
export {
  addressOfPrivateKey,
  createNobleRecoverer,
  publicKeyOf,
  randomPrivateKey,
  type SignatureRecoverer,
  signHash,
} from "./crypto/signature.js";
// --- errors ---
export { type ErrorCode, type ErrorCodes, JavaExceptions, TronodeError } from "./errors.js";
// --- what a node serves: java-tron's wallet and TRE's dev surface, as interfaces ---
export type {
  Clock,
  DevAccount,
  DevApi,
  HeadFeed,
  HeadSummary,
  Logger,
  WalletApi,
} from "./interfaces.js";
export {
  type ApplyTransactionOptions,
  applyTransaction,
  bandwidthBytes,
  type TransactionOutcome,
} from "./processor/apply-transaction.js";
export {
  type ApplyBlockOptions,
  applyBlock,
  type BlockOutcome,
  type ProduceBlockOptions,
  type ProducedBlock,
  produceBlock,
} from "./processor/block-processing.js";
// --- chain rules: genesis, blocks, schedule ---
export {
  createGenesis,
  type GenesisAccount,
  type GenesisConfig,
  type GenesisWitness,
} from "./processor/genesis.js";
// --- transactions and their builders ---
export { type NewTransactionOptions, newTransaction } from "./processor/new-transaction.js";
export { ResponseCode } from "./processor/response-codes.js";
export { type TableName, Tables } from "./processor/tables.js";
export {
  decodeBlock,
  decodeTransaction,
  encodeBlock,
  encodeTransaction,
  packContract,
  transactionId,
  unpackContract,
} from "./protocol/codec.js";
export { ContractType, contractTypeByName, contractTypeName } from "./protocol/contract-types.js";
// --- protocol messages: TRON's protobuf messages (its .proto files) and their schemas ---
export * from "./protocol/generated/protocol/common_pb.js";
export * from "./protocol/generated/protocol/contracts_pb.js";
export * from "./protocol/generated/protocol/core_pb.js";
export {
  type PrintTransactionOptions,
  parseTransaction,
  printBlock,
  printTransaction,
} from "./protocol/json/index.js";
export { create, fromBinary, type MessageInitShape, toBinary } from "./protocol/protobuf.js";
// --- shielded notes (Sapling): keys, notes, their encryption and the checks ---
export * as shielded from "./shielded/index.js";
export {
  CHAIN_PARAMETERS,
  type ChainParameterName,
  type ChainParameterSpec,
  chainParameterByName,
} from "./state/chain-parameters.js";
export { ChainProperties } from "./state/chain-properties.js";
export { createStateDigest, type StateDigest } from "./state/state-digest.js";
export { MemoryState, StateOverlay } from "./state/state-overlay.js";
// --- state and its tables ---
export { type ChangeSet, EMPTY_VIEW, type StateView, type TableChanges } from "./state/state-view.js";
export type { Table } from "./state/table.js";
export { decodeConsoleLog } from "./tracing/console-log.js";
export { decodeErrorString, revertReason } from "./tracing/revert-reason.js";
