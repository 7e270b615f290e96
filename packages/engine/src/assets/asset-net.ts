/**
 * The per-token free bandwidth an account has used, as java-tron's BandwidthProcessor.updateUsage
 * decays it for getaccount, getaccountnet and getaccountresource, and the limits those print.
 */

import { increaseUsage } from "../chain/usage-window.js";
import { utf8Encode } from "../crypto/bytes.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";
import { mapGet, tokensById } from "./asset-balances.js";
import { AssetTables } from "./tables.js";

type LongMap = { [key: string]: bigint };

/** Sets an own property, even for keys such as "__proto__" (token names are free text). */
function setOwn(map: LongMap, key: string, value: bigint): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * updateUsage's token part: by name, a decayed usage for every token the account holds; by id
 * (always), for every token held or used before.
 */
export function decayedAssetNetUsage(
  props: ChainProperties,
  account: Account,
): Pick<Account, "freeAssetNetUsage" | "freeAssetNetUsageV2"> {
  const now = props.headSlot;
  const decay = (usage: LongMap, times: LongMap, keys: Iterable<string>): LongMap => {
    const out: LongMap = { ...usage };
    for (const key of keys) {
      setOwn(out, key, increaseUsage(mapGet(usage, key) ?? 0n, 0n, mapGet(times, key) ?? 0n, now));
    }
    return out;
  };
  const freeAssetNetUsage = tokensById(props)
    ? account.freeAssetNetUsage
    : decay(account.freeAssetNetUsage, account.latestAssetOperationTime, Object.keys(account.asset));
  const v2Keys = new Set([...Object.keys(account.assetV2), ...Object.keys(account.freeAssetNetUsageV2)]);
  return {
    freeAssetNetUsage,
    freeAssetNetUsageV2: decay(account.freeAssetNetUsageV2, account.latestAssetOperationTimeV2, v2Keys),
  };
}

/** Wallet.setAssetNetLimit: the decayed per-token usage and each token's free_asset_net_limit. */
export function assetNetFigures(
  view: StateView,
  props: ChainProperties,
  account: Account,
): { assetNetUsed: LongMap; assetNetLimit: LongMap } {
  const decayed = decayedAssetNetUsage(props, account);
  const byId = tokensById(props);
  const assetNetUsed = byId ? decayed.freeAssetNetUsageV2 : decayed.freeAssetNetUsage;
  const assetNetLimit: LongMap = {};
  for (const key of Object.keys(assetNetUsed)) {
    const token = byId
      ? view.get(AssetTables.assetIssuesV2, key)
      : view.get(AssetTables.assetIssues, utf8Encode(key));
    if (token) setOwn(assetNetLimit, key, token.freeAssetNetLimit);
  }
  return { assetNetUsed, assetNetLimit };
}
