/**
 * WithdrawRewardProcessor (WITHDRAWREWARD, 0xd9): settles the voter reward the TVM's way
 * (ALLOW_TVM_VOTE, Vi for every cycle — not the WithdrawBalance actuator's ALLOW_CHANGE_DELEGATION
 * rules) and moves the allowance into the balance. Genesis witnesses are refused; an empty
 * allowance succeeds with 0 and writes nothing more.
 */
import { executeError, validateError } from "../../actuator/actuator.js";
import { INT64_MAX } from "../../chain/arithmetic.js";
import { addressToBase58 } from "../../crypto/address.js";
import { CoreTables } from "../../state/core-tables.js";
import { isGenesisWitness } from "../../witnesses/registry.js";
import { withdrawRewardForVm } from "../../witnesses/rewards.js";
import type { VmProcessor } from "./processor.js";

export interface WithdrawRewardParam {
  readonly owner: Uint8Array;
  /** The block's timestamp in whole seconds × 1000 (Program: getTimestamp() * 1000). */
  readonly nowInMs: bigint;
}

/** Returns the allowance moved into the balance. */
export const withdrawRewardProcessor: VmProcessor<WithdrawRewardParam, bigint> = {
  validate({ props }, p) {
    if (isGenesisWitness(props, p.owner)) {
      throw validateError(
        `Account[${addressToBase58(p.owner)}] is a guard representative and is not allowed to withdraw Balance`,
      );
    }
  },

  execute({ state, props, config }, p) {
    if (config.allowTvmVote) withdrawRewardForVm(state, props, p.owner);
    const account = state.get(CoreTables.accounts, p.owner)!;
    const balance = account.balance + account.allowance;
    if (balance > INT64_MAX)
      throw executeError(`overflow: checkedAdd(${account.balance}, ${account.allowance})`);
    if (account.allowance <= 0n) return 0n;
    state.put(CoreTables.accounts, p.owner, {
      ...account,
      balance,
      allowance: 0n,
      latestWithdrawTime: p.nowInMs,
    });
    return account.allowance;
  },
};
