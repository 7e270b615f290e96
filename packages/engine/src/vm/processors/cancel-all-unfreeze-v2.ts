/**
 * CancelAllUnfreezeV2Processor (CANCELALLUNFREEZEV2, 0xdc). Differs from the actuator: an account
 * with nothing pending is not refused (the opcode succeeds); the total weight moves per pending
 * entry and is never clamped at 0.
 */

import { withFrozenV2Added } from "../../accounts/account-resources.js";
import { withAccountFields } from "../../chain/accounts.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { requireVmOwner, stakeWeightOf } from "./freeze-balance-v2.js";
import { addTotalWeightInVm, type VmProcessor } from "./processor.js";

export interface CancelAllUnfreezeV2Param {
  readonly owner: Uint8Array;
}

const KNOWN = new Set<ResourceCode>([ResourceCode.BANDWIDTH, ResourceCode.ENERGY, ResourceCode.TRON_POWER]);

/** Returns the expired amount paid out (an extra internal transaction when > 0). */
export const cancelAllUnfreezeV2Processor: VmProcessor<CancelAllUnfreezeV2Param, bigint> = {
  validate({ state }, p) {
    requireVmOwner(state, p.owner, "] not exists");
  },

  execute({ state, props }, p) {
    const now = props.headTimestamp;
    let account = state.get(CoreTables.accounts, p.owner)!;
    let withdrawn = 0n;
    for (const u of account.unfrozenV2) {
      if (u.unfreezeExpireTime > now) {
        if (!KNOWN.has(u.type)) continue;
        const before = stakeWeightOf(account, u.type);
        account = withFrozenV2Added(account, u.type, u.unfreezeAmount);
        addTotalWeightInVm(props, u.type, stakeWeightOf(account, u.type) - before);
      } else {
        withdrawn += u.unfreezeAmount;
      }
    }
    account = withAccountFields(account, { balance: account.balance + withdrawn, unfrozenV2: [] });
    state.put(CoreTables.accounts, p.owner, account);
    return withdrawn;
  },
};
