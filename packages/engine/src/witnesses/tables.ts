import { AccountSchema, VotesSchema } from "../protocol/generated/protocol/core_pb.js";
import { bytesKey, bytesValue, defineTable, int64Value, messageValue, stringKey } from "../state/table.js";

/** The witness domain's tables. */
export const WitnessTables = {
  /**
   * java-tron's VotesStore: per voter, the votes counted at the last maintenance (`old_votes`) and
   * the votes to count at the next one (`new_votes`). A row exists only between a vote change and
   * the maintenance that counts it.
   */
  votes: defineTable("votes", bytesKey, messageValue(VotesSchema)),
  /**
   * java-tron's DelegationStore numbers under its own keys: `<cycle>-<hex>-reward` (the voters'
   * pool of a witness in a cycle), `<cycle>-<hex>-vote` (its votes that cycle), `<cycle>-<hex>-brokerage`
   * (cycle −1 = the pending value), `begin-<hex>` / `end-<hex>` (a voter's settled cycles).
   */
  delegation: defineTable("delegation", stringKey, int64Value),
  /** `<cycle>-<hex>-account-vote` → the voter's account (its votes) as snapshotted for that cycle. */
  delegationAccountVotes: defineTable("delegation-account-votes", stringKey, messageValue(AccountSchema)),
  /** `<cycle>-<hex>-vi` → the witness's accumulated reward per vote (×1e18, Java BigInteger bytes). */
  delegationVi: defineTable("delegation-vi", stringKey, bytesValue),
} as const;
