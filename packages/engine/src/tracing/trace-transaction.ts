/**
 * debug_traceTransaction: a committed transaction re-run on the state it met — its block's parent
 * state with the block's earlier transactions re-applied, in block mode with the block's number,
 * time and witness — with a tracer watching the TVM. The re-run is the same deterministic
 * execution the block ran, so the trace is of what happened.
 */
import type { ChainSettings } from "../chain/chain-settings.js";
import { utf8Decode } from "../crypto/bytes.js";
import type { SignatureRecoverer } from "../crypto/signature.js";
import { TronodeError } from "../errors.js";
import { applyTransaction } from "../processor/apply-transaction.js";
import { unpackContract } from "../protocol/codec.js";
import { contractOwner } from "../protocol/contract-owner.js";
import { ContractType } from "../protocol/contract-types.js";
import {
  type Block,
  Transaction_Result_contractResult,
  TransactionInfo_code,
} from "../protocol/generated/protocol/core_pb.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { type CallFrame, CallTracer, type CallTracerOptions } from "./call-tracer.js";
import type { ExecutionOutcome } from "./execution-outcome.js";
import { type StructLogOptions, type StructLogTrace, StructLogTracer } from "./struct-log-tracer.js";

export type TraceOptions =
  | { readonly tracer: "structLogger"; readonly structLog?: StructLogOptions }
  | { readonly tracer: "callTracer"; readonly callTracer?: CallTracerOptions };

export type TraceResult = StructLogTrace | CallFrame;

export const TraceErrorCodes = {
  notFound: "TRACE_TRANSACTION_NOT_FOUND",
  notInBlock: "TRACE_TRANSACTION_PENDING",
  stateGone: "TRACE_STATE_NOT_KEPT",
} as const;

/** The reads debug_traceTransaction needs from a node. */
export interface TraceQueries {
  /**
   * Re-runs a committed transaction with a tracer. Throws TronodeError: TRACE_TRANSACTION_NOT_FOUND,
   * TRACE_TRANSACTION_PENDING (not in a block yet), TRACE_STATE_NOT_KEPT (its block is older
   * than the node keeps parent states for).
   */
  traceTransaction(txId: Uint8Array, options: TraceOptions): Promise<TraceResult>;
}

export interface TraceContext {
  readonly recoverer: SignatureRecoverer;
  readonly settings?: ChainSettings;
}

/** What a contract transaction's parameter says about the call it starts. */
function callOf(block: Block, index: number) {
  const contract = block.transactions[index]!.rawData?.contract[0];
  if (!contract) return undefined;
  const { value } = unpackContract(contract);
  if (contract.type === ContractType.TriggerSmartContract) {
    return {
      type: "CALL" as const,
      from: value.ownerAddress as Uint8Array,
      to: value.contractAddress as Uint8Array,
      value: value.callValue as bigint,
      input: value.data as Uint8Array,
    };
  }
  if (contract.type === ContractType.CreateSmartContract) {
    return {
      type: "CREATE" as const,
      from: value.ownerAddress as Uint8Array,
      to: new Uint8Array(0),
      value: (value.newContract?.callValue ?? 0n) as bigint,
      input: (value.newContract?.bytecode ?? new Uint8Array(0)) as Uint8Array,
    };
  }
  // not a contract transaction: no TVM run, an empty call from its owner
  return {
    type: "CALL" as const,
    from: contractOwner(contract),
    to: new Uint8Array(0),
    value: 0n,
    input: new Uint8Array(0),
  };
}

/** Re-runs transaction `index` of `block` on `parent` (the state before the block) with a tracer. */
export function traceBlockTransaction(
  parent: StateView,
  block: Block,
  index: number,
  options: TraceOptions,
  context: TraceContext,
): TraceResult {
  const raw = block.blockHeader?.rawData;
  if (!raw || index < 0 || index >= block.transactions.length) {
    throw new TronodeError(TraceErrorCodes.notFound, "transaction not found");
  }
  const state = new StateOverlay(parent);
  const blockContext = { number: raw.number, timestamp: raw.timestamp, witness: raw.witnessAddress };
  const apply = (i: number, tracer?: CallTracer | StructLogTracer) =>
    applyTransaction(state, block.transactions[i]!, {
      mode: "block",
      block: blockContext,
      recoverer: context.recoverer,
      // the block was accepted with these signatures (some dev-chain ones bypass the check)
      isVerified: () => true,
      ...(context.settings ? { settings: context.settings } : {}),
      ...(tracer ? { vmTracer: tracer } : {}),
    });
  for (let i = 0; i < index; i++) state.merge(apply(i).changes);
  const call = callOf(block, index)!;
  const tracer =
    options.tracer === "callTracer"
      ? new CallTracer({ ...call, gas: 0n }, options.callTracer ?? {})
      : new StructLogTracer(options.structLog ?? {});
  const outcome = apply(index, tracer);
  const info = outcome.info;
  const result = info.receipt?.result ?? Transaction_Result_contractResult.DEFAULT;
  const failed = info.result === TransactionInfo_code.FAILED;
  const executed: ExecutionOutcome = {
    returnData: info.contractResult[0] ?? new Uint8Array(0),
    energyUsed: info.receipt?.energyUsageTotal ?? 0n,
    revert: result === Transaction_Result_contractResult.REVERT,
    ...(failed && result !== Transaction_Result_contractResult.REVERT
      ? { error: utf8Decode(info.resMessage) }
      : {}),
  };
  return tracer.result(executed);
}
