import { ChainProperties, type ProposalQueries, type ProposalRecord, Tables } from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/** Wallet.getPaginatedProposalList's page size cap (PROPOSAL_COUNT_LIMIT_MAX). */
const PROPOSAL_PAGE_LIMIT_MAX = 1000n;

/** Proposal reads on the unconfirmed head (java-tron serves them under /wallet only). */
export class ProposalQueryService implements ProposalQueries {
  constructor(private readonly chain: ChainService) {}

  async getProposalById(id: bigint): Promise<ProposalRecord | undefined> {
    return this.chain.headView.get(Tables.proposals, id);
  }

  async listProposals(): Promise<ProposalRecord[]> {
    const view = this.chain.headView;
    const latest = new ChainProperties(view).get("LATEST_PROPOSAL_NUM");
    const all: ProposalRecord[] = [];
    for (let id = 1n; id <= latest; id++) {
      const p = view.get(Tables.proposals, id);
      if (p) all.push(p);
    }
    // ProposalStore.getAllProposals: newest creation time first; proposals of the same block keep
    // their id order (the stable order Java's sort gives that comparator on id-ordered input).
    return all.sort((a, b) =>
      a.message.createTime === b.message.createTime
        ? 0
        : a.message.createTime > b.message.createTime
          ? -1
          : 1,
    );
  }

  async getPaginatedProposalList(offset: bigint, limit: bigint): Promise<ProposalRecord[] | undefined> {
    if (limit < 0n || offset < 0n) return undefined;
    const view = this.chain.headView;
    const latest = new ChainProperties(view).get("LATEST_PROPOSAL_NUM");
    if (latest <= offset) return undefined;
    const capped = limit > PROPOSAL_PAGE_LIMIT_MAX ? PROPOSAL_PAGE_LIMIT_MAX : limit;
    const end = offset + capped > latest ? latest : offset + capped;
    const page: ProposalRecord[] = [];
    for (let id = offset + 1n; id <= end; id++) {
      const p = view.get(Tables.proposals, id);
      if (p) page.push(p);
    }
    return page;
  }
}
