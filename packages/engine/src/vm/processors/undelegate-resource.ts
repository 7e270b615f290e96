/**
 * UnDelegateResourceProcessor (UNDELEGATERESOURCE, 0xdf). Differs from the UnDelegateResource
 * actuator: only the unlocked record counts (locked parts, even expired ones, stay put); its texts
 * ("…, balance=", "(ENERGY)", "Unknown ResourceCode, …"); an emptied record is kept with zero
 * amounts (only the index pair is removed).
 */

import { withDelegatedV2Added, withFrozenV2Added } from "../../accounts/account-resources.js";
import { validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { delegatedResourceKeyV2, indexUnDelegateV2 } from "../../resources/delegation.js";
import { unDelegateIncrease } from "../../resources/resource-window.js";
import { releaseStoredReceiver } from "../../resources/stake-rules.js";
import { ResourceTables } from "../../resources/tables.js";
import { CoreTables } from "../../state/core-tables.js";
import { UNKNOWN_RESOURCE_V1 } from "./freeze-balance.js";
import { requireVmOwner } from "./freeze-balance-v2.js";
import type { VmProcessor } from "./processor.js";

export interface UnDelegateResourceParam {
  readonly owner: Uint8Array;
  readonly receiver: Uint8Array;
  readonly balance: bigint;
  readonly resource: ResourceCode;
}

export const unDelegateResourceProcessor: VmProcessor<UnDelegateResourceParam, void> = {
  validate({ state, props }, p) {
    if (!props.isOn("ALLOW_DELEGATE_RESOURCE")) throw validateError("No support for resource delegate");
    requireVmOwner(state, p.owner, "] does not exist");
    if (!isValidAddress(p.receiver)) throw validateError("Invalid receiverAddress");
    if (bytesEqual(p.receiver, p.owner))
      throw validateError("receiverAddress must not be the same as ownerAddress");
    const record = state.get(
      ResourceTables.delegatedResources,
      delegatedResourceKeyV2(p.owner, p.receiver, false),
    );
    if (!record) throw validateError("delegated Resource does not exist");
    if (p.balance <= 0n) throw validateError("unDelegateBalance must be more than 0 TRX");
    switch (p.resource) {
      case ResourceCode.BANDWIDTH:
        if (record.frozenBalanceForBandwidth < p.balance)
          throw validateError(
            `insufficient delegatedFrozenBalance(BANDWIDTH), request=${p.balance}, balance=${record.frozenBalanceForBandwidth}`,
          );
        return;
      case ResourceCode.ENERGY:
        if (record.frozenBalanceForEnergy < p.balance)
          throw validateError(
            `insufficient delegateFrozenBalance(ENERGY), request=${p.balance}, balance=${record.frozenBalanceForEnergy}`,
          );
        return;
      default:
        throw validateError(UNKNOWN_RESOURCE_V1);
    }
  },

  execute({ state, props }, p) {
    const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
    const isBandwidth = type === ResourceCode.BANDWIDTH;
    const slot = props.headSlot;
    let owner = state.get(CoreTables.accounts, p.owner)!;
    const { receiver, transferUsage } = releaseStoredReceiver(state, props, p.receiver, type, p.balance);
    const key = delegatedResourceKeyV2(p.owner, p.receiver, false);
    const record = { ...state.get(ResourceTables.delegatedResources, key)! };
    if (isBandwidth) {
      record.frozenBalanceForBandwidth -= p.balance;
      record.expireTimeForBandwidth = 0n;
    } else {
      record.frozenBalanceForEnergy -= p.balance;
      record.expireTimeForEnergy = 0n;
    }
    owner = withFrozenV2Added(withDelegatedV2Added(owner, type, -p.balance), type, p.balance);
    if (receiver && transferUsage > 0n)
      owner = unDelegateIncrease(props, owner, receiver, transferUsage, type, slot);
    if (record.frozenBalanceForBandwidth === 0n && record.frozenBalanceForEnergy === 0n) {
      indexUnDelegateV2(state, p.owner, p.receiver);
    }
    state.put(ResourceTables.delegatedResources, key, record);
    state.put(CoreTables.accounts, p.owner, owner);
  },
};
