import { keccak256 } from "../crypto/hash.js";
import { CoreTables } from "../state/core-tables.js";
import { callAction, createAction, suicideAction } from "./calls.js";
import type { VmConfig } from "./config.js";
import type { VmTracer } from "./context.js";
import {
  calculateCallCost,
  copyCost,
  create2Cost,
  createCost,
  Energy,
  expCost,
  extCodeCopyCost,
  logCost,
  mcopyCost,
  memEnd,
  memEnergy as memEnergyOf,
  mloadCost,
  mloadCost2,
  mstore8Cost,
  mstore8Cost2,
  returnCost,
  sha3Cost,
} from "./energy-cost.js";
import { staticCallModification, VmException } from "./errors.js";
import { OP_NAMES, Op } from "./opcodes.js";
import type { Program } from "./program.js";
import { blockHash, chainId, codeHashAt, storageLoad, storageSave, tLoad, tStore } from "./state-ops.js";
import { tronOperations } from "./tron-ops.js";
import {
  intValueSafe,
  last20,
  SIGN_BIT,
  TWO_256,
  WORD_MASK,
  wordFromBytes,
  wordOfAddress,
  wordOfLong,
} from "./word.js";
import { getBalance, getCode } from "./world.js";

/**
 * One row of the jump table (java-tron's Operation): stack words taken and pushed, the energy
 * (a constant tier or a function of the frame), and the action. Disabled rows are absent, so the
 * interpreter reports them as "Invalid operation code".
 */
export interface Operation {
  readonly opcode: number;
  readonly name: string;
  readonly require: number;
  readonly ret: number;
  /** The largest stack size the operation can start from without overflowing (1024 − ret + require). */
  readonly maxStack: number;
  readonly cost: number;
  /** Computed energy (undefined for a fixed tier): every row has the same shape for the hot loop. */
  readonly dynamicCost: ((program: Program) => number) | undefined;
  readonly action: (program: Program) => void;
}

export interface OperationSpec {
  readonly opcode: number;
  readonly require: number;
  readonly ret: number;
  readonly cost: number | ((program: Program) => number);
  readonly action: (program: Program) => void;
  readonly enabled?: (config: VmConfig) => boolean;
}

const ONE = 1n;
const ZERO = 0n;

function op(
  opcode: number,
  require: number,
  ret: number,
  cost: number | ((p: Program) => number),
  action: (p: Program) => void,
  enabled?: (c: VmConfig) => boolean,
): OperationSpec {
  return enabled === undefined
    ? { opcode, require, ret, cost, action }
    : { opcode, require, ret, cost, action, enabled };
}

function binary(
  opcode: number,
  cost: number,
  f: (a: bigint, b: bigint) => bigint,
  enabled?: (c: VmConfig) => boolean,
) {
  return op(
    opcode,
    2,
    1,
    cost,
    (p) => {
      const s = p.stack;
      const sp = --p.sp;
      s[sp - 1] = f(s[sp]!, s[sp - 1]!);
      p.step();
    },
    enabled,
  );
}

const signed = (v: bigint) => (v & SIGN_BIT ? v - TWO_256 : v);
const unsigned = (v: bigint) => (v < 0n ? v + TWO_256 : v);

function sdiv(a: bigint, b: bigint): bigint {
  if (b === 0n) return 0n;
  return unsigned(signed(a) / signed(b)) & WORD_MASK;
}

function smod(a: bigint, b: bigint): bigint {
  if (b === 0n) return 0n;
  const sa = signed(a);
  const sb = signed(b);
  const r = (sa < 0n ? -sa : sa) % (sb < 0n ? -sb : sb);
  return unsigned(sa < 0n ? -r : r) & WORD_MASK;
}

function exp(base: bigint, exponent: bigint): bigint {
  let result = 1n;
  let b = base;
  let e = exponent;
  while (e > 0n) {
    if (e & 1n) result = (result * b) & WORD_MASK;
    e >>= 1n;
    if (e > 0n) b = (b * b) & WORD_MASK;
  }
  return result;
}

