/**
 * A forked chain's first state (its "genesis"): the upstream fork block as the head, the upstream
 * chain parameters, totals, price histories and witnesses (with their votes), and the local dev
 * witness(es) and funded accounts — which are the chain's own rows from the start. Everything
 * else is fetched when it is first read (ForkedStore).
 */
import {
  ACCOUNT_INDEX,
  type Block,
  blockId,
  blockReference,
  CHAIN_PARAMETERS,
  type ChangeSet,
  createGenesis,
  ForkTables,
  forkRowKey,
  type GenesisConfig,
  MutableChainProperties,
  type PropertyName,
  packAddresses,
  parseMessage,
  StateOverlay,
  Tables,
  utf8Encode,
  WITNESS_LIST,
  type Witness,
  WitnessSchema,
  WRITTEN_LOCALLY,
} from "@tronode/engine/internal";

/** What the upstream tells a fork at start (java-tron's wallet answers, in hex). */
export interface UpstreamChainFacts {
  /** The fork block (getnowblock, or getblockbynum of a pinned number). */
  readonly block: Block;
  /** getchainparameters' `chainParameter` entries. */
  readonly parameters: readonly { readonly key: string; readonly value?: number | bigint | string }[];
  /** getaccountresource's totals (TotalNetWeight, TotalEnergyWeight, TotalTronPowerWeight, …). */
  readonly totals: Readonly<Record<string, unknown>>;
  readonly nextMaintenanceTime: bigint;
  readonly genesisTimestamp: bigint;
  readonly genesisId: Uint8Array;
  /** getbandwidthprices / getenergyprices / getmemofee `prices` texts. */
  readonly bandwidthPrices?: string;
  readonly energyPrices?: string;
  readonly memoFees?: string;
  /** listwitnesses' witnesses (JSON, hex). */
  readonly witnesses: readonly unknown[];
}

const TOTALS: readonly [string, PropertyName][] = [
  ["TotalNetWeight", "TOTAL_NET_WEIGHT"],
  ["TotalEnergyWeight", "TOTAL_ENERGY_WEIGHT"],
  ["TotalTronPowerWeight", "TOTAL_TRON_POWER_WEIGHT"],
  ["TotalEnergyLimit", "TOTAL_ENERGY_CURRENT_LIMIT"],
];

/**
 * The change set a forked chain starts from. `local` is the dev genesis (dev accounts, local
 * witnesses, configured parameters): its accounts and witnesses are kept, its block is not.
 */
export function forkAnchor(facts: UpstreamChainFacts, local: GenesisConfig): ChangeSet {
  const byKey = new Map(CHAIN_PARAMETERS.map((p) => [p.key, p.name]));
  const parameters: Record<string, bigint> = { ...(local.parameters ?? {}) };
  for (const { key, value } of facts.parameters) {
    const name = byKey.get(key);
    if (name === undefined) continue;
    // java-tron omits a zero value ({"key": "getAllowTvmFreeze"})
    let v = BigInt(value ?? 0);
    if (name === "ADAPTIVE_RESOURCE_LIMIT_TARGET_RATIO") v *= 1440n;
    parameters[name] = v;
  }
  const raw = facts.block.blockHeader!.rawData!;
  // the local genesis under upstream's parameters gives the dev accounts and witnesses as any dev chain has them
  const genesis = createGenesis({
    ...local,
    accounts: local.accounts.filter((a) => a.name === undefined),
    parameters,
  });
  const state = new StateOverlay({ get: () => undefined });
  const props = new MutableChainProperties(state);
  for (const [id, changes] of genesis.changes.tables) {
    if (id === Tables.blocks.id || id === Tables.blockIndex.id || id === Tables.recentBlocks.id) continue;
    if (id === Tables.accountIdIndex.id || id === Tables.accountNameIndex.id) continue;
    for (const { key, value } of changes.entries.values()) {
      if (value !== undefined) state.put(changes.table, key, value);
    }
  }
  for (const [field, name] of TOTALS) {
    const v = facts.totals[field];
    if (typeof v === "number" || typeof v === "bigint") props.set(name, BigInt(v));
  }

  // the upstream witnesses keep their votes and standing; only the local ones produce (localSchedule)
  const localWitnesses = local.witnesses.map((w) => w.address);
  const upstream = facts.witnesses.map((w) => parseMessage(WitnessSchema, w, { visible: false }) as Witness);
  for (const w of upstream) state.put(Tables.witnesses, w.address, w);
  props.setBytes(WITNESS_LIST, packAddresses([...localWitnesses, ...upstream.map((w) => w.address)]));
  props.setBytes("ACTIVE_WITNESSES", packAddresses(localWitnesses));

  // the head: the fork block, as upstream holds it
  const id = blockId(facts.block);
  state.put(Tables.blocks, raw.number, facts.block);
  state.put(Tables.blockIndex, id, raw.number);
  const ref = blockReference(raw.number, id);
  state.put(Tables.recentBlocks, ref.refBlockBytes, ref.refBlockHash);
  props.set("GENESIS_TIMESTAMP", facts.genesisTimestamp);
  props.setBytes("GENESIS_BLOCK_ID", facts.genesisId);
  props.set("LATEST_BLOCK_HEADER_NUMBER", raw.number);
  props.set("LATEST_BLOCK_HEADER_TIMESTAMP", raw.timestamp);
  props.setBytes("LATEST_BLOCK_HEADER_HASH", id);
  props.set("LATEST_SOLIDIFIED_BLOCK_NUM", raw.number);
  props.set("NEXT_MAINTENANCE_TIME", facts.nextMaintenanceTime);
  props.set("STATE_FLAG", 0n);
  // the account index (TronGrid's /v1) covers local blocks only: upstream's history is upstream's
  state.put(Tables.indexMarks, ACCOUNT_INDEX, raw.number);
  if (facts.bandwidthPrices) props.setBytes("BANDWIDTH_PRICE_HISTORY", utf8Encode(facts.bandwidthPrices));
  if (facts.energyPrices) props.setBytes("ENERGY_PRICE_HISTORY", utf8Encode(facts.energyPrices));
  if (facts.memoFees) props.setBytes("MEMO_FEE_HISTORY", utf8Encode(facts.memoFees));

  // marks: the chain's own rows (dev accounts, the local witnesses' accounts) and the fork block
  for (const [tableId, changes] of state.changes().tables) {
    if (tableId !== Tables.accounts.id) continue;
    for (const { key } of changes.entries.values())
      state.put(ForkTables.forkRows, forkRowKey(Tables.accounts, key), WRITTEN_LOCALLY);
  }
  state.put(ForkTables.forkRows, forkRowKey(Tables.blocks, raw.number), raw.number);
  state.put(ForkTables.forkRows, forkRowKey(Tables.blockIndex, id), raw.number);
  state.put(ForkTables.forkRows, forkRowKey(Tables.recentBlocks, ref.refBlockBytes), raw.number);
  return state.changes();
}
