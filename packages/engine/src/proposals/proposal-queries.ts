import type { ProposalRecord } from "./tables.js";

/** The proposal domain's wallet reads (java-tron's Wallet.getProposalById / getProposalList / getPaginatedProposalList). */
export interface ProposalQueries {
  /** The proposal with this id, or undefined. */
  getProposalById(id: bigint): Promise<ProposalRecord | undefined>;
  /** Every proposal, newest creation first (ProposalStore.getAllProposals). */
  listProposals(): Promise<ProposalRecord[]>;
  /**
   * Proposals with ids in (offset, offset + limit] (limit capped at 1 000); undefined for a
   * negative offset or limit, or an offset at or beyond the latest id.
   */
  getPaginatedProposalList(offset: bigint, limit: bigint): Promise<ProposalRecord[] | undefined>;
}
