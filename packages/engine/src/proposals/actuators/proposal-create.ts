import { create } from "@bufbuild/protobuf";
import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { DEFAULT_CHAIN_SETTINGS } from "../../chain/chain-settings.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ProposalCreateContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { Proposal_State, ProposalSchema } from "../../protocol/generated/protocol/core_pb.js";
import { int64MapEntries, PROPOSAL_CREATE_PARAMETERS_FIELD } from "../../protocol/parameter-order.js";
import { CoreTables } from "../../state/core-tables.js";
import { validateProposalParameter } from "../proposal-parameters.js";
import { ProposalTables } from "../tables.js";

/**
 * ProposalCreateContract's parameters in the order the client wrote them (java-tron validates and
 * stores them in that order; protobuf-es's map object would sort them).
 */
function parametersOf(contractValue: Uint8Array | undefined) {
  return int64MapEntries(contractValue ?? new Uint8Array(), PROPOSAL_CREATE_PARAMETERS_FIELD);
}

/**
 * ProposalCreateContract (type 16): a witness proposes new values for chain parameters. The
 * proposal stays open until the first maintenance at least `proposalExpireTime` after its block.
 */
export const proposalCreateActuator: Actuator<typeof ProposalCreateContractSchema> = {
  type: ContractType.ProposalCreateContract,
  schema: ProposalCreateContractSchema,
  typeErrorMessage: typeErrorA("ProposalCreateContract"),

  validate({ state, props, contract }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = bytesToHex(p.ownerAddress);
    if (!state.get(CoreTables.accounts, p.ownerAddress)) throw validateError(`Account[${owner}] not exists`);
    if (!state.get(CoreTables.witnesses, p.ownerAddress)) throw validateError(`Witness[${owner}] not exists`);
    const parameters = parametersOf(contract.parameter?.value);
    if (parameters.length === 0) throw validateError("This proposal has no parameter.");
    for (const [id, value] of parameters) validateProposalParameter(props, id, value);
  },

  execute({ state, props, contract, settings }, p) {
    const id = props.get("LATEST_PROPOSAL_NUM") + 1n;
    const now = props.headTimestamp;
    const interval = props.get("MAINTENANCE_TIME_INTERVAL");
    const nextMaintenance = props.get("NEXT_MAINTENANCE_TIME");
    const expireTime = (settings ?? DEFAULT_CHAIN_SETTINGS).proposalExpireTime;
    // The first maintenance boundary at or after now + proposalExpireTime (Java long division).
    const round = (now + expireTime - nextMaintenance) / interval;
    const expirationTime = nextMaintenance + (round + 1n) * interval;
    const parameters = parametersOf(contract.parameter?.value);
    state.put(ProposalTables.proposals, id, {
      message: create(ProposalSchema, {
        proposalId: id,
        proposerAddress: p.ownerAddress,
        parameters: Object.fromEntries(parameters.map(([k, v]) => [k.toString(), v])),
        expirationTime,
        createTime: now,
        state: Proposal_State.PENDING,
      }),
      parameters,
    });
    props.set("LATEST_PROPOSAL_NUM", id);
    return { fee: 0n };
  },
};
