/**
 * The default `debug_traceTransaction` output as Hardhat shapes it (go-ethereum's struct logger):
 * `{failed, gas, returnValue, structLogs: [{pc, op, gas, gasCost, depth, stack, memory, storage,
 * error?}]}` — one entry per executed instruction, `gas` the energy left before it, `gasCost` its
 * energy (without the dynamic-energy penalty), `depth` 1 for the transaction's own frame, stack
 * words bottom first and memory in 32-byte words as 64 hex digits, and `storage` the slots of the
 * executing contract seen so far through SLOAD / SSTORE. `op` is java-tron's opcode name.
 */
import { bytesToHex } from "../crypto/bytes.js";
import type { VmTracer } from "../vm/context.js";
import { OP_NAMES, Op } from "../vm/opcodes.js";
import type { Program } from "../vm/program.js";
import { storageLoad } from "../vm/state-ops.js";
import type { ExecutionOutcome } from "./execution-outcome.js";

export interface StructLog {
  pc: number;
  op: string;
  gas: number;
  gasCost: number;
  depth: number;
  stack?: string[];
  memory?: string[];
  storage?: Record<string, string>;
  error?: string;
}

export interface StructLogTrace {
  failed: boolean;
  gas: number;
  returnValue: string;
  structLogs: StructLog[];
}

export interface StructLogOptions {
  readonly disableStack?: boolean;
  readonly disableMemory?: boolean;
  readonly disableStorage?: boolean;
}

function word(value: bigint): string {
  return value.toString(16).padStart(64, "0");
}

function opName(opcode: number): string {
  return OP_NAMES[opcode] ?? `opcode 0x${opcode.toString(16)} not defined`;
}

export class StructLogTracer implements VmTracer {
  readonly structLogs: StructLog[] = [];
  /** Slots seen per contract (context address, hex). */
  private readonly storage = new Map<string, Map<string, string>>();
  /** Per open frame: the index of its last struct log. */
  private readonly frames: { program: Program; last: number }[] = [];

  constructor(private readonly options: StructLogOptions = {}) {}

  enter(program: Program): void {
    this.frames.push({ program, last: -1 });
  }

  step(program: Program, opcode: number, energy: number): void {
    const log: StructLog = {
      pc: program.pc,
      op: opName(opcode),
      gas: program.energyLeft,
      gasCost: energy,
      depth: program.invoke.depth + 1,
    };
    if (!this.options.disableStack) log.stack = program.stack.slice(0, program.sp).map(word);
    if (!this.options.disableMemory) {
      const bytes = program.memory.read(0, program.memory.size);
      const words: string[] = [];
      for (let i = 0; i < bytes.length; i += 32) words.push(bytesToHex(bytes.subarray(i, i + 32)));
      log.memory = words;
    }
    if (!this.options.disableStorage) {
      const contract = bytesToHex(program.invoke.address);
      let slots = this.storage.get(contract);
      if (!slots) {
        slots = new Map();
        this.storage.set(contract, slots);
      }
      if (opcode === Op.SLOAD && program.sp >= 1) {
        const key = program.peek(0);
        slots.set(word(key), word(storageLoad(program, key) ?? 0n));
      } else if (opcode === Op.SSTORE && program.sp >= 2) {
        slots.set(word(program.peek(0)), word(program.peek(1)));
      }
      log.storage = Object.fromEntries(slots);
    }
    this.structLogs.push(log);
    const frame = this.frames.at(-1);
    if (frame) frame.last = this.structLogs.length - 1;
  }

  exit(program: Program): void {
    const frame = this.frames.pop();
    const error = program.exception;
    if (!frame || error === undefined) return;
    const last = frame.last >= 0 ? this.structLogs[frame.last] : undefined;
    if (last !== undefined && last.pc === program.pc) {
      last.error = error.message;
      return;
    }
    // failed before its step was logged (stack check, undefined opcode): log it with the error
    const opcode = program.code[program.pc] ?? 0;
    this.structLogs.push({
      pc: program.pc,
      op: opName(opcode),
      gas: last !== undefined ? last.gas - last.gasCost : program.invoke.energyLimit,
      gasCost: 0,
      depth: program.invoke.depth + 1,
      ...(this.options.disableStack ? {} : { stack: program.stack.slice(0, program.sp).map(word) }),
      error: error.message,
    });
  }

  result(outcome: ExecutionOutcome): StructLogTrace {
    return {
      failed: outcome.revert || outcome.error !== undefined,
      gas: Number(outcome.energyUsed),
      returnValue: bytesToHex(outcome.returnData),
      structLogs: this.structLogs,
    };
  }
}
