import {
  accountResourceOf,
  acquiredV1,
  frozenV1Bandwidth,
  frozenV1Energy,
  frozenV1TronPower,
  initOldTronPowerIfNeeded,
  TRX_PRECISION,
  withAccountResource,
  withAcquiredV1,
  withDelegatedV1Added,
} from "../../accounts/account-resources.js";
import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { UnfreezeBalanceContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { type Account, AccountType } from "../../protocol/generated/protocol/core_pb.js";
import type { MutableChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import type { StateOverlay } from "../../state/state-overlay.js";
import { withdrawReward } from "../../witnesses/rewards.js";
import { clearVotes } from "../../witnesses/votes.js";
import {
  convertOldIndexRow,
  delegatedResourceKeyV1,
  indexUnDelegateV1,
  oldIndexRow,
  putOldIndexRow,
} from "../delegation.js";
import { ResourceTables } from "../tables.js";
import { addTotalWeight } from "../total-weights.js";
import { DOES_NOT_EXIST, requireOwner } from "./staking-checks.js";

const INVALID_RESOURCE_CODE = "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy]";

/** Removes the pair from the delegation index in the layout in use. */
function unindexV1(
  state: StateOverlay,
  props: MutableChainProperties,
  from: Uint8Array,
  to: Uint8Array,
): void {
  if (!props.isOn("ALLOW_DELEGATE_OPTIMIZATION")) {
    const ownerRow = oldIndexRow(state, from);
    if (ownerRow)
      putOldIndexRow(state, {
        ...ownerRow,
        toAccounts: ownerRow.toAccounts.filter((a) => !bytesEqual(a, to)),
      });
    const receiverRow = oldIndexRow(state, to);
    if (receiverRow) {
      putOldIndexRow(state, {
        ...receiverRow,
        fromAccounts: receiverRow.fromAccounts.filter((a) => !bytesEqual(a, from)),
      });
    }
    return;
  }
  convertOldIndexRow(state, from);
  convertOldIndexRow(state, to);
  indexUnDelegateV1(state, from, to);
}

/**
 * Takes a Stake 1.0 delegation back: the whole record amount of the resource returns to the owner.
 * Returns the amount and the whole-TRX change of the receiver's acquired stake (the weight change).
 */
function undelegateV1(
  state: StateOverlay,
  props: MutableChainProperties,
  owner: Account,
  to: Uint8Array,
  type: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
): { owner: Account; amount: bigint; decrease: bigint } {
  const key = delegatedResourceKeyV1(owner.address, to);
  const record = { ...state.get(ResourceTables.delegatedResources, key)! };
  let amount: bigint;
  if (type === ResourceCode.BANDWIDTH) {
    amount = record.frozenBalanceForBandwidth;
    record.frozenBalanceForBandwidth = 0n;
    record.expireTimeForBandwidth = 0n;
  } else {
    amount = record.frozenBalanceForEnergy;
    record.frozenBalanceForEnergy = 0n;
    record.expireTimeForEnergy = 0n;
  }
  const nextOwner = withDelegatedV1Added(owner, type, -amount);
  let decrease: bigint;
  const receiver = state.get(CoreTables.accounts, to);
  if (!props.isOn("ALLOW_TVM_CONSTANTINOPLE") || (receiver && receiver.type !== AccountType.Contract)) {
    // validate guarantees the receiver exists whenever Constantinople is off
    const acquired = acquiredV1(receiver!, type);
    let oldWeight = acquired / TRX_PRECISION;
    let next: Account;
    if (props.isOn("ALLOW_TVM_SOLIDITY_059") && acquired < amount) {
      oldWeight = amount / TRX_PRECISION;
      next = withAcquiredV1(receiver!, type, 0n);
    } else {
      next = withAcquiredV1(receiver!, type, acquired - amount);
    }
    decrease = acquiredV1(next, type) / TRX_PRECISION - oldWeight;
    state.put(CoreTables.accounts, to, next);
  } else {
    decrease = -amount / TRX_PRECISION;
  }
  if (record.frozenBalanceForBandwidth === 0n && record.frozenBalanceForEnergy === 0n) {
    state.delete(ResourceTables.delegatedResources, key);
    unindexV1(state, props, owner.address, to);
  } else {
    state.put(ResourceTables.delegatedResources, key, record);
  }
  return { owner: nextOwner, amount, decrease };
}

/**
 * UnfreezeBalanceContract (type 12, Stake 1.0): returns expired v1 stakes (or a whole v1
 * delegation) to the balance. It stays open under Stake 2.0 so legacy stakes can still be released.
 * Settles voter rewards first and clears the account's votes (`unfreeze_amount` in the receipt).
 */
export const unfreezeBalanceActuator: Actuator<typeof UnfreezeBalanceContractSchema> = {
  type: ContractType.UnfreezeBalanceContract,
  schema: UnfreezeBalanceContractSchema,
  typeErrorMessage: typeErrorB("UnfreezeBalanceContract"),

  validate({ state, props }, p) {
    const owner = requireOwner(state, p.ownerAddress, DOES_NOT_EXIST);
    const now = props.headTimestamp;
    const constantinople = props.isOn("ALLOW_TVM_CONSTANTINOPLE");
    if (p.receiverAddress.length > 0 && props.isOn("ALLOW_DELEGATE_RESOURCE")) {
      if (bytesEqual(p.receiverAddress, p.ownerAddress)) {
        throw validateError("receiverAddress must not be the same as ownerAddress");
      }
      if (!isValidAddress(p.receiverAddress)) throw validateError("Invalid receiverAddress");
      const receiver = state.get(CoreTables.accounts, p.receiverAddress);
      if (!constantinople && !receiver) {
        throw validateError(`Receiver Account[${bytesToHex(p.receiverAddress)}] does not exist`);
      }
      const record = state.get(
        ResourceTables.delegatedResources,
        delegatedResourceKeyV1(p.ownerAddress, p.receiverAddress),
      );
      if (!record) throw validateError("delegated Resource does not exist");
      // Without Constantinople the receiver must still hold what was delegated; with it, only a
      // plain account before Solidity059.
      const mustCover =
        !constantinople ||
        (!props.isOn("ALLOW_TVM_SOLIDITY_059") &&
          receiver !== undefined &&
          receiver.type !== AccountType.Contract);
      switch (p.resource) {
        case ResourceCode.BANDWIDTH: {
          if (record.frozenBalanceForBandwidth <= 0n)
            throw validateError("no delegatedFrozenBalance(BANDWIDTH)");
          const acquired = receiver ? acquiredV1(receiver, ResourceCode.BANDWIDTH) : 0n;
          if (mustCover && acquired < record.frozenBalanceForBandwidth) {
            throw validateError(
              `AcquiredDelegatedFrozenBalanceForBandwidth[${acquired}] < delegatedBandwidth[${record.frozenBalanceForBandwidth}]`,
            );
          }
          if (record.expireTimeForBandwidth > now) throw validateError("It's not time to unfreeze.");
          break;
        }
        case ResourceCode.ENERGY: {
          if (record.frozenBalanceForEnergy <= 0n) throw validateError("no delegateFrozenBalance(Energy)");
          const acquired = receiver ? acquiredV1(receiver, ResourceCode.ENERGY) : 0n;
          if (mustCover && acquired < record.frozenBalanceForEnergy) {
            throw validateError(
              `AcquiredDelegatedFrozenBalanceForEnergy[${acquired}] < delegatedEnergy[${record.frozenBalanceForEnergy}]`,
            );
          }
          // Before multi-signature java-tron read the bandwidth expiry here.
          const expire = props.isOn("ALLOW_MULTI_SIGN")
            ? record.expireTimeForEnergy
            : record.expireTimeForBandwidth;
          if (expire > now) throw validateError("It's not time to unfreeze.");
          break;
        }
        default:
          throw validateError(INVALID_RESOURCE_CODE);
      }
      return;
    }
    switch (p.resource) {
      case ResourceCode.BANDWIDTH:
        if (owner.frozen.length === 0) throw validateError("no frozenBalance(BANDWIDTH)");
        if (!owner.frozen.some((f) => f.expireTime <= now)) {
          throw validateError("It's not time to unfreeze(BANDWIDTH).");
        }
        break;
      case ResourceCode.ENERGY: {
        const frozen = accountResourceOf(owner).frozenBalanceForEnergy;
        if ((frozen?.frozenBalance ?? 0n) <= 0n) throw validateError("no frozenBalance(Energy)");
        if ((frozen?.expireTime ?? 0n) > now) throw validateError("It's not time to unfreeze(Energy).");
        break;
      }
      case ResourceCode.TRON_POWER:
        if (!props.isOn("ALLOW_NEW_RESOURCE_MODEL")) throw validateError(INVALID_RESOURCE_CODE);
        if ((owner.tronPower?.frozenBalance ?? 0n) <= 0n) throw validateError("no frozenBalance(TronPower)");
        if ((owner.tronPower?.expireTime ?? 0n) > now)
          throw validateError("It's not time to unfreeze(TronPower).");
        break;
      default:
        throw validateError(
          props.isOn("ALLOW_NEW_RESOURCE_MODEL")
            ? "ResourceCode error.valid ResourceCode[BANDWIDTH、Energy、TRON_POWER]"
            : INVALID_RESOURCE_CODE,
        );
    }
  },

  execute({ state, props }, p) {
    const newModel = props.isOn("ALLOW_NEW_RESOURCE_MODEL");
    withdrawReward(state, props, p.ownerAddress);
    let account = initOldTronPowerIfNeeded(state.get(CoreTables.accounts, p.ownerAddress)!, newModel);
    const now = props.headTimestamp;
    let amount = 0n;
    let decrease = 0n;
    if (p.receiverAddress.length > 0 && props.isOn("ALLOW_DELEGATE_RESOURCE")) {
      const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
      const done = undelegateV1(state, props, account, p.receiverAddress, type);
      account = done.owner;
      amount = done.amount;
      decrease = done.decrease;
    } else if (p.resource === ResourceCode.BANDWIDTH) {
      const before = frozenV1Bandwidth(account);
      const remaining = account.frozen.filter((f) => {
        if (f.expireTime <= now) {
          amount += f.frozenBalance;
          return false;
        }
        return true;
      });
      account = withAccountFields(account, { frozen: remaining });
      decrease = frozenV1Bandwidth(account) / TRX_PRECISION - before / TRX_PRECISION;
    } else if (p.resource === ResourceCode.ENERGY) {
      amount = frozenV1Energy(account);
      account = withAccountResource(account, { frozenBalanceForEnergy: undefined });
      decrease = -(amount / TRX_PRECISION);
    } else {
      amount = frozenV1TronPower(account);
      account = withAccountFields(account, { tronPower: undefined });
      decrease = -(amount / TRX_PRECISION);
    }
    account = withAccountFields(account, { balance: account.balance + amount });
    addTotalWeight(props, p.resource, props.isOn("ALLOW_NEW_REWARD") ? decrease : -amount / TRX_PRECISION);
    const keepsVotes =
      newModel &&
      account.oldTronPower === -1n &&
      (p.resource === ResourceCode.BANDWIDTH || p.resource === ResourceCode.ENERGY);
    if (!keepsVotes) account = clearVotes(state, account);
    if (newModel && account.oldTronPower !== -1n) account = withAccountFields(account, { oldTronPower: -1n });
    state.put(CoreTables.accounts, p.ownerAddress, account);
    return { fee: 0n, receipt: { unfreezeAmount: amount } };
  },
};
