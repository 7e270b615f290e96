/**
 * The call tree of one execution in the shape of go-ethereum's `callTracer` (what Anvil and Hardhat
 * tooling read): `{type, from, to, value, gas, gasUsed, input, output, error, revertReason, calls}`,
 * quantities as 0x-hex, addresses as `0x` + 20 bytes, energy in place of gas. A frame that reverted
 * has `error: "execution reverted"` and, when its data is `Error(string)` / `Panic(uint256)`, the
 * decoded `revertReason`; a frame that failed has the TVM's exception text.
 *
 * Frames come from the VM's tracer hook; calls that start no frame (precompiles, accounts without
 * code, calls refused for balance or depth) are recognised from the instruction that made them.
 */
import { bytesToHex } from "../crypto/bytes.js";
import type { VmTracer } from "../vm/context.js";
import { OP_NAMES, Op } from "../vm/opcodes.js";
import type { Program } from "../vm/program.js";
import type { ExecutionOutcome } from "./execution-outcome.js";
import { revertReason } from "./revert-reason.js";

export interface CallFrame {
  type: string;
  from: string;
  to?: string;
  value?: string;
  gas: string;
  gasUsed: string;
  input: string;
  output?: string;
  error?: string;
  revertReason?: string;
  calls?: CallFrame[];
}

const CALL_OPS = new Set<number>([Op.CALL, Op.CALLCODE, Op.DELEGATECALL, Op.STATICCALL, Op.CALLTOKEN]);
const CREATE_OPS = new Set<number>([Op.CREATE, Op.CREATE2]);

export const REVERTED = "execution reverted";

function hex(bytes: Uint8Array): string {
  return `0x${bytesToHex(bytes)}`;
}

function quantity(n: bigint | number): string {
  return `0x${BigInt(n).toString(16)}`;
}

/** 0x + the 20-byte form of a TRON address (21 bytes) or of an address word. */
export function evmAddress(address: Uint8Array | bigint): string {
  if (typeof address === "bigint")
    return `0x${(address & ((1n << 160n) - 1n)).toString(16).padStart(40, "0")}`;
  return hex(address.length === 21 ? address.subarray(1) : address);
}

/** The type geth gives a frame (TRON's CALLTOKEN is a CALL that also moves a TRC-10 token). */
function frameType(op: number): string {
  return op === Op.CALLTOKEN ? "CALL" : (OP_NAMES[op] ?? "CALL");
}

/** The `size` bytes at `offset` of a frame's memory, without growing it (zeros beyond). */
function memoryWindow(p: Program, offset: bigint, size: bigint): Uint8Array {
  const length = size > 0x100000n ? 0x100000 : Number(size);
  const out = new Uint8Array(length);
  if (length === 0 || offset >= BigInt(p.memory.size)) return out;
  const start = Number(offset);
  const available = p.memory.read(0, p.memory.size);
  out.set(available.subarray(start, Math.min(start + length, available.length)));
  return out;
}

interface PendingCall {
  readonly op: number;
  readonly node: CallFrame;
  readonly energyUsedBefore: number;
  /** The instruction's energy less what it forwards to the callee. */
  readonly ownCost: number;
}

interface OpenFrame {
  readonly program: Program;
  readonly node: CallFrame;
  pending?: PendingCall;
}

function finishFrame(node: CallFrame, output: Uint8Array, revert: boolean, error: string | undefined): void {
  if (output.length > 0 || revert) node.output = hex(output);
  if (revert) {
    node.error = REVERTED;
    const reason = revertReason(output);
    if (reason !== undefined) node.revertReason = reason;
  } else if (error !== undefined) {
    node.error = error;
    delete node.output;
  }
}

function addCall(parent: CallFrame, child: CallFrame): void {
  if (parent.calls === undefined) parent.calls = [];
  parent.calls.push(child);
}

export interface CallTracerOptions {
  /** The root frame only (geth's `onlyTopCall`). */
  readonly onlyTopCall?: boolean;
}

export class CallTracer implements VmTracer {
  private readonly open: OpenFrame[] = [];
  private root: CallFrame | undefined;

  constructor(
    /** The transaction: its type (CALL or CREATE), owner (21 bytes), call value and input; `gas`
     * stands until the VM starts (then the energy limit it was given). */
    private readonly transaction: {
      readonly type: "CALL" | "CREATE";
      readonly from: Uint8Array;
      readonly to: Uint8Array;
      readonly value: bigint;
      readonly input: Uint8Array;
      readonly gas: bigint;
    },
    private readonly options: CallTracerOptions = {},
  ) {}

