import { create } from "@bufbuild/protobuf";
import {
  type Account,
  type Account_AccountResource,
  AccountSchema,
  type AccountType,
} from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { activeDefaultOperations, defaultActivePermission, defaultOwnerPermission } from "./permissions.js";

/**
 * A new account as java-tron creates it: `create_time` from the latest block header, and owner +
 * active permissions only when ALLOW_MULTI_SIGN is on (otherwise the owner permission is implied).
 */
export function newAccount(options: {
  address: Uint8Array;
  type?: AccountType;
  createTime: bigint;
  props: ChainProperties;
  balance?: bigint;
}): Account {
  const account = create(AccountSchema, {
    address: options.address,
    type: options.type ?? 0,
    createTime: options.createTime,
    balance: options.balance ?? 0n,
  });
  if (options.props.isOn("ALLOW_MULTI_SIGN")) {
    account.ownerPermission = defaultOwnerPermission(options.address);
    account.activePermission = [
      defaultActivePermission(options.address, activeDefaultOperations(options.props)),
    ];
  }
  return account;
}

/**
 * Accounts read from state are shared: copy before changing. The copy is shallow, so change
 * top-level fields only; to change a nested message or list, replace it with a new one instead of
 * mutating it in place. It runs many times per transaction, so every field is copied by one object
 * literal: `{ ...account }` of a 43-field message takes V8's slow generic path (~1 µs; this ~60 ns).
 * A field added to the schema must be added here (the accounts test compares with the schema);
 * optional message fields stay absent when absent.
 */
export function cloneAccount(m: Account): Account {
  const c: Account = {
    $typeName: m.$typeName,
    accountName: m.accountName,
    type: m.type,
    address: m.address,
    balance: m.balance,
    votes: m.votes,
    asset: m.asset,
    frozen: m.frozen,
    netUsage: m.netUsage,
    createTime: m.createTime,
    latestOprationTime: m.latestOprationTime,
    allowance: m.allowance,
    latestWithdrawTime: m.latestWithdrawTime,
    code: m.code,
    isWitness: m.isWitness,
    isCommittee: m.isCommittee,
    frozenSupply: m.frozenSupply,
    assetIssuedName: m.assetIssuedName,
    latestAssetOperationTime: m.latestAssetOperationTime,
    freeNetUsage: m.freeNetUsage,
    freeAssetNetUsage: m.freeAssetNetUsage,
    latestConsumeTime: m.latestConsumeTime,
    latestConsumeFreeTime: m.latestConsumeFreeTime,
    accountId: m.accountId,
    netWindowSize: m.netWindowSize,
    netWindowOptimized: m.netWindowOptimized,
    codeHash: m.codeHash,
    activePermission: m.activePermission,
    frozenV2: m.frozenV2,
    unfrozenV2: m.unfrozenV2,
    delegatedFrozenV2BalanceForBandwidth: m.delegatedFrozenV2BalanceForBandwidth,
    acquiredDelegatedFrozenV2BalanceForBandwidth: m.acquiredDelegatedFrozenV2BalanceForBandwidth,
    acquiredDelegatedFrozenBalanceForBandwidth: m.acquiredDelegatedFrozenBalanceForBandwidth,
    delegatedFrozenBalanceForBandwidth: m.delegatedFrozenBalanceForBandwidth,
    oldTronPower: m.oldTronPower,
    assetV2: m.assetV2,
    assetIssuedID: m.assetIssuedID,
    latestAssetOperationTimeV2: m.latestAssetOperationTimeV2,
    freeAssetNetUsageV2: m.freeAssetNetUsageV2,
    assetOptimized: m.assetOptimized,
  };
  if (m.accountResource !== undefined) c.accountResource = m.accountResource;
  if (m.ownerPermission !== undefined) c.ownerPermission = m.ownerPermission;
  if (m.witnessPermission !== undefined) c.witnessPermission = m.witnessPermission;
  if (m.tronPower !== undefined) c.tronPower = m.tronPower;
  if (m.$unknown !== undefined) c.$unknown = m.$unknown;
  return c;
}

/** A copy of `account` with `patch` written over it (the fast form of `{ ...account, ...patch }`). */
export function withAccountFields(account: Account, patch: Partial<Account>): Account {
  return Object.assign(cloneAccount(account), patch);
}

/** The AccountResource counterpart of `cloneAccount`. */
export function cloneAccountResource(m: Account_AccountResource): Account_AccountResource {
  const c: Account_AccountResource = {
    $typeName: m.$typeName,
    energyUsage: m.energyUsage,
    latestConsumeTimeForEnergy: m.latestConsumeTimeForEnergy,
    acquiredDelegatedFrozenBalanceForEnergy: m.acquiredDelegatedFrozenBalanceForEnergy,
    delegatedFrozenBalanceForEnergy: m.delegatedFrozenBalanceForEnergy,
    storageLimit: m.storageLimit,
    storageUsage: m.storageUsage,
    latestExchangeStorageTime: m.latestExchangeStorageTime,
    energyWindowSize: m.energyWindowSize,
    delegatedFrozenV2BalanceForEnergy: m.delegatedFrozenV2BalanceForEnergy,
    acquiredDelegatedFrozenV2BalanceForEnergy: m.acquiredDelegatedFrozenV2BalanceForEnergy,
    energyWindowOptimized: m.energyWindowOptimized,
  };
  if (m.frozenBalanceForEnergy !== undefined) c.frozenBalanceForEnergy = m.frozenBalanceForEnergy;
  if (m.$unknown !== undefined) c.$unknown = m.$unknown;
  return c;
}
