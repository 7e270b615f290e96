/**
 * One contract transaction end to end, as java-tron runs it (VMActuator.validate + execute,
 * TransactionTrace.exec + pay): the checks with java-tron's messages, the energy limit, the run on
 * the TVM, then the bill. A constant call (triggerconstantcontract, estimateenergy) is the same
 * run with the constant energy cap, no bill and nothing kept.
 *
 * Check failures throw ContractValidateException (the transaction is refused); a run that fails
 * (REVERT, out of energy, …) is a result, not an error: it is kept in the block with its code.
 */
import { create } from "@bufbuild/protobuf";
import { uncaughtError, validateError } from "../actuator/actuator.js";
import type { BlockContext } from "../chain/block-context.js";
import { addressToBase58, contractAddress as deriveContractAddress } from "../crypto/address.js";
import { utf8Encode } from "../crypto/bytes.js";
import type { SignatureRecoverer } from "../crypto/signature.js";
import type {
  CreateSmartContract,
  SmartContract,
  TriggerSmartContract,
} from "../protocol/generated/protocol/contracts_pb.js";
import {
  type Transaction_Result_contractResult as ContractResult,
  type InternalTransaction,
  InternalTransactionSchema,
  type TransactionInfo_Log,
  TransactionInfo_LogSchema,
} from "../protocol/generated/protocol/core_pb.js";
import { NULL_POINTER_EXCEPTION } from "../protocol/json/codec.js";
import type { MutableChainProperties } from "../state/chain-properties.js";
import { ContractTables } from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { ChangeSet } from "../state/state-view.js";
import type { VmInternalTransaction, VmLog, VmTracer } from "../vm/context.js";
import { executeCall, executeCreate, type VmResult } from "../vm/execute.js";
import { getCode } from "../vm/world.js";
import { type EnergyReceipt, payContractEnergy } from "./energy-bill.js";
import {
  createEnergyLimit,
  type EnergyLimitReceipt,
  energyLimitHardFork,
  newEnergyLimitReceipt,
  triggerEnergyLimit,
} from "./energy-limit.js";

/** VMConstant.CONTRACT_NAME_LENGTH and MIN_TOKEN_ID. */
const CONTRACT_NAME_LENGTH = 32;
const MIN_TOKEN_ID = 1_000_000n;

export type ContractCall =
  | { readonly kind: "create"; readonly contract: CreateSmartContract }
  | { readonly kind: "trigger"; readonly contract: TriggerSmartContract };

export interface ContractRunOptions {
  readonly txId: Uint8Array;
  readonly feeLimit: bigint;
  /** The block the opcodes see: the block being built or applied; java-tron's empty block for a push. */
  readonly block: BlockContext;
  readonly recoverer?: SignatureRecoverer;
  /** A constant call: the energy cap (java-tron's vm.maxEnergyLimitForConstant, lowered by fee_limit). */
  readonly constantEnergyLimit?: bigint;
  /** Watches the TVM (debug_traceTransaction). */
  readonly tracer?: VmTracer;
  /** The CPU-limit ratio (vm/cpu-budget.ts): 1 unless a block is being verified. */
  readonly cpuTimeRatio?: number;
}

/** What a contract transaction leaves for its receipt and TransactionInfo. */
export interface ContractRun {
  readonly contractRet: ContractResult;
  readonly contractAddress: Uint8Array;
  /** Runtime code on a deploy, return or revert data on a trigger. */
  readonly returnData: Uint8Array;
  readonly runtimeError: string;
  readonly revert: boolean;
  readonly exception: boolean;
  /** The VM exception's Java class (constant calls re-throw it). */
  readonly exceptionClass?: string;
  readonly energyUsed: bigint;
  readonly energyPenalty: bigint;
  readonly logs: readonly VmLog[];
  readonly internalTransactions: readonly VmInternalTransaction[];
  /** Absent for a constant call. */
  readonly receipt?: EnergyReceipt;
}

function min(a: bigint, b: bigint): bigint {
  return a < b ? a : b;
}

