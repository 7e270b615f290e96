import { allFrozenForBandwidth } from "../accounts/account-resources.js";
import { findToken, mapGet, mapPut, tokensById } from "../assets/asset-balances.js";
import { assetNetFigures } from "../assets/asset-net.js";
import { AssetTables } from "../assets/tables.js";
import { cloneAccount, withAccountFields } from "../chain/accounts.js";
import { javaLongOfDouble } from "../chain/arithmetic.js";
import { burnFee } from "../chain/fees.js";
import { increaseUsage, PRECISION } from "../chain/usage-window.js";
import { addressToBase58 } from "../crypto/address.js";
import { utf8Decode } from "../crypto/bytes.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import { ContractType } from "../protocol/contract-types.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { consumeUsage, currentUsage } from "./resource-window.js";

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

/**
 * Figures of /wallet/getaccountnet and the bandwidth half of getaccountresource, at the head slot;
 * with the state, also the per-token free bandwidth used and its limits.
 */
export function accountNetReport(props: ChainProperties, account: Account, view?: StateView) {
  const now = props.headSlot;
  return {
    ...(view ? assetNetFigures(view, props, account) : {}),
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
  /** TransferAssetContract's asset_name: the token whose issuer may pay the bandwidth (§6.4). */
  readonly assetName?: Uint8Array;
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
  const account = state.get(CoreTables.accounts, owner);
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

  if (
    input.contractType === ContractType.TransferAssetContract &&
    input.assetName !== undefined &&
    useAssetAccountNet(state, props, account, input.assetName, bytes, now)
  ) {
    return { netUsage: bytes, netFee: 0n };
  }
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
  state.put(CoreTables.accounts, account.address, next);
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
  state.put(CoreTables.accounts, account.address, next);
  return true;
}

/** protobuf-java's ByteString.toString(), as java-tron's message prints the token name (without the identity hash). */
function byteStringText(bytes: Uint8Array): string {
  return `<ByteString size=${bytes.length} contents="${utf8Decode(bytes)}">`;
}

/**
 * useAssetAccountNet: a TransferAsset spends the token's free bandwidth — within the token's public
 * limit, the sender's per-token limit, and the issuer's staked bandwidth, which pays — when all
 * three have room; otherwise the sender's own bandwidth is used as for any contract.
 */
function useAssetAccountNet(
  state: StateOverlay,
  props: MutableChainProperties,
  account: Account,
  assetName: Uint8Array,
  bytes: bigint,
  now: bigint,
): boolean {
  const token = findToken(state, props, assetName);
  if (!token) {
    throw new TronodeError("CONTRACT_VALIDATE_ERROR", `asset [${byteStringText(assetName)}] does not exist`, {
      javaClass: JavaExceptions.contractValidate,
    });
  }
  // java-tron's "the sender is the issuer" shortcut compares object references and never applies.
  const name = utf8Decode(assetName);
  const id = token.id;
  const publicUsage = increaseUsage(token.publicFreeAssetNetUsage, 0n, token.publicLatestFreeNetTime, now);
  if (bytes > token.publicFreeAssetNetLimit - publicUsage) return false;

  const byId = tokensById(props);
  const freeUsage = byId ? mapGet(account.freeAssetNetUsageV2, id) : mapGet(account.freeAssetNetUsage, name);
  const lastTime = byId
    ? mapGet(account.latestAssetOperationTimeV2, id)
    : mapGet(account.latestAssetOperationTime, name);
  const senderUsage = increaseUsage(freeUsage ?? 0n, 0n, lastTime ?? 0n, now);
  if (bytes > token.freeAssetNetLimit - senderUsage) return false;

  const issuer = state.get(CoreTables.accounts, token.ownerAddress);
  if (!issuer) return false;
  const issuerUsage = currentUsage(props, issuer, ResourceCode.BANDWIDTH, now);
  if (bytes > accountNetLimit(props, issuer) - issuerUsage) return false;

  const nextPublicUsage = increaseUsage(publicUsage, bytes, now, now);
  const nextSenderUsage = increaseUsage(senderUsage, bytes, now, now);
  const tokenUsage = { publicFreeAssetNetUsage: nextPublicUsage, publicLatestFreeNetTime: now };
  let sender: Account = withAccountFields(account, { latestOprationTime: props.headTimestamp });
  if (!byId) {
    sender = withAccountFields(sender, {
      latestAssetOperationTime: mapPut(sender.latestAssetOperationTime, name, now),
      freeAssetNetUsage: mapPut(sender.freeAssetNetUsage, name, nextSenderUsage),
    });
    state.put(AssetTables.assetIssues, assetName, { ...token, ...tokenUsage });
  }
  sender = withAccountFields(sender, {
    latestAssetOperationTimeV2: mapPut(sender.latestAssetOperationTimeV2, id, now),
    freeAssetNetUsageV2: mapPut(sender.freeAssetNetUsageV2, id, nextSenderUsage),
  });
  const v2 = state.get(AssetTables.assetIssuesV2, id);
  if (v2) state.put(AssetTables.assetIssuesV2, id, { ...v2, ...tokenUsage });
  // Both are written, the issuer last: when the sender is the issuer, the issuer's copy wins, as in java-tron.
  state.put(CoreTables.accounts, account.address, sender);
  state.put(
    CoreTables.accounts,
    issuer.address,
    consumeUsage(props, issuer, ResourceCode.BANDWIDTH, bytes, now),
  );
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
  state.put(CoreTables.accounts, account.address, next);
  props.set("PUBLIC_NET_USAGE", increaseUsage(newPublicUsage, bytes, now, now));
  props.set("PUBLIC_NET_TIME", now);
  return true;
}