function signExtend(p: Program): void {
  const k = p.pop();
  if (k < 32n) {
    const value = p.stack[p.sp - 1]!;
    const bit = Number(k) * 8 + 7;
    const mask = (1n << BigInt(bit + 1)) - 1n;
    p.stack[p.sp - 1] = (value >> BigInt(bit)) & 1n ? value | (WORD_MASK ^ mask) : value & mask;
  }
  p.step();
}

function byteOp(i: bigint, v: bigint): bigint {
  if (i >= 32n) return 0n;
  return (v >> BigInt((31 - Number(i)) * 8)) & 0xffn;
}

function sar(shift: bigint, value: bigint): bigint {
  const negative = (value & SIGN_BIT) !== 0n;
  if (shift >= 256n) return negative ? WORD_MASK : 0n;
  return unsigned(signed(value) >> shift) & WORD_MASK;
}

function push0(p: Program, value: bigint): void {
  p.stack[p.sp++] = value;
}

function pushAction(p: Program): void {
  const n = p.code[p.pc]! - 0x5f;
  const value = p.analysis.pushValues[p.pc]!;
  // java-tron: step, sweep n bytes (stopping at the end of code), then push.
  p.pc += n + 1;
  if (p.pc >= p.code.length) p.stopped = true;
  p.stack[p.sp++] = value;
}

function dupAction(n: number) {
  return (p: Program) => {
    p.stack[p.sp] = p.stack[p.sp - n]!;
    p.sp++;
    p.pc++;
    if (p.pc >= p.code.length) p.stopped = true;
  };
}

function swapAction(n: number) {
  return (p: Program) => {
    const s = p.stack;
    const top = p.sp - 1;
    const other = p.sp - 1 - n;
    const t = s[top]!;
    s[top] = s[other]!;
    s[other] = t;
    p.pc++;
    if (p.pc >= p.code.length) p.stopped = true;
  };
}

function logAction(p: Program): void {
  if (p.invoke.isStatic) throw staticCallModification();
  const offset = p.pop();
  const size = p.pop();
  const n = p.currentOp - Op.LOG0;
  const topics: Uint8Array[] = [];
  for (let i = 0; i < n; i++) topics.push(wordBytes(p.pop()));
  const data = p.memory.read(intValueSafe(offset), intValueSafe(size));
  const address = new Uint8Array(20);
  address.set(p.invoke.address.subarray(p.invoke.address.length - 20));
  p.tx.logs.push({ address, topics, data });
  p.step();
}

function wordBytes(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  const view = new DataView(out.buffer);
  view.setBigUint64(0, v >> 192n);
  view.setBigUint64(8, BigInt.asUintN(64, v >> 128n));
  view.setBigUint64(16, BigInt.asUintN(64, v >> 64n));
  view.setBigUint64(24, BigInt.asUintN(64, v));
  return out;
}

/** CODECOPY / EXTCODECOPY: the code slice zero-padded to `length`. */
function copyCode(p: Program, code: Uint8Array): void {
  const memOffset = intValueSafe(p.pop());
  const codeOffset = intValueSafe(p.pop());
  const length = intValueSafe(p.pop());
  const copy = new Uint8Array(length);
  if (codeOffset < code.length)
    copy.set(code.subarray(codeOffset, Math.min(code.length, codeOffset + length)));
  p.memory.write(memOffset, copy);
  p.step();
}

function callDataLoad(p: Program, index: bigint): bigint {
  const data = p.invoke.data;
  if (index > 0x7fffffffn || Number(index) >= data.length) return 0n;
  const i = Number(index);
  const word = new Uint8Array(32);
  word.set(data.subarray(i, Math.min(data.length, i + 32)));
  return wordFromBytes(word);
}

