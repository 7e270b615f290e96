import {
  frozenV2,
  frozenV2WithDelegated,
  TRX_PRECISION,
  withFrozenV2Added,
} from "../../accounts/account-resources.js";
import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { CancelAllUnfreezeV2ContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { supportsCancelAllUnfreezeV2 } from "../resource-window.js";
import { addTotalWeight } from "../total-weights.js";
import { NOT_EXISTS, requireOwner } from "./staking-checks.js";

const RESOURCES = [ResourceCode.BANDWIDTH, ResourceCode.ENERGY, ResourceCode.TRON_POWER] as const;

/**
 * CancelAllUnfreezeV2Contract (type 59): every pending unfreeze is undone — expired ones are paid
 * out (`withdraw_expire_amount`), the others go back into their stake (`cancel_unfreezeV2_amount`,
 * all three resource names, zero included, as java-tron fills the map).
 */
export const cancelAllUnfreezeV2Actuator: Actuator<typeof CancelAllUnfreezeV2ContractSchema> = {
  type: ContractType.CancelAllUnfreezeV2Contract,
  schema: CancelAllUnfreezeV2ContractSchema,
  typeErrorMessage: typeErrorB("CancelAllUnfreezeV2Contract"),

  validate({ state, props }, p) {
    if (!supportsCancelAllUnfreezeV2(props)) {
      throw validateError("Not support CancelAllUnfreezeV2 transaction, need to be opened by the committee");
    }
    const owner = requireOwner(state, p.ownerAddress, NOT_EXISTS);
    if (owner.unfrozenV2.length === 0) throw validateError("No unfreezeV2 list to cancel");
  },

  execute({ state, props }, p) {
    const now = props.headTimestamp;
    let account = state.get(CoreTables.accounts, p.ownerAddress)!;
    let withdrawn = 0n;
    const cancelled = new Map<ResourceCode, bigint>(RESOURCES.map((r) => [r, 0n]));
    const weightDelta = new Map<ResourceCode, bigint>(RESOURCES.map((r) => [r, 0n]));
    const stake = (a: Account, type: ResourceCode) =>
      type === ResourceCode.TRON_POWER ? frozenV2(a, type) : frozenV2WithDelegated(a, type);
    for (const u of account.unfrozenV2) {
      if (u.unfreezeExpireTime > now) {
        if (!cancelled.has(u.type)) continue; // java-tron ignores an unknown type
        const before = stake(account, u.type) / TRX_PRECISION;
        account = withFrozenV2Added(account, u.type, u.unfreezeAmount);
        weightDelta.set(u.type, weightDelta.get(u.type)! + stake(account, u.type) / TRX_PRECISION - before);
        cancelled.set(u.type, cancelled.get(u.type)! + u.unfreezeAmount);
      } else {
        withdrawn += u.unfreezeAmount;
      }
    }
    for (const type of RESOURCES) addTotalWeight(props, type, weightDelta.get(type)!);
    account = withAccountFields(account, { unfrozenV2: [], balance: account.balance + withdrawn });
    state.put(CoreTables.accounts, p.ownerAddress, account);
    const cancelUnfreezeV2Amount: Record<string, bigint> = {
      BANDWIDTH: cancelled.get(ResourceCode.BANDWIDTH)!,
      ENERGY: cancelled.get(ResourceCode.ENERGY)!,
      TRON_POWER: cancelled.get(ResourceCode.TRON_POWER)!,
    };
    return { fee: 0n, receipt: { withdrawExpireAmount: withdrawn, cancelUnfreezeV2Amount } };
  },
};
