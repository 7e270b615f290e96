import {
  FROZEN_PERIOD_MS,
  frozenV2,
  frozenV2WithDelegated,
  initOldTronPowerIfNeeded,
  UNFREEZE_MAX_TIMES,
  unfreezingV2Count,
  withFrozenV2Added,
  withUnfrozenV2Added,
} from "../../accounts/account-resources.js";
import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { UnfreezeBalanceV2ContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { withdrawReward } from "../../witnesses/rewards.js";
import { adjustVotesAfterUnfreezeV2 } from "../../witnesses/votes.js";
import { supportsUnfreezeDelay } from "../resource-window.js";
import { withdrawExpiredUnfreezes } from "../stake-rules.js";
import { moveTotalWeight } from "../total-weights.js";
import { DOES_NOT_EXIST, requireOwner, unfreezeResourceError } from "./staking-checks.js";

/** The amount of the account's own (not delegated-out) `frozenV2` entry of that type, first entry wins. */
function ownFrozenOfType(account: Account, type: ResourceCode): bigint {
  return account.frozenV2.find((f) => f.type === type)?.amount ?? 0n;
}

/**
 * UnfreezeBalanceV2Contract (type 55): starts unfreezing part of a Stake 2.0 stake; the TRX comes
 * back after UNFREEZE_DELAY_DAYS (WithdrawExpireUnfreeze, or automatically with the next unfreeze).
 * Settles voter rewards first, pays out expired unfreezes (`withdraw_expire_amount`), and shrinks
 * or clears the votes the stake no longer covers.
 */
export const unfreezeBalanceV2Actuator: Actuator<typeof UnfreezeBalanceV2ContractSchema> = {
  type: ContractType.UnfreezeBalanceV2Contract,
  schema: UnfreezeBalanceV2ContractSchema,
  // java-tron names the v1 contract in this actuator's type message.
  typeErrorMessage: typeErrorB("UnfreezeBalanceContract"),

  validate({ state, props }, p) {
    if (!supportsUnfreezeDelay(props)) {
      throw validateError("Not support UnfreezeV2 transaction, need to be opened by the committee");
    }
    const owner = requireOwner(state, p.ownerAddress, DOES_NOT_EXIST);
    const hasStake = (type: ResourceCode) => owner.frozenV2.some((f) => f.type === type && f.amount > 0n);
    switch (p.resource) {
      case ResourceCode.BANDWIDTH:
        if (!hasStake(ResourceCode.BANDWIDTH)) throw validateError("no frozenBalance(BANDWIDTH)");
        break;
      case ResourceCode.ENERGY:
        if (!hasStake(ResourceCode.ENERGY)) throw validateError("no frozenBalance(Energy)");
        break;
      case ResourceCode.TRON_POWER:
        if (!props.isOn("ALLOW_NEW_RESOURCE_MODEL")) throw validateError(unfreezeResourceError(props));
        if (!hasStake(ResourceCode.TRON_POWER)) throw validateError("no frozenBalance(TronPower)");
        break;
      default:
        throw validateError(unfreezeResourceError(props));
    }
    // Only the account's own stake can be unfrozen: what it delegated out must be undelegated first.
    if (p.unfreezeBalance <= 0n || p.unfreezeBalance > ownFrozenOfType(owner, p.resource)) {
      throw validateError(`Invalid unfreeze_balance, [${p.unfreezeBalance}] is error`);
    }
    if (unfreezingV2Count(owner, props.headTimestamp) >= UNFREEZE_MAX_TIMES) {
      throw validateError("Invalid unfreeze operation, unfreezing times is over limit");
    }
  },

  execute({ state, props }, p) {
    const now = props.headTimestamp;
    const newModel = props.isOn("ALLOW_NEW_RESOURCE_MODEL");
    withdrawReward(state, props, p.ownerAddress);
    const withdrawn = withdrawExpiredUnfreezes(state.get(CoreTables.accounts, p.ownerAddress)!, now);
    let account = initOldTronPowerIfNeeded(withdrawn.account, newModel);
    const expireTime = now + props.get("UNFREEZE_DELAY_DAYS") * FROZEN_PERIOD_MS;
    account = withUnfrozenV2Added(account, p.resource, p.unfreezeBalance, expireTime);
    const stake = (a: Account) =>
      p.resource === ResourceCode.TRON_POWER ? frozenV2(a, p.resource) : frozenV2WithDelegated(a, p.resource);
    const before = stake(account);
    account = withFrozenV2Added(account, p.resource, -p.unfreezeBalance);
    moveTotalWeight(props, p.resource, before, stake(account));
    account = adjustVotesAfterUnfreezeV2(state, props, account, p.resource);
    if (newModel && account.oldTronPower !== -1n) account = withAccountFields(account, { oldTronPower: -1n });
    state.put(CoreTables.accounts, p.ownerAddress, account);
    return { fee: 0n, receipt: { withdrawExpireAmount: withdrawn.amount } };
  },
};
