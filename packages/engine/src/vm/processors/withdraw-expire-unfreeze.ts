/**
 * WithdrawExpireUnfreezeProcessor (WITHDRAWEXPIREUNFREEZE, 0xdd). Differs from the actuator:
 * nothing to withdraw is not a refusal — the opcode succeeds and pushes 0 (java-tron only refuses
 * a negative total); an overflowing balance is refused (Guava checkedAdd).
 */

import { expiredUnfreezeAmount } from "../../accounts/account-resources.js";
import { validateError } from "../../actuator/actuator.js";
import { INT64_MAX } from "../../chain/arithmetic.js";
import { withdrawExpiredUnfreezes } from "../../resources/stake-rules.js";
import { CoreTables } from "../../state/core-tables.js";
import { requireVmOwner } from "./freeze-balance-v2.js";
import type { VmProcessor } from "./processor.js";

export interface WithdrawExpireUnfreezeParam {
  readonly owner: Uint8Array;
}

/** Returns the amount withdrawn. */
export const withdrawExpireUnfreezeProcessor: VmProcessor<WithdrawExpireUnfreezeParam, bigint> = {
  validate({ state, props }, p) {
    const owner = requireVmOwner(state, p.owner, "] not exists");
    const amount = expiredUnfreezeAmount(owner, props.headTimestamp);
    if (amount < 0n) throw validateError("no unFreeze balance to withdraw ");
    if (owner.balance + amount > INT64_MAX)
      throw validateError(`overflow: checkedAdd(${owner.balance}, ${amount})`);
  },

  execute({ state, props }, p) {
    const owner = state.get(CoreTables.accounts, p.owner)!;
    if (expiredUnfreezeAmount(owner, props.headTimestamp) <= 0n) return 0n;
    const { account, amount } = withdrawExpiredUnfreezes(owner, props.headTimestamp);
    state.put(CoreTables.accounts, p.owner, account);
    return amount;
  },
};