  enter(program: Program): void {
    const parent = this.open.at(-1);
    let node: CallFrame;
    if (parent === undefined) {
      // the energy the VM was given (fee_limit over the energy price, capped by the payer's energy)
      node = { ...this.rootNode(), gas: quantity(program.invoke.energyLimit) };
      this.root = node;
    } else {
      const pending = parent.pending;
      parent.pending = undefined;
      const op = pending?.op ?? Op.CALL;
      const invoke = program.invoke;
      const sameContext = op === Op.DELEGATECALL || op === Op.CALLCODE;
      node = {
        type: frameType(op),
        from: evmAddress(parent.program.invoke.address),
        to: evmAddress(sameContext ? invoke.codeAddress : invoke.address),
        ...(op === Op.DELEGATECALL || op === Op.STATICCALL ? {} : { value: quantity(invoke.callValue) }),
        gas: quantity(invoke.energyLimit),
        gasUsed: "0x0",
        input: hex(CREATE_OPS.has(op) ? program.code : invoke.data),
      };
      if (!this.options.onlyTopCall) addCall(parent.node, node);
    }
    this.open.push({ program, node });
  }

  step(program: Program, opcode: number, energy: number): void {
    const frame = this.open.at(-1);
    if (frame === undefined || frame.program !== program) return;
    if (frame.pending !== undefined) this.settleFrameless(frame, program);
    if (CALL_OPS.has(opcode)) {
      // stack: energy, address, [value,] [tokenId,] inOffset, inSize, outOffset, outSize
      const hasValue = opcode === Op.CALL || opcode === Op.CALLCODE || opcode === Op.CALLTOKEN;
      const inAt = opcode === Op.CALLTOKEN ? 4 : hasValue ? 3 : 2;
      const node: CallFrame = {
        type: frameType(opcode),
        from: evmAddress(program.invoke.address),
        to: evmAddress(program.peek(1)),
        ...(hasValue ? { value: quantity(opcode === Op.CALLTOKEN ? 0n : program.peek(2)) } : {}),
        gas: quantity(program.adjustedCallEnergy),
        gasUsed: "0x0",
        input: hex(memoryWindow(program, program.peek(inAt), program.peek(inAt + 1))),
      };
      frame.pending = {
        op: opcode,
        node,
        energyUsedBefore: program.energyUsed,
        ownCost: energy - program.adjustedCallEnergy,
      };
    } else if (CREATE_OPS.has(opcode)) {
      const node: CallFrame = {
        type: frameType(opcode),
        from: evmAddress(program.invoke.address),
        value: quantity(program.peek(0)),
        gas: "0x0",
        gasUsed: "0x0",
        input: hex(memoryWindow(program, program.peek(1), program.peek(2))),
      };
      frame.pending = { op: opcode, node, energyUsedBefore: program.energyUsed, ownCost: energy };
    }
  }

  /** A call or create whose instruction finished without starting a frame. */
  private settleFrameless(frame: OpenFrame, program: Program): void {
    const pending = frame.pending!;
    frame.pending = undefined;
    const node = pending.node;
    const used = program.energyUsed - pending.energyUsedBefore - pending.ownCost;
    node.gasUsed = quantity(Math.max(used, 0));
    const succeeded = program.sp > 0 && program.peek(0) !== 0n;
    if (succeeded) {
      const output = program.returnDataBuffer ?? new Uint8Array(0);
      if (output.length > 0) node.output = hex(output);
    } else {
      node.error = CREATE_OPS.has(pending.op) ? "contract creation failed" : "call failed";
    }
    if (!this.options.onlyTopCall) addCall(frame.node, node);
  }

  exit(program: Program): void {
    const frame = this.open.pop();
    if (frame === undefined) return;
    if (frame.pending !== undefined) {
      // the instruction itself failed (a refused transfer): the frame fails with it below
      frame.pending = undefined;
    }
    const node = frame.node;
    node.gasUsed = quantity(program.energyUsed);
    if (node.type === "CREATE" || node.type === "CREATE2") node.to ??= evmAddress(program.invoke.address);
    finishFrame(node, program.hReturn, program.revert, program.exception?.message);
  }

  private rootNode(): CallFrame {
    const t = this.transaction;
    return {
      type: t.type,
      from: evmAddress(t.from),
      ...(t.to.length > 0 ? { to: evmAddress(t.to) } : {}),
      value: quantity(t.value),
      gas: quantity(t.gas),
      gasUsed: "0x0",
      input: hex(t.input),
    };
  }

  /** The tree, its root completed from the outcome (which also covers code deposit failures). */
  result(outcome: ExecutionOutcome): CallFrame {
    const root = this.root ?? this.rootNode();
    delete root.error;
    delete root.revertReason;
    delete root.output;
    root.gasUsed = quantity(outcome.energyUsed);
    finishFrame(root, outcome.returnData, outcome.revert, outcome.error);
    return inGethOrder(root);
  }
}

const KEY_ORDER = [
  "type",
  "from",
  "to",
  "value",
  "gas",
  "gasUsed",
  "input",
  "output",
  "error",
  "revertReason",
] as const;

/** geth prints a frame's fields in declaration order, its calls last. */
function inGethOrder(node: CallFrame): CallFrame {
  const out: Record<string, unknown> = {};
  for (const key of KEY_ORDER) if (node[key] !== undefined) out[key] = node[key];
  if (node.calls !== undefined) out.calls = node.calls.map(inGethOrder);
  return out as unknown as CallFrame;
}