/** VMActuator.checkTokenValueAndId. */
function checkTokenValueAndId(props: MutableChainProperties, tokenValue: bigint, tokenId: bigint): void {
  if (props.isOn("ALLOW_TVM_TRANSFER_TRC10") && props.isOn("ALLOW_MULTI_SIGN")) {
    if (tokenId <= MIN_TOKEN_ID && tokenId !== 0n) throw validateError(`tokenId must be > ${MIN_TOKEN_ID}`);
    if (tokenValue > 0n && tokenId === 0n) {
      throw validateError(`invalid arguments with tokenValue = ${tokenValue}, tokenId = ${tokenId}`);
    }
  }
}

function checkFeeLimit(props: MutableChainProperties, feeLimit: bigint): void {
  const max = props.get("MAX_FEE_LIMIT");
  if (feeLimit < 0n || feeLimit > max) throw validateError(`feeLimit must be >= 0 and <= ${max}`);
}

/**
 * Runs a contract transaction on `state` (writes kept only for a non-constant run: its changes and
 * the bill). Throws ContractValidateException for a refused transaction.
 */
export function runContract(
  state: StateOverlay,
  props: MutableChainProperties,
  call: ContractCall,
  options: ContractRunOptions,
): ContractRun {
  if (call.kind === "create") return runCreate(state, props, call.contract, options);
  return runTrigger(state, props, call.contract, options);
}

function runCreate(
  state: StateOverlay,
  props: MutableChainProperties,
  param: CreateSmartContract,
  options: ContractRunOptions,
): ContractRun {
  const constant = options.constantEnergyLimit !== undefined;
  if (!props.isOn("ALLOW_CREATION_OF_CONTRACTS")) {
    throw validateError("vm work is off, need to be opened by the committee");
  }
  const newContract = param.newContract;
  const origin = newContract?.originAddress ?? new Uint8Array(0);
  if (!sameBytes(param.ownerAddress, origin)) throw validateError("OwnerAddress is not equals OriginAddress");
  const name = newContract?.name ?? "";
  if (utf8Encode(name).length > CONTRACT_NAME_LENGTH) {
    throw validateError("contractName's length cannot be greater than 32");
  }
  const percent = newContract?.consumeUserResourcePercent ?? 0n;
  if (percent < 0n || percent > 100n) throw validateError("percent must be >= 0 and <= 100");
  const address = deriveContractAddress(options.txId, param.ownerAddress);
  if (state.get(CoreTables.accounts, address) !== undefined) {
    throw validateError(
      `Trying to create a contract with existing contract address: ${addressToBase58(address)}`,
    );
  }
  const callValue = newContract?.callValue ?? 0n;
  const trc10 = props.isOn("ALLOW_TVM_TRANSFER_TRC10");
  const tokenValue = trc10 ? param.callTokenValue : 0n;
  const tokenId = trc10 ? param.tokenId : 0n;
  // Pre-merged stake lives in a layer kept only when the run succeeds (java-tron's rootRepository).
  const vmState = new StateOverlay(state);
  const receipt = newEnergyLimitReceipt();
  checkFeeLimit(props, options.feeLimit);
  let energyLimit: bigint;
  if (constant) {
    energyLimit = options.constantEnergyLimit!;
  } else {
    const creator = state.get(CoreTables.accounts, origin);
    if (energyLimitHardFork(props)) {
      if (callValue < 0n) throw validateError("callValue must be >= 0");
      if (tokenValue < 0n) throw validateError("tokenValue must be >= 0");
      if ((newContract?.originEnergyLimit ?? 0n) <= 0n)
        throw validateError("The originEnergyLimit must be > 0");
    }
    // java-tron dereferences a missing creator (a NullPointerException with no message).
    if (!creator) throw validateError("");
    energyLimit = createEnergyLimit(vmState, props, creator, options.feeLimit, callValue, receipt, true);
  }
  checkTokenValueAndId(props, tokenValue, tokenId);
  const contract: SmartContract = { ...newContract!, contractAddress: address };
  const result = executeCreate(vmState, {
    txId: options.txId,
    origin: param.ownerAddress,
    callValue,
    tokenValue,
    tokenId,
    energyLimit,
    block: options.block,
    isConstantCall: constant,
    ...(options.recoverer ? { host: { recoverer: options.recoverer } } : {}),
    ...(options.tracer ? { tracer: options.tracer } : {}),
    ...(options.cpuTimeRatio === undefined ? {} : { cpuTimeRatio: options.cpuTimeRatio }),
    contract,
  });
  return finishRun(state, props, vmState, result, receipt, options, {
    caller: param.ownerAddress,
  });
}

