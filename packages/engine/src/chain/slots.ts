import type { ChainProperties } from "../state/chain-properties.js";
import { BLOCK_PRODUCED_INTERVAL, MAINTENANCE_SKIP_SLOTS } from "./constants.js";
import { unpackAddresses } from "./witness-schedule.js";

/** Absolute slot of a time: (t − genesis) / 3000. */
export function absoluteSlot(props: ChainProperties, time: bigint): bigint {
  return (time - props.genesisTimestamp) / BLOCK_PRODUCED_INTERVAL;
}

/**
 * DposSlot.getTime: the time of the k-th slot after the head (k ≥ 1), skipping two slots after a
 * maintenance block.
 */
export function slotTime(props: ChainProperties, k: bigint): bigint {
  const genesis = props.genesisTimestamp;
  if (props.headNumber === 0n) return genesis + k * BLOCK_PRODUCED_INTERVAL;
  const head = props.headTimestamp;
  const aligned = head - ((head - genesis) % BLOCK_PRODUCED_INTERVAL);
  const skip = props.get("STATE_FLAG") === 1n ? MAINTENANCE_SKIP_SLOTS : 0n;
  return aligned + (k + skip) * BLOCK_PRODUCED_INTERVAL;
}

/** DposSlot.getSlot: 0 when `time` is before the next slot, else the slot index from the head. */
export function slotAt(props: ChainProperties, time: bigint): bigint {
  const first = slotTime(props, 1n);
  if (time < first) return 0n;
  return (time - first) / BLOCK_PRODUCED_INTERVAL + 1n;
}

/**
 * DposSlot.getScheduledWitness: the active witness scheduled `slot` slots after the head
 * (`active[(abSlot(head) + slot) mod n]`).
 */
export function scheduledWitness(props: ChainProperties, slot: bigint): Uint8Array | undefined {
  const active = unpackAddresses(props.getBytes("ACTIVE_WITNESSES"));
  if (active.length === 0) return undefined;
  const current = absoluteSlot(props, props.headTimestamp) + slot;
  return active[Number(current % BigInt(active.length))];
}

/** The slot a new block at `time` takes relative to the head (block 1 is always slot 1). */
export function blockSlot(props: ChainProperties, number: bigint, time: bigint): bigint {
  return number === 1n ? 1n : slotAt(props, time);
}
