import type { Witness } from "../protocol/generated/protocol/core_pb.js";

/** The witness domain's wallet reads (java-tron's GetBrokerageServlet, GetRewardServlet, getpaginatednowwitnesslist). */
export interface WitnessQueries {
  /** The witness's brokerage (%) in the current cycle (20 by default). */
  getBrokerage(address: Uint8Array, scope: "head" | "solid"): Promise<bigint>;
  /** MortgageService.queryReward: voter rewards not yet settled plus the allowance (0 without ALLOW_CHANGE_DELEGATION). */
  getReward(address: Uint8Array, scope: "head" | "solid"): Promise<bigint>;
  /**
   * java-tron 4.8.1's getpaginatednowwitnesslist: every witness with its live vote count (the votes
   * changed since the last maintenance already applied), ranked as maintenance would rank them,
   * `limit` of them (at most 1 000) from `offset`; undefined for a negative offset or a limit ≤ 0;
   * refused on the head while the head block is a maintenance block.
   */
  getPaginatedNowWitnessList(
    offset: bigint,
    limit: bigint,
    scope: "head" | "solid",
  ): Promise<Witness[] | undefined>;
}