function callDataCopy(p: Program): void {
  const memOffset = intValueSafe(p.pop());
  const offset = intValueSafe(p.pop());
  let length = intValueSafe(p.pop());
  const data = p.invoke.data;
  const out = new Uint8Array(length);
  if (offset <= data.length) {
    if (offset + length > data.length) length = data.length - offset;
    out.set(data.subarray(offset, offset + length));
  }
  p.memory.write(memOffset, out);
  p.step();
}

function returnDataCopy(p: Program): void {
  const memOffset = p.pop();
  const offset = p.pop();
  const size = p.pop();
  const buffer = p.returnDataBuffer;
  const bufferSize = buffer === null ? 0 : buffer.length;
  const o = intValueSafe(offset);
  const n = intValueSafe(size);
  if (o + n > bufferSize) {
    throw new VmException(
      "ReturnDataCopyIllegalBounds",
      `Illegal RETURNDATACOPY arguments: offset (${hex32(offset)}) + size (${hex32(size)}) > RETURNDATASIZE (${bufferSize})`,
    );
  }
  p.memory.write(intValueSafe(memOffset), buffer === null ? new Uint8Array(0) : buffer.slice(o, o + n));
  p.step();
}

function hex32(v: bigint): string {
  return v.toString(16).padStart(64, "0");
}

function returnAction(revert: boolean) {
  return (p: Program) => {
    const offset = p.pop();
    const size = p.pop();
    p.hReturn = p.memory.read(intValueSafe(offset), intValueSafe(size));
    p.step();
    p.stopped = true;
    if (revert) p.revert = true;
  };
}

const constantinople = (c: VmConfig) => c.allowTvmConstantinople;
const istanbul = (c: VmConfig) => c.allowTvmIstanbul;
const london = (c: VmConfig) => c.allowTvmLondon;
const shanghai = (c: VmConfig) => c.allowTvmShanghai;
const cancun = (c: VmConfig) => c.allowTvmCancun;
const blob = (c: VmConfig) => c.allowTvmBlob;
const osaka = (c: VmConfig) => c.allowTvmOsaka;

/** TIP-7939 CLZ: leading zero bits of the word, 256 for zero. */
function clz(p: Program): void {
  const v = p.stack[p.sp - 1]!;
  p.stack[p.sp - 1] = v === 0n ? 256n : BigInt(256 - v.toString(2).length);
  p.step();
}