/**
 * A trigger of a contract that has no code: VMActuator.call builds its Program only for code, then
 * reads the missing Program's result. On JDK 8 (java-tron's JDK) that NullPointerException has no
 * message, which java-tron prints as "null" (JDK 17 names `this.program`; the oracle normalizes it).
 */
const PROGRAM_IS_NULL = "null";

function runTrigger(
  state: StateOverlay,
  props: MutableChainProperties,
  param: TriggerSmartContract,
  options: ContractRunOptions,
): ContractRun {
  const constant = options.constantEnergyLimit !== undefined;
  if (!props.isOn("ALLOW_CREATION_OF_CONTRACTS")) {
    throw validateError("VM work is off, need to be opened by the committee");
  }
  const address = param.contractAddress;
  const deployed = state.get(ContractTables.contracts, address);
  if (!deployed) throw validateError("No contract or not a smart contract");
  const callValue = param.callValue;
  const trc10 = props.isOn("ALLOW_TVM_TRANSFER_TRC10");
  const tokenValue = trc10 ? param.callTokenValue : 0n;
  const tokenId = trc10 ? param.tokenId : 0n;
  if (energyLimitHardFork(props)) {
    if (callValue < 0n) throw validateError("callValue must be >= 0");
    if (tokenValue < 0n) throw validateError("tokenValue must be >= 0");
  }
  checkTokenValueAndId(props, tokenValue, tokenId);
  const vmState = new StateOverlay(state);
  const receipt = newEnergyLimitReceipt();
  let energyLimit = 0n;
  const code = getCode(state, address);
  if (code !== undefined && code.length > 0) {
    checkFeeLimit(props, options.feeLimit);
    if (constant) {
      energyLimit = options.constantEnergyLimit!;
    } else {
      const caller = state.get(CoreTables.accounts, param.ownerAddress);
      if (!caller) throw validateError("");
      const creator = state.get(CoreTables.accounts, deployed.originAddress);
      energyLimit = triggerEnergyLimit(
        vmState,
        props,
        creator,
        caller,
        deployed,
        options.feeLimit,
        callValue,
        receipt,
        true,
      );
    }
  } else {
    // VMActuator.call builds its Program only for code; it then reads the missing Program's result
    throw uncaughtError(PROGRAM_IS_NULL, NULL_POINTER_EXCEPTION);
  }
  const result = executeCall(vmState, {
    txId: options.txId,
    origin: param.ownerAddress,
    callValue,
    tokenValue,
    tokenId,
    energyLimit,
    block: options.block,
    isConstantCall: constant,
    ...(options.recoverer ? { host: { recoverer: options.recoverer } } : {}),
    ...(options.tracer ? { tracer: options.tracer } : {}),
    ...(options.cpuTimeRatio === undefined ? {} : { cpuTimeRatio: options.cpuTimeRatio }),
    contractAddress: address,
    data: param.data,
  });
  return finishRun(state, props, vmState, result, receipt, options, {
    caller: param.ownerAddress,
    origin: deployed.originAddress,
    contract: deployed,
  });
}

