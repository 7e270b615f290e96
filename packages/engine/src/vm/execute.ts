import { validateError } from "../actuator/actuator.js";
import type { BlockContext } from "../chain/block-context.js";
import { blockId as blockIdOf } from "../chain/block-id.js";
import { createNobleRecoverer } from "../crypto/signature.js";
import type { SmartContract } from "../protocol/generated/protocol/contracts_pb.js";
import { AccountType } from "../protocol/generated/protocol/core_pb.js";
import { ChainProperties } from "../state/chain-properties.js";
import { ContractTables, putContract } from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { ChangeSet, StateView, TableChanges } from "../state/state-view.js";
import { transferTrx } from "./calls.js";
import { type VmConfig, vmConfigOf } from "./config.js";
import type { CallCreate, TxContext, VmHost, VmInternalTransaction, VmLog, VmTracer } from "./context.js";
import { cpuBudgetSteps } from "./cpu-budget.js";
import { Energy } from "./energy-cost.js";
import {
  ContractResult,
  invalidCode,
  isVmRefusal,
  notEnoughSpendEnergy,
  notEnoughTime,
  type VmException,
} from "./errors.js";
import { countingTable, jumpTable, type Operation, tracingTable } from "./operations.js";
import { asVmException, Program } from "./program.js";
import { markNewContract, NewContracts, TransientStorage } from "./state-ops.js";
import { createAccountTokenLedger, TransferValidationError } from "./tokens.js";
import { wordOfAddress } from "./word.js";
import { createBareAccount, getCode, saveCode } from "./world.js";

/** What every execution needs besides the state. */
export interface VmExecutionContext {
  /** The root transaction id (CREATE addresses, internal transaction hashes). */
  readonly txId: Uint8Array;
  /** The transaction owner: CALLER of the top frame and ORIGIN of all. */
  readonly origin: Uint8Array;
  readonly callValue: bigint;
  readonly tokenValue: bigint;
  readonly tokenId: bigint;
  /** The energy the VM may spend (issue 11 computes it from fee_limit, stake and balance). */
  readonly energyLimit: bigint;
  readonly block: BlockContext;
  /** triggerconstantcontract / estimateenergy: same run, the caller discards the change set. */
  readonly isConstantCall?: boolean;
  /** Overrides the flags read from the chain (tests, fixtures). */
  readonly config?: VmConfig;
  /** Services; defaults: noble recovery, no TRC-10 assets known, block ids from the blocks table. */
  readonly host?: Partial<VmHost>;
  /** Instruction budget override (tests); default from MAX_CPU_TIME_OF_ONE_TX (see cpu-budget.ts). */
  readonly stepLimit?: number;
  /** The CPU-limit ratio of this run (see CPU_TIME_RATIOS; default 1). */
  readonly cpuTimeRatio?: number;
  /** ethereum VMTests mode (java-tron's byTestingSuite): calls are recorded, not paid. */
  readonly byTestingSuite?: boolean;
  /** When given, counts executed opcodes (tests and fixtures compare energy per opcode). */
  readonly opCounts?: Uint32Array;
  /** When given, observes every frame and instruction (debug_traceTransaction). */
  readonly tracer?: VmTracer;
}

export interface VmResult {
  /** RETURN/REVERT data; for a deploy, the runtime code. */
  readonly returnData: Uint8Array;
  /** Energy used, including penalties; the whole limit after an exception other than TransferException. */
  readonly energyUsed: bigint;
  /** Dynamic-energy penalty part of energyUsed. */
  readonly energyPenalty: bigint;
  readonly logs: readonly VmLog[];
  readonly internalTransactions: readonly VmInternalTransaction[];
  /** Accounts SELFDESTRUCT deleted (the caller removes them at the end of the transaction). */
  readonly deletedAccounts: readonly Uint8Array[];
  /** State writes to apply on success (empty after a failure or revert: java-tron does not commit them). */
  readonly changes: ChangeSet;
  readonly revert: boolean;
  readonly exception?: VmException;
  /** java-tron's contractResult code. */
  readonly contractResult: ContractResult;
  /** `resMessage`: "REVERT opcode executed" or the exception's message; empty on success. */
  readonly runtimeError: string;
  readonly contractAddress: Uint8Array;
  readonly callCreates: readonly CallCreate[];
}