/** The base operation set and every flag-gated addition (OperationRegistry), in java-tron's order. */
function specs(): OperationSpec[] {
  const list: OperationSpec[] = [
    op(Op.STOP, 0, 0, Energy.ZERO, (p) => {
      p.hReturn = new Uint8Array(0);
      p.stopped = true;
    }),
    binary(Op.ADD, Energy.VERY_LOW, (a, b) => (a + b) & WORD_MASK),
    binary(Op.MUL, Energy.LOW, (a, b) => (a * b) & WORD_MASK),
    binary(Op.SUB, Energy.VERY_LOW, (a, b) => (a - b) & WORD_MASK),
    binary(Op.DIV, Energy.LOW, (a, b) => (b === 0n ? 0n : a / b)),
    binary(Op.SDIV, Energy.LOW, sdiv),
    binary(Op.MOD, Energy.LOW, (a, b) => (b === 0n ? 0n : a % b)),
    binary(Op.SMOD, Energy.LOW, smod),
    op(Op.ADDMOD, 3, 1, Energy.MID, (p) => {
      const a = p.pop();
      const b = p.pop();
      const n = p.stack[p.sp - 1]!;
      p.stack[p.sp - 1] = n === 0n ? 0n : (a + b) % n;
      p.step();
    }),
    op(Op.MULMOD, 3, 1, Energy.MID, (p) => {
      const a = p.pop();
      const b = p.pop();
      const n = p.stack[p.sp - 1]!;
      p.stack[p.sp - 1] = n === 0n ? 0n : (a * b) % n;
      p.step();
    }),
    op(Op.EXP, 2, 1, expCost, (p) => {
      const base = p.pop();
      p.stack[p.sp - 1] = exp(base, p.stack[p.sp - 1]!);
      p.step();
    }),
    op(Op.SIGNEXTEND, 2, 1, Energy.LOW, signExtend),
    binary(Op.LT, Energy.VERY_LOW, (a, b) => (a < b ? ONE : ZERO)),
    binary(Op.GT, Energy.VERY_LOW, (a, b) => (a > b ? ONE : ZERO)),
    binary(Op.SLT, Energy.VERY_LOW, (a, b) => (signed(a) < signed(b) ? ONE : ZERO)),
    binary(Op.SGT, Energy.VERY_LOW, (a, b) => (signed(a) > signed(b) ? ONE : ZERO)),
    binary(Op.EQ, Energy.VERY_LOW, (a, b) => (a === b ? ONE : ZERO)),
    op(Op.ISZERO, 1, 1, Energy.VERY_LOW, (p) => {
      p.stack[p.sp - 1] = p.stack[p.sp - 1] === 0n ? ONE : ZERO;
      p.step();
    }),
    binary(Op.AND, Energy.VERY_LOW, (a, b) => a & b),
    binary(Op.OR, Energy.VERY_LOW, (a, b) => a | b),
    binary(Op.XOR, Energy.VERY_LOW, (a, b) => a ^ b),
    op(Op.NOT, 1, 1, Energy.VERY_LOW, (p) => {
      p.stack[p.sp - 1] = WORD_MASK ^ p.stack[p.sp - 1]!;
      p.step();
    }),
    binary(Op.BYTE, Energy.VERY_LOW, byteOp),
    op(Op.SHA3, 2, 1, sha3Cost, (p) => {
      const offset = p.pop();
      const size = p.pop();
      const data = p.memory.read(intValueSafe(offset), intValueSafe(size));
      push0(p, wordFromBytes(keccak256(data)));
      p.step();
    }),
    op(Op.ADDRESS, 0, 1, Energy.BASE, (p) => {
      const word = wordOfAddress(p.invoke.address);
      push0(p, p.tx.config.allowMultiSign ? last20(word) : word);
      p.step();
    }),
    op(Op.BALANCE, 1, 1, Energy.BALANCE, (p) => {
      const address = p.pop();
      push0(p, wordOfLong(getBalance(p.state, addressOf(address))));
      p.step();
    }),
    op(Op.ORIGIN, 0, 1, Energy.BASE, (p) => {
      push0(p, p.tx.config.allowMultiSign ? last20(p.invoke.origin) : p.invoke.origin);
      p.step();
    }),
    op(Op.CALLER, 0, 1, Energy.BASE, (p) => {
      push0(p, last20(p.invoke.caller));
      p.step();
    }),
    op(Op.CALLVALUE, 0, 1, Energy.BASE, (p) => {
      push0(p, p.invoke.callValue);
      p.step();
    }),
    op(Op.CALLDATALOAD, 1, 1, Energy.VERY_LOW, (p) => {
      p.stack[p.sp - 1] = callDataLoad(p, p.stack[p.sp - 1]!);
      p.step();
    }),
    op(Op.CALLDATASIZE, 0, 1, Energy.BASE, (p) => {
      push0(p, BigInt(p.invoke.data.length));
      p.step();
    }),
    op(Op.CALLDATACOPY, 3, 0, copyCost, callDataCopy),
    op(Op.CODESIZE, 0, 1, Energy.BASE, (p) => {
      push0(p, BigInt(p.code.length));
      p.step();
    }),
    op(Op.CODECOPY, 3, 0, copyCost, (p) => copyCode(p, p.code)),
    op(Op.RETURNDATASIZE, 0, 1, Energy.BASE, (p) => {
      push0(p, BigInt(p.returnDataBuffer?.length ?? 0));
      p.step();
    }),
    op(Op.RETURNDATACOPY, 3, 0, copyCost, returnDataCopy),
    op(Op.GASPRICE, 0, 1, Energy.BASE, (p) => {
      const config = p.tx.config;
      push0(
        p,
        config.allowTvmCompatibleEvm && p.invoke.contractVersion === 1
          ? wordOfLong(p.props.get("ENERGY_FEE"))
          : 0n,
      );
      p.step();
    }),
    op(Op.EXTCODESIZE, 1, 1, Energy.EXT_CODE_SIZE, (p) => {
      const address = addressOf(p.pop());
      push0(p, BigInt(getCode(p.state, address)?.length ?? 0));
      p.step();
    }),
    op(Op.EXTCODECOPY, 4, 0, extCodeCopyCost, (p) => {
      const address = addressOf(p.pop());
      copyCode(p, getCode(p.state, address) ?? new Uint8Array(0));
    }),
    op(Op.BLOCKHASH, 1, 1, Energy.EXT, (p) => {
      const index = intValueSafe(p.pop());
      push0(p, blockHash(p, index));
      p.step();
    }),
    op(Op.COINBASE, 0, 1, Energy.BASE, (p) => {
      push0(p, wordFromBytes(p.tx.block.coinbase));
      p.step();
    }),
    op(Op.TIMESTAMP, 0, 1, Energy.BASE, (p) => {
      push0(p, wordOfLong(p.tx.block.timestamp));
      p.step();
    }),
    op(Op.NUMBER, 0, 1, Energy.BASE, (p) => {
      push0(p, wordOfLong(p.tx.block.number));
      p.step();
    }),
    op(Op.DIFFICULTY, 0, 1, Energy.BASE, (p) => {
      push0(p, 0n);
      p.step();
    }),
    op(Op.GASLIMIT, 0, 1, Energy.BASE, (p) => {
      push0(p, 0n);
      p.step();
    }),
    op(Op.POP, 1, 0, Energy.BASE, (p) => {
      p.sp--;
      p.step();
    }),
    op(Op.MLOAD, 1, 1, mloadCost, (p) => {
      p.stack[p.sp - 1] = p.memory.readWord(memAddress(p.stack[p.sp - 1]!));
      p.step();
    }),
    op(Op.MSTORE, 2, 0, mloadCost, (p) => {
      const address = p.pop();
      const value = p.pop();
      p.memory.writeWord(memAddress(address), value);
      p.step();
    }),
    op(Op.MSTORE8, 2, 0, mstore8Cost, (p) => {
      const address = p.pop();
      const value = p.pop();
      p.memory.writeByte(intValueSafe(address), Number(value & 0xffn));
      p.step();
    }),
    op(Op.SLOAD, 1, 1, Energy.SLOAD, (p) => {
      p.stack[p.sp - 1] = storageLoad(p, p.stack[p.sp - 1]!) ?? 0n;
      p.step();
    }),
    op(Op.SSTORE, 2, 0, sstoreCost, (p) => {
      if (p.invoke.isStatic) throw staticCallModification();
      const key = p.pop();
      const value = p.pop();
      storageSave(p, key, value);
      p.step();
    }),
    op(Op.JUMP, 1, 0, Energy.MID, (p) => {
      p.setPc(p.verifyJumpDest(p.pop()));
    }),
    op(Op.JUMPI, 2, 0, Energy.HIGH, (p) => {
      const target = p.pop();
      const cond = p.pop();
      if (cond !== 0n) p.setPc(p.verifyJumpDest(target));
      else p.step();
    }),
    op(Op.PC, 0, 1, Energy.BASE, (p) => {
      push0(p, BigInt(p.pc));
      p.step();
    }),
    op(Op.MSIZE, 0, 1, Energy.BASE, (p) => {
      push0(p, BigInt(p.memory.size));
      p.step();
    }),
    op(Op.GAS, 0, 1, Energy.BASE, (p) => {
      push0(p, wordOfLong(BigInt(p.energyLeft)));
      p.step();
    }),
    op(Op.JUMPDEST, 0, 0, Energy.SPECIAL, (p) => p.step()),
  ];
  for (let i = 0; i < 32; i++) list.push(op(Op.PUSH1 + i, 0, 1, Energy.VERY_LOW, pushAction));
  for (let i = 0; i < 16; i++) list.push(op(Op.DUP1 + i, 1 + i, 2 + i, Energy.VERY_LOW, dupAction(i + 1)));
  for (let i = 0; i < 16; i++) list.push(op(Op.SWAP1 + i, 2 + i, 2 + i, Energy.VERY_LOW, swapAction(i + 1)));
  for (let i = 0; i <= 4; i++) list.push(op(Op.LOG0 + i, 2 + i, 0, logCost, logAction));
  list.push(
    op(Op.CREATE, 3, 1, createCost, (p) => createAction(p, false)),
    op(Op.CALL, 7, 1, callCost, (p) => callAction(p, Op.CALL)),
    op(Op.CALLCODE, 7, 1, callCodeCost, (p) => callAction(p, Op.CALLCODE)),
    op(Op.RETURN, 2, 0, returnCost, returnAction(false)),
    op(
      Op.DELEGATECALL,
      6,
      1,
      (p) => calculateCallCost(p, Energy.CALL, 3),
      (p) => callAction(p, Op.DELEGATECALL),
    ),
    op(
      Op.STATICCALL,
      6,
      1,
      (p) => calculateCallCost(p, Energy.CALL, 3),
      (p) => callAction(p, Op.STATICCALL),
    ),
    op(Op.REVERT, 2, 0, returnCost, returnAction(true)),
    op(Op.SUICIDE, 1, 0, Energy.SUICIDE, suicideAction),
    // TRC-10 transfers (#18)
    op(
      Op.CALLTOKEN,
      8,
      1,
      callTokenCost,
      (p) => callAction(p, Op.CALLTOKEN),
      (c) => c.allowTvmTransferTrc10,
    ),
    // Constantinople (#26)
    binary(
      Op.SHL,
      Energy.VERY_LOW,
      (shift, v) => (shift >= 256n ? 0n : (v << shift) & WORD_MASK),
      constantinople,
    ),
    binary(Op.SHR, Energy.VERY_LOW, (shift, v) => (shift >= 256n ? 0n : v >> shift), constantinople),
    binary(Op.SAR, Energy.VERY_LOW, sar, constantinople),
    // Osaka (#96, TIP-7939): priced as MUL
    op(Op.CLZ, 1, 1, Energy.LOW, clz, osaka),
    op(Op.CREATE2, 4, 1, create2Cost, (p) => createAction(p, true), constantinople),
    op(
      Op.EXTCODEHASH,
      1,
      1,
      Energy.EXT_CODE_HASH,
      (p) => {
        const address = p.pop();
        push0(p, wordFromBytes(codeHashAt(p, address)));
        p.step();
      },
      constantinople,
    ),
    // Istanbul (#41)
    op(
      Op.CHAINID,
      0,
      1,
      Energy.BASE,
      (p) => {
        push0(p, chainId(p));
        p.step();
      },
      istanbul,
    ),
    op(
      Op.SELFBALANCE,
      0,
      1,
      Energy.LOW,
      (p) => {
        push0(p, wordOfLong(getBalance(p.state, p.invoke.address)));
        p.step();
      },
      istanbul,
    ),
    // London (#63)
    op(
      Op.BASEFEE,
      0,
      1,
      Energy.BASE,
      (p) => {
        push0(p, wordOfLong(p.props.get("ENERGY_FEE")));
        p.step();
      },
      london,
    ),
    // Shanghai (#76)
    op(
      Op.PUSH0,
      0,
      1,
      Energy.BASE,
      (p) => {
        push0(p, 0n);
        p.step();
      },
      shanghai,
    ),
    // Cancun (#83)
    op(
      Op.TLOAD,
      1,
      1,
      Energy.TLOAD,
      (p) => {
        p.stack[p.sp - 1] = tLoad(p, p.stack[p.sp - 1]!);
        p.step();
      },
      cancun,
    ),
    op(
      Op.TSTORE,
      2,
      0,
      Energy.TSTORE,
      (p) => {
        if (p.invoke.isStatic) throw staticCallModification();
        const key = p.pop();
        const value = p.pop();
        tStore(p, key, value);
        p.step();
      },
      cancun,
    ),
    op(
      Op.MCOPY,
      3,
      0,
      mcopyCost,
      (p) => {
        const dst = intValueSafe(p.pop());
        const src = intValueSafe(p.pop());
        const length = intValueSafe(p.pop());
        p.memory.copy(dst, src, length);
        p.step();
      },
      cancun,
    ),
    op(
      Op.BLOBHASH,
      1,
      1,
      Energy.VERY_LOW,
      (p) => {
        p.stack[p.sp - 1] = 0n;
        p.step();
      },
      blob,
    ),
    op(
      Op.BLOBBASEFEE,
      0,
      1,
      Energy.BASE,
      (p) => {
        push0(p, 0n);
        p.step();
      },
      blob,
    ),
  );
  list.push(...tronOperations());
  return list;
}

