/**
 * FreezeBalanceProcessor (FREEZE, 0xd5). Differs from the FreezeBalance actuator: no owner or
 * duration checks and no TRON_POWER; the balance is checked before the frozen count; any receiver
 * other than the contract is a delegation (ALLOW_DELEGATE_RESOURCE is not consulted) and a missing
 * receiver is created; the delegation index is not touched; the total weight grows by
 * amount / 1e6 without clamping; the old tron power is not initialised.
 */

import {
  acquiredV1,
  FROZEN_PERIOD_MS,
  frozenV1Bandwidth,
  frozenV1Energy,
  TRX_PRECISION,
  withAcquiredV1,
  withDelegatedV1Added,
  withFrozenV1Bandwidth,
  withFrozenV1Energy,
} from "../../accounts/account-resources.js";
import { validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { AccountType } from "../../protocol/generated/protocol/core_pb.js";
import { delegatedResourceKeyV1, emptyDelegatedResource } from "../../resources/delegation.js";
import { ResourceTables } from "../../resources/tables.js";
import { CoreTables } from "../../state/core-tables.js";
import { createNormalAccount } from "../world.js";
import { addTotalWeightInVm, type VmProcessor } from "./processor.js";

export interface FreezeBalanceParam {
  readonly owner: Uint8Array;
  readonly receiver: Uint8Array;
  readonly frozenBalance: bigint;
  /** Days: the chain's MIN_FROZEN_TIME (java-tron's default checkFrozenTime = 1). */
  readonly frozenDuration: bigint;
  readonly resource: ResourceCode;
}

export const UNKNOWN_RESOURCE_V1 = "Unknown ResourceCode, valid ResourceCode[BANDWIDTH、ENERGY]";

export const freezeBalanceProcessor: VmProcessor<FreezeBalanceParam, void> = {
  validate({ state, props }, p) {
    const owner = state.get(CoreTables.accounts, p.owner)!;
    if (p.frozenBalance <= 0n) throw validateError("FrozenBalance must be positive");
    if (p.frozenBalance < TRX_PRECISION)
      throw validateError("FrozenBalance must be greater than or equal to 1 TRX");
    if (p.frozenBalance > owner.balance)
      throw validateError("FrozenBalance must be less than or equal to accountBalance");
    if (owner.frozen.length !== 0 && owner.frozen.length !== 1)
      throw validateError("FrozenCount must be 0 or 1");
    if (p.resource !== ResourceCode.BANDWIDTH && p.resource !== ResourceCode.ENERGY)
      throw validateError(UNKNOWN_RESOURCE_V1);
    if (!bytesEqual(p.owner, p.receiver)) {
      const receiver =
        state.get(CoreTables.accounts, p.receiver) ?? createNormalAccount(state, props, p.receiver);
      if (receiver.type === AccountType.Contract)
        throw validateError("Do not allow delegate resources to contract addresses");
    }
  },

  execute({ state, props }, p) {
    const expireTime = props.headTimestamp + p.frozenDuration * FROZEN_PERIOD_MS;
    const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
    let account = state.get(CoreTables.accounts, p.owner)!;
    if (!bytesEqual(p.owner, p.receiver)) {
      const key = delegatedResourceKeyV1(p.owner, p.receiver);
      const record = {
        ...(state.get(ResourceTables.delegatedResources, key) ?? emptyDelegatedResource(p.owner, p.receiver)),
      };
      if (type === ResourceCode.BANDWIDTH) {
        record.frozenBalanceForBandwidth += p.frozenBalance;
        record.expireTimeForBandwidth = expireTime;
      } else {
        record.frozenBalanceForEnergy += p.frozenBalance;
        record.expireTimeForEnergy = expireTime;
      }
      state.put(ResourceTables.delegatedResources, key, record);
      const receiver = state.get(CoreTables.accounts, p.receiver)!;
      state.put(
        CoreTables.accounts,
        p.receiver,
        withAcquiredV1(receiver, type, acquiredV1(receiver, type) + p.frozenBalance),
      );
      account = withDelegatedV1Added(account, type, p.frozenBalance);
    } else if (type === ResourceCode.BANDWIDTH) {
      account = withFrozenV1Bandwidth(account, p.frozenBalance + frozenV1Bandwidth(account), expireTime);
    } else {
      account = withFrozenV1Energy(account, p.frozenBalance + frozenV1Energy(account), expireTime);
    }
    addTotalWeightInVm(props, type, p.frozenBalance / TRX_PRECISION);
    state.put(
      CoreTables.accounts,
      p.owner,
      withAccountFields(account, { balance: account.balance - p.frozenBalance }),
    );
  },
};
