import { FROZEN_PERIOD_MS } from "../../accounts/account-resources.js";
import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { INT64_MAX } from "../../chain/arithmetic.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { WithdrawBalanceContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { isGenesisWitness } from "../registry.js";
import { queryReward, withdrawReward } from "../rewards.js";

/**
 * WithdrawBalanceContract (type 13): moves the allowance (block rewards, and voter rewards settled
 * first) into the balance, at most once per WITNESS_ALLOWANCE_FROZEN_TIME days; genesis witnesses
 * ("guard representatives") never can.
 */
export const withdrawBalanceActuator: Actuator<typeof WithdrawBalanceContractSchema> = {
  type: ContractType.WithdrawBalanceContract,
  schema: WithdrawBalanceContractSchema,
  typeErrorMessage: typeErrorB("WithdrawBalanceContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const hex = bytesToHex(p.ownerAddress);
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError(`Account[${hex}] not exists`);
    if (isGenesisWitness(props, p.ownerAddress)) {
      throw validateError(`Account[${hex}] is a guard representative and is not allowed to withdraw Balance`);
    }
    const frozen = props.get("WITNESS_ALLOWANCE_FROZEN_TIME") * FROZEN_PERIOD_MS;
    if (props.headTimestamp - owner.latestWithdrawTime < frozen) {
      throw validateError(`The last withdraw time is ${owner.latestWithdrawTime}, less than 24 hours`);
    }
    if (owner.allowance <= 0n && queryReward(state, props, p.ownerAddress) <= 0n) {
      throw validateError("witnessAccount does not have any reward");
    }
    if (owner.balance + owner.allowance > INT64_MAX) {
      throw validateError(`overflow: checkedAdd(${owner.balance}, ${owner.allowance})`);
    }
  },

  execute({ state, props }, p) {
    withdrawReward(state, props, p.ownerAddress);
    const account = state.get(CoreTables.accounts, p.ownerAddress)!;
    state.put(CoreTables.accounts, p.ownerAddress, {
      ...account,
      balance: account.balance + account.allowance,
      allowance: 0n,
      latestWithdrawTime: props.headTimestamp,
    });
    return { fee: 0n, receipt: { withdrawAmount: account.allowance } };
  },
};