/** MLOAD/MSTORE address: java-tron's DataWord.intValue (the cost check already bounded it). */
function memAddress(v: bigint): number {
  return Number(v & 0x7fffffffn);
}

function addressOf(word: bigint): Uint8Array {
  const out = new Uint8Array(21);
  out[0] = 0x41;
  const low = word & ((1n << 160n) - 1n);
  const view = new DataView(out.buffer);
  view.setUint32(1, Number(low >> 128n));
  view.setBigUint64(5, BigInt.asUintN(64, low >> 64n));
  view.setBigUint64(13, BigInt.asUintN(64, low));
  return out;
}

/** SSTORE: 20000 when the row does not exist and the new value is not zero, 5000 otherwise. */
function sstoreCost(p: Program): number {
  const newValue = p.peek(1);
  const oldValue = storageLoad(p, p.peek(0));
  if (oldValue === undefined && newValue !== 0n) return Energy.SET_SSTORE;
  if (oldValue !== undefined && newValue === 0n) return Energy.CLEAR_SSTORE;
  return Energy.RESET_SSTORE;
}

function isDeadAccount(p: Program, word: bigint): boolean {
  return p.state.get(CoreTables.accounts, addressOf(word)) === undefined;
}

function callCost(p: Program): number {
  let cost = Energy.CALL;
  if (p.peek(2) !== 0n) {
    cost += Energy.VT_CALL;
    if (isDeadAccount(p, p.peek(1))) cost += Energy.NEW_ACCT_CALL;
  }
  return calculateCallCost(p, cost, 4);
}