function defaultHost(host: Partial<VmHost> | undefined): VmHost {
  return {
    tokens: host?.tokens ?? createAccountTokenLedger(),
    recoverer: host?.recoverer ?? createNobleRecoverer(),
    blockId:
      host?.blockId ??
      ((view: StateView, number: bigint) => {
        const block = view.get(CoreTables.blocks, number);
        return block === undefined ? undefined : blockIdOf(block);
      }),
  };
}

/** The jump table, wrapped to count opcodes or to show each instruction to a tracer when asked. */
function tableFor(config: VmConfig, ctx: VmExecutionContext): ReadonlyArray<Operation | undefined> {
  let table = jumpTable(config);
  if (ctx.opCounts !== undefined) table = countingTable(table, ctx.opCounts);
  if (ctx.tracer !== undefined) table = tracingTable(table, ctx.tracer);
  return table;
}

function newTxContext(view: StateView, ctx: VmExecutionContext): TxContext {
  const config = ctx.config ?? vmConfigOf(new ChainProperties(view));
  return {
    config,
    table: tableFor(config, ctx),
    host: defaultHost(ctx.host),
    rootTransactionId: ctx.txId,
    block: ctx.block,
    isConstantCall: ctx.isConstantCall ?? false,
    byTestingSuite: ctx.byTestingSuite ?? false,
    nonce: 0n,
    internalTransactions: [],
    logs: [],
    deletedAccounts: [],
    callCreates: [],
    stepsLeft: ctx.stepLimit ?? cpuBudgetSteps(config, ctx.cpuTimeRatio),
    ...(ctx.tracer === undefined ? {} : { tracer: ctx.tracer }),
  };
}

/** Bridges a pre-run transfer failure to the actuator's ContractValidateException. */
function transferOrRefuse(f: () => void): void {
  try {
    f();
  } catch (e) {
    if (e instanceof TransferValidationError) throw validateError(e.message);
    throw e;
  }
}

/**
 * TriggerSmartContract's VM part (VMActuator.call + execute): moves call value and token to the
 * contract, runs its code with CALLER = ORIGIN = owner, and returns the result with the change
 * set (empty unless it succeeded). Validation of the transaction itself is the actuator's job.
 */
export function executeCall(
  view: StateView,
  ctx: VmExecutionContext & { readonly contractAddress: Uint8Array; readonly data: Uint8Array },
): VmResult {
  const state = new StateOverlay(view);
  const tx = newTxContext(view, ctx);
  const props = new ChainProperties(state);
  transferOrRefuse(() => {
    if (ctx.callValue > 0n) transferTrx(state, ctx.origin, ctx.contractAddress, ctx.callValue);
    if (tx.config.allowTvmTransferTrc10 && ctx.tokenValue > 0n) {
      const id = ctx.tokenId.toString();
      tx.host.tokens.validateTransfer(state, props, ctx.origin, ctx.contractAddress, id, ctx.tokenValue);
      tx.host.tokens.add(state, props, ctx.contractAddress, id, ctx.tokenValue);
      tx.host.tokens.add(state, props, ctx.origin, id, -ctx.tokenValue);
    }
  });
  const code = getCode(state, ctx.contractAddress) ?? new Uint8Array(0);
  if (code.length === 0) return finish(tx, state, undefined, ctx.contractAddress, false);
  const contract = state.get(ContractTables.contracts, ctx.contractAddress);
  const program = new Program(tx, {
    code,
    codeAddress: ctx.contractAddress,
    address: ctx.contractAddress,
    caller: wordOfAddress(ctx.origin),
    origin: wordOfAddress(ctx.origin),
    callValue: ctx.callValue,
    tokenValue: tx.config.allowTvmTransferTrc10 ? ctx.tokenValue : 0n,
    tokenId: tx.config.allowTvmTransferTrc10 ? ctx.tokenId : 0n,
    data: ctx.data,
    energyLimit: Number(ctx.energyLimit),
    depth: 0,
    isStatic: false,
    contractVersion: tx.config.allowTvmCompatibleEvm ? (contract?.version ?? 0) : 0,
    internalTxHash: ctx.txId,
    state,
  });
  return finish(tx, state, program, ctx.contractAddress, false);
}

