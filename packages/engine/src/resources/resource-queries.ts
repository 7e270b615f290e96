/**
 * The staking and resource reads of java-tron's Wallet (getaccountresource, getaccountnet,
 * getdelegatedresource[v2], getdelegatedresourceaccountindex[v2], getcandelegatedmaxsize,
 * getavailableunfreezecount, getcanwithdrawunfreezeamount): the `ResourceQueries` contract the
 * transports call, and the pure computations behind it over a StateView.
 */
import { create } from "@bufbuild/protobuf";
import {
  acquiredV1,
  acquiredV2,
  allTronPower,
  frozenV1Bandwidth,
  frozenV1Energy,
  frozenV2,
  TRX_PRECISION,
  tronPowerUsage,
  UNFREEZE_MAX_TIMES,
  unfreezingV2Count,
} from "../accounts/account-resources.js";
import { javaLongOfDouble } from "../chain/arithmetic.js";
import { encode } from "../protocol/codec.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import { DelegateResourceContractSchema } from "../protocol/generated/protocol/contracts_pb.js";
import type {
  Account,
  DelegatedResource,
  DelegatedResourceAccountIndex,
} from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";
import { accountNetReport } from "./bandwidth.js";
import { delegatedResourceKeyV1, delegatedResourceKeyV2 } from "./delegation.js";
import { accountEnergyLimit, accountEnergyUsed } from "./energy.js";
import { supportsUnfreezeDelay } from "./resource-window.js";
import { ResourceTables } from "./tables.js";

/** Which state a read sees: `head` = unconfirmed (pending applied), `solid` = the solidified block. */
type Scope = "head" | "solid";

/** Figures of /wallet/getaccountnet. */
export interface AccountNetFigures {
  readonly freeNetUsed: bigint;
  readonly freeNetLimit: bigint;
  readonly netUsed: bigint;
  readonly netLimit: bigint;
  readonly totalNetLimit: bigint;
  readonly totalNetWeight: bigint;
  /** Per token (name or id, as ALLOW_SAME_TOKEN_NAME says): free bandwidth used and the token's limit. */
  readonly assetNetUsed?: { readonly [token: string]: bigint };
  readonly assetNetLimit?: { readonly [token: string]: bigint };
}

/** Figures of /wallet/getaccountresource (bandwidth, energy, tron power). */
export interface AccountResourceFigures extends AccountNetFigures {
  readonly totalTronPowerWeight: bigint;
  readonly tronPowerUsed: bigint;
  readonly tronPowerLimit: bigint;
  readonly energyUsed: bigint;
  readonly energyLimit: bigint;
  readonly totalEnergyLimit: bigint;
  readonly totalEnergyWeight: bigint;
}

/** The resource domain's wallet operations. Reads that java-tron also serves on /walletsolidity take a scope. */
export interface ResourceQueries {
  getAccountNet(address: Uint8Array): Promise<AccountNetFigures | undefined>;
  getAccountResource(address: Uint8Array): Promise<AccountResourceFigures | undefined>;
  /** Stake 1.0 record from → to (at most one). */
  getDelegatedResource(from: Uint8Array, to: Uint8Array, scope: Scope): Promise<DelegatedResource[]>;
  /** Stake 2.0 records from → to: the unlocked one, then the locked one, each when non-empty. */
  getDelegatedResourceV2(from: Uint8Array, to: Uint8Array, scope: Scope): Promise<DelegatedResource[]>;
  getDelegatedResourceAccountIndex(address: Uint8Array, scope: Scope): Promise<DelegatedResourceAccountIndex>;
  getDelegatedResourceAccountIndexV2(
    address: Uint8Array,
    scope: Scope,
  ): Promise<DelegatedResourceAccountIndex>;
  /** How much of the owner's v2 stake of `type` (a ResourceCode number) can still be delegated, in sun. */
  getCanDelegatedMaxSize(owner: Uint8Array, type: number, scope: Scope): Promise<bigint>;
  /** 32 minus the pending unfreezes; undefined for an unknown account. */
  getAvailableUnfreezeCount(owner: Uint8Array, scope: Scope): Promise<bigint | undefined>;
  /** Pending unfreezes expired by `timestamp` (ms; 0 = the head block's time); undefined when none can be asked. */
  getCanWithdrawUnfreezeAmount(
    owner: Uint8Array,
    timestamp: bigint,
    scope: Scope,
  ): Promise<bigint | undefined>;
}

/** getAccountResource: bandwidth figures plus energy and tron power at the head slot. */
export function accountResourceReport(
  props: ChainProperties,
  account: Account,
  view?: StateView,
): AccountResourceFigures {
  return {
    ...accountNetReport(props, account, view),
    totalTronPowerWeight: props.get("TOTAL_TRON_POWER_WEIGHT"),
    tronPowerUsed: tronPowerUsage(account),
    tronPowerLimit: allTronPower(account) / TRX_PRECISION,
    energyUsed: accountEnergyUsed(props, account, props.headSlot),
    energyLimit: accountEnergyLimit(props, account),
    totalEnergyLimit: props.get("TOTAL_ENERGY_CURRENT_LIMIT"),
    totalEnergyWeight: props.get("TOTAL_ENERGY_WEIGHT"),
  };
}

/** Wallet.getDelegatedResource: the Stake 1.0 record, if any. */
export function delegatedResourcesV1(view: StateView, from: Uint8Array, to: Uint8Array): DelegatedResource[] {
  const record = view.get(ResourceTables.delegatedResources, delegatedResourceKeyV1(from, to));
  return record ? [record] : [];
}

