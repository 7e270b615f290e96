import {
  frozenV2,
  frozenV2WithDelegated,
  initOldTronPowerIfNeeded,
  TRX_PRECISION,
  withFrozenV2Added,
} from "../../accounts/account-resources.js";
import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { FreezeBalanceV2ContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { supportsUnfreezeDelay } from "../resource-window.js";
import { moveTotalWeight } from "../total-weights.js";
import { checkFreezeResource, NOT_EXISTS, requireOwner } from "./staking-checks.js";

/**
 * FreezeBalanceV2Contract (type 54): stakes TRX for BANDWIDTH, ENERGY or (new resource model)
 * TRON_POWER, with no expiry. The total weight moves by the floor difference of the stake, which
 * for BANDWIDTH/ENERGY includes what is delegated out.
 */
export const freezeBalanceV2Actuator: Actuator<typeof FreezeBalanceV2ContractSchema> = {
  type: ContractType.FreezeBalanceV2Contract,
  schema: FreezeBalanceV2ContractSchema,
  typeErrorMessage: typeErrorA("FreezeBalanceV2Contract"),

  validate({ state, props }, p) {
    if (!supportsUnfreezeDelay(props)) {
      throw validateError("Not support FreezeV2 transaction, need to be opened by the committee");
    }
    const owner = requireOwner(state, p.ownerAddress, NOT_EXISTS);
    if (p.frozenBalance <= 0n) throw validateError("frozenBalance must be positive");
    if (p.frozenBalance < TRX_PRECISION)
      throw validateError("frozenBalance must be greater than or equal to 1 TRX");
    if (p.frozenBalance > owner.balance) {
      throw validateError("frozenBalance must be less than or equal to accountBalance");
    }
    checkFreezeResource(props, p.resource);
  },

  execute({ state, props }, p) {
    let account = state.get(CoreTables.accounts, p.ownerAddress)!;
    account = initOldTronPowerIfNeeded(account, props.isOn("ALLOW_NEW_RESOURCE_MODEL"));
    const stake = (a: typeof account) =>
      p.resource === ResourceCode.TRON_POWER ? frozenV2(a, p.resource) : frozenV2WithDelegated(a, p.resource);
    const before = stake(account);
    account = withFrozenV2Added(account, p.resource, p.frozenBalance);
    moveTotalWeight(props, p.resource, before, stake(account));
    state.put(
      CoreTables.accounts,
      p.ownerAddress,
      withAccountFields(account, { balance: account.balance - p.frozenBalance }),
    );
    return { fee: 0n };
  },
};
