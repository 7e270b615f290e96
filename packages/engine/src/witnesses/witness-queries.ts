/** The witness domain's wallet reads (java-tron's GetBrokerageServlet / GetRewardServlet). */
export interface WitnessQueries {
  /** The witness's brokerage (%) in the current cycle (20 by default). */
  getBrokerage(address: Uint8Array, scope: "head" | "solid"): Promise<bigint>;
  /** MortgageService.queryReward: voter rewards not yet settled plus the allowance (0 without ALLOW_CHANGE_DELEGATION). */
  getReward(address: Uint8Array, scope: "head" | "solid"): Promise<bigint>;
}
