import {
  allExchanges,
  ChainProperties,
  type Exchange,
  type ExchangeQueries,
  findExchange,
  paginatedExchanges,
  type ReadScope,
  type StateView,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/** Exchange reads: on the unconfirmed head under /wallet, on the solidified state under /walletsolidity. */
export class ExchangeQueryService implements ExchangeQueries {
  constructor(private readonly chain: ChainService) {}

  #read<T>(scope: ReadScope, read: (view: StateView, props: ChainProperties) => T): T {
    const view = this.chain.viewOf(scope);
    return read(view, new ChainProperties(view));
  }

  async getExchangeById(id: bigint, scope: ReadScope): Promise<Exchange | undefined> {
    return this.#read(scope, (view, props) => findExchange(view, props, id));
  }

  async listExchanges(scope: ReadScope): Promise<Exchange[]> {
    return this.#read(scope, allExchanges);
  }

  async getPaginatedExchangeList(
    offset: bigint,
    limit: bigint,
    scope: ReadScope,
  ): Promise<Exchange[] | undefined> {
    return this.#read(scope, (view, props) => paginatedExchanges(view, props, offset, limit));
  }
}
