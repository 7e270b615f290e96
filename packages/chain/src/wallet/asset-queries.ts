import {
  type AssetIssueContract,
  type AssetQueries,
  allTokens,
  ChainProperties,
  paginatedTokens,
  type ReadScope,
  type StateView,
  Tables,
  tokenAsReported,
  tokenById,
  tokenByName,
  tokensIssuedBy,
  tokensNamed,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/** TRC-10 reads: on the unconfirmed head under /wallet, on the solidified state under /walletsolidity. */
export class AssetQueryService implements AssetQueries {
  constructor(private readonly chain: ChainService) {}

  #read<T>(scope: ReadScope, read: (view: StateView, props: ChainProperties) => T): T {
    const view = this.chain.viewOf(scope);
    return read(view, new ChainProperties(view));
  }

  #reported(scope: ReadScope, read: (view: StateView, props: ChainProperties) => AssetIssueContract[]) {
    return this.#read(scope, (view, props) => read(view, props).map((t) => tokenAsReported(props, t)));
  }

  async getAssetIssueByAccount(address: Uint8Array, scope: ReadScope): Promise<AssetIssueContract[]> {
    return this.#reported(scope, (view, props) => {
      const account = view.get(Tables.accounts, address);
      return account ? tokensIssuedBy(view, props, account) : [];
    });
  }

  async getAssetIssueByName(name: Uint8Array, scope: ReadScope): Promise<AssetIssueContract | undefined> {
    return this.#read(scope, (view, props) => {
      const token = tokenByName(view, props, name);
      return token && tokenAsReported(props, token);
    });
  }

  async getAssetIssueListByName(name: Uint8Array, scope: ReadScope): Promise<AssetIssueContract[]> {
    return this.#reported(scope, (view, props) => tokensNamed(view, props, name));
  }

  async getAssetIssueById(id: string, scope: ReadScope): Promise<AssetIssueContract | undefined> {
    return this.#read(scope, (view, props) => {
      const token = tokenById(view, id);
      return token && tokenAsReported(props, token);
    });
  }

  async getAssetIssueList(scope: ReadScope): Promise<AssetIssueContract[]> {
    return this.#reported(scope, allTokens);
  }

  async getPaginatedAssetIssueList(
    offset: bigint,
    limit: bigint,
    scope: ReadScope,
  ): Promise<AssetIssueContract[] | undefined> {
    return this.#read(scope, (view, props) =>
      paginatedTokens(view, props, offset, limit)?.map((t) => tokenAsReported(props, t)),
    );
  }
}
