/**
 * Committee proposals: the builders (proposalcreate, proposalapprove, proposaldelete) and the reads
 * java-tron serves under /wallet only (getproposalbyid, listproposals, getpaginatedproposallist).
 */
import {
  ContractType,
  ProposalApproveContractSchema,
  ProposalCreateContractSchema,
  ProposalDeleteContractSchema,
  type ProposalRecord,
} from "@tronode/engine/internal";
import { builderOperation } from "./builder-operations.js";
import { defineOperation, queryOperation } from "./operation.js";

/** getpaginatedproposallist's page: skip `offset` proposals, answer at most `limit`. */
export interface ProposalPageInput {
  readonly offset: bigint;
  readonly limit: bigint;
}

/** The committee proposal builders: create, approve and delete a proposal. */
export const ProposalBuilderOperations = {
  proposalCreate: builderOperation({
    name: "proposalcreate",
    contractType: ContractType.ProposalCreateContract,
    contractSchema: ProposalCreateContractSchema,
  }),
  proposalApprove: builderOperation({
    name: "proposalapprove",
    contractType: ContractType.ProposalApproveContract,
    contractSchema: ProposalApproveContractSchema,
  }),
  proposalDelete: builderOperation({
    name: "proposaldelete",
    contractType: ContractType.ProposalDeleteContract,
    contractSchema: ProposalDeleteContractSchema,
  }),
} as const;

/** The committee proposal reads: one by id, all of them, or a page. */
export const ProposalOperations = {
  getProposalById: defineOperation<{ readonly id: bigint }, ProposalRecord | undefined>({
    name: "getproposalbyid",
    availability: "served",
    run: (api, { id }) => api.getProposalById(id),
  }),
  listProposals: queryOperation("listproposals", (api) => api.listProposals()),
  getPaginatedProposalList: defineOperation<ProposalPageInput, ProposalRecord[] | undefined>({
    name: "getpaginatedproposallist",
    availability: "served",
    run: (api, { offset, limit }) => api.getPaginatedProposalList(offset, limit),
  }),
} as const;
