/**
 * Witnesses and votes: the builders (createwitness, updatewitness, votewitnessaccount,
 * withdrawbalance, updateBrokerage), getBrokerage / getReward and getpaginatednowwitnesslist.
 */
import {
  ContractType,
  UpdateBrokerageContractSchema,
  VoteWitnessContractSchema,
  WithdrawBalanceContractSchema,
  type Witness,
  WitnessCreateContractSchema,
  WitnessUpdateContractSchema,
} from "@tronode/engine/internal";
import { builderOperation } from "./builder-operations.js";
import { defineOperation } from "./operation.js";

/**
 * The address of getBrokerage / getReward: absent reads as 0, `invalid` carries the hex decoder's
 * text java-tron prints as `INVALID address, <text>`.
 */
export interface WitnessAddressInput {
  readonly address?: Uint8Array;
  readonly invalid?: string;
}

/** getBrokerage / getReward's answer: the figure, or the invalid address's decoder text. */
export type WitnessFigureResult = { readonly value: bigint } | { readonly invalid: string };

/** A page of a list: skip `offset` items, answer at most `limit`. */
export interface PageInput {
  readonly offset: bigint;
  readonly limit: bigint;
}

/** The witness builders: create and update a witness, vote, withdraw rewards, set the brokerage. */
export const WitnessBuilderOperations = {
  createWitness: builderOperation({
    name: "createwitness",
    contractType: ContractType.WitnessCreateContract,
    contractSchema: WitnessCreateContractSchema,
  }),
  updateWitness: builderOperation({
    name: "updatewitness",
    contractType: ContractType.WitnessUpdateContract,
    contractSchema: WitnessUpdateContractSchema,
  }),
  voteWitnessAccount: builderOperation({
    name: "votewitnessaccount",
    contractType: ContractType.VoteWitnessContract,
    contractSchema: VoteWitnessContractSchema,
  }),
  withdrawBalance: builderOperation({
    name: "withdrawbalance",
    contractType: ContractType.WithdrawBalanceContract,
    contractSchema: WithdrawBalanceContractSchema,
  }),
  updateBrokerage: builderOperation({
    name: "updateBrokerage",
    contractType: ContractType.UpdateBrokerageContract,
    contractSchema: UpdateBrokerageContractSchema,
  }),
} as const;

/** The witness reads: a witness's brokerage and reward, and a page of the live witness list. */
export const WitnessOperations = {
  getBrokerage: defineOperation<WitnessAddressInput, WitnessFigureResult>({
    name: "getBrokerage",
    availability: "served",
    run: async (api, input, { scope }) => {
      if (input.invalid !== undefined) return { invalid: input.invalid };
      if (input.address === undefined) return { value: 0n };
      return { value: await api.getBrokerage(input.address, scope) };
    },
  }),
  getReward: defineOperation<WitnessAddressInput, WitnessFigureResult>({
    name: "getReward",
    availability: "served",
    run: async (api, input, { scope }) => {
      if (input.invalid !== undefined) return { invalid: input.invalid };
      if (input.address === undefined) return { value: 0n };
      return { value: await api.getReward(input.address, scope) };
    },
  }),
  getPaginatedNowWitnessList: defineOperation<PageInput, Witness[] | undefined>({
    name: "getpaginatednowwitnesslist",
    availability: "served",
    note: "java-tron 4.8.1: live vote counts before maintenance applies them",
    run: (api, { offset, limit }, { scope }) => api.getPaginatedNowWitnessList(offset, limit, scope),
  }),
} as const;
