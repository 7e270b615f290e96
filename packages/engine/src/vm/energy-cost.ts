import { INT64_MAX } from "../chain/arithmetic.js";
import { longOverflow, memoryOverflow, outOfEnergy } from "./errors.js";
import { DYNAMIC_ENERGY_FACTOR_DECIMAL, OP_NAMES } from "./opcodes.js";
import type { Program } from "./program.js";
import { bytesOccupied } from "./word.js";

/** EnergyCost.java's constants (TVM prices, not Ethereum's). */
export const Energy = {
  ZERO: 0,
  BASE: 2,
  VERY_LOW: 3,
  LOW: 5,
  MID: 8,
  HIGH: 10,
  EXT: 20,
  SPECIAL: 1,
  EXP: 10,
  EXP_BYTE: 10,
  SHA3: 30,
  SHA3_WORD: 6,
  MEMORY: 3,
  COPY: 3,
  SLOAD: 50,
  CLEAR_SSTORE: 5000,
  SET_SSTORE: 20000,
  RESET_SSTORE: 5000,
  LOG: 375,
  LOG_TOPIC: 375,
  LOG_DATA: 8,
  BALANCE: 20,
  FREEZE: 20000,
  NEW_ACCT_CALL: 25000,
  UNFREEZE: 20000,
  FREEZE_EXPIRE_TIME: 50,
  FREEZE_V2: 10000,
  UNFREEZE_V2: 10000,
  WITHDRAW_EXPIRE_UNFREEZE: 10000,
  CANCEL_ALL_UNFREEZE_V2: 10000,
  DELEGATE_RESOURCE: 10000,
  UN_DELEGATE_RESOURCE: 10000,
  VOTE_WITNESS: 30000,
  WITHDRAW_REWARD: 20000,
  CREATE: 32000,
  CALL: 40,
  VT_CALL: 9000,
  STIPEND_CALL: 2300,
  EXT_CODE_COPY: 20,
  EXT_CODE_SIZE: 20,
  EXT_CODE_HASH: 400,
  SUICIDE: 0,
  /** #94 (TIP-6780). */
  SUICIDE_V2: 5000,
  CREATE_DATA: 200,
  TLOAD: 100,
  TSTORE: 100,
} as const;

/** 3 MB: no frame's memory may grow beyond it, whatever energy is left. */
export const MEM_LIMIT = 3 * 1024 * 1024;
const MEM_LIMIT_BIG = BigInt(MEM_LIMIT);

/**
 * memNeeded + checkMemorySize: the end of the region [offset, offset+size) as a number, 0 for an
 * empty region, OUT_OF_MEMORY beyond 3 MB.
 */
export function memEnd(program: Program, offset: bigint, size: bigint): number {
  if (size === 0n) return 0;
  const end = offset + size;
  if (end > MEM_LIMIT_BIG) throw memoryOverflow(OP_NAMES[program.currentOp] ?? "");
  return Number(end);
}

/** calcMemEnergy: expansion to `end` (quadratic schedule) plus 3 per copied word. */
export function memEnergy(program: Program, end: number, copySize = 0): number {
  let cost = 0;
  const usage = Math.ceil(end / 32) * 32;
  const oldSize = program.memory.size;
  if (usage > oldSize) {
    const words = usage / 32;
    const oldWords = oldSize / 32;
    cost +=
      Energy.MEMORY * words +
      Math.floor((words * words) / 512) -
      (Energy.MEMORY * oldWords + Math.floor((oldWords * oldWords) / 512));
  }
  if (copySize > 0) cost += Energy.COPY * Math.floor((copySize + 31) / 32);
  return cost;
}

export function expCost(program: Program): number {
  return Energy.EXP + Energy.EXP_BYTE * bytesOccupied(program.peek(1));
}

export function sha3Cost(program: Program): number {
  const size = program.peek(1);
  const end = memEnd(program, program.peek(0), size);
  return Energy.SHA3 + memEnergy(program, end) + Math.floor((Number(size) + 31) / 32) * Energy.SHA3_WORD;
}

/** CALLDATACOPY, CODECOPY, RETURNDATACOPY: memory + copy, no base cost. */
export function copyCost(program: Program): number {
  const size = program.peek(2);
  return memEnergy(program, memEnd(program, program.peek(0), size), Number(size === 0n ? 0n : size));
}

export function extCodeCopyCost(program: Program): number {
  const size = program.peek(3);
  return (
    Energy.EXT_CODE_COPY +
    memEnergy(program, memEnd(program, program.peek(1), size), Number(size === 0n ? 0n : size))
  );
}

