import { expiredUnfreezeAmount } from "../../accounts/account-resources.js";
import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { INT64_MAX } from "../../chain/arithmetic.js";
import { ContractType } from "../../protocol/contract-types.js";
import { WithdrawExpireUnfreezeContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { supportsUnfreezeDelay } from "../resource-window.js";
import { withdrawExpiredUnfreezes } from "../stake-rules.js";
import { NOT_EXISTS, requireOwner } from "./staking-checks.js";

/** WithdrawExpireUnfreezeContract (type 56): pays out every pending unfreeze whose delay has passed. */
export const withdrawExpireUnfreezeActuator: Actuator<typeof WithdrawExpireUnfreezeContractSchema> = {
  type: ContractType.WithdrawExpireUnfreezeContract,
  schema: WithdrawExpireUnfreezeContractSchema,
  typeErrorMessage: typeErrorB("WithdrawExpireUnfreezeContract"),

  validate({ state, props }, p) {
    if (!supportsUnfreezeDelay(props)) {
      throw validateError(
        "Not support WithdrawExpireUnfreeze transaction, need to be opened by the committee",
      );
    }
    const owner = requireOwner(state, p.ownerAddress, NOT_EXISTS);
    const amount = expiredUnfreezeAmount(owner, props.headTimestamp);
    // java-tron's text ends with a space.
    if (amount <= 0n) throw validateError("no unFreeze balance to withdraw ");
    if (owner.balance + amount > INT64_MAX) {
      throw validateError(`overflow: checkedAdd(${owner.balance}, ${amount})`);
    }
  },

  execute({ state, props }, p) {
    const { account, amount } = withdrawExpiredUnfreezes(
      state.get(CoreTables.accounts, p.ownerAddress)!,
      props.headTimestamp,
    );
    state.put(CoreTables.accounts, p.ownerAddress, account);
    return { fee: 0n, receipt: { withdrawExpireAmount: amount } };
  },
};
