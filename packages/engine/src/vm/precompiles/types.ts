import type { StateOverlay } from "../../state/state-overlay.js";
import type { VmException } from "../errors.js";
import type { Program } from "../program.js";

/** What a precompile sees: the calling frame, the caller java-tron passes it, and the call's deposit. */
export interface PrecompileContext {
  readonly program: Program;
  /** The frame's address, or under DELEGATECALL the frame's caller (21 bytes). */
  readonly caller: Uint8Array;
  readonly state: StateOverlay;
}

export interface PrecompileOutput {
  readonly success: boolean;
  readonly data: Uint8Array;
  /** Thrown by the caller after a failure (java-tron's result exception, e.g. a precompile timeout). */
  readonly exception?: VmException;
}

/** java-tron's PrecompiledContract: the energy for an input, and the execution. */
export interface Precompile {
  energy(data: Uint8Array, program: import("../program.js").Program): number;
  execute(data: Uint8Array, context: PrecompileContext): PrecompileOutput;
}
