/**
 * DelegateResourceProcessor (DELEGATERESOURCE, 0xde). Differs from the DelegateResource actuator:
 * no lock (the unlocked record only, and expired locks are not folded in first); no
 * Stake 2.0 check (the opcode exists only then); the resource error reads "Unknown ResourceCode, …".
 */

import {
  acquiredV2,
  TRX_PRECISION,
  withAcquiredV2,
  withDelegatedV2Added,
  withFrozenV2Added,
} from "../../accounts/account-resources.js";
import { validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { AccountType } from "../../protocol/generated/protocol/core_pb.js";
import {
  delegatedResourceKeyV2,
  emptyDelegatedResource,
  indexDelegateV2,
} from "../../resources/delegation.js";
import { requireDelegatableV2 } from "../../resources/stake-rules.js";
import { ResourceTables } from "../../resources/tables.js";
import { CoreTables } from "../../state/core-tables.js";
import { UNKNOWN_RESOURCE_V1 } from "./freeze-balance.js";
import { requireVmOwner } from "./freeze-balance-v2.js";
import type { VmProcessor } from "./processor.js";

export interface DelegateResourceParam {
  readonly owner: Uint8Array;
  readonly receiver: Uint8Array;
  readonly balance: bigint;
  readonly resource: ResourceCode;
}

export const delegateResourceProcessor: VmProcessor<DelegateResourceParam, void> = {
  validate({ state, props }, p) {
    if (!props.isOn("ALLOW_DELEGATE_RESOURCE")) throw validateError("No support for resource delegate");
    const owner = requireVmOwner(state, p.owner, "] not exists");
    if (p.balance < TRX_PRECISION)
      throw validateError("delegateBalance must be greater than or equal to 1 TRX");
    const now = props.headSlot;
    switch (p.resource) {
      case ResourceCode.BANDWIDTH:
      case ResourceCode.ENERGY:
        requireDelegatableV2(props, owner, p.resource, p.balance, now);
        break;
      default:
        throw validateError(UNKNOWN_RESOURCE_V1);
    }
    if (!isValidAddress(p.receiver)) throw validateError("Invalid receiverAddress");
    if (bytesEqual(p.receiver, p.owner))
      throw validateError("receiverAddress must not be the same as ownerAddress");
    const receiver = state.get(CoreTables.accounts, p.receiver);
    if (!receiver) throw validateError(`Account[${bytesToHex(p.receiver)}] not exists`);
    if (receiver.type === AccountType.Contract)
      throw validateError("Do not allow delegate resources to contract addresses");
  },

  execute({ state }, p) {
    const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
    let owner = state.get(CoreTables.accounts, p.owner)!;
    const key = delegatedResourceKeyV2(p.owner, p.receiver, false);
    const record = {
      ...(state.get(ResourceTables.delegatedResources, key) ?? emptyDelegatedResource(p.owner, p.receiver)),
    };
    if (type === ResourceCode.BANDWIDTH) {
      record.frozenBalanceForBandwidth += p.balance;
      record.expireTimeForBandwidth = 0n;
    } else {
      record.frozenBalanceForEnergy += p.balance;
      record.expireTimeForEnergy = 0n;
    }
    indexDelegateV2(state, p.owner, p.receiver);
    const receiver = state.get(CoreTables.accounts, p.receiver)!;
    state.put(
      CoreTables.accounts,
      p.receiver,
      withAcquiredV2(receiver, type, acquiredV2(receiver, type) + p.balance),
    );
    state.put(ResourceTables.delegatedResources, key, record);
    owner = withFrozenV2Added(withDelegatedV2Added(owner, type, p.balance), type, -p.balance);
    state.put(CoreTables.accounts, p.owner, owner);
  },
};
