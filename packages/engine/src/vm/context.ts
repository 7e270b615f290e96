import type { BlockContext } from "../chain/block-context.js";
import type { SignatureRecoverer } from "../crypto/signature.js";
import type { StateView } from "../state/state-view.js";
import type { VmConfig } from "./config.js";
import type { Operation } from "./operations.js";
import type { Program } from "./program.js";
import type { TokenLedger } from "./tokens.js";

/** One log as java-tron's LogInfo: 20-byte address, topics, data. */
export interface VmLog {
  readonly address: Uint8Array;
  readonly topics: Uint8Array[];
  readonly data: Uint8Array;
}

/** java-tron's InternalTransaction as TransactionInfo records it. */
export interface VmInternalTransaction {
  readonly hash: Uint8Array;
  readonly callerAddress: Uint8Array;
  readonly transferToAddress: Uint8Array;
  value: bigint;
  /** token id → amount, in java-tron's (HashMap) order. */
  readonly tokenInfo: ReadonlyArray<readonly [string, bigint]>;
  readonly note: string;
  rejected: boolean;
  extra: string;
  readonly depth: number;
  readonly nonce: bigint;
  readonly data: Uint8Array;
}

/** A call or create recorded instead of executed by the testing-suite mode (ethereum VMTests `callcreates`). */
export interface CallCreate {
  readonly data: Uint8Array;
  readonly destination: Uint8Array;
  readonly energyLimit: bigint;
  readonly value: bigint;
}

/** Services the VM needs from outside the state. */
export interface VmHost {
  readonly tokens: TokenLedger;
  /** ecrecover, BatchValidateSign and ValidateMultiSign recover signers through it. */
  readonly recoverer: SignatureRecoverer;
  /** The block id of block `number` (BLOCKHASH, CHAINID), or undefined when unknown. */
  blockId(view: StateView, number: bigint): Uint8Array | undefined;
}

/**
 * Observes an execution (debug_traceTransaction's struct logs and call tree). Absent in normal
 * runs, where the interpreter pays one undefined-check per frame.
 */
export interface VmTracer {
  /** A frame starts: its first instruction follows. */
  enter(program: Program): void;
  /**
   * Before an instruction, its energy computed but not yet charged (the dynamic-energy penalty
   * not included): the frame as the instruction will find it. Called from the jump table
   * (`tracingTable`), so the interpreter loop itself never checks for a tracer.
   */
  step(program: Program, opcode: number, energy: number): void;
  /** A frame ended: `exception`, `revert`, `hReturn` and `energyUsed` hold its outcome. */
  exit(program: Program): void;
}

/**
 * What one root transaction shares across its frames: configuration, the global CREATE nonce,
 * the internal-transaction list, logs, and the deterministic instruction budget.
 */
export interface TxContext {
  readonly config: VmConfig;
  readonly table: ReadonlyArray<Operation | undefined>;
  readonly host: VmHost;
  readonly rootTransactionId: Uint8Array;
  readonly block: BlockContext;
  readonly isConstantCall: boolean;
  readonly byTestingSuite: boolean;
  /** java-tron's nonce: counts internal transactions of the whole root transaction. */
  nonce: bigint;
  readonly internalTransactions: VmInternalTransaction[];
  readonly logs: VmLog[];
  readonly deletedAccounts: Uint8Array[];
  readonly callCreates: CallCreate[];
  /** Instructions still allowed (see cpu-budget.ts). */
  stepsLeft: number;
  /** Execution observer (debug traces): frames enter and exit; instructions come through the table. */
  readonly tracer?: VmTracer;
}
