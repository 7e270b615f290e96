import { withDelegatedV2Added, withFrozenV2Added } from "../../accounts/account-resources.js";
import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { UnDelegateResourceContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import {
  delegatedResourceKeyV2,
  indexUnDelegateV2,
  putOrDeleteDelegatedResource,
  unlockExpiredResource,
} from "../delegation.js";
import { supportsUnfreezeDelay, unDelegateIncrease } from "../resource-window.js";
import { releaseStoredReceiver } from "../stake-rules.js";
import { ResourceTables } from "../tables.js";
import { DOES_NOT_EXIST, requireOwner } from "./staking-checks.js";

/**
 * UnDelegateResourceContract (type 58): takes back delegated Stake 2.0 bandwidth or energy (the
 * unlocked part, and locked parts whose lock has expired). The usage the stake carried at the
 * receiver moves back to the owner with it.
 */
export const unDelegateResourceActuator: Actuator<typeof UnDelegateResourceContractSchema> = {
  type: ContractType.UnDelegateResourceContract,
  schema: UnDelegateResourceContractSchema,
  typeErrorMessage: typeErrorB("UnDelegateResourceContract"),

  validate({ state, props }, p) {
    if (!props.isOn("ALLOW_DELEGATE_RESOURCE")) throw validateError("No support for resource delegate");
    if (!supportsUnfreezeDelay(props)) {
      throw validateError("Not support unDelegate resource transaction, need to be opened by the committee");
    }
    requireOwner(state, p.ownerAddress, DOES_NOT_EXIST);
    if (!isValidAddress(p.receiverAddress)) throw validateError("Invalid receiverAddress");
    if (bytesEqual(p.receiverAddress, p.ownerAddress)) {
      throw validateError("receiverAddress must not be the same as ownerAddress");
    }
    const now = props.headTimestamp;
    const unlocked = state.get(
      ResourceTables.delegatedResources,
      delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, false),
    );
    const locked = state.get(
      ResourceTables.delegatedResources,
      delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, true),
    );
    if (!unlocked && !locked) throw validateError("delegated Resource does not exist");
    if (p.balance <= 0n) throw validateError("unDelegateBalance must be more than 0 TRX");
    switch (p.resource) {
      case ResourceCode.BANDWIDTH: {
        let available = unlocked?.frozenBalanceForBandwidth ?? 0n;
        if (locked && locked.expireTimeForBandwidth < now) available += locked.frozenBalanceForBandwidth;
        if (available < p.balance) {
          throw validateError(
            `insufficient delegatedFrozenBalance(BANDWIDTH), request=${p.balance}, unlock_balance=${available}`,
          );
        }
        break;
      }
      case ResourceCode.ENERGY: {
        let available = unlocked?.frozenBalanceForEnergy ?? 0n;
        if (locked && locked.expireTimeForEnergy < now) available += locked.frozenBalanceForEnergy;
        if (available < p.balance) {
          throw validateError(
            `insufficient delegateFrozenBalance(Energy), request=${p.balance}, unlock_balance=${available}`,
          );
        }
        break;
      }
      default:
        throw validateError("ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]");
    }
  },

  execute({ state, props }, p) {
    const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
    const slot = props.headSlot;
    const isBandwidth = type === ResourceCode.BANDWIDTH;
    const { receiver, transferUsage } = releaseStoredReceiver(
      state,
      props,
      p.receiverAddress,
      type,
      p.balance,
    );

    unlockExpiredResource(state, p.ownerAddress, p.receiverAddress, props.headTimestamp);
    const unlockKey = delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, false);
    const unlocked = { ...state.get(ResourceTables.delegatedResources, unlockKey)! };
    if (isBandwidth) {
      unlocked.frozenBalanceForBandwidth -= p.balance;
      unlocked.expireTimeForBandwidth = 0n;
    } else {
      unlocked.frozenBalanceForEnergy -= p.balance;
      unlocked.expireTimeForEnergy = 0n;
    }
    let owner = state.get(CoreTables.accounts, p.ownerAddress)!;
    owner = withFrozenV2Added(withDelegatedV2Added(owner, type, -p.balance), type, p.balance);
    if (receiver && transferUsage > 0n)
      owner = unDelegateIncrease(props, owner, receiver, transferUsage, type, slot);
    putOrDeleteDelegatedResource(state, unlockKey, unlocked);
    const lockKey = delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, true);
    if (
      !state.get(ResourceTables.delegatedResources, unlockKey) &&
      !state.get(ResourceTables.delegatedResources, lockKey)
    ) {
      indexUnDelegateV2(state, p.ownerAddress, p.receiverAddress);
    }
    state.put(CoreTables.accounts, p.ownerAddress, owner);
    return { fee: 0n };
  },
};
