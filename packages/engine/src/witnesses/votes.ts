/**
 * How stake changes move an account's votes — the one place for the rules java-tron spreads over
 * the unfreeze actuators (UnfreezeBalance v1 clears, UnfreezeBalanceV2 clears or rescales) — and
 * the VotesStore bookkeeping they share with VoteWitness: the first change after a maintenance
 * records the account's current votes as `old_votes`; `new_votes` is what the next maintenance
 * counts.
 */

import { create } from "@bufbuild/protobuf";
import { allTronPower, TRX_PRECISION, tronPower } from "../accounts/account-resources.js";
import { withAccountFields } from "../chain/accounts.js";
import { javaLongOfDouble } from "../chain/arithmetic.js";
import { ResourceCode } from "../protocol/generated/protocol/common_pb.js";
import { type Account, type Vote, VoteSchema, VotesSchema } from "../protocol/generated/protocol/core_pb.js";
import { type ChainProperties, MutableChainProperties } from "../state/chain-properties.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { addPendingVoter } from "./registry.js";
import { WitnessTables } from "./tables.js";

/** java-tron's maxVoteNumber: votes one VoteWitness (actuator or opcode) may cast. */
export const MAX_VOTE_NUMBER = 30;

/** Records `newVotes` as the votes the next maintenance counts for `account` (VotesStore row). */
export function recordNewVotes(state: StateOverlay, account: Account, newVotes: readonly Vote[]): void {
  addPendingVoter(new MutableChainProperties(state), account.address);
  const existing = state.get(WitnessTables.votes, account.address);
  const row = existing
    ? { ...existing, newVotes: [...newVotes] }
    : create(VotesSchema, {
        address: account.address,
        oldVotes: [...account.votes],
        newVotes: [...newVotes],
      });
  state.put(WitnessTables.votes, account.address, row);
}

/** Clears the account's votes (and what the next maintenance counts). Returns the new account. */
export function clearVotes(state: StateOverlay, account: Account): Account {
  recordNewVotes(state, account, []);
  return withAccountFields(account, { votes: [] });
}

/**
 * UnfreezeBalanceV2's vote adjustment, on the account after its stake was reduced: under the new
 * resource model an account whose old tron power is already invalid keeps its votes when unfreezing
 * BANDWIDTH/ENERGY, and one whose old tron power is still valid loses all its votes; otherwise,
 * when the remaining tron power no longer covers the votes, each vote is scaled down in Java
 * double arithmetic (`(long)(vote / total * power / 1e6)`) and votes that reach 0 are dropped.
 */
export function adjustVotesAfterUnfreezeV2(
  state: StateOverlay,
  props: ChainProperties,
  account: Account,
  resource: ResourceCode,
): Account {
  if (account.votes.length === 0) return account;
  const newModel = props.isOn("ALLOW_NEW_RESOURCE_MODEL");
  if (newModel) {
    if (account.oldTronPower === -1n) {
      if (resource === ResourceCode.BANDWIDTH || resource === ResourceCode.ENERGY) return account;
    } else {
      return clearVotes(state, account);
    }
  }
  let totalVote = 0n;
  for (const v of account.votes) totalVote += v.voteCount;
  const owned = newModel ? allTronPower(account) : tronPower(account);
  if (owned >= totalVote * TRX_PRECISION) return account;
  if (totalVote === 0n) return account;
  const scaled: Vote[] = [];
  for (const v of account.votes) {
    const count = javaLongOfDouble(
      ((Number(v.voteCount) / Number(totalVote)) * Number(owned)) / Number(TRX_PRECISION),
    );
    if (count > 0n) scaled.push(create(VoteSchema, { voteAddress: v.voteAddress, voteCount: count }));
  }
  recordNewVotes(state, account, scaled);
  return withAccountFields(account, { votes: scaled });
}
