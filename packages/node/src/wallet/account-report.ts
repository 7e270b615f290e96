import { create } from "@bufbuild/protobuf";
import {
  type Account,
  Account_FreezeV2Schema,
  BLOCK_PRODUCED_INTERVAL,
  type ChainProperties,
  increaseUsage,
  ResourceCode,
} from "@tronode/engine";

/**
 * The account as java-tron's Wallet.getAccount returns it: usage decayed to the head slot, the
 * slot-valued consume times turned into milliseconds (genesis + 3000 × slot), and frozenV2 rebuilt as
 * exactly BANDWIDTH, ENERGY, TRON_POWER.
 */
export function accountAsReported(props: ChainProperties, stored: Account): Account {
  // Shallow copy: only top-level fields and whole nested values are replaced below.
  const account: Account = { ...stored };
  const now = props.headSlot;
  account.netUsage = increaseUsage(stored.netUsage, 0n, stored.latestConsumeTime, now);
  account.freeNetUsage = increaseUsage(stored.freeNetUsage, 0n, stored.latestConsumeFreeTime, now);
  const resource = stored.accountResource;
  if (resource) {
    account.accountResource = {
      ...resource,
      energyUsage: increaseUsage(resource.energyUsage, 0n, resource.latestConsumeTimeForEnergy, now),
      latestConsumeTimeForEnergy: toMillis(props, resource.latestConsumeTimeForEnergy),
    };
  }
  account.latestConsumeTime = toMillis(props, stored.latestConsumeTime);
  account.latestConsumeFreeTime = toMillis(props, stored.latestConsumeFreeTime);
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
