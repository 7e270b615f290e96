import {
  acquiredV2,
  frozenV2,
  TRX_PRECISION,
  withAcquiredV2,
  withDelegatedV2Added,
  withFrozenV2Added,
} from "../../accounts/account-resources.js";
import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { BLOCK_PRODUCED_INTERVAL } from "../../chain/constants.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { DelegateResourceContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { AccountType } from "../../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import {
  delegatedResourceKeyV2,
  emptyDelegatedResource,
  indexDelegateV2,
  unlockExpiredResource,
} from "../delegation.js";
import {
  DEFAULT_DELEGATE_LOCK_PERIOD,
  estimateDelegateBandwidthSize,
  supportsMaxDelegateLockPeriod,
} from "../resource-queries.js";
import { supportsUnfreezeDelay } from "../resource-window.js";
import { requireDelegatableV2 } from "../stake-rules.js";
import { ResourceTables } from "../tables.js";
import { NOT_EXISTS, requireOwner } from "./staking-checks.js";

/** The lock period in blocks: the contract's (0 = 3 days) when a longer maximum is enabled, else 3 days. */
function lockPeriodOf(props: ChainProperties, lockPeriod: bigint): bigint {
  if (!supportsMaxDelegateLockPeriod(props)) return DEFAULT_DELEGATE_LOCK_PERIOD;
  return lockPeriod === 0n ? DEFAULT_DELEGATE_LOCK_PERIOD : lockPeriod;
}

/**
 * DelegateResourceContract (type 57): lends part of the owner's Stake 2.0 bandwidth or energy to
 * another account, optionally locked (it cannot be taken back before `lock_period` blocks). The
 * owner can lend only the part of its own stake its current usage does not need.
 */
export const delegateResourceActuator: Actuator<typeof DelegateResourceContractSchema> = {
  type: ContractType.DelegateResourceContract,
  schema: DelegateResourceContractSchema,
  typeErrorMessage: typeErrorA("DelegateResourceContract"),

  validate({ state, props, creating }, p) {
    if (!props.isOn("ALLOW_DELEGATE_RESOURCE")) throw validateError("No support for resource delegate");
    if (!supportsUnfreezeDelay(props)) {
      throw validateError("Not support Delegate resource transaction, need to be opened by the committee");
    }
    const owner = requireOwner(state, p.ownerAddress, NOT_EXISTS);
    if (p.balance < TRX_PRECISION)
      throw validateError("delegateBalance must be greater than or equal to 1 TRX");
    const now = props.headSlot;
    switch (p.resource) {
      case ResourceCode.BANDWIDTH:
      case ResourceCode.ENERGY: {
        // a delegation that creates the transaction's own bandwidth record also needs its bytes
        const extra =
          creating && p.resource === ResourceCode.BANDWIDTH
            ? estimateDelegateBandwidthSize(props, frozenV2(owner, ResourceCode.BANDWIDTH))
            : 0n;
        requireDelegatableV2(props, owner, p.resource, p.balance, now, extra);
        break;
      }
      default:
        throw validateError("ResourceCode error, valid ResourceCode[BANDWIDTH、ENERGY]");
    }
    if (!isValidAddress(p.receiverAddress)) throw validateError("Invalid receiverAddress");
    if (bytesEqual(p.receiverAddress, p.ownerAddress)) {
      throw validateError("receiverAddress must not be the same as ownerAddress");
    }
    const receiver = state.get(CoreTables.accounts, p.receiverAddress);
    if (!receiver) throw validateError(`Account[${bytesToHex(p.receiverAddress)}${NOT_EXISTS}`);
    if (p.lock && supportsMaxDelegateLockPeriod(props)) {
      const lockPeriod = lockPeriodOf(props, p.lockPeriod);
      const max = props.get("MAX_DELEGATE_LOCK_PERIOD");
      if (lockPeriod < 0n || lockPeriod > max) {
        throw validateError(
          `The lock period of delegate resource cannot be less than 0 and cannot exceed ${max}!`,
        );
      }
      const locked = state.get(
        ResourceTables.delegatedResources,
        delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, true),
      );
      if (locked) {
        const name = p.resource === ResourceCode.BANDWIDTH ? "BANDWIDTH" : "ENERGY";
        const expire =
          p.resource === ResourceCode.BANDWIDTH ? locked.expireTimeForBandwidth : locked.expireTimeForEnergy;
        const remain = expire - props.headTimestamp;
        if (lockPeriod * BLOCK_PRODUCED_INTERVAL < remain) {
          throw validateError(
            `The lock period for ${name} this time cannot be less than the remaining time[${remain}ms] of the last lock period for ${name}!`,
          );
        }
      }
    }
    if (receiver.type === AccountType.Contract) {
      throw validateError("Do not allow delegate resources to contract addresses");
    }
  },

  execute({ state, props }, p) {
    const now = props.headTimestamp;
    const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
    unlockExpiredResource(state, p.ownerAddress, p.receiverAddress, now);
    const expire = p.lock ? now + lockPeriodOf(props, p.lockPeriod) * BLOCK_PRODUCED_INTERVAL : 0n;
    const key = delegatedResourceKeyV2(p.ownerAddress, p.receiverAddress, p.lock);
    const record = {
      ...(state.get(ResourceTables.delegatedResources, key) ??
        emptyDelegatedResource(p.ownerAddress, p.receiverAddress)),
    };
    if (type === ResourceCode.BANDWIDTH) {
      record.frozenBalanceForBandwidth += p.balance;
      record.expireTimeForBandwidth = expire;
    } else {
      record.frozenBalanceForEnergy += p.balance;
      record.expireTimeForEnergy = expire;
    }
    state.put(ResourceTables.delegatedResources, key, record);
    indexDelegateV2(state, p.ownerAddress, p.receiverAddress);
    const receiver = state.get(CoreTables.accounts, p.receiverAddress)!;
    state.put(
      CoreTables.accounts,
      p.receiverAddress,
      withAcquiredV2(receiver, type, acquiredV2(receiver, type) + p.balance),
    );
    let owner = state.get(CoreTables.accounts, p.ownerAddress)!;
    owner = withFrozenV2Added(withDelegatedV2Added(owner, type, p.balance), type, -p.balance);
    state.put(CoreTables.accounts, p.ownerAddress, owner);
    return { fee: 0n };
  },
};
