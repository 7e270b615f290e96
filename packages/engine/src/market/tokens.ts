/**
 * TEMPORARY, until the TRC-10 domain (packages/engine/src/assets/) lands on main: the four
 * AccountCapsule/asset-store helpers the market needs, with the signatures assets/asset-balances.ts
 * exports, so that this file becomes a re-export of that one. The token stores are read under the
 * table ids the TRC-10 domain defines; nothing here writes them.
 */

import { addExact, subtractExact } from "../chain/arithmetic.js";
import { utf8Decode } from "../crypto/bytes.js";
import {
  type AssetIssueContract,
  AssetIssueContractSchema,
} from "../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";
import { bytesKey, defineTable, messageValue, stringKey } from "../state/table.js";

const assetIssues = defineTable("asset-issues", bytesKey, messageValue(AssetIssueContractSchema));
const assetIssuesV2 = defineTable("asset-issues-v2", stringKey, messageValue(AssetIssueContractSchema));

type LongMap = { readonly [key: string]: bigint };
const mapGet = (map: LongMap, key: string) => (Object.hasOwn(map, key) ? map[key] : undefined);
const mapPut = (map: LongMap, key: string, value: bigint) => ({ ...map, [key]: value });
const tokensById = (props: ChainProperties) => props.get("ALLOW_SAME_TOKEN_NAME") !== 0n;

export function findToken(
  view: StateView,
  props: ChainProperties,
  key: Uint8Array,
): AssetIssueContract | undefined {
  return tokensById(props) ? view.get(assetIssuesV2, utf8Decode(key)) : view.get(assetIssues, key);
}

export function assetBalanceEnough(
  props: ChainProperties,
  account: Account,
  key: Uint8Array,
  amount: bigint,
): boolean {
  const name = utf8Decode(key);
  const current = tokensById(props) ? mapGet(account.assetV2, name) : mapGet(account.asset, name);
  return amount > 0n && current !== undefined && amount <= current;
}

export function addAssetAmount(
  view: StateView,
  props: ChainProperties,
  account: Account,
  key: Uint8Array,
  amount: bigint,
): Account {
  const name = utf8Decode(key);
  if (!tokensById(props)) {
    const sum = addExact(mapGet(account.asset, name) ?? 0n, amount);
    const id = view.get(assetIssues, key)?.id ?? "";
    return { ...account, asset: mapPut(account.asset, name, sum), assetV2: mapPut(account.assetV2, id, sum) };
  }
  return {
    ...account,
    assetV2: mapPut(account.assetV2, name, addExact(mapGet(account.assetV2, name) ?? 0n, amount)),
  };
}

export function reduceAssetAmount(
  view: StateView,
  props: ChainProperties,
  account: Account,
  key: Uint8Array,
  amount: bigint,
): Account | undefined {
  if (!assetBalanceEnough(props, account, key, amount)) return undefined;
  const name = utf8Decode(key);
  if (!tokensById(props)) {
    const rest = subtractExact(mapGet(account.asset, name)!, amount);
    const id = view.get(assetIssues, key)?.id ?? "";
    return {
      ...account,
      asset: mapPut(account.asset, name, rest),
      assetV2: mapPut(account.assetV2, id, rest),
    };
  }
  return {
    ...account,
    assetV2: mapPut(account.assetV2, name, subtractExact(mapGet(account.assetV2, name)!, amount)),
  };
}

/** Test support until the TRC-10 domain lands: the token store tables read above. */
export const TokenTablesForMarket = { assetIssues, assetIssuesV2 } as const;