function callCodeCost(p: Program): number {
  let cost = Energy.CALL;
  if (p.peek(2) !== 0n) cost += Energy.VT_CALL;
  return calculateCallCost(p, cost, 4);
}

function callTokenCost(p: Program): number {
  let cost = Energy.CALL;
  if (p.peek(2) !== 0n) {
    cost += Energy.VT_CALL;
    if (isDeadAccount(p, p.peek(1))) cost += Energy.NEW_ACCT_CALL;
  }
  return calculateCallCost(p, cost, 5);
}

/** SELFDESTRUCT with energy adjustment (#81): +25000 when the heir does not exist. */
function suicideCost3(p: Program): number {
  return isDeadAccount(p, p.peek(0)) ? Energy.SUICIDE_V2 + Energy.NEW_ACCT_CALL : Energy.SUICIDE_V2;
}

function suicideCost2(p: Program): number {
  return isDeadAccount(p, p.peek(0)) ? Energy.SUICIDE + Energy.NEW_ACCT_CALL : Energy.SUICIDE;
}

/** VOTEWITNESS memory: the larger of the two arrays (each plus its length word after #81). */
export function voteWitnessCost(p: Program, withLengthWord: boolean): number {
  const extra = withLengthWord ? 32n : 0n;
  const amountEnd = memEnd(p, p.peek(1), (p.peek(0) * 32n + extra) & WORD_MASK);
  const witnessEnd = memEnd(p, p.peek(3), (p.peek(2) * 32n + extra) & WORD_MASK);
  return Energy.VOTE_WITNESS + memEnergyOf(p, Math.max(amountEnd, witnessEnd));
}

