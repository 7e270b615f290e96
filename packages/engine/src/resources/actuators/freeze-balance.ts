import { create } from "@bufbuild/protobuf";
import {
  acquiredV1,
  FROZEN_PERIOD_MS,
  frozenV1Bandwidth,
  frozenV1Energy,
  frozenV1TronPower,
  initOldTronPowerIfNeeded,
  TRX_PRECISION,
  withAcquiredV1,
  withDelegatedV1Added,
  withFrozenV1Bandwidth,
  withFrozenV1Energy,
  withFrozenV1TronPower,
} from "../../accounts/account-resources.js";
import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ResourceCode } from "../../protocol/generated/protocol/common_pb.js";
import { FreezeBalanceContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import {
  AccountType,
  DelegatedResourceAccountIndexSchema,
} from "../../protocol/generated/protocol/core_pb.js";
import type { MutableChainProperties } from "../../state/chain-properties.js";
import { CoreTables } from "../../state/core-tables.js";
import type { StateOverlay } from "../../state/state-overlay.js";
import {
  convertOldIndexRow,
  delegatedResourceKeyV1,
  emptyDelegatedResource,
  indexDelegateV1,
  oldIndexRow,
  putOldIndexRow,
} from "../delegation.js";
import { supportsUnfreezeDelay } from "../resource-window.js";
import { ResourceTables } from "../tables.js";
import { addTotalWeight } from "../total-weights.js";
import { checkFreezeResource, NOT_EXISTS, requireOwner } from "./staking-checks.js";

function appendOnce(list: readonly Uint8Array[], address: Uint8Array): Uint8Array[] {
  return list.some((a) => bytesEqual(a, address)) ? [...list] : [...list, address];
}

/**
 * Stake 1.0 delegation: the `from ‖ to` record grows (its expiry moves to the new one), the index
 * records the pair in the layout ALLOW_DELEGATE_OPTIMIZATION selects, and the receiver's acquired
 * amount grows. Returns the whole-TRX growth of the receiver's acquired amount (the weight increment).
 */
function delegateV1(
  state: StateOverlay,
  props: MutableChainProperties,
  from: Uint8Array,
  to: Uint8Array,
  type: ResourceCode.BANDWIDTH | ResourceCode.ENERGY,
  balance: bigint,
  expireTime: bigint,
): bigint {
  const key = delegatedResourceKeyV1(from, to);
  const record = {
    ...(state.get(ResourceTables.delegatedResources, key) ?? emptyDelegatedResource(from, to)),
  };
  if (type === ResourceCode.BANDWIDTH) {
    record.frozenBalanceForBandwidth += balance;
    record.expireTimeForBandwidth = expireTime;
  } else {
    record.frozenBalanceForEnergy += balance;
    record.expireTimeForEnergy = expireTime;
  }
  state.put(ResourceTables.delegatedResources, key, record);
  if (!props.isOn("ALLOW_DELEGATE_OPTIMIZATION")) {
    const ownerRow =
      oldIndexRow(state, from) ?? create(DelegatedResourceAccountIndexSchema, { account: from });
    putOldIndexRow(state, { ...ownerRow, toAccounts: appendOnce(ownerRow.toAccounts, to) });
    const receiverRow =
      oldIndexRow(state, to) ?? create(DelegatedResourceAccountIndexSchema, { account: to });
    putOldIndexRow(state, { ...receiverRow, fromAccounts: appendOnce(receiverRow.fromAccounts, from) });
  } else {
    convertOldIndexRow(state, from);
    convertOldIndexRow(state, to);
    indexDelegateV1(state, from, to);
  }
  const receiver = state.get(CoreTables.accounts, to)!;
  const before = acquiredV1(receiver, type);
  state.put(CoreTables.accounts, to, withAcquiredV1(receiver, type, before + balance));
  return (before + balance) / TRX_PRECISION - before / TRX_PRECISION;
}

/**
 * FreezeBalanceContract (type 11, Stake 1.0): freezes TRX for `frozen_duration` days, for the owner
 * or (ALLOW_DELEGATE_RESOURCE) for a receiver. Closed once Stake 2.0 is on (UNFREEZE_DELAY_DAYS > 0).
 */
export const freezeBalanceActuator: Actuator<typeof FreezeBalanceContractSchema> = {
  type: ContractType.FreezeBalanceContract,
  schema: FreezeBalanceContractSchema,
  typeErrorMessage: typeErrorA("FreezeBalanceContract"),

  validate({ state, props }, p) {
    const owner = requireOwner(state, p.ownerAddress, NOT_EXISTS);
    if (p.frozenBalance <= 0n) throw validateError("frozenBalance must be positive");
    if (p.frozenBalance < TRX_PRECISION)
      throw validateError("frozenBalance must be greater than or equal to 1 TRX");
    if (owner.frozen.length > 1) throw validateError("frozenCount must be 0 or 1");
    if (p.frozenBalance > owner.balance) {
      throw validateError("frozenBalance must be less than or equal to accountBalance");
    }
    const min = props.get("MIN_FROZEN_TIME");
    const max = props.get("MAX_FROZEN_TIME");
    if (p.frozenDuration < min || p.frozenDuration > max) {
      throw validateError(`frozenDuration must be less than ${max} days and more than ${min} days`);
    }
    if (p.resource === ResourceCode.TRON_POWER && props.isOn("ALLOW_NEW_RESOURCE_MODEL")) {
      if (p.receiverAddress.length > 0)
        throw validateError("TRON_POWER is not allowed to delegate to other accounts.");
    } else {
      checkFreezeResource(props, p.resource);
    }
    if (p.receiverAddress.length > 0 && props.isOn("ALLOW_DELEGATE_RESOURCE")) {
      if (bytesEqual(p.receiverAddress, p.ownerAddress)) {
        throw validateError("receiverAddress must not be the same as ownerAddress");
      }
      if (!isValidAddress(p.receiverAddress)) throw validateError("Invalid receiverAddress");
      const receiver = state.get(CoreTables.accounts, p.receiverAddress);
      if (!receiver) throw validateError(`Account[${bytesToHex(p.receiverAddress)}${NOT_EXISTS}`);
      if (props.isOn("ALLOW_TVM_CONSTANTINOPLE") && receiver.type === AccountType.Contract) {
        throw validateError("Do not allow delegate resources to contract addresses");
      }
    }
    if (supportsUnfreezeDelay(props)) throw validateError("freeze v2 is open, old freeze is closed");
  },

  execute({ state, props }, p) {
    let account = initOldTronPowerIfNeeded(
      state.get(CoreTables.accounts, p.ownerAddress)!,
      props.isOn("ALLOW_NEW_RESOURCE_MODEL"),
    );
    const expireTime = props.headTimestamp + p.frozenDuration * FROZEN_PERIOD_MS;
    const delegating = p.receiverAddress.length > 0 && props.isOn("ALLOW_DELEGATE_RESOURCE");
    let increment: bigint;
    if (p.resource === ResourceCode.TRON_POWER) {
      const before = frozenV1TronPower(account);
      account = withFrozenV1TronPower(account, before + p.frozenBalance, expireTime);
      increment = (before + p.frozenBalance) / TRX_PRECISION - before / TRX_PRECISION;
    } else if (delegating) {
      const type = p.resource as ResourceCode.BANDWIDTH | ResourceCode.ENERGY;
      // The receiver is written first; the owner is re-read after it (java-tron holds its own copy).
      state.put(CoreTables.accounts, p.ownerAddress, account);
      increment = delegateV1(
        state,
        props,
        p.ownerAddress,
        p.receiverAddress,
        type,
        p.frozenBalance,
        expireTime,
      );
      account = withDelegatedV1Added(state.get(CoreTables.accounts, p.ownerAddress)!, type, p.frozenBalance);
    } else if (p.resource === ResourceCode.BANDWIDTH) {
      const before = frozenV1Bandwidth(account);
      account = withFrozenV1Bandwidth(account, before + p.frozenBalance, expireTime);
      increment = frozenV1Bandwidth(account) / TRX_PRECISION - before / TRX_PRECISION;
    } else {
      const before = frozenV1Energy(account);
      account = withFrozenV1Energy(account, before + p.frozenBalance, expireTime);
      increment = (before + p.frozenBalance) / TRX_PRECISION - before / TRX_PRECISION;
    }
    addTotalWeight(
      props,
      p.resource,
      props.isOn("ALLOW_NEW_REWARD") ? increment : p.frozenBalance / TRX_PRECISION,
    );
    state.put(
      CoreTables.accounts,
      p.ownerAddress,
      withAccountFields(account, { balance: account.balance - p.frozenBalance }),
    );
    return { fee: 0n };
  },
};
