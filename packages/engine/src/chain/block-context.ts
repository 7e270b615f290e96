/** Block data a transaction sees while it runs (java-tron's ProgramInvoke block fields). */
export interface BlockContext {
  /** NUMBER. */
  readonly number: bigint;
  /** TIMESTAMP: the block header timestamp in seconds. */
  readonly timestamp: bigint;
  /** COINBASE: the witness address (21 bytes), or empty. */
  readonly coinbase: Uint8Array;
}
