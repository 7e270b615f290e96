import { MutableChainProperties } from "../state/chain-properties.js";
import { StateOverlay } from "../state/state-overlay.js";
import { analyzeCode, type CodeAnalysis } from "./code-analysis.js";
import type { TxContext } from "./context.js";
import { STEPS_PER_FRAME_DEPTH } from "./cpu-budget.js";
import { addContextContractUsage, updateContextContractFactor } from "./dynamic-energy.js";
import {
  badJumpDestination,
  invalidOpCode,
  isVmRefusal,
  notEnoughTime,
  outOfEnergy,
  runtimeException,
  tooLargeStack,
  tooSmallStack,
  VmException,
} from "./errors.js";
import { Memory } from "./memory.js";
import { DYNAMIC_ENERGY_FACTOR_DECIMAL, OP_NAMES, Op } from "./opcodes.js";
import { getContractRecord } from "./world.js";

const MAX_STACK_SIZE = 1024;
export const MAX_DEPTH = 64;
/** The CALL family (1 at its opcodes): dynamic energy penalises only their own base part. */
const CALL_OPS = new Uint8Array(256);
for (const op of [Op.CALL, Op.STATICCALL, Op.DELEGATECALL, Op.CALLCODE, Op.CALLTOKEN]) CALL_OPS[op] = 1;

/** How a frame is invoked (java-tron's ProgramInvoke). */
export interface Invoke {
  readonly code: Uint8Array;
  /** The code's own address (jump-dest cache key in java-tron; EXTCODEHASH of self). */
  readonly codeAddress: Uint8Array;
  /** The context address (ADDRESS, storage owner), 21 bytes. */
  readonly address: Uint8Array;
  /** CALLER as java-tron holds it: a word of the 21-byte address. */
  readonly caller: bigint;
  /** ORIGIN as a word of the 21-byte address. */
  readonly origin: bigint;
  readonly callValue: bigint;
  readonly tokenValue: bigint;
  readonly tokenId: bigint;
  readonly data: Uint8Array;
  readonly energyLimit: number;
  readonly depth: number;
  readonly isStatic: boolean;
  readonly contractVersion: number;
  /** Hash of the internal transaction that started this frame (the root: the transaction id). */
  readonly internalTxHash: Uint8Array;
  readonly state: StateOverlay;
}

/**
 * One executing frame (java-tron's Program): stack, memory, energy and the frame's deposit
 * (a child StateOverlay that the caller merges on success and drops on failure).
 */
export class Program {
  readonly tx: TxContext;
  readonly invoke: Invoke;
  readonly code: Uint8Array;
  readonly analysis: CodeAnalysis;
  /** Preallocated to the stack limit with bigints, so the engine keeps one element kind. */
  readonly stack: bigint[] = new Array<bigint>(MAX_STACK_SIZE).fill(0n);
  sp = 0;
  readonly memory = new Memory();
  pc = 0;
  stopped = false;
  energyUsed = 0;
  penaltyTotal = 0;
  hReturn: Uint8Array = EMPTY;
  revert = false;
  exception: VmException | undefined;
  returnDataBuffer: Uint8Array | null = null;
  /** Set by the CALL-family cost functions for their action (java-tron's adjustedCallEnergy). */
  adjustedCallEnergy = 0;
  callPenaltyEnergy = 0;
  contextFactor = DYNAMIC_ENERGY_FACTOR_DECIMAL;
  currentOp = 0;
  lastOp = 0;
  private propsCache: MutableChainProperties | undefined;
  /** Storage address hash and version of the context contract, computed on first use. */
  storageHash: Uint8Array | undefined;
  storageVersion = 0;
  /** Row keys of the slots this frame touched (a version-1 key costs a keccak; SSTORE reads then writes). */
  storageRowKeys: Map<bigint, Uint8Array> | undefined;

  constructor(tx: TxContext, invoke: Invoke) {
    this.tx = tx;
    this.invoke = invoke;
    this.code = invoke.code;
    this.analysis = analyzeCode(invoke.code);
    // a nested frame's share of java-tron's time (cpu-budget.ts): the next instruction checks it
    if (invoke.depth > 0) tx.stepsLeft -= STEPS_PER_FRAME_DEPTH * invoke.depth;
  }

  get state(): StateOverlay {
    return this.invoke.state;
  }

  get props(): MutableChainProperties {
    if (!this.propsCache) this.propsCache = new MutableChainProperties(this.invoke.state);
    return this.propsCache;
  }

  get energyLeft(): number {
    return this.invoke.energyLimit - this.energyUsed;
  }

  get callDepth(): number {
    return this.invoke.depth;
  }

  spendEnergy(energy: number, opName: string): void {
    if (this.invoke.energyLimit - this.energyUsed < energy) {
      throw outOfEnergy(
        `Not enough energy for '${opName}' operation executing: curInvokeEnergyLimit[${this.invoke.energyLimit}], curOpEnergy[${energy}], usedEnergy[${this.energyUsed}]`,
      );
    }
    this.energyUsed += energy;
  }

