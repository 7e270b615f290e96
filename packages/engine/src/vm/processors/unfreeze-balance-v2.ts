/**
 * UnfreezeBalanceV2Processor (UNFREEZEBALANCEV2, 0xdb). Differs from the UnfreezeBalanceV2
 * actuator: the unfreezing-count limit is checked first; its texts ("no frozenBalance(ENERGY)",
 * "(TRON_POWER)", "Unknown ResourceCode, …", "… is invalid"); rewards are settled the TVM's way
 * (ALLOW_TVM_VOTE, Vi for every cycle) and votes adjusted only under ALLOW_TVM_VOTE; the total
 * weight is never clamped at 0.
 */

import {
  FROZEN_PERIOD_MS,
  initOldTronPowerIfNeeded,
  UNFREEZE_MAX_TIMES,
  unfreezingV2Count,
  withFrozenV2Added,
  withUnfrozenV2Added,
} from "../../accounts/account-resources.js";
import { validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { withdrawExpiredUnfreezes } from "../../resources/stake-rules.js";
import { CoreTables } from "../../state/core-tables.js";
import { withdrawRewardForVm } from "../../witnesses/rewards.js";
import { adjustVotesAfterUnfreezeV2 } from "../../witnesses/votes.js";
import { requireVmOwner, stakeWeightOf, unknownResourceV2 } from "./freeze-balance-v2.js";
import { addTotalWeightInVm, type VmProcessor } from "./processor.js";

export interface UnfreezeBalanceV2Param {
  readonly owner: Uint8Array;
  readonly unfreezeBalance: bigint;
  readonly resource: ResourceCode;
}

const RESOURCE_NAME: Record<number, string> = {
  [ResourceCode.BANDWIDTH]: "BANDWIDTH",
  [ResourceCode.ENERGY]: "ENERGY",
  [ResourceCode.TRON_POWER]: "TRON_POWER",
};

/** Returns the expired unfreezes paid out on the way (an extra internal transaction when > 0). */
export const unfreezeBalanceV2Processor: VmProcessor<UnfreezeBalanceV2Param, bigint> = {
  validate({ state, props }, p) {
    const owner = requireVmOwner(state, p.owner, "] does not exist");
    if (UNFREEZE_MAX_TIMES <= unfreezingV2Count(owner, props.headTimestamp))
      throw validateError("Invalid unfreeze operation, unfreezing times is over limit");
    const newModel = props.isOn("ALLOW_NEW_RESOURCE_MODEL");
    if (
      p.resource !== ResourceCode.BANDWIDTH &&
      p.resource !== ResourceCode.ENERGY &&
      !(p.resource === ResourceCode.TRON_POWER && newModel)
    ) {
      throw validateError(unknownResourceV2(props));
    }
    if (!owner.frozenV2.some((f) => f.type === p.resource && f.amount > 0n))
      throw validateError(`no frozenBalance(${RESOURCE_NAME[p.resource]})`);
    // the first entry of the type decides, as checkUnfreezeBalance reads it
    const frozen = owner.frozenV2.find((f) => f.type === p.resource)?.amount ?? 0n;
    if (p.unfreezeBalance <= 0n || p.unfreezeBalance > frozen)
      throw validateError(`Invalid unfreeze_balance, [${p.unfreezeBalance}] is invalid`);
  },

  execute({ state, props, config }, p) {
    const now = props.headTimestamp;
    const newModel = props.isOn("ALLOW_NEW_RESOURCE_MODEL");
    if (config.allowTvmVote) withdrawRewardForVm(state, props, p.owner);
    const withdrawn = withdrawExpiredUnfreezes(state.get(CoreTables.accounts, p.owner)!, now);
    let account = initOldTronPowerIfNeeded(withdrawn.account, newModel);
    const expireTime = now + props.get("UNFREEZE_DELAY_DAYS") * FROZEN_PERIOD_MS;
    account = withUnfrozenV2Added(account, p.resource, p.unfreezeBalance, expireTime);
    const before = stakeWeightOf(account, p.resource);
    account = withFrozenV2Added(account, p.resource, -p.unfreezeBalance);
    addTotalWeightInVm(props, p.resource, stakeWeightOf(account, p.resource) - before);
    if (config.allowTvmVote) account = adjustVotesAfterUnfreezeV2(state, props, account, p.resource);
    if (newModel && account.oldTronPower !== -1n) account = withAccountFields(account, { oldTronPower: -1n });
    state.put(CoreTables.accounts, p.owner, account);
    return withdrawn.amount;
  },
};
