import {
  brokerageOf,
  ChainProperties,
  currentCycle,
  JavaExceptions,
  queryReward,
  type ReadScope,
  type StateView,
  TronodeError,
  type Witness,
  type WitnessQueries,
  witnessesWithLiveVotes,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/** Wallet.getPaginatedNowWitnessList's page size cap. */
const WITNESS_PAGE_LIMIT_MAX = 1000n;

/** getBrokerage / getReward: on the unconfirmed head under /wallet, on the solidified state under /walletsolidity. */
export class WitnessQueryService implements WitnessQueries {
  constructor(private readonly chain: ChainService) {}

  #view(scope: ReadScope): StateView {
    return this.chain.viewOf(scope);
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
    if (offset < 0n || limit <= 0n) return undefined;
    const view = this.#view(scope);
    const props = new ChainProperties(view);
    // java-tron 4.8.1 refuses on the head while the head block is a maintenance block (its vote
    // records were just cleared); the solidified view still answers.
    if (scope === "head" && props.get("STATE_FLAG") === 1n) {
      throw new TronodeError(
        "MAINTENANCE_UNAVAILABLE",
        "Service temporarily unavailable during maintenance period. Please try again later.",
        { javaClass: JavaExceptions.maintenanceUnavailable },
      );
    }
    const capped = limit > WITNESS_PAGE_LIMIT_MAX ? WITNESS_PAGE_LIMIT_MAX : limit;
    return witnessesWithLiveVotes(view, props).slice(Number(offset), Number(offset + capped));
  }

  async getReward(address: Uint8Array, scope: ReadScope): Promise<bigint> {
    const view = this.#view(scope);
    return queryReward(view, new ChainProperties(view), address);
  }
}
