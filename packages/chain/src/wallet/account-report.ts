import { create } from "@bufbuild/protobuf";
import {
  type Account,
  Account_FreezeV2Schema,
  accountResourceOf,
  BLOCK_PRODUCED_INTERVAL,
  type ChainProperties,
  decayedAssetNetUsage,
  increaseUsage,
  ResourceCode,
  refreshUsage,
} from "@tronode/engine/internal";

/**
 * The account as java-tron's Wallet.getAccount returns it: usage decayed to the head slot, the
 * slot-valued consume times turned into milliseconds (genesis + 3000 × slot), and frozenV2 rebuilt as
 * exactly BANDWIDTH, ENERGY, TRON_POWER (sortFrozenV2List — which getAccountById does not call).
 */
export function accountAsReported(
  props: ChainProperties,
  stored: Account,
  options: { sortFrozenV2: boolean } = { sortFrozenV2: true },
): Account {
  // Shallow copy: only top-level fields and whole nested values are replaced below.
  const now = props.headSlot;
  // updateUsage: usage decayed over the account's window, which (Stake 2.0) is re-weighted too.
  const refreshed = refreshUsage(
    props,
    refreshUsage(props, stored, ResourceCode.BANDWIDTH, now),
    ResourceCode.ENERGY,
    now,
  );
  const account: Account = { ...refreshed };
  account.freeNetUsage = increaseUsage(stored.freeNetUsage, 0n, stored.latestConsumeFreeTime, now);
  Object.assign(account, decayedAssetNetUsage(props, stored));
  // java-tron sets the energy consume time unconditionally, so account_resource always prints.
  const resource = accountResourceOf(refreshed);
  account.accountResource = {
    ...resource,
    latestConsumeTimeForEnergy: toMillis(props, resource.latestConsumeTimeForEnergy),
  };
  account.latestConsumeTime = toMillis(props, stored.latestConsumeTime);
  account.latestConsumeFreeTime = toMillis(props, stored.latestConsumeFreeTime);
  if (!options.sortFrozenV2) return account;
  const amounts = new Map<ResourceCode, bigint>();
  for (const f of stored.frozenV2) amounts.set(f.type, (amounts.get(f.type) ?? 0n) + f.amount);
  account.frozenV2 = [ResourceCode.BANDWIDTH, ResourceCode.ENERGY, ResourceCode.TRON_POWER].map((type) =>
    create(Account_FreezeV2Schema, { type, amount: amounts.get(type) ?? 0n }),
  );
  return account;
}

function toMillis(props: ChainProperties, slot: bigint): bigint {
  return props.genesisTimestamp + BLOCK_PRODUCED_INTERVAL * slot;
}
