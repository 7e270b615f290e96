import {
  brokerageOf,
  ChainProperties,
  currentCycle,
  queryReward,
  type WitnessQueries,
} from "@tronode/engine";
import type { ChainService } from "../chain/chain-service.js";

/** getBrokerage / getReward on the unconfirmed head, as java-tron's servlets read them. */
export class WitnessQueryService implements WitnessQueries {
  constructor(private readonly chain: ChainService) {}

  async getBrokerage(address: Uint8Array): Promise<bigint> {
    const view = this.chain.headView;
    return brokerageOf(view, currentCycle(new ChainProperties(view)), address);
  }

  async getReward(address: Uint8Array): Promise<bigint> {
    const view = this.chain.headView;
    return queryReward(view, new ChainProperties(view), address);
  }
}