/** Keeps a successful run's changes, deletes self-destructed contracts, pays the bill. */
function finishRun(
  state: StateOverlay,
  props: MutableChainProperties,
  vmState: StateOverlay,
  result: VmResult,
  receipt: EnergyLimitReceipt,
  options: ContractRunOptions,
  parties: { caller: Uint8Array; origin?: Uint8Array; contract?: SmartContract },
): ContractRun {
  const failed = result.revert || result.exception !== undefined;
  const run = {
    contractRet: result.contractResult,
    contractAddress: result.contractAddress,
    returnData: result.returnData,
    runtimeError: result.runtimeError,
    revert: result.revert,
    exception: result.exception !== undefined,
    ...(result.exception !== undefined ? { exceptionClass: result.exception.javaClass } : {}),
    energyUsed: result.energyUsed,
    energyPenalty: result.energyPenalty,
    logs: result.logs,
    internalTransactions: result.internalTransactions,
  };
  if (options.constantEnergyLimit !== undefined) return run;
  if (!failed) {
    writeChanges(state, vmState.changes());
    writeChanges(state, result.changes);
    for (const address of result.deletedAccounts) deleteContract(state, address);
  }
  const bill = payContractEnergy(state, props, {
    caller: parties.caller,
    ...(parties.origin ? { origin: parties.origin } : {}),
    ...(parties.contract ? { contract: parties.contract } : {}),
    energyUsageTotal: result.energyUsed,
    energyPenaltyTotal: result.energyPenalty,
    result: result.contractResult,
    succeeded: !failed,
    receipt,
  });
  return { ...run, receipt: bill };
}

/**
 * Writes a change set entry by entry (rather than `merge`), so that an overlay watching its writes
 * (balance history) sees the VM's account changes as java-tron's AccountStore hook does.
 */
function writeChanges(state: StateOverlay, changes: ChangeSet): void {
  for (const tc of changes.tables.values()) {
    for (const entry of tc.entries.values()) {
      if (entry.value === undefined) state.delete(tc.table, entry.key);
      else state.put(tc.table, entry.key, entry.value);
    }
  }
}

/** TransactionTrace.deleteContract: the ABI, code, account and contract of a self-destructed contract. */
function deleteContract(state: StateOverlay, address: Uint8Array): void {
  state.delete(ContractTables.contractAbis, address);
  state.delete(ContractTables.code, address);
  state.delete(CoreTables.accounts, address);
  state.delete(ContractTables.contracts, address);
}

/** LogInfo.buildLog: the 20-byte address, the topics and the data. */
export function logsOf(logs: readonly VmLog[]): TransactionInfo_Log[] {
  return logs.map((l) =>
    create(TransactionInfo_LogSchema, { address: l.address, topics: l.topics, data: l.data }),
  );
}

/** TransactionUtil.buildInternalTransaction: TRX first, then one entry per token. */
export function internalTransactionOf(it: VmInternalTransaction): InternalTransaction {
  return create(InternalTransactionSchema, {
    hash: it.hash,
    callerAddress: it.callerAddress,
    transferToAddress: it.transferToAddress,
    callValueInfo: [
      { callValue: it.value },
      ...it.tokenInfo.map(([tokenId, callValue]) => ({ tokenId, callValue })),
    ],
    note: utf8Encode(it.note),
    rejected: it.rejected,
    extra: it.extra,
  });
}

/** The internal transactions a TransactionInfo keeps (java-tron's saveInternalTx, not the featured ones). */
export function savedInternalTransactions(list: readonly VmInternalTransaction[]): InternalTransaction[] {
  return list
    .filter((it) => it.note === "call" || it.note === "create" || it.note === "suicide")
    .map(internalTransactionOf);
}

/** The constant-call energy cap: the node's limit, lowered to fee_limit / ENERGY_FEE when a fee_limit is set. */
export function constantEnergyLimit(
  props: MutableChainProperties,
  maxEnergyLimit: bigint,
  feeLimit: bigint,
): bigint {
  const fee = props.get("ENERGY_FEE");
  if (feeLimit > 0n && fee > 0n) return min(maxEnergyLimit, feeLimit / fee);
  return maxEnergyLimit;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
