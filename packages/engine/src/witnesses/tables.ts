import { VotesSchema } from "../protocol/generated/protocol/core_pb.js";
import { bytesKey, defineTable, messageValue } from "../state/table.js";

/** The witness domain's tables. */
export const WitnessTables = {
  /**
   * java-tron's VotesStore: per voter, the votes counted at the last maintenance (`old_votes`) and
   * the votes to count at the next one (`new_votes`). A row exists only between a vote change and
   * the maintenance that counts it.
   */
  votes: defineTable("votes", bytesKey, messageValue(VotesSchema)),
} as const;
