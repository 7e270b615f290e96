/**
 * Differences from java-tron that tronode keeps on purpose, each with its reason. The oracle's
 * tests fail on any difference not listed here; the README's oracle table shows this list.
 */
import type { Difference } from "./compare.js";
import type { StepResult } from "./session.js";

export interface DeliberateDifference {
  readonly operation: string;
  /** The JSON path of the differing value (a RegExp over `$.a.b[0]`). */
  readonly path: RegExp;
  readonly reason: string;
}

export const DELIBERATE: readonly DeliberateDifference[] = [];

export function isDeliberate(result: StepResult, difference: Difference): boolean {
  return DELIBERATE.some((d) => d.operation === result.operation && d.path.test(difference.path));
}