export function mloadCost(program: Program): number {
  return memEnergy(program, memEnd(program, program.peek(0), 32n));
}

export function mstore8Cost(program: Program): number {
  return memEnergy(program, memEnd(program, program.peek(0), 1n));
}

export function mloadCost2(program: Program): number {
  return Energy.SPECIAL + mloadCost(program);
}

export function mstore8Cost2(program: Program): number {
  return Energy.SPECIAL + mstore8Cost(program);
}

/** RETURN and REVERT: memory only. */
export function returnCost(program: Program): number {
  return memEnergy(program, memEnd(program, program.peek(0), program.peek(1)));
}

export function mcopyCost(program: Program): number {
  const dst = program.peek(0);
  const src = program.peek(1);
  const size = program.peek(2);
  const end = memEnd(program, dst > src ? dst : src, size);
  return Energy.VERY_LOW + memEnergy(program, end, Number(size === 0n ? 0n : size));
}

export function logCost(program: Program): number {
  const size = program.peek(1);
  const dataCost = size * BigInt(Energy.LOG_DATA);
  if (BigInt(program.energyLeft) < dataCost) {
    // java-tron formats this exception's text with BigInteger.longValueExact: a data cost past a
    // long throws its ArithmeticException instead (result UNKNOWN, all energy spent)
    if (dataCost > INT64_MAX) throw longOverflow();
    throw outOfEnergy(
      `Not enough energy for '${OP_NAMES[program.currentOp]}' operation executing: opEnergy[${dataCost}], programEnergy[${program.energyLeft}]`,
    );
  }
  const topics = program.currentOp - 0xa0;
  const end = memEnd(program, program.peek(0), size);
  return Energy.LOG + Energy.LOG_TOPIC * topics + Energy.LOG_DATA * Number(size) + memEnergy(program, end);
}

export function createCost(program: Program): number {
  return Energy.CREATE + memEnergy(program, memEnd(program, program.peek(1), program.peek(2)));
}

export function create2Cost(program: Program): number {
  const size = program.peek(2);
  const end = memEnd(program, program.peek(1), size);
  const words = size === 0n ? 0 : Math.floor((Math.min(Number(size), 0x7fffffff) - 1) / 32) + 1;
  return Energy.CREATE + memEnergy(program, end) + words * Energy.SHA3_WORD;
}

/**
 * getCalculateCallCost: base + memory for max(in, out), the dynamic-energy penalty on that, then
 * the energy handed to the callee (requested, capped by what is left — 63/64 of it for version-1
 * contracts), which the action reads back from `adjustedCallEnergy`.
 */
export function calculateCallCost(program: Program, base: number, opOff: number): number {
  let cost = base;
  const inEnd = memEnd(program, program.peek(opOff - 1), program.peek(opOff));
  const outEnd = memEnd(program, program.peek(opOff + 1), program.peek(opOff + 2));
  cost += memEnergy(program, Math.max(inEnd, outEnd));
  if (program.tx.config.allowDynamicEnergy) {
    const factor = program.contextFactor;
    if (factor > DYNAMIC_ENERGY_FACTOR_DECIMAL) {
      let penalty = Math.floor((cost * factor) / DYNAMIC_ENERGY_FACTOR_DECIMAL) - cost;
      if (penalty < 0) penalty = 0;
      program.callPenaltyEnergy = penalty;
      cost += penalty;
    }
  }
  const left = program.energyLeft;
  if (cost > left) {
    throw outOfEnergy(
      `Not enough energy for '${OP_NAMES[program.currentOp]}' operation executing: opEnergy[${cost}], programEnergy[${left}]`,
    );
  }
  const adjusted = callEnergy(program, program.peek(0), left - cost);
  program.adjustedCallEnergy = adjusted;
  return cost + adjusted;
}

/** Program.getCallEnergy: the requested energy capped by what is available (63/64 for version 1). */
export function callEnergy(program: Program, requested: bigint, available: number): number {
  let cap = available;
  if (program.tx.config.allowTvmCompatibleEvm && program.invoke.contractVersion === 1) {
    cap = available - Math.floor(available / 64);
  }
  return requested > BigInt(cap) ? cap : Number(requested);
}

/** Program.getCreateEnergy: all that is left (63/64 of it for version 1). */
export function createEnergy(program: Program, available: number): number {
  if (program.tx.config.allowTvmCompatibleEvm && program.invoke.contractVersion === 1) {
    return available - Math.floor(available / 64);
  }
  return available;
}
