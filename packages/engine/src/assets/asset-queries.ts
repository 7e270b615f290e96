/**
 * The TRC-10 reads of java-tron's Wallet (getassetissuebyaccount, getassetissuebyname,
 * getassetissuelistbyname, getassetissuebyid, getassetissuelist, getpaginatedassetissuelist): the
 * `AssetQueries` contract the transports call, and the pure computations behind it over a StateView.
 * Every token is returned with its public free bandwidth usage decayed to the head slot, as
 * java-tron's BandwidthProcessor.updateUsage(AssetIssueCapsule) does before printing.
 */

import { increaseUsage } from "../chain/usage-window.js";
import { bytesEqual, utf8Decode, utf8Encode } from "../crypto/bytes.js";
import { JavaExceptions, TronodeError } from "../errors.js";
import type { AssetIssueContract } from "../protocol/generated/protocol/contracts_pb.js";
import type { Account } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import type { StateView } from "../state/state-view.js";
import { tokensById } from "./asset-balances.js";
import { AssetTables } from "./tables.js";

type Scope = "head" | "solid";

/** The first token id TOKEN_ID_NUM hands out. */
const FIRST_TOKEN_ID = 1_000_001n;
/** Commons.ASSET_ISSUE_COUNT_LIMIT_MAX: the largest page of getpaginatedassetissuelist. */
export const ASSET_ISSUE_PAGE_LIMIT_MAX = 1000n;

/** The token domain's wallet reads; undefined = java-tron's null (printed `{}`). */
export interface AssetQueries {
  /** Tokens issued by the account (one at most; several only on a chain with genesis tokens). */
  getAssetIssueByAccount(address: Uint8Array, scope: Scope): Promise<AssetIssueContract[]>;
  /** By name; once names may repeat, a name used twice is refused (NonUniqueObjectException). */
  getAssetIssueByName(name: Uint8Array, scope: Scope): Promise<AssetIssueContract | undefined>;
  getAssetIssueListByName(name: Uint8Array, scope: Scope): Promise<AssetIssueContract[]>;
  getAssetIssueById(id: string, scope: Scope): Promise<AssetIssueContract | undefined>;
  getAssetIssueList(scope: Scope): Promise<AssetIssueContract[]>;
  /** Sorted by name, `limit` (at most 1 000) from `offset`; undefined when out of range. */
  getPaginatedAssetIssueList(
    offset: bigint,
    limit: bigint,
    scope: Scope,
  ): Promise<AssetIssueContract[] | undefined>;
}

/** updateUsage(AssetIssueCapsule): the public free bandwidth usage decayed to the head slot. */
export function tokenAsReported(props: ChainProperties, token: AssetIssueContract): AssetIssueContract {
  return {
    ...token,
    publicFreeAssetNetUsage: increaseUsage(
      token.publicFreeAssetNetUsage,
      0n,
      token.publicLatestFreeNetTime,
      props.headSlot,
    ),
  };
}

/** Every token of the V2 store, in its key order (ids are decimal strings of one length for 9 million tokens). */
function allTokensV2(view: StateView, props: ChainProperties): AssetIssueContract[] {
  const out: { key: string; token: AssetIssueContract }[] = [];
  const last = props.get("TOKEN_ID_NUM");
  for (let id = FIRST_TOKEN_ID; id <= last; id++) {
    const key = id.toString();
    const token = view.get(AssetTables.assetIssuesV2, key);
    if (token) out.push({ key, token });
  }
  return out.sort((a, b) => compareBytes(utf8Encode(a.key), utf8Encode(b.key))).map((e) => e.token);
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/**
 * getAssetIssueStoreFinal(...).getAllAssetIssues(): by name (the V1 store, keyed and so ordered by
 * name bytes) while ALLOW_SAME_TOKEN_NAME = 0, the V2 store afterwards.
 */
export function allTokens(view: StateView, props: ChainProperties): AssetIssueContract[] {
  const v2 = allTokensV2(view, props);
  if (tokensById(props)) return v2;
  const v1: AssetIssueContract[] = [];
  for (const token of v2) {
    const byName = view.get(AssetTables.assetIssues, token.name);
    if (byName && byName.id === token.id) v1.push(byName);
  }
  return v1.sort((a, b) => compareBytes(a.name, b.name));
}

/** Every token named `name` (V1: the one by that key; V2: through the name index). */
export function tokensNamed(view: StateView, props: ChainProperties, name: Uint8Array): AssetIssueContract[] {
  if (!tokensById(props)) {
    const token = view.get(AssetTables.assetIssues, name);
    return token ? [token] : [];
  }
  const ids = view.get(AssetTables.assetNameIndex, name) ?? [];
  return ids
    .map((id) => view.get(AssetTables.assetIssuesV2, id.toString()))
    .filter((t): t is AssetIssueContract => t !== undefined && bytesEqual(t.name, name))
    .sort((a, b) => compareBytes(utf8Encode(a.id), utf8Encode(b.id)));
}

export function tokensIssuedBy(
  view: StateView,
  props: ChainProperties,
  account: Account,
): AssetIssueContract[] {
  const token = tokensById(props)
    ? view.get(AssetTables.assetIssuesV2, utf8Decode(account.assetIssuedID))
    : view.get(AssetTables.assetIssues, account.assetIssuedName);
  return token && bytesEqual(token.ownerAddress, account.address) ? [token] : [];
}

function nonUnique(): TronodeError {
  return new TronodeError(
    "NON_UNIQUE_OBJECT",
    "To get more than one asset, please use getAssetIssueById syntax",
    {
      javaClass: JavaExceptions.nonUniqueObject,
    },
  );
}

/**
 * Wallet.getAssetIssueByName. By id (ALLOW_SAME_TOKEN_NAME = 1) the name is looked up among the
 * names and, as java-tron does, also as an id: two different tokens found that way are refused.
 */
export function tokenByName(
  view: StateView,
  props: ChainProperties,
  name: Uint8Array,
): AssetIssueContract | undefined {
  if (name.length === 0) return undefined;
  if (!tokensById(props)) return view.get(AssetTables.assetIssues, name);
  const named = tokensNamed(view, props, name);
  if (named.length > 1) throw nonUnique();
  const byId = view.get(AssetTables.assetIssuesV2, utf8Decode(name));
  if (byId) {
    if (named.length > 0 && named[0]!.id === byId.id) return byId;
    if (named.length > 0) throw nonUnique();
    return byId;
  }
  return named[0];
}

/** AssetIssueStore.getAssetIssuesPaginated: sorted by name (ties keep store order), then sliced. */
export function paginatedTokens(
  view: StateView,
  props: ChainProperties,
  offset: bigint,
  limit: bigint,
): AssetIssueContract[] | undefined {
  if (limit < 0n || offset < 0n) return undefined;
  const all = allTokens(view, props);
  if (BigInt(all.length) <= offset) return undefined;
  const sorted = all
    .map((token, index) => ({ token, index, name: utf8Decode(token.name) }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.index - b.index))
    .map((e) => e.token);
  const capped = limit > ASSET_ISSUE_PAGE_LIMIT_MAX ? ASSET_ISSUE_PAGE_LIMIT_MAX : limit;
  const end = offset + capped > BigInt(all.length) ? BigInt(all.length) : offset + capped;
  return sorted.slice(Number(offset), Number(end));
}
