import { type Actuator, typeErrorB, validateError } from "../../actuators/actuator.js";
import { javaLongOfDouble } from "../../chain/arithmetic.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { UnDelegateResourceContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../../protocol/generated/protocol/core_pb.js";
import type { MutableChainProperties } from "../../state/chain-properties.js";
import type { StateOverlay } from "../../state/state-overlay.js";
import { Tables } from "../../state/tables.js";
import {
  acquiredV2,
  allFrozenForBandwidth,
  allFrozenForEnergy,
  TRX_PRECISION,
  withAcquiredV2,
  withDelegatedV2Added,
  withFrozenV2Added,
} from "../account-resources.js";
import {
  delegatedResourceKeyV2,
  indexUnDelegateV2,
  putOrDeleteDelegatedResource,
  unlockExpiredResource,
} from "../delegation.js";
import {
  refreshUsage,
  supportsUnfreezeDelay,
  unDelegateIncrease,
  usageOf,
  withUsage,
} from "../resource-window.js";
import { DOES_NOT_EXIST, requireOwner } from "./staking-checks.js";

/**
 * The receiver's side of an undelegation (java-tron updates it only when it still exists): its usage
 * is decayed to now, and the share of it the returned stake was carrying — capped by what that stake
 * could produce at most — leaves with the stake. Returns the receiver and the usage transferred.
 */
export function releaseReceiver(
  receiver: Account,
  type: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
  balance: bigint,
  limit: bigint,
  weight: bigint,
  refresh: (a: Account) => Account,
  now: bigint,
): { receiver: Account; transferUsage: bigint } {
  let next = refresh(receiver);
  let transferUsage = 0n;
  const { usage } = usageOf(next, type);
  if (acquiredV2(next, type) < balance) {
    next = withAcquiredV2(next, type, 0n);
  } else {
    const maxUsage = javaLongOfDouble(
      (Number(balance) / Number(TRX_PRECISION)) * (Number(limit) / Number(weight)),
    );
    const allFrozen =
      type === ResourceCode.BANDWIDTH ? allFrozenForBandwidth(next) : allFrozenForEnergy(next);
    transferUsage = javaLongOfDouble(Number(usage) * (Number(balance) / Number(allFrozen)));
    if (maxUsage < transferUsage) transferUsage = maxUsage;
    next = withAcquiredV2(next, type, acquiredV2(next, type) - balance);
  }
  return { receiver: withUsage(next, type, usage - transferUsage, now), transferUsage };
}

/**
 * `releaseReceiver` on the receiver's stored account, when it still exists (written back), with the
 * network's limit and weight and usage refreshed to the head slot. Returns the receiver as written
 * (undefined when gone) and the usage transferred.
 * Shared by the UnDelegateResource actuator and the UNDELEGATERESOURCE opcode.
 */
export function releaseStoredReceiver(
  state: StateOverlay,
  props: MutableChainProperties,
  receiverAddress: Uint8Array,
  type: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
  balance: bigint,
): { receiver: Account | undefined; transferUsage: bigint } {
  const receiver = state.get(Tables.accounts, receiverAddress);
  if (!receiver) return { receiver: undefined, transferUsage: 0n };
  const bandwidth = type === ResourceCode.BANDWIDTH;
  const slot = props.headSlot;
  const released = releaseReceiver(
    receiver,
    type,
    balance,
    props.get(bandwidth ? "TOTAL_NET_LIMIT" : "TOTAL_ENERGY_CURRENT_LIMIT"),
    props.get(bandwidth ? "TOTAL_NET_WEIGHT" : "TOTAL_ENERGY_WEIGHT"),
    (a) => refreshUsage(props, a, type, slot),
    slot,
  );
  state.put(Tables.accounts, receiverAddress, released.receiver);
  return released;
}

/**
 * UnDelegateResourceContract (type 58): takes back delegated Stake 2.0 bandwidth or energy (the
 * unlocked part, and locked parts whose lock has expired). The usage the stake carried at the
 * receiver moves back to the owner with it.
 */
export const unDelegateResourceActuator: Actuator<typeof UnDelegateResourceContractSchema> = {
  type: ContractType.UnDelegateResourceContract,
  schema: UnDelegateResourceContractSchema,
  typeErrorMessage: typeErrorB("UnDelegateResourceContract"),
  ownerAddress: (p) => p.ownerAddress,

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
      Tables.delegatedResources,
      delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, false),
    );
    const locked = state.get(
      Tables.delegatedResources,
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
    const unlocked = { ...state.get(Tables.delegatedResources, unlockKey)! };
    if (isBandwidth) {
      unlocked.frozenBalanceForBandwidth -= p.balance;
      unlocked.expireTimeForBandwidth = 0n;
    } else {
      unlocked.frozenBalanceForEnergy -= p.balance;
      unlocked.expireTimeForEnergy = 0n;
    }
    let owner = state.get(Tables.accounts, p.ownerAddress)!;
    owner = withFrozenV2Added(withDelegatedV2Added(owner, type, -p.balance), type, p.balance);
    if (receiver && transferUsage > 0n)
      owner = unDelegateIncrease(props, owner, receiver, transferUsage, type, slot);
    putOrDeleteDelegatedResource(state, unlockKey, unlocked);
    const lockKey = delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, true);
    if (!state.get(Tables.delegatedResources, unlockKey) && !state.get(Tables.delegatedResources, lockKey)) {
      indexUnDelegateV2(state, p.ownerAddress, p.receiverAddress);
    }
    state.put(Tables.accounts, p.ownerAddress, owner);
    return { fee: 0n };
  },
};