/**
 * Runs `code` as the frame of `address` without any pre-run transfer (java-tron's ProgramInvoke
 * mock: the VMTests, fixtures and benchmarks). Storage and balances come from `view`.
 */
export function executeCode(
  view: StateView,
  ctx: VmExecutionContext & {
    readonly address: Uint8Array;
    readonly caller: Uint8Array;
    readonly code: Uint8Array;
    readonly data: Uint8Array;
    readonly contractVersion?: number;
    readonly isStatic?: boolean;
  },
): VmResult {
  const state = new StateOverlay(view);
  const tx = newTxContext(view, ctx);
  const program = new Program(tx, {
    code: ctx.code,
    codeAddress: ctx.address,
    address: ctx.address,
    caller: wordOfAddress(ctx.caller),
    origin: wordOfAddress(ctx.origin),
    callValue: ctx.callValue,
    tokenValue: ctx.tokenValue,
    tokenId: ctx.tokenId,
    data: ctx.data,
    energyLimit: Number(ctx.energyLimit),
    depth: 0,
    isStatic: ctx.isStatic ?? false,
    contractVersion: ctx.contractVersion ?? 0,
    internalTxHash: ctx.txId,
    state,
  });
  return finish(tx, state, program, ctx.address, false);
}

/**
 * CreateSmartContract's VM part (VMActuator.create + execute): creates the contract account and
 * record (version 1 under #60), saves the code before the constructor before Constantinople and
 * its output after, moves call value and token, runs the constructor, charges 200 energy per byte
 * of runtime code. `contract` must carry `contractAddress` (keccak(txId ‖ owner)).
 */
export function executeCreate(
  view: StateView,
  ctx: VmExecutionContext & { readonly contract: SmartContract },
): VmResult {
  const state = new StateOverlay(view);
  const tx = newTxContext(view, ctx);
  const config = tx.config;
  const props = new ChainProperties(state);
  const address = ctx.contract.contractAddress;
  const record: SmartContract = { ...ctx.contract, version: config.allowTvmCompatibleEvm ? 1 : 0 };
  const bytecode = ctx.contract.bytecode;
  createBareAccount(state, address, AccountType.Contract, ctx.contract.name);
  putContract(state, record);
  markNewContract(state, address);
  if (!config.allowTvmConstantinople) saveCode(state, address, initialCode(bytecode, false), false);
  transferOrRefuse(() => {
    if (ctx.callValue > 0n) transferTrx(state, ctx.origin, address, ctx.callValue);
    if (config.allowTvmTransferTrc10 && ctx.tokenValue > 0n) {
      const id = ctx.tokenId.toString();
      tx.host.tokens.validateTransfer(state, props, ctx.origin, address, id, ctx.tokenValue);
      tx.host.tokens.add(state, props, address, id, ctx.tokenValue);
      tx.host.tokens.add(state, props, ctx.origin, id, -ctx.tokenValue);
    }
  });
  const program = new Program(tx, {
    code: bytecode,
    codeAddress: address,
    address,
    caller: wordOfAddress(ctx.origin),
    origin: wordOfAddress(ctx.origin),
    callValue: ctx.callValue,
    tokenValue: config.allowTvmTransferTrc10 ? ctx.tokenValue : 0n,
    tokenId: config.allowTvmTransferTrc10 ? ctx.tokenId : 0n,
    data: new Uint8Array(0),
    energyLimit: Number(ctx.energyLimit),
    depth: 0,
    isStatic: false,
    contractVersion: config.allowTvmCompatibleEvm ? 1 : 0,
    internalTxHash: ctx.txId,
    state,
  });
  return finish(tx, state, program, address, true);
}

