import { create } from "@bufbuild/protobuf";
import { initOldTronPowerIfNeeded, TRX_PRECISION, votingPower } from "../../accounts/account-resources.js";
import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { withAccountFields } from "../../chain/accounts.js";
import { INT64_MAX } from "../../chain/arithmetic.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { VoteWitnessContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { VoteSchema } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { withdrawReward } from "../rewards.js";
import { MAX_VOTE_NUMBER, recordNewVotes } from "../votes.js";

/**
 * VoteWitnessContract (type 4): replaces the account's votes (whole TRX of tron power each); they
 * are counted at the next maintenance. Voter rewards earned so far are settled first.
 */
export const voteWitnessActuator: Actuator<typeof VoteWitnessContractSchema> = {
  type: ContractType.VoteWitnessContract,
  schema: VoteWitnessContractSchema,
  typeErrorMessage: typeErrorB("VoteWitnessContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    if (p.votes.length === 0) throw validateError("VoteNumber must more than 0");
    if (p.votes.length > MAX_VOTE_NUMBER)
      throw validateError(`VoteNumber more than maxVoteNumber ${MAX_VOTE_NUMBER}`);
    let sum = 0n;
    for (const vote of p.votes) {
      if (!isValidAddress(vote.voteAddress)) throw validateError("Invalid vote address!");
      if (vote.voteCount <= 0n) throw validateError("vote count must be greater than 0");
      const hex = bytesToHex(vote.voteAddress);
      if (!state.get(CoreTables.accounts, vote.voteAddress))
        throw validateError(`Account[${hex}] not exists`);
      if (!state.get(CoreTables.witnesses, vote.voteAddress))
        throw validateError(`Witness[${hex}] not exists`);
      if (sum + vote.voteCount > INT64_MAX)
        throw validateError(`overflow: checkedAdd(${sum}, ${vote.voteCount})`);
      sum += vote.voteCount;
    }
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError(`Account[${bytesToHex(p.ownerAddress)}] not exists`);
    if (sum * TRX_PRECISION > INT64_MAX)
      throw validateError(`overflow: checkedMultiply(${sum}, ${TRX_PRECISION})`);
    const power = votingPower(owner, props.isOn("ALLOW_NEW_RESOURCE_MODEL"));
    if (sum * TRX_PRECISION > power) {
      throw validateError(
        `The total number of votes[${sum * TRX_PRECISION}] is greater than the tronPower[${power}]`,
      );
    }
  },

  execute({ state, props }, p) {
    withdrawReward(state, props, p.ownerAddress);
    const account = initOldTronPowerIfNeeded(
      state.get(CoreTables.accounts, p.ownerAddress)!,
      props.isOn("ALLOW_NEW_RESOURCE_MODEL"),
    );
    const votes = p.votes.map((v) =>
      create(VoteSchema, { voteAddress: v.voteAddress, voteCount: v.voteCount }),
    );
    // The VotesStore row keeps the votes counted so far as old_votes (from before this change).
    recordNewVotes(state, account, votes);
    state.put(CoreTables.accounts, p.ownerAddress, withAccountFields(account, { votes }));
    return { fee: 0n };
  },
};
