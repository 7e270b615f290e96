/**
 * Node settings that change how transactions execute without being chain state (java-tron's
 * CommonParameter values, read from the node's config). Passed into the engine explicitly, since
 * the engine reads no configuration of its own.
 */
export interface ChainSettings {
  /**
   * java-tron's `block.proposalExpireTime` (ms): how long a proposal stays open before the
   * maintenance that decides it (3 days by default).
   */
  readonly proposalExpireTime: bigint;
  /**
   * A forked chain's schedule (tronode's --fork): the local witnesses produce every slot whatever
   * the votes say, so the upstream witnesses keep their votes and standing but no slots. Absent on
   * any other chain, where the maintenance ranks the active witnesses by votes as java-tron does.
   */
  readonly localSchedule?: readonly Uint8Array[];
}

/** java-tron's CommonParameter defaults. */
export const DEFAULT_CHAIN_SETTINGS: ChainSettings = {
  proposalExpireTime: 259_200_000n,
};