/** Fixed-cost rows carry their tier; everything else computes its energy from the frame. */
function toOperation(spec: OperationSpec): Operation {
  const fixed = typeof spec.cost === "number";
  return {
    opcode: spec.opcode,
    name: OP_NAMES[spec.opcode] ?? "",
    require: spec.require,
    ret: spec.ret,
    maxStack: MAX_STACK_SIZE - spec.ret + spec.require,
    cost: fixed ? (spec.cost as number) : 0,
    dynamicCost: fixed ? undefined : (spec.cost as (p: Program) => number),
    action: spec.action,
  };
}

const MAX_STACK_SIZE = 1024;

/**
 * The table with every action counting its opcode first (tests and fixtures compare energy per
 * opcode), so counting costs nothing when nobody asks for it.
 */
export function countingTable(
  table: ReadonlyArray<Operation | undefined>,
  counts: Uint32Array,
): ReadonlyArray<Operation | undefined> {
  return table.map((op) => {
    if (op === undefined) return undefined;
    const { action, opcode } = op;
    return {
      ...op,
      action: (p: Program) => {
        counts[opcode]!++;
        action(p);
      },
    };
  });
}

/**
 * The table with every operation showing itself to `tracer` once its energy is computed (before it
 * is charged), so tracing costs nothing when nobody traces.
 */
