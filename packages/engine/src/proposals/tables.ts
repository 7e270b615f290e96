import { create, fromBinary, toBinary } from "@bufbuild/protobuf";
import { BinaryWriter } from "@bufbuild/protobuf/wire";
import { type Proposal, ProposalSchema } from "../protocol/generated/protocol/core_pb.js";
import {
  int64MapEntries,
  PROPOSAL_PARAMETERS_FIELD,
  type ProposalParameter,
  writeInt64Map,
} from "../protocol/parameter-order.js";
import { defineTable, int64Key, type ValueCodec } from "../state/table.js";

/**
 * A proposal as java-tron's ProposalStore keeps it, with its parameters in insertion order (the
 * order they are validated, applied and printed in). `message.parameters` is protobuf-es's view of
 * the same map (ascending keys); `parameters` is the authoritative order.
 */
export interface ProposalRecord {
  readonly message: Proposal;
  readonly parameters: readonly ProposalParameter[];
}

/**
 * Proposal bytes exactly as protobuf-java writes them: fields in number order, the parameters map
 * (field 3) in insertion order.
 */
const proposalValue: ValueCodec<ProposalRecord> = {
  encode({ message, parameters }) {
    const head = toBinary(
      ProposalSchema,
      create(ProposalSchema, { proposalId: message.proposalId, proposerAddress: message.proposerAddress }),
    );
    const map = writeInt64Map(new BinaryWriter(), PROPOSAL_PARAMETERS_FIELD, parameters).finish();
    const tail = toBinary(
      ProposalSchema,
      create(ProposalSchema, {
        expirationTime: message.expirationTime,
        createTime: message.createTime,
        approvals: message.approvals,
        state: message.state,
      }),
    );
    const out = new Uint8Array(head.length + map.length + tail.length);
    out.set(head, 0);
    out.set(map, head.length);
    out.set(tail, head.length + map.length);
    return out;
  },
  decode(bytes) {
    return {
      message: fromBinary(ProposalSchema, bytes),
      parameters: int64MapEntries(bytes, PROPOSAL_PARAMETERS_FIELD),
    };
  },
};

/** The proposal domain's tables. */
export const ProposalTables = {
  /** java-tron's ProposalStore: proposal id → proposal (ids 1..LATEST_PROPOSAL_NUM). */
  proposals: defineTable("proposals", int64Key, proposalValue),
} as const;