  spendEnergyWithPenalty(total: number, penalty: number, opName: string): void {
    if (this.invoke.energyLimit - this.energyUsed < total) {
      throw outOfEnergy(
        `Not enough energy for '${opName}' operation executing: curInvokeEnergyLimit[${this.invoke.energyLimit}], curOpEnergy[${total - penalty}], penaltyEnergy[${penalty}], usedEnergy[${this.energyUsed}]`,
      );
    }
    this.penaltyTotal += penalty;
    this.energyUsed += total;
  }

  spendAllEnergy(): void {
    this.energyUsed = this.invoke.energyLimit;
  }

  refundEnergy(energy: number): void {
    this.energyUsed -= energy;
  }

  /** The deterministic stand-in for java-tron's wall-clock check (see cpu-budget.ts). */
  checkCpuTime(opName: string): void {
    if (this.tx.stepsLeft < 0) throw notEnoughTime(opName);
  }

  push(value: bigint): void {
    if (this.sp >= MAX_STACK_SIZE) throw tooLargeStack();
    this.stack[this.sp++] = value;
  }

  pop(): bigint {
    return this.stack[--this.sp]!;
  }

  /** The i-th word from the top (0 = top), as java-tron's `stack.get(size - 1 - i)`. */
  peek(i: number): bigint {
    return this.stack[this.sp - 1 - i]!;
  }

  step(): void {
    this.setPc(this.pc + 1);
  }

  setPc(pc: number): void {
    this.pc = pc;
    if (pc >= this.code.length) this.stopped = true;
  }

  stop(): void {
    this.stopped = true;
  }

  verifyJumpDest(target: bigint): number {
    if (target > 0xffffffffn) throw badJumpDestination(-1);
    const pc = Number(BigInt.asIntN(32, target));
    if (pc < 0 || pc >= this.code.length || this.analysis.jumpdests[pc] !== 1) throw badJumpDestination(pc);
    return pc;
  }

  /** A frame's own child overlay (java-tron's newRepositoryChild). */
  childState(): StateOverlay {
    return new StateOverlay(this.invoke.state);
  }

  /** Runs the frame to its end (java-tron's VM.play); failures end up in `exception`. */
  play(): void {
    const tx = this.tx;
    const table = tx.table;
    const code = this.code;
    const dynamic = tx.config.allowDynamicEnergy;
    const limit = this.invoke.energyLimit;
    const tracer = tx.tracer;
    let factor = DYNAMIC_ENERGY_FACTOR_DECIMAL;
    let energyUsage = 0;
    tracer?.enter(this);
    try {
      if (dynamic) {
        factor = updateContextContractFactor(this);
        this.contextFactor = factor;
      }
      if (code.length === 0) this.stopped = true;
      try {
        while (!this.stopped) {
          const opcode = code[this.pc]!;
          const op = table[opcode];
          if (op === undefined) throw invalidOpCode(opcode);
          this.currentOp = opcode;
          const sp = this.sp;
          if (sp < op.require) throw tooSmallStack(op.require, sp);
          if (sp > op.maxStack) throw tooLargeStack();
          const dynamicCost = op.dynamicCost;
          let energy = dynamicCost === undefined ? op.cost : dynamicCost(this);
          if (dynamic) {
            const isCall = CALL_OPS[opcode] === 1;
            energyUsage += isCall ? energy - this.adjustedCallEnergy - this.callPenaltyEnergy : energy;
            if (factor > DYNAMIC_ENERGY_FACTOR_DECIMAL) {
              let penalty: number;
              if (isCall) {
                penalty = this.callPenaltyEnergy;
              } else {
                penalty = Math.floor((energy * factor) / DYNAMIC_ENERGY_FACTOR_DECIMAL) - energy;
                if (penalty < 0) penalty = 0;
                energy += penalty;
              }
              this.spendEnergyWithPenalty(energy, penalty, op.name);
            } else {
              this.spendEnergy(energy, op.name);
            }
          } else {
            const used = this.energyUsed + energy;
            if (used > limit) this.spendEnergy(energy, op.name);
            this.energyUsed = used;
          }
          if (--tx.stepsLeft < 0) throw notEnoughTime(op.name);
          op.action(this);
        }
      } catch (e) {
        if (isVmRefusal(e)) throw e;
        const error = asVmException(e);
        this.lastOp = this.currentOp;
        if (error.kind !== "Transfer") this.spendAllEnergy();
        this.stopped = true;
        throw error;
      }
      this.lastOp = this.currentOp;
      if (dynamic) addContextContractUsage(this, energyUsage);
    } catch (e) {
      if (isVmRefusal(e)) throw e;
      const error = asVmException(e);
      if (error.kind === "OutOfTime") {
        tracer?.exit(this);
        throw error;
      }
      this.exception = error;
    }
    tracer?.exit(this);
  }

  /** The contract version of `address` (0 when it has no contract record). */
  contractVersionOf(address: Uint8Array): number {
    return getContractRecord(this.invoke.state, address)?.version ?? 0;
  }

  get opName(): string {
    return OP_NAMES[this.currentOp] ?? "";
  }
}

const EMPTY = new Uint8Array(0);

/** Anything thrown inside an opcode, as the Java exception java-tron would hold. */
export function asVmException(e: unknown): VmException {
  if (e instanceof VmException) return e;
  if (e instanceof RangeError) return runtimeException(e.message, "java.lang.StackOverflowError");
  const message = e instanceof Error ? e.message : String(e);
  return runtimeException(message === "" ? "Unknown Exception" : message);
}
