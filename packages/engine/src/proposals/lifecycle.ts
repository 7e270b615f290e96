/**
 * The proposal lifecycle at maintenance (java-tron's ProposalController): every proposal whose
 * expiration has come is decided — APPROVED (and applied) when at least 70 % of the active
 * witnesses, in integer arithmetic, approve it; DISAPPROVED otherwise. CANCELED ones are skipped,
 * unexpired ones stay PENDING.
 */

import { unpackAddresses } from "../chain/witness-schedule.js";
import { bytesEqual } from "../crypto/bytes.js";
import { Proposal_State } from "../protocol/generated/protocol/core_pb.js";
import type { BytePropertyName } from "../state/chain-parameters.js";
import type { MutableChainProperties } from "../state/chain-properties.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { applyProposalParameters } from "./proposal-parameters.js";
import { ProposalTables } from "./tables.js";

/** ProposalCapsule.hasMostApprovals: approvals by active witnesses ≥ ⌊active · 7 / 10⌋. */
export function hasMostApprovals(approvals: readonly Uint8Array[], active: readonly Uint8Array[]): boolean {
  const count = approvals.filter((a) => active.some((w) => bytesEqual(w, a))).length;
  return BigInt(count) >= (BigInt(active.length) * 7n) / 10n;
}

/**
 * ProposalController.processProposals, run at a maintenance block before the votes are counted:
 * from the newest proposal down, stopping at the first one already decided (those before it were
 * decided at earlier maintenances), deciding each expired one against the current active witnesses.
 */
export function processProposals(state: StateOverlay, props: MutableChainProperties): void {
  const latest = props.get("LATEST_PROPOSAL_NUM");
  if (latest === 0n) return;
  const now = props.get("NEXT_MAINTENANCE_TIME");
  const active = unpackAddresses(props.getBytes("ACTIVE_WITNESSES"));
  for (let id = latest; id > 0n; id--) {
    const record = state.get(ProposalTables.proposals, id);
    if (!record) continue;
    const { message } = record;
    if (message.state === Proposal_State.APPROVED || message.state === Proposal_State.DISAPPROVED) break;
    if (message.state === Proposal_State.CANCELED) continue;
    if (message.expirationTime > now) continue;
    let decided: Proposal_State;
    if (hasMostApprovals(message.approvals, active)) {
      applyProposalParameters(props, record.parameters, message.expirationTime);
      decided = Proposal_State.APPROVED;
    } else {
      decided = Proposal_State.DISAPPROVED;
    }
    state.put(ProposalTables.proposals, id, { ...record, message: { ...message, state: decided } });
  }
}

/** Genesis witnesses with the votes the genesis config gave them (what REMOVE_THE_POWER_OF_THE_GR takes away). */
export const GENESIS_WITNESS_VOTES: BytePropertyName = "TRONODE_GENESIS_WITNESS_VOTES";

/** 21-byte address ‖ 8-byte big-endian votes per genesis witness. */
export function packWitnessVotes(entries: readonly { address: Uint8Array; voteCount: bigint }[]): Uint8Array {
  const out = new Uint8Array(entries.length * 29);
  const view = new DataView(out.buffer);
  entries.forEach((e, i) => {
    out.set(e.address, i * 29);
    view.setBigInt64(i * 29 + 21, e.voteCount);
  });
  return out;
}

function unpackWitnessVotes(bytes: Uint8Array): { address: Uint8Array; voteCount: bigint }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: { address: Uint8Array; voteCount: bigint }[] = [];
  for (let at = 0; at + 29 <= bytes.length; at += 29) {
    out.push({ address: bytes.slice(at, at + 21), voteCount: view.getBigInt64(at + 21) });
  }
  return out;
}

/**
 * MaintenanceManager.tryRemoveThePowerOfTheGr: once REMOVE_THE_POWER_OF_THE_GR is approved (1),
 * the next maintenance takes the genesis witnesses' configured votes away and marks it done (−1).
 */
export function removeThePowerOfTheGr(state: StateOverlay, props: MutableChainProperties): void {
  if (props.get("REMOVE_THE_POWER_OF_THE_GR") !== 1n) return;
  for (const { address, voteCount } of unpackWitnessVotes(props.getBytes(GENESIS_WITNESS_VOTES))) {
    const witness = state.get(CoreTables.witnesses, address);
    if (witness)
      state.put(CoreTables.witnesses, address, { ...witness, voteCount: witness.voteCount - voteCount });
  }
  props.set("REMOVE_THE_POWER_OF_THE_GR", -1n);
}