/** ProgramPrecompile.getCode: pre-Constantinople, the code after the first RETURN STOP (or 32 zero bytes). */
function initialCode(ops: Uint8Array, constantinople: boolean): Uint8Array {
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i]!;
    if (op === 0xf3 && i + 1 < ops.length && ops[i + 1] === 0x00) return ops.slice(i + 2);
    if (op >= 0x60 && op <= 0x7f) i += op - 0x5f;
  }
  return constantinople ? new Uint8Array(0) : new Uint8Array(32);
}

/** VMActuator.execute after the program: code deposit, the last CPU check, result code and commit. */
function finish(
  tx: TxContext,
  state: StateOverlay,
  program: Program | undefined,
  address: Uint8Array,
  isCreate: boolean,
): VmResult {
  const config = tx.config;
  let exception: VmException | undefined;
  let revert = false;
  let returnData: Uint8Array = new Uint8Array(0);
  let energyUsed = 0;
  let energyLimit = 0;
  if (program !== undefined) {
    energyLimit = program.invoke.energyLimit;
    try {
      program.play();
      if (config.allowEnergyAdjustment && tx.stepsLeft < 0)
        throw notEnoughTime(`${program.opName}(TX_LAST_OP)`);
      exception = program.exception;
      revert = program.revert;
      returnData = program.hReturn;
      if (isCreate && !revert) {
        const code = program.hReturn;
        if (code.length !== 0 && config.allowTvmLondon && code[0] === 0xef && exception === undefined) {
          exception = invalidCode();
        }
        const saveCodeEnergy = code.length * Energy.CREATE_DATA;
        const left = program.energyLeft;
        if (left - saveCodeEnergy < 0) {
          exception ??= notEnoughSpendEnergy("save just created contract code", saveCodeEnergy, left);
        } else {
          program.energyUsed += saveCodeEnergy;
          if (config.allowTvmConstantinople) saveCode(state, address, code, true);
        }
      }
      if (exception !== undefined && exception.kind !== "Transfer") program.spendAllEnergy();
    } catch (e) {
      if (isVmRefusal(e)) throw e;
      exception = asVmException(e);
      program.spendAllEnergy();
    }
    energyUsed = program.energyUsed;
  }
  void energyLimit;
  const failed = exception !== undefined || revert;
  // A constant call keeps its logs, and rejects its internal transactions only on an exception
  // (VMActuator.execute's constant branch); a transaction drops both on any failure.
  const rejectAll = tx.isConstantCall ? exception !== undefined : failed;
  if (rejectAll) for (const itx of tx.internalTransactions) itx.rejected = true;
  const changes = failed ? EMPTY_CHANGES : committed(state);
  return {
    returnData,
    energyUsed: BigInt(energyUsed),
    energyPenalty: BigInt(program?.penaltyTotal ?? 0),
    logs: failed && !tx.isConstantCall ? [] : tx.logs,
    internalTransactions: tx.internalTransactions,
    deletedAccounts: failed ? [] : tx.deletedAccounts,
    changes,
    revert,
    ...(exception === undefined ? {} : { exception }),
    contractResult: revert
      ? ContractResult.REVERT
      : exception !== undefined
        ? exception.contractResult
        : ContractResult.SUCCESS,
    runtimeError: revert ? "REVERT opcode executed" : (exception?.message ?? ""),
    contractAddress: address,
    callCreates: tx.callCreates,
  };
}

const EMPTY_CHANGES: ChangeSet = { tables: new Map() };

/**
 * The change set a successful transaction commits: transient storage dropped, storage rows that
 * ended at zero deleted (Storage.commit).
 */
function committed(state: StateOverlay): ChangeSet {
  const tables = new Map<string, TableChanges>();
  for (const [id, tc] of state.changes().tables) {
    if (id === TransientStorage.id || id === NewContracts.id) continue;
    if (id === ContractTables.storageRows.id) {
      const entries = new Map<string, { key: unknown; value: unknown }>();
      for (const [k, e] of tc.entries) {
        const v = e.value as Uint8Array | undefined;
        entries.set(k, v?.every((b) => b === 0) ? { key: e.key, value: undefined } : e);
      }
      tables.set(id, { table: tc.table, entries });
    } else {
      tables.set(id, tc);
    }
  }
  return { tables };
}