export function tracingTable(
  table: ReadonlyArray<Operation | undefined>,
  tracer: VmTracer,
): ReadonlyArray<Operation | undefined> {
  return table.map((op) => {
    if (op === undefined) return undefined;
    const { dynamicCost, cost, opcode } = op;
    return {
      ...op,
      dynamicCost: (p: Program) => {
        const energy = dynamicCost === undefined ? cost : dynamicCost(p);
        tracer.step(p, opcode, energy);
        return energy;
      },
    };
  });
}

const tables = new Map<string, ReadonlyArray<Operation | undefined>>();

/**
 * OperationRegistry.getTable for a configuration: the enabled rows, with #65's memory repricing
 * and #81's SELFDESTRUCT/VOTEWITNESS repricing applied. Cached per flag combination.
 */
export function jumpTable(config: VmConfig): ReadonlyArray<Operation | undefined> {
  const key = JSON.stringify(config, (_k, v) => (typeof v === "bigint" ? v.toString() : v));
  const cached = tables.get(key);
  if (cached) return cached;
  const table: (Operation | undefined)[] = new Array(256).fill(undefined);
  for (const spec of specs()) {
    if (spec.enabled && !spec.enabled(config)) continue;
    let adjusted = spec;
    if (config.allowHigherLimitForMaxCpuTimeOfOneTx) {
      if (spec.opcode === Op.MLOAD || spec.opcode === Op.MSTORE) adjusted = { ...spec, cost: mloadCost2 };
      if (spec.opcode === Op.MSTORE8) adjusted = { ...spec, cost: mstore8Cost2 };
    }
    if (config.allowEnergyAdjustment) {
      if (spec.opcode === Op.SUICIDE) adjusted = { ...spec, cost: suicideCost2 };
      if (spec.opcode === Op.VOTEWITNESS)
        adjusted = { ...spec, cost: (p: Program) => voteWitnessCost(p, true) };
    }
    // #94 (adjustSelfdestruct, applied after #81): 5000, +25000 for a heir that does not exist
    if (config.allowTvmSelfdestructRestriction && spec.opcode === Op.SUICIDE)
      adjusted = { ...spec, cost: suicideCost3 };
    table[spec.opcode] = toOperation(adjusted);
  }
  tables.set(key, table);
  return table;
}

export { mloadCost, mstore8Cost };
