import { cloneAccount } from "../chain/accounts.js";
import { javaLongOfDouble } from "../chain/arithmetic.js";
import { burnFee } from "../chain/fees.js";
import { addressToBase58 } from "../crypto/address.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { ContractType } from "../protocol/contract-types.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { Tables } from "../state/tables.js";
import { allFrozenForBandwidth } from "./account-resources.js";
import { consumeUsage, currentUsage } from "./resource-window.js";
import { increaseUsage, PRECISION } from "./usage-window.js";

/** Bandwidth charged for one contract: bytes from stake or free net, or the TRX burned. */
export interface NetBill {
  netUsage: bigint;
  netFee: bigint;
}

/** Bandwidth-staked balance in sun: v1 frozen + v2 frozen + acquired delegations (v1 + v2). */
export const frozenBalanceForBandwidth = allFrozenForBandwidth;

/** Staked bandwidth limit (BandwidthProcessor.calculateGlobalNetLimit). */
export function accountNetLimit(props: ChainProperties, account: Account): bigint {
  const frozen = frozenBalanceForBandwidth(account);
  const totalWeight = props.get("TOTAL_NET_WEIGHT");
  const totalLimit = props.get("TOTAL_NET_LIMIT");
  if (totalWeight <= 0n) return 0n;
  if (props.get("UNFREEZE_DELAY_DAYS") > 0n) {
    return javaLongOfDouble(
      (Number(frozen) / Number(PRECISION)) * (Number(totalLimit) / Number(totalWeight)),
    );
  }
  if (frozen < PRECISION) return 0n;
  return javaLongOfDouble(Number(frozen / PRECISION) * (Number(totalLimit) / Number(totalWeight)));
}

/** Figures of /wallet/getaccountnet and the bandwidth half of getaccountresource, at the head slot. */
export function accountNetReport(props: ChainProperties, account: Account) {
  const now = props.headSlot;
  return {
    freeNetUsed: increaseUsage(account.freeNetUsage, 0n, account.latestConsumeFreeTime, now),
    freeNetLimit: props.get("FREE_NET_LIMIT"),
    netUsed: currentUsage(props, account, ResourceCode.BANDWIDTH, now),
    netLimit: accountNetLimit(props, account),
    totalNetLimit: props.get("TOTAL_NET_LIMIT"),
    totalNetWeight: props.get("TOTAL_NET_WEIGHT"),
  };
}

function insufficient(address: Uint8Array, bytes: bigint, fee: bigint): TronodeError {
  return new TronodeError(
    "BANDWITH_ERROR",
    `account [${addressToBase58(address)}] has insufficient bandwidth[${bytes}] and balance[${fee}] to create new account`,
    { javaClass: JavaExceptions.accountResourceInsufficient },
  );
}

export interface BandwidthInput {
  readonly state: StateOverlay;
  readonly props: MutableChainProperties;
  readonly owner: Uint8Array;
  readonly contractType: ContractType;
  /** Bytes charged (java-tron's bytesSize: tx without ret + 64 per contract when the VM is on). */
  readonly bytes: bigint;
  readonly createsAccount: boolean;
}

/**
 * BandwidthProcessor.consume for one contract, in java-tron's order: account-creating contracts
 * use staked net × rate or pay CREATE_ACCOUNT_FEE; others use staked net, then free net (account
 * and public limits), then burn TRANSACTION_FEE per byte.
 */
