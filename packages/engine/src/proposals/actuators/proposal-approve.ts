import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ProposalApproveContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { Proposal_State } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { ProposalTables } from "../tables.js";

/** ProposalApproveContract (type 17): a witness adds (or withdraws) its approval of an open proposal. */
export const proposalApproveActuator: Actuator<typeof ProposalApproveContractSchema> = {
  type: ContractType.ProposalApproveContract,
  schema: ProposalApproveContractSchema,
  typeErrorMessage: typeErrorA("ProposalApproveContract"),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = bytesToHex(p.ownerAddress);
    if (!state.get(CoreTables.accounts, p.ownerAddress)) throw validateError(`Account[${owner}] not exists`);
    if (!state.get(CoreTables.witnesses, p.ownerAddress)) throw validateError(`Witness[${owner}] not exists`);
    const id = p.proposalId;
    if (id > props.get("LATEST_PROPOSAL_NUM")) throw validateError(`Proposal[${id}] not exists`);
    const proposal = state.get(ProposalTables.proposals, id)?.message;
    if (!proposal) throw validateError(`Proposal[${id}] not exists`);
    if (props.headTimestamp >= proposal.expirationTime) throw validateError(`Proposal[${id}] expired`);
    if (proposal.state === Proposal_State.CANCELED) throw validateError(`Proposal[${id}] canceled`);
    const approved = proposal.approvals.some((a) => bytesEqual(a, p.ownerAddress));
    if (!p.isAddApproval && !approved) {
      throw validateError(`Witness[${owner}]has not approved proposal[${id}] before`);
    }
    if (p.isAddApproval && approved) {
      throw validateError(`Witness[${owner}]has approved proposal[${id}] before`);
    }
  },

  execute({ state }, p) {
    const record = state.get(ProposalTables.proposals, p.proposalId)!;
    const approvals = [...record.message.approvals];
    if (p.isAddApproval) {
      approvals.push(p.ownerAddress);
    } else {
      // List.remove(Object): the first equal entry
      approvals.splice(
        approvals.findIndex((a) => bytesEqual(a, p.ownerAddress)),
        1,
      );
    }
    state.put(ProposalTables.proposals, p.proposalId, {
      ...record,
      message: { ...record.message, approvals },
    });
    return { fee: 0n };
  },
};
