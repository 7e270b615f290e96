/**
 * UnfreezeBalanceProcessor (UNFREEZE, 0xd6). Differs from the UnfreezeBalance actuator: any
 * receiver other than the contract is a delegation (ALLOW_DELEGATE_RESOURCE not consulted) with no
 * check of the receiver's acquired amount; a delegation record is zeroed, not deleted, and the
 * index is not touched; the receiver's acquired amount stops at 0; no TRON_POWER; the total weight
 * drops by amount / 1e6 without clamping; rewards are settled and votes cleared only when the
 * remaining tron power no longer covers them (ALLOW_TVM_VOTE), never otherwise.
 */

import {
  accountResourceOf,
  acquiredV1,
  frozenV1Energy,
  TRX_PRECISION,
  tronPower,
  tronPowerUsage,
  withAccountResource,
  withAcquiredV1,
  withDelegatedV1Added,
} from "../../accounts/account-resources.js";
import { validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { delegatedResourceKeyV1 } from "../../resources/delegation.js";
import { ResourceTables } from "../../resources/tables.js";
import { CoreTables } from "../../state/core-tables.js";
import { withdrawRewardForVm } from "../../witnesses/rewards.js";
import { clearVotes } from "../../witnesses/votes.js";
import { UNKNOWN_RESOURCE_V1 } from "./freeze-balance.js";
import { addTotalWeightInVm, type VmProcessor } from "./processor.js";

export interface UnfreezeBalanceParam {
  readonly owner: Uint8Array;
  readonly receiver: Uint8Array;
  readonly resource: ResourceCode;
}

/** Returns the amount returned to the balance. */
export const unfreezeBalanceProcessor: VmProcessor<UnfreezeBalanceParam, bigint> = {
  validate({ state, props }, p) {
    const owner = state.get(CoreTables.accounts, p.owner)!;
    const now = props.headTimestamp;
    if (!bytesEqual(p.owner, p.receiver)) {
      const record = state.get(
        ResourceTables.delegatedResources,
        delegatedResourceKeyV1(p.owner, p.receiver),
      );
      if (!record) throw validateError("delegated Resource does not exist");
      switch (p.resource) {
        case ResourceCode.BANDWIDTH:
          if (record.frozenBalanceForBandwidth <= 0n)
            throw validateError("no delegatedFrozenBalance(BANDWIDTH)");
          if (record.expireTimeForBandwidth > now)
            throw validateError("It's not time to unfreeze(BANDWIDTH).");
          return;
        case ResourceCode.ENERGY:
          if (record.frozenBalanceForEnergy <= 0n) throw validateError("no delegateFrozenBalance(Energy)");
          if (record.expireTimeForEnergy > now) throw validateError("It's not time to unfreeze(Energy).");
          return;
        default:
          throw validateError(UNKNOWN_RESOURCE_V1);
      }
    }
    switch (p.resource) {
      case ResourceCode.BANDWIDTH:
        if (owner.frozen.length <= 0) throw validateError("no frozenBalance(BANDWIDTH)");
        if (!owner.frozen.some((f) => f.expireTime <= now))
          throw validateError("It's not time to unfreeze(BANDWIDTH).");
        return;
      case ResourceCode.ENERGY: {
        const frozen = accountResourceOf(owner).frozenBalanceForEnergy;
        if ((frozen?.frozenBalance ?? 0n) <= 0n) throw validateError("no frozenBalance(Energy)");
        if ((frozen?.expireTime ?? 0n) > now) throw validateError("It's not time to unfreeze(Energy).");
        return;
      }
      default:
        throw validateError(UNKNOWN_RESOURCE_V1);
    }
  },

  execute({ state, props, config }, p) {
    const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
    let account = state.get(CoreTables.accounts, p.owner)!;
    let amount = 0n;
    if (!bytesEqual(p.owner, p.receiver)) {
      const key = delegatedResourceKeyV1(p.owner, p.receiver);
      const record = { ...state.get(ResourceTables.delegatedResources, key)! };
      if (type === ResourceCode.BANDWIDTH) {
        amount = record.frozenBalanceForBandwidth;
        record.frozenBalanceForBandwidth = 0n;
        record.expireTimeForBandwidth = 0n;
      } else {
        amount = record.frozenBalanceForEnergy;
        record.frozenBalanceForEnergy = 0n;
        record.expireTimeForEnergy = 0n;
      }
      account = withDelegatedV1Added(account, type, -amount);
      state.put(ResourceTables.delegatedResources, key, record);
      const receiver = state.get(CoreTables.accounts, p.receiver);
      if (receiver) {
        const acquired = acquiredV1(receiver, type) - amount;
        state.put(
          CoreTables.accounts,
          p.receiver,
          withAcquiredV1(receiver, type, acquired > 0n ? acquired : 0n),
        );
      }
    } else if (type === ResourceCode.BANDWIDTH) {
      const now = props.headTimestamp;
      const remaining = account.frozen.filter((f) => {
        if (f.expireTime > now) return true;
        amount += f.frozenBalance;
        return false;
      });
      account = withAccountFields(account, { frozen: remaining });
    } else {
      amount = frozenV1Energy(account);
      account = withAccountResource(account, { frozenBalanceForEnergy: undefined });
    }
    account = withAccountFields(account, { balance: account.balance + amount });
    addTotalWeightInVm(props, type, -(amount / TRX_PRECISION));
    state.put(CoreTables.accounts, p.owner, account);

    if (config.allowTvmVote && account.votes.length > 0) {
      if (tronPower(account) < tronPowerUsage(account) * TRX_PRECISION) {
        withdrawRewardForVm(state, props, p.owner);
        state.put(CoreTables.accounts, p.owner, clearVotes(state, state.get(CoreTables.accounts, p.owner)!));
      }
    }
    return amount;
  },
};