export function consumeBandwidth(input: BandwidthInput): NetBill {
  const { state, props, owner, bytes } = input;
  // java-tron skips shielded transfers (their fee is SHIELDED_TRANSACTION_FEE, in the actuator).
  if (input.contractType === ContractType.ShieldedTransferContract) return { netUsage: 0n, netFee: 0n };
  const account = state.get(Tables.accounts, owner);
  if (!account) {
    throw new TronodeError("CONTRACT_VALIDATE_ERROR", `account [${addressToBase58(owner)}] does not exist`, {
      javaClass: JavaExceptions.contractValidate,
    });
  }
  const now = props.headSlot;

  if (input.createsAccount) {
    const netCost = bytes * props.get("CREATE_NEW_ACCOUNT_BANDWIDTH_RATE");
    if (useAccountNet(state, props, account, netCost, now)) return { netUsage: netCost, netFee: 0n };
    const fee = props.get("CREATE_ACCOUNT_FEE");
    if (account.balance >= fee) {
      // consumeFeeForNewAccount: burned or sent to the blackhole, never into the fee pool.
      payFee(state, props, account, fee, false);
      return { netUsage: 0n, netFee: fee };
    }
    throw insufficient(owner, bytes, fee);
  }

  // TransferAssetContract's issuer-paid asset bandwidth arrives with TRC-10 tokens.
  if (useAccountNet(state, props, account, bytes, now)) return { netUsage: bytes, netFee: 0n };
  if (useFreeNet(state, props, account, bytes, now)) return { netUsage: bytes, netFee: 0n };

  const fee = props.get("TRANSACTION_FEE") * bytes;
  if (account.balance >= fee) {
    payFee(state, props, account, fee, true);
    return { netUsage: 0n, netFee: fee };
  }
  throw insufficient(owner, bytes, fee);
}

function payFee(
  state: StateOverlay,
  props: MutableChainProperties,
  account: Account,
  fee: bigint,
  feePool: boolean,
): void {
  const next = cloneAccount(account);
  next.balance -= fee;
  next.latestOprationTime = props.headTimestamp;
  state.put(Tables.accounts, account.address, next);
  if (feePool && props.isOn("ALLOW_TRANSACTION_FEE_POOL")) {
    props.add("TRANSACTION_FEE_POOL", fee);
  } else {
    burnFee(state, props, fee);
  }
}

function useAccountNet(
  state: StateOverlay,
  props: MutableChainProperties,
  account: Account,
  bytes: bigint,
  now: bigint,
): boolean {
  const limit = accountNetLimit(props, account);
  // Stake 2.0 decays over the account's own window and re-weights it when consuming.
  const newUsage = currentUsage(props, account, ResourceCode.BANDWIDTH, now);
  if (bytes > limit - newUsage) return false;
  const next = consumeUsage(props, account, ResourceCode.BANDWIDTH, bytes, now);
  next.latestOprationTime = props.headTimestamp;
  state.put(Tables.accounts, account.address, next);
  return true;
}

function useFreeNet(
  state: StateOverlay,
  props: MutableChainProperties,
  account: Account,
  bytes: bigint,
  now: bigint,
): boolean {
  const freeLimit = props.get("FREE_NET_LIMIT");
  const freeUsage = increaseUsage(account.freeNetUsage, 0n, account.latestConsumeFreeTime, now);
  if (bytes > freeLimit - freeUsage) return false;
  const publicLimit = props.get("PUBLIC_NET_LIMIT");
  const publicUsage = props.get("PUBLIC_NET_USAGE");
  const publicTime = props.get("PUBLIC_NET_TIME");
  const newPublicUsage = increaseUsage(publicUsage, 0n, publicTime, now);
  if (bytes > publicLimit - newPublicUsage) return false;

  const next = cloneAccount(account);
  // java-tron decays to `now` first, then adds at (now, now); the two roundings can differ from one step.
  next.freeNetUsage = increaseUsage(freeUsage, bytes, now, now);
  next.latestConsumeFreeTime = now;
  next.latestOprationTime = props.headTimestamp;
  state.put(Tables.accounts, account.address, next);
  props.set("PUBLIC_NET_USAGE", increaseUsage(newPublicUsage, bytes, now, now));
  props.set("PUBLIC_NET_TIME", now);
  return true;
}

/** Contract types whose execution may create the recipient account (bandwidth rule 2). */
export const ACCOUNT_CREATING_TYPES: ReadonlySet<ContractType> = new Set([
  ContractType.AccountCreateContract,
  ContractType.TransferContract,
  ContractType.TransferAssetContract,
]);
