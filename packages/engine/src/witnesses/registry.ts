/**
 * Address lists the witness domain keeps in state because the engine's state has point reads only
 * (java-tron scans its WitnessStore and VotesStore): every witness in creation order, the genesis
 * witnesses (who may never withdraw), and the accounts with votes waiting for the next maintenance.
 */

import { packAddresses, unpackAddresses } from "../chain/witness-schedule.js";
import { bytesEqual } from "../crypto/bytes.js";
import type { BytePropertyName } from "../state/chain-parameters.js";
import type { ChainProperties, MutableChainProperties } from "../state/chain-properties.js";

export const WITNESS_LIST: BytePropertyName = "TRONODE_WITNESS_ADDRESSES";
export const GENESIS_WITNESS_LIST: BytePropertyName = "TRONODE_GENESIS_WITNESSES";
export const PENDING_VOTERS: BytePropertyName = "TRONODE_PENDING_VOTERS";

/** Every witness address (genesis first, then in creation order). */
export function allWitnessAddresses(props: ChainProperties): Uint8Array[] {
  const list = props.getBytes(WITNESS_LIST);
  // Chains created before the list existed: their only witnesses are the active ones.
  return unpackAddresses(list.length > 0 ? list : props.getBytes("ACTIVE_WITNESSES"));
}

export function isGenesisWitness(props: ChainProperties, address: Uint8Array): boolean {
  return unpackAddresses(props.getBytes(GENESIS_WITNESS_LIST)).some((a) => bytesEqual(a, address));
}

function addTo(
  props: MutableChainProperties,
  name: BytePropertyName,
  address: Uint8Array,
  current: Uint8Array[],
): void {
  if (current.some((a) => bytesEqual(a, address))) return;
  props.setBytes(name, packAddresses([...current, address]));
}

export function registerWitness(props: MutableChainProperties, address: Uint8Array): void {
  addTo(props, WITNESS_LIST, address, allWitnessAddresses(props));
}

/** Accounts with a VotesStore row, in the order they first changed their votes. */
export function pendingVoters(props: ChainProperties): Uint8Array[] {
  return unpackAddresses(props.getBytes(PENDING_VOTERS));
}

export function addPendingVoter(props: MutableChainProperties, address: Uint8Array): void {
  addTo(props, PENDING_VOTERS, address, pendingVoters(props));
}

export function clearPendingVoters(props: MutableChainProperties): void {
  props.setBytes(PENDING_VOTERS, new Uint8Array());
}
