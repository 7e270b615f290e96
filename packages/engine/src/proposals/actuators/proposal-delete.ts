import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ProposalDeleteContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { Proposal_State } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { ProposalTables } from "../tables.js";

/** ProposalDeleteContract (type 18): the proposer cancels its open proposal. */
export const proposalDeleteActuator: Actuator<typeof ProposalDeleteContractSchema> = {
  type: ContractType.ProposalDeleteContract,
  schema: ProposalDeleteContractSchema,
  typeErrorMessage: typeErrorA("ProposalDeleteContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = bytesToHex(p.ownerAddress);
    if (!state.get(CoreTables.accounts, p.ownerAddress)) throw validateError(`Account[${owner}] not exists`);
    const id = p.proposalId;
    if (id > props.get("LATEST_PROPOSAL_NUM")) throw validateError(`Proposal[${id}] not exists`);
    const proposal = state.get(ProposalTables.proposals, id)?.message;
    if (!proposal) throw validateError(`Proposal[${id}] not exists`);
    if (!bytesEqual(proposal.proposerAddress, p.ownerAddress)) {
      throw validateError(`Proposal[${id}] is not proposed by ${owner}`);
    }
    if (props.headTimestamp >= proposal.expirationTime) throw validateError(`Proposal[${id}] expired`);
    if (proposal.state === Proposal_State.CANCELED) throw validateError(`Proposal[${id}] canceled`);
  },

  execute({ state }, p) {
    const record = state.get(ProposalTables.proposals, p.proposalId)!;
    state.put(ProposalTables.proposals, p.proposalId, {
      ...record,
      message: { ...record.message, state: Proposal_State.CANCELED },
    });
    return { fee: 0n };
  },
};