function isEmptyRecord(r: DelegatedResource): boolean {
  return (
    r.expireTimeForBandwidth === 0n &&
    r.expireTimeForEnergy === 0n &&
    r.frozenBalanceForBandwidth === 0n &&
    r.frozenBalanceForEnergy === 0n
  );
}

/** Wallet.getDelegatedResourceV2: the unlocked record, then the locked one, skipping empty ones. */
export function delegatedResourcesV2(view: StateView, from: Uint8Array, to: Uint8Array): DelegatedResource[] {
  const out: DelegatedResource[] = [];
  for (const locked of [false, true]) {
    const record = view.get(ResourceTables.delegatedResources, delegatedResourceKeyV2(from, to, locked));
    if (record && !isEmptyRecord(record)) out.push(record);
  }
  return out;
}

/** java-tron's DELEGATE_COST_BASE_SIZE: the bytes of a DelegateResource transaction besides its contract. */
const DELEGATE_COST_BASE_SIZE = 275n;
/** DELEGATE_PERIOD / BLOCK_PRODUCED_INTERVAL: the default lock period in blocks (3 days). */
export const DEFAULT_DELEGATE_LOCK_PERIOD = 86_400n;

/** supportMaxDelegateLockPeriod: a maximum above the 3-day default, and Stake 2.0. */
export function supportsMaxDelegateLockPeriod(props: ChainProperties): boolean {
  return props.get("MAX_DELEGATE_LOCK_PERIOD") > DEFAULT_DELEGATE_LOCK_PERIOD && supportsUnfreezeDelay(props);
}

/**
 * TransactionUtil.estimateConsumeBandWidthSize: the bandwidth a DelegateResource transaction of
 * `balance` would cost, estimated from the size of its contract (locked, with the longest period).
 */
export function estimateDelegateBandwidthSize(props: ChainProperties, balance: bigint): bigint {
  const size = encode(
    DelegateResourceContractSchema,
    create(DelegateResourceContractSchema, {
      lock: true,
      balance,
      ...(supportsMaxDelegateLockPeriod(props) ? { lockPeriod: props.get("MAX_DELEGATE_LOCK_PERIOD") } : {}),
    }),
  ).length;
  const base = encode(
    DelegateResourceContractSchema,
    create(DelegateResourceContractSchema, { balance: TRX_PRECISION }),
  ).length;
  const extra = BigInt(size - base);
  return DELEGATE_COST_BASE_SIZE + (extra > 0n ? extra : 0n);
}

/** `(long)(usage * 1e6 * ((double) weight / limit))`: resource usage expressed as staked sun. */
function usageInSun(usage: bigint, weight: bigint, limit: bigint): bigint {
  return javaLongOfDouble(Number(usage * TRX_PRECISION) * (Number(weight) / Number(limit)));
}

/**
 * getV2NetUsage / getV2EnergyUsage: the part of the account's usage (as sun) its Stake 2.0 own
 * stake carries, after what v1 and acquired stakes cover.
 */
export function v2UsageInSun(account: Account, type: ResourceCode, usageSun: bigint): bigint {
  const own1 = type === ResourceCode.BANDWIDTH ? frozenV1Bandwidth(account) : frozenV1Energy(account);
  const v2 = usageSun - own1 - acquiredV1(account, type) - acquiredV2(account, type);
  return v2 > 0n ? v2 : 0n;
}

/**
 * calcCanDelegatedBandWidthMaxSize / calcCanDelegatedEnergyMaxSize, then getCanDelegatedMaxSize's
 * floor: less than 1 TRX reports 0. Bandwidth also reserves what the delegation itself would cost.
 */
export function canDelegatedMaxSize(props: ChainProperties, account: Account, type: number): bigint {
  let max: bigint;
  if (type === ResourceCode.BANDWIDTH) {
    const own = frozenV2(account, ResourceCode.BANDWIDTH);
    const netUsage = accountNetReport(props, account).netUsed + estimateDelegateBandwidthSize(props, own);
    const sun = usageInSun(netUsage, props.get("TOTAL_NET_WEIGHT"), props.get("TOTAL_NET_LIMIT"));
    max = own - v2UsageInSun(account, ResourceCode.BANDWIDTH, sun);
  } else if (type === ResourceCode.ENERGY) {
    const own = frozenV2(account, ResourceCode.ENERGY);
    const energyUsage = accountEnergyUsed(props, account, props.headSlot);
    const sun = usageInSun(
      energyUsage,
      props.get("TOTAL_ENERGY_WEIGHT"),
      props.get("TOTAL_ENERGY_CURRENT_LIMIT"),
    );
    max = own - v2UsageInSun(account, ResourceCode.ENERGY, sun);
  } else {
    return 0n;
  }
  if (max < 0n) max = 0n;
  return max < TRX_PRECISION ? 0n : max;
}

/** getAvailableUnfreezeCount: how many more unfreezes may be pending at the head block's time. */
export function availableUnfreezeCount(props: ChainProperties, account: Account): bigint {
  return BigInt(UNFREEZE_MAX_TIMES - unfreezingV2Count(account, props.headTimestamp));
}

/**
 * getCanWithdrawUnfreezeAmount: the pending unfreezes expired by `timestamp` (0 = the head block's
 * time); undefined (an empty answer) for a negative timestamp.
 */
export function canWithdrawUnfreezeAmount(
  props: ChainProperties,
  account: Account,
  timestamp: bigint,
): bigint | undefined {
  if (timestamp < 0n) return undefined;
  const at = timestamp === 0n ? props.headTimestamp : timestamp;
  let total = 0n;
  for (const u of account.unfrozenV2) if (u.unfreezeExpireTime <= at) total += u.unfreezeAmount;
  return total;
}
