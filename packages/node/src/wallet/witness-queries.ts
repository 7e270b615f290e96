import {
  brokerageOf,
  ChainProperties,
  currentCycle,
  queryReward,
  type ReadScope,
  type StateView,
  type Witness,
  type WitnessQueries,
  witnessesWithLiveVotes,
} from "@tronode/engine";
import type { ChainService } from "../chain/chain-service.js";

/** getBrokerage / getReward: on the unconfirmed head under /wallet, on the solidified state under /walletsolidity. */
export class WitnessQueryService implements WitnessQueries {
  constructor(private readonly chain: ChainService) {}

  #view(scope: ReadScope): StateView {
    return scope === "head" ? this.chain.headView : this.chain.committedView;
  }

  async getBrokerage(address: Uint8Array, scope: ReadScope): Promise<bigint> {
    const view = this.#view(scope);
    return brokerageOf(view, currentCycle(new ChainProperties(view)), address);
  }

  async getPaginatedNowWitnessList(
    offset: bigint,
    limit: bigint,
    scope: ReadScope,
  ): Promise<Witness[] | undefined> {
    if (offset < 0n || limit < 0n) return undefined;
    const view = this.#view(scope);
    return witnessesWithLiveVotes(view, new ChainProperties(view)).slice(
      Number(offset),
      Number(offset + limit),
    );
  }

  async getReward(address: Uint8Array, scope: ReadScope): Promise<bigint> {
    const view = this.#view(scope);
    return queryReward(view, new ChainProperties(view), address);
  }
}
