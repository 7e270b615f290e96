import { type ErrorCode, TronodeError } from "../errors.js";
import { Transaction_Result_contractResult as ContractResult } from "../protocol/generated/protocol/core_pb.js";

/**
 * The exceptions java-tron's VM throws while running a program (Program.*Exception and the
 * RuntimeExceptions that escape opcodes). `kind` decides the `contractResult` code
 * (RuntimeImpl.setResultCode) and whether the failing frame keeps its unused energy
 * (only TransferException does).
 */
export type VmExceptionKind =
  | "OutOfEnergy"
  | "OutOfTime"
  | "OutOfMemory"
  | "IllegalOperation"
  | "BadJumpDestination"
  | "StackTooSmall"
  | "StackTooLarge"
  | "StaticCallModification"
  | "ReturnDataCopyIllegalBounds"
  | "PrecompiledContract"
  | "Transfer"
  | "InvalidCode"
  | "BytecodeExecution"
  | "Runtime";

const CODE: Record<VmExceptionKind, ErrorCode> = {
  OutOfEnergy: "VM_OUTOFENERGY",
  OutOfTime: "VM_OUTOFTIME",
  OutOfMemory: "VM_OUTOFMEMORY",
  IllegalOperation: "VM_ILLEGALOPERATION",
  BadJumpDestination: "VM_BADJUMPDESTINATION",
  StackTooSmall: "VM_STACKTOOSMALL",
  StackTooLarge: "VM_STACKTOOLARGE",
  StaticCallModification: "VM_STATICCALLMODIFICATION",
  ReturnDataCopyIllegalBounds: "VM_RETURNDATACOPYILLEGALBOUNDS",
  PrecompiledContract: "VM_PRECOMPILEDCONTRACT",
  Transfer: "VM_TRANSFER",
  InvalidCode: "VM_INVALIDCODE",
  BytecodeExecution: "VM_BYTECODEEXECUTION",
  Runtime: "VM_RUNTIME",
};

const JAVA_CLASS: Record<VmExceptionKind, string> = {
  OutOfEnergy: "org.tron.core.vm.program.Program$OutOfEnergyException",
  OutOfTime: "org.tron.core.vm.program.Program$OutOfTimeException",
  OutOfMemory: "org.tron.core.vm.program.Program$OutOfMemoryException",
  IllegalOperation: "org.tron.core.vm.program.Program$IllegalOperationException",
  BadJumpDestination: "org.tron.core.vm.program.Program$BadJumpDestinationException",
  StackTooSmall: "org.tron.core.vm.program.Program$StackTooSmallException",
  StackTooLarge: "org.tron.core.vm.program.Program$StackTooLargeException",
  StaticCallModification: "org.tron.core.vm.program.Program$StaticCallModificationException",
  ReturnDataCopyIllegalBounds: "org.tron.core.vm.program.Program$ReturnDataCopyIllegalBoundsException",
  PrecompiledContract: "org.tron.core.vm.program.Program$PrecompiledContractException",
  Transfer: "org.tron.core.vm.program.Program$TransferException",
  InvalidCode: "org.tron.core.vm.program.Program$InvalidCodeException",
  BytecodeExecution: "org.tron.core.vm.program.Program$BytecodeExecutionException",
  Runtime: "java.lang.RuntimeException",
};

const RESULT_CODE: Record<VmExceptionKind, ContractResult> = {
  OutOfEnergy: ContractResult.OUT_OF_ENERGY,
  OutOfTime: ContractResult.OUT_OF_TIME,
  OutOfMemory: ContractResult.OUT_OF_MEMORY,
  IllegalOperation: ContractResult.ILLEGAL_OPERATION,
  BadJumpDestination: ContractResult.BAD_JUMP_DESTINATION,
  StackTooSmall: ContractResult.STACK_TOO_SMALL,
  StackTooLarge: ContractResult.STACK_TOO_LARGE,
  StaticCallModification: ContractResult.UNKNOWN,
  ReturnDataCopyIllegalBounds: ContractResult.UNKNOWN,
  PrecompiledContract: ContractResult.PRECOMPILED_CONTRACT,
  Transfer: ContractResult.TRANSFER_FAILED,
  InvalidCode: ContractResult.INVALID_CODE,
  BytecodeExecution: ContractResult.UNKNOWN,
  Runtime: ContractResult.UNKNOWN,
};

export class VmException extends TronodeError {
  readonly kind: VmExceptionKind;

  constructor(kind: VmExceptionKind, message: string, javaClass?: string) {
    super(CODE[kind], message, { javaClass: javaClass ?? JAVA_CLASS[kind] });
    this.kind = kind;
  }

  /** java-tron's `contractResult` for a transaction that ended with this exception. */
  get contractResult(): ContractResult {
    return RESULT_CODE[this.kind];
  }
}

export function outOfEnergy(message: string): VmException {
  return new VmException("OutOfEnergy", message);
}

export function notEnoughSpendEnergy(
  hint: string,
  need: number | bigint,
  left: number | bigint,
): VmException {
  return outOfEnergy(`Not enough energy for '${hint}' executing: needEnergy[${need}], leftEnergy[${left}];`);
}

export function notEnoughTime(op: string): VmException {
  return new VmException("OutOfTime", `CPU timeout for '${op}' operation executing`);
}

export function memoryOverflow(opName: string): VmException {
  return new VmException("OutOfMemory", `Out of Memory when '${opName}' operation executing`);
}

export function invalidOpCode(op: number): VmException {
  return new VmException(
    "IllegalOperation",
    `Invalid operation code: opCode[${op.toString(16).padStart(2, "0")}];`,
  );
}

export function badJumpDestination(pc: number): VmException {
  return new VmException("BadJumpDestination", `Operation with pc isn't 'JUMPDEST': PC[${pc}];`);
}

export function tooSmallStack(expected: number, actual: number): VmException {
  return new VmException("StackTooSmall", `Expected stack size ${expected} but actual ${actual};`);
}

export function tooLargeStack(): VmException {
  return new VmException("StackTooLarge", "Expected: overflow 1024 elements stack limit");
}

export function staticCallModification(): VmException {
  return new VmException(
    "StaticCallModification",
    "Attempt to call a state modifying opcode inside STATICCALL",
  );
}

export function transferException(message: string): VmException {
  return new VmException("Transfer", message);
}

export function bytecodeExecution(message: string): VmException {
  return new VmException("BytecodeExecution", message);
}

export function invalidCode(): VmException {
  return new VmException("InvalidCode", "invalid code: must not begin with 0xef");
}

/** A plain Java RuntimeException (or subclass) escaping an opcode: result UNKNOWN, all energy spent. */
export function runtimeException(message: string, javaClass = "java.lang.RuntimeException"): VmException {
  return new VmException("Runtime", message, javaClass);
}

/** Java's BigInteger.longValueExact failure. */
export function longOverflow(): VmException {
  return runtimeException("BigInteger out of long range", "java.lang.ArithmeticException");
}

/**
 * Errors that refuse the whole transaction (or constant call) instead of becoming a VM exception:
 * the node cannot compute java-tron's verdict (a shielded spend proof without TRON's spend
 * verifying key). They pass through every frame unchanged.
 */
export function isVmRefusal(e: unknown): e is TronodeError {
  return (
    e instanceof TronodeError && !(e instanceof VmException) && e.code === "SHIELDED_SPEND_VK_UNAVAILABLE"
  );
}

export { ContractResult };
