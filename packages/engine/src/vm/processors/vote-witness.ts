/**
 * VoteWitnessProcessor (VOTEWITNESS, 0xd8). Differs from the VoteWitness actuator: validation only
 * caps the count at 30 (an empty list clears the votes); witnesses, negative counts, overflow and
 * tron power are checked while executing (a ContractExeException, still a refusal); there is no
 * account check, zero counts are dropped and repeated witnesses merged (in java.util.HashMap order);
 * tron power is the new model's only once Stake 2.0 is on too; rewards are settled the TVM's way;
 * the old tron power is not initialised.
 */

import { create } from "@bufbuild/protobuf";
import { allTronPower, TRX_PRECISION, tronPower } from "../../accounts/account-resources.js";
import { executeError, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { INT64_MAX } from "../../chain/arithmetic.js";
import { byteStringHashCode } from "../../chain/witness-schedule.js";
import { addressToBase58 } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { type Vote, VoteSchema } from "../../protocol/generated/protocol/core_pb.js";
import { supportsUnfreezeDelay } from "../../resources/resource-window.js";
import { CoreTables } from "../../state/core-tables.js";
import { withdrawRewardForVm } from "../../witnesses/rewards.js";
import { MAX_VOTE_NUMBER, recordNewVotes } from "../../witnesses/votes.js";
import { javaHashMapOrder } from "../java-hash-map.js";
import type { VmProcessor } from "./processor.js";

export interface VoteWitnessParam {
  readonly voter: Uint8Array;
  readonly votes: readonly { readonly voteAddress: Uint8Array; readonly voteCount: bigint }[];
}

/** VoteWitnessParam.toJsonStr: the internal transaction's `extra` (Base58 witness addresses). */
export function voteWitnessExtra(param: VoteWitnessParam): string {
  const votes = param.votes.map(
    (v) => `{"vote_address":"${addressToBase58(v.voteAddress)}","vote_count":${v.voteCount}}`,
  );
  return `{"votes":[${votes.join(",")}]}`;
}

function checkedAdd(a: bigint, b: bigint): bigint {
  const sum = a + b;
  if (sum > INT64_MAX || sum < -INT64_MAX - 1n) throw executeError(`overflow: checkedAdd(${a}, ${b})`);
  return sum;
}

export const voteWitnessProcessor: VmProcessor<VoteWitnessParam, void> = {
  validate(_ctx, p) {
    if (p.votes.length > MAX_VOTE_NUMBER)
      throw validateError(`VoteNumber more than maxVoteNumber ${MAX_VOTE_NUMBER}`);
  },

  execute({ state, props }, p) {
    withdrawRewardForVm(state, props, p.voter);
    const account = state.get(CoreTables.accounts, p.voter)!;
    const merged = new Map<string, { voteAddress: Uint8Array; voteCount: bigint }>();
    const order: Uint8Array[] = [];
    let sum = 0n;
    for (const vote of p.votes) {
      if (!state.get(CoreTables.witnesses, vote.voteAddress))
        throw executeError(`Witness[${addressToBase58(vote.voteAddress)}] not exists`);
      if (vote.voteCount < 0n) throw executeError("Vote count must not be less than 0");
      if (vote.voteCount === 0n) continue;
      sum = checkedAdd(sum, vote.voteCount);
      const id = bytesToHex(vote.voteAddress);
      const existing = merged.get(id);
      merged.set(id, {
        voteAddress: vote.voteAddress,
        voteCount: checkedAdd(existing?.voteCount ?? 0n, vote.voteCount),
      });
      order.push(vote.voteAddress);
    }
    const power =
      supportsUnfreezeDelay(props) && props.isOn("ALLOW_NEW_RESOURCE_MODEL")
        ? allTronPower(account)
        : tronPower(account);
    const needed = sum * TRX_PRECISION;
    if (needed > INT64_MAX) throw executeError(`overflow: checkedMultiply(${sum}, ${TRX_PRECISION})`);
    if (needed > power)
      throw executeError(`The total number of votes[${needed}] is greater than the tronPower[${power}]`);
    const votes: Vote[] = javaHashMapOrder(order, byteStringHashCode, bytesEqual).map((address) => {
      const v = merged.get(bytesToHex(address))!;
      return create(VoteSchema, { voteAddress: v.voteAddress, voteCount: v.voteCount });
    });
    recordNewVotes(state, account, votes);
    state.put(CoreTables.accounts, p.voter, withAccountFields(account, { votes }));
  },
};
