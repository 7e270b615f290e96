/**
 * FreezeBalanceV2Processor (FREEZEBALANCEV2, 0xda). Differs from the FreezeBalanceV2 actuator in
 * its texts ("FrozenBalance …", "Unknown ResourceCode, …", "] does not exist") and in the total
 * weight, which the VM repository never clamps at 0.
 */

import {
  frozenV2,
  frozenV2WithDelegated,
  initOldTronPowerIfNeeded,
  TRX_PRECISION,
  withFrozenV2Added,
} from "../../accounts/account-resources.js";
import { validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import type { Account } from "../../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import type { StateView } from "../../state/state-view.js";
import { addTotalWeightInVm, type VmProcessor } from "./processor.js";

export interface FreezeBalanceV2Param {
  readonly owner: Uint8Array;
  readonly frozenBalance: bigint;
  readonly resource: ResourceCode;
}

/** The V2 processors' resource check: TRON_POWER only under the new resource model. */
export function unknownResourceV2(props: ChainProperties): string {
  return props.isOn("ALLOW_NEW_RESOURCE_MODEL")
    ? "Unknown ResourceCode, valid ResourceCode[BANDWIDTH、ENERGY、TRON_POWER]"
    : "Unknown ResourceCode, valid ResourceCode[BANDWIDTH、ENERGY]";
}

/** `Invalid address`, then `Account[<hex>] does not exist`. */
export function requireVmOwner(state: StateView, address: Uint8Array, suffix: string): Account {
  if (!isValidAddress(address)) throw validateError("Invalid address");
  const owner = state.get(CoreTables.accounts, address);
  if (!owner) throw validateError(`Account[${bytesToHex(address)}${suffix}`);
  return owner;
}

/** A V2 stake's weight base: TRON_POWER counts its own stake, the others include what is delegated out. */
export function stakeWeightOf(account: Account, type: ResourceCode): bigint {
  return (
    (type === ResourceCode.TRON_POWER ? frozenV2(account, type) : frozenV2WithDelegated(account, type)) /
    TRX_PRECISION
  );
}

export const freezeBalanceV2Processor: VmProcessor<FreezeBalanceV2Param, void> = {
  validate({ state, props }, p) {
    const owner = requireVmOwner(state, p.owner, "] does not exist");
    if (p.frozenBalance <= 0n) throw validateError("FrozenBalance must be positive");
    if (p.frozenBalance < TRX_PRECISION)
      throw validateError("FrozenBalance must be greater than or equal to 1 TRX");
    if (p.frozenBalance > owner.balance)
      throw validateError("FrozenBalance must be less than or equal to accountBalance");
    switch (p.resource) {
      case ResourceCode.BANDWIDTH:
      case ResourceCode.ENERGY:
        return;
      case ResourceCode.TRON_POWER:
        if (!props.isOn("ALLOW_NEW_RESOURCE_MODEL")) throw validateError(unknownResourceV2(props));
        return;
      default:
        throw validateError(unknownResourceV2(props));
    }
  },

  execute({ state, props }, p) {
    let account = initOldTronPowerIfNeeded(
      state.get(CoreTables.accounts, p.owner)!,
      props.isOn("ALLOW_NEW_RESOURCE_MODEL"),
    );
    const before = stakeWeightOf(account, p.resource);
    account = withFrozenV2Added(account, p.resource, p.frozenBalance);
    addTotalWeightInVm(props, p.resource, stakeWeightOf(account, p.resource) - before);
    state.put(
      CoreTables.accounts,
      p.owner,
      withAccountFields(account, { balance: account.balance - p.frozenBalance }),
    );
  },
};
