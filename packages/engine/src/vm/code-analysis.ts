import { wordFromBytes } from "./word.js";

/**
 * What the interpreter precomputes per code (java-tron's ProgramPrecompile plus decoded PUSH
 * immediates): the valid JUMPDEST positions, and each PUSH's value so the hot loop never decodes
 * bytes. Cached per code array (state hands out the same array for the same stored code).
 */
export interface CodeAnalysis {
  readonly jumpdests: Uint8Array;
  /** PUSHn at pc → its zero-padded immediate (java-tron pads a truncated PUSH with zero bytes). */
  readonly pushValues: bigint[];
}

const cache = new WeakMap<Uint8Array, CodeAnalysis>();

export function analyzeCode(code: Uint8Array): CodeAnalysis {
  const cached = cache.get(code);
  if (cached) return cached;
  const jumpdests = new Uint8Array(code.length);
  // filled (not holey), so the interpreter's reads stay on the fast path
  const pushValues: bigint[] = new Array<bigint>(code.length).fill(0n);
  for (let i = 0; i < code.length; i++) {
    const op = code[i]!;
    if (op === 0x5b) {
      jumpdests[i] = 1;
    } else if (op >= 0x60 && op <= 0x7f) {
      const n = op - 0x5f;
      if (i + n < code.length) {
        pushValues[i] = wordFromBytes(code, i + 1, i + 1 + n);
      } else {
        const padded = new Uint8Array(n);
        padded.set(code.subarray(i + 1));
        pushValues[i] = wordFromBytes(padded);
      }
      i += n;
    }
  }
  const analysis = { jumpdests, pushValues };
  cache.set(code, analysis);
  return analysis;
}
