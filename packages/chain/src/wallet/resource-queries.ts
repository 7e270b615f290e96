import {
  type AccountNetFigures,
  type AccountResourceFigures,
  accountNetReport,
  accountResourceReport,
  availableUnfreezeCount,
  ChainProperties,
  canDelegatedMaxSize,
  canWithdrawUnfreezeAmount,
  type DelegatedResource,
  type DelegatedResourceAccountIndex,
  delegatedResourcesV1,
  delegatedResourcesV2,
  delegationIndexV1,
  delegationIndexV2,
  type ReadScope,
  type ResourceQueries,
  type StateView,
  Tables,
} from "@tronode/engine/internal";
import type { ChainService } from "../chain/chain-service.js";

/** The resource domain's wallet reads (java-tron's Wallet staking queries) over a running chain. */
export class ResourceQueryService implements ResourceQueries {
  constructor(private readonly chain: ChainService) {}

  #view(scope: ReadScope): StateView {
    return this.chain.viewOf(scope);
  }

  #account(address: Uint8Array, scope: ReadScope) {
    return this.#view(scope).get(Tables.accounts, address);
  }

  async getAccountNet(address: Uint8Array): Promise<AccountNetFigures | undefined> {
    const account = this.#account(address, "head");
    const view = this.#view("head");
    return account ? accountNetReport(new ChainProperties(view), account, view) : undefined;
  }

  async getAccountResource(address: Uint8Array): Promise<AccountResourceFigures | undefined> {
    const account = this.#account(address, "head");
    const view = this.#view("head");
    return account ? accountResourceReport(new ChainProperties(view), account, view) : undefined;
  }

  async getDelegatedResource(
    from: Uint8Array,
    to: Uint8Array,
    scope: ReadScope,
  ): Promise<DelegatedResource[]> {
    return delegatedResourcesV1(this.#view(scope), from, to);
  }

  async getDelegatedResourceV2(
    from: Uint8Array,
    to: Uint8Array,
    scope: ReadScope,
  ): Promise<DelegatedResource[]> {
    return delegatedResourcesV2(this.#view(scope), from, to);
  }

  async getDelegatedResourceAccountIndex(
    address: Uint8Array,
    scope: ReadScope,
  ): Promise<DelegatedResourceAccountIndex> {
    return delegationIndexV1(this.#view(scope), address);
  }

  async getDelegatedResourceAccountIndexV2(
    address: Uint8Array,
    scope: ReadScope,
  ): Promise<DelegatedResourceAccountIndex> {
    return delegationIndexV2(this.#view(scope), address);
  }

  async getCanDelegatedMaxSize(owner: Uint8Array, type: number, scope: ReadScope): Promise<bigint> {
    const account = this.#account(owner, scope);
    return account ? canDelegatedMaxSize(new ChainProperties(this.#view(scope)), account, type) : 0n;
  }

  async getAvailableUnfreezeCount(owner: Uint8Array, scope: ReadScope): Promise<bigint | undefined> {
    const account = this.#account(owner, scope);
    return account ? availableUnfreezeCount(new ChainProperties(this.#view(scope)), account) : undefined;
  }

  async getCanWithdrawUnfreezeAmount(
    owner: Uint8Array,
    timestamp: bigint,
    scope: ReadScope,
  ): Promise<bigint | undefined> {
    const account = this.#account(owner, scope);
    return account
      ? canWithdrawUnfreezeAmount(new ChainProperties(this.#view(scope)), account, timestamp)
      : undefined;
  }
}
