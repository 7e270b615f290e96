/**
 * An account's TRC-10 balances as java-tron's AccountCapsule keeps them: `asset` by token name and
 * `assetV2` by token id. While ALLOW_SAME_TOKEN_NAME = 0 a token is named by its name and both maps
 * are written; afterwards by its id and only `assetV2`. Every domain that moves tokens (transfers,
 * exchanges, market orders, the TVM's CALLTOKEN / TOKENBALANCE) uses these functions.
 *
 * Accounts are immutable here: the functions return a new account and never change their input.
 */
import { withAccountFields } from "../chain/accounts.js";
import { addExact, subtractExact } from "../chain/arithmetic.js";
import { utf8Decode } from "../crypto/bytes.js";
import type { AssetIssueContract } from "../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";
import { AssetTables } from "./tables.js";

/** A protobuf map field (plain object); token names such as "constructor" must not hit the prototype. */
type LongMap = { readonly [key: string]: bigint };

export function mapGet(map: LongMap, key: string): bigint | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

/** A copy of `map` with `key` set (a computed key, so even "__proto__" is an own property). */
export function mapPut(map: LongMap, key: string, value: bigint): { [key: string]: bigint } {
  return { ...map, [key]: value };
}

/** Whether tokens are named by id (ALLOW_SAME_TOKEN_NAME = 1) rather than by name. */
export function tokensById(props: ChainProperties): boolean {
  return props.get("ALLOW_SAME_TOKEN_NAME") !== 0n;
}

/**
 * Commons.getAssetIssueStoreFinal(...).get(key): the token a contract names — by name in the V1
 * store while ALLOW_SAME_TOKEN_NAME = 0, by id in the V2 store afterwards.
 */
export function findToken(
  view: StateView,
  props: ChainProperties,
  key: Uint8Array,
): AssetIssueContract | undefined {
  return tokensById(props)
    ? view.get(AssetTables.assetIssuesV2, utf8Decode(key))
    : view.get(AssetTables.assetIssues, key);
}

/** A token by id (the V2 store), as getassetissuebyid and the TVM read it. */
export function tokenById(view: StateView, id: string): AssetIssueContract | undefined {
  return view.get(AssetTables.assetIssuesV2, id);
}

/**
 * AccountCapsule.getAsset: the balance of the token a contract names (`asset[name]` or
 * `assetV2[id]`); undefined when the account never held it.
 */
export function assetBalance(props: ChainProperties, account: Account, key: Uint8Array): bigint | undefined {
  const name = utf8Decode(key);
  return tokensById(props) ? mapGet(account.assetV2, name) : mapGet(account.asset, name);
}

/** AccountCapsule.getAssetV2: the balance of a token by id, 0 when never held (TOKENBALANCE). */
export function assetBalanceById(account: Account, id: string): bigint {
  return mapGet(account.assetV2, id) ?? 0n;
}

/** AccountCapsule.assetBalanceEnoughV2: 0 < amount ≤ the balance of the named token. */
export function assetBalanceEnough(
  props: ChainProperties,
  account: Account,
  key: Uint8Array,
  amount: bigint,
): boolean {
  const current = assetBalance(props, account, key);
  return amount > 0n && current !== undefined && amount <= current;
}

/** The token id a V1 (by-name) key stands for; java-tron dereferences the V1 store without a check. */
function idOfName(view: StateView, key: Uint8Array): string {
  return view.get(AssetTables.assetIssues, key)?.id ?? "";
}

/**
 * AccountCapsule.addAssetAmountV2. By name it writes `asset[name]` and `assetV2[id]`, both to the
 * name balance plus amount (java-tron's own rule: the V2 entry follows the V1 balance); by id only
 * `assetV2[id]`. Throws java-tron's "long overflow" when the sum leaves the long range.
 */
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
    return withAccountFields(account, {
      asset: mapPut(account.asset, name, sum),
      assetV2: mapPut(account.assetV2, idOfName(view, key), sum),
    });
  }
  return withAccountFields(account, {
    assetV2: mapPut(account.assetV2, name, addExact(mapGet(account.assetV2, name) ?? 0n, amount)),
  });
}

/**
 * AccountCapsule.reduceAssetAmountV2: the account with `amount` of the named token taken away, or
 * undefined (java-tron's `false`) when amount ≤ 0 or the balance is missing or too small.
 */
export function reduceAssetAmount(
  view: StateView,
  props: ChainProperties,
  account: Account,
  key: Uint8Array,
  amount: bigint,
): Account | undefined {
  const name = utf8Decode(key);
  if (!tokensById(props)) {
    const current = mapGet(account.asset, name);
    if (!(amount > 0n && current !== undefined && amount <= current)) return undefined;
    const rest = subtractExact(current, amount);
    return withAccountFields(account, {
      asset: mapPut(account.asset, name, rest),
      assetV2: mapPut(account.assetV2, idOfName(view, key), rest),
    });
  }
  const current = mapGet(account.assetV2, name);
  if (!(amount > 0n && current !== undefined && amount <= current)) return undefined;
  return withAccountFields(account, {
    assetV2: mapPut(account.assetV2, name, subtractExact(current, amount)),
  });
}

/** AccountCapsule.addAssetAmountV2 with a token id, whatever ALLOW_SAME_TOKEN_NAME says (the TVM's path). */
export function addAssetAmountById(account: Account, id: string, amount: bigint): Account {
  return withAccountFields(account, {
    assetV2: mapPut(account.assetV2, id, addExact(mapGet(account.assetV2, id) ?? 0n, amount)),
  });
}
