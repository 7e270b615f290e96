/**
 * Witnesses and votes: the builders (createwitness, updatewitness, votewitnessaccount,
 * withdrawbalance, updateBrokerage) and getBrokerage / getReward, which java-tron answers with
 * hand-written JSON: `{"brokerage": n}` / `{"reward": n}` for `address` (hex starting with 41, or
 * Base58Check) from the query string or the body, and `{"Error": "INVALID address, …"}` for bad hex.
 */

import { create } from "@bufbuild/protobuf";
import {
  ContractType,
  PaginatedMessageSchema,
  type ReadScope,
  tryAddressFromBase58,
  UpdateBrokerageContractSchema,
  VoteWitnessContractSchema,
  WithdrawBalanceContractSchema,
  WitnessCreateContractSchema,
  WitnessUpdateContractSchema,
} from "@tronode/engine";
import { type JsonValue, parseMessage, printMessage, WitnessListSchema } from "../engine-protocol.js";
import { javaStringOf, parseJavaHex } from "../java-value-readers.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, type WalletRequest, walletAndSolidityPaths } from "../route-row.js";
import { builderRoute } from "./builder-route.js";

const WITNESS_BUILDERS: readonly RouteRow[] = [
  builderRoute({
    name: "createwitness",
    contractType: ContractType.WitnessCreateContract,
    contractSchema: WitnessCreateContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "updatewitness",
    contractType: ContractType.WitnessUpdateContract,
    contractSchema: WitnessUpdateContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "votewitnessaccount",
    contractType: ContractType.VoteWitnessContract,
    contractSchema: VoteWitnessContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "withdrawbalance",
    contractType: ContractType.WithdrawBalanceContract,
    contractSchema: WithdrawBalanceContractSchema,
    getOnPost: "empty200",
  }),
  builderRoute({
    name: "updateBrokerage",
    contractType: ContractType.UpdateBrokerageContract,
    contractSchema: UpdateBrokerageContractSchema,
    getOnPost: "405",
  }),
];

type AddressParam = { address?: Uint8Array; invalid?: string; scope: ReadScope };

/** Util.getAddress: `address` from the query, else the body; hex when it starts with 41, else Base58Check. */
function readAddressParam(request: WalletRequest): AddressParam {
  const text =
    request.query("address") ?? javaStringOf(request.method === "POST" ? request.body().address : undefined);
  const scope = request.scope;
  if (text === undefined || text.trim().length === 0) return { scope };
  if (text.startsWith("41")) {
    try {
      return { address: parseJavaHex(text), scope };
    } catch (e) {
      return { invalid: (e as Error).message, scope };
    }
  }
  // an undecodable Base58Check address reads as no address (java-tron's decode answers null)
  const address = tryAddressFromBase58(text);
  return address ? { address, scope } : { scope };
}

function figureRoute(name: "getBrokerage" | "getReward", field: "brokerage" | "reward"): RouteRow {
  return defineRoute({
    name,
    paths: walletAndSolidityPaths(name),
    methods: ["GET", "POST"],
    visibleFrom: "query",
    availability: "served",
    read: readAddressParam,
    handle: async (api, param: AddressParam): Promise<{ value: bigint } | { invalid: string }> => {
      if (param.invalid !== undefined) return { invalid: param.invalid };
      if (param.address === undefined) return { value: 0n };
      return {
        value:
          name === "getBrokerage"
            ? await api.getBrokerage(param.address, param.scope)
            : await api.getReward(param.address, param.scope),
      };
    },
    print: (result): JsonValue =>
      "invalid" in result
        ? { Error: `INVALID address, ${result.invalid}` }
        : { [field]: Number(result.value) },
  });
}

const getPaginatedNowWitnessList = defineRoute({
  name: "getpaginatednowwitnesslist",
  paths: walletAndSolidityPaths("getpaginatednowwitnesslist"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  availability: "served",
  note: "java-tron 4.8.1: live vote counts before maintenance applies them",
  read: (request) => {
    const message =
      request.method === "GET"
        ? parseMessage(
            PaginatedMessageSchema,
            { offset: request.query("offset") ?? "0", limit: request.query("limit") ?? "0" },
            { visible: false },
          )
        : readBodyMessage(request, PaginatedMessageSchema);
    return { offset: message.offset, limit: message.limit, scope: request.scope };
  },
  handle: (api, input: { offset: bigint; limit: bigint; scope: ReadScope }) =>
    api.getPaginatedNowWitnessList(input.offset, input.limit, input.scope),
  print: (witnesses, visible) =>
    witnesses === undefined
      ? {}
      : printMessage(WitnessListSchema, create(WitnessListSchema, { witnesses }), {
          visible,
          exactInt64: true,
        }),
});

export const WITNESS_ROUTES: readonly RouteRow[] = [
  getPaginatedNowWitnessList,
  ...WITNESS_BUILDERS,
  figureRoute("getBrokerage", "brokerage"),
  figureRoute("getReward", "reward"),
];
