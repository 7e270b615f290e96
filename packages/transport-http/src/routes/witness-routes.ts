/**
 * Witnesses and votes: the builders (createwitness, updatewitness, votewitnessaccount,
 * withdrawbalance, updateBrokerage) and getBrokerage / getReward, which java-tron answers with
 * hand-written JSON: `{"brokerage": n}` / `{"reward": n}` for `address` (hex starting with 41, or
 * Base58Check) from the query string or the body, and `{"Error": "INVALID address, …"}` for bad hex.
 */

import { create } from "@bufbuild/protobuf";
import { PaginatedMessageSchema, tryAddressFromBase58 } from "@tronode/engine/internal";
import { type WitnessAddressInput, WitnessBuilderOperations, WitnessOperations } from "@tronode/operations";
import { type JsonValue, parseMessage, printMessage, WitnessListSchema } from "../engine-protocol.js";
import { javaStringOf, parseJavaHex } from "../java-value-readers.js";
import { readBodyMessage } from "../route-inputs.js";
import { defineRoute, type RouteRow, type WalletRequest, walletAndSolidityPaths } from "../route-row.js";
import { builderRoute } from "./builder-route.js";

const WITNESS_BUILDERS: readonly RouteRow[] = [
  builderRoute(WitnessBuilderOperations.createWitness, { getOnPost: "empty200" }),
  builderRoute(WitnessBuilderOperations.updateWitness, { getOnPost: "empty200" }),
  builderRoute(WitnessBuilderOperations.voteWitnessAccount, { getOnPost: "empty200" }),
  builderRoute(WitnessBuilderOperations.withdrawBalance, { getOnPost: "empty200" }),
  builderRoute(WitnessBuilderOperations.updateBrokerage, { getOnPost: "405" }),
];

/** Util.getAddress: `address` from the query, else the body; hex when it starts with 41, else Base58Check. */
function readAddressParam(request: WalletRequest): WitnessAddressInput {
  const text =
    request.query("address") ?? javaStringOf(request.method === "POST" ? request.body().address : undefined);
  if (text === undefined || text.trim().length === 0) return {};
  if (text.startsWith("41")) {
    try {
      return { address: parseJavaHex(text) };
    } catch (e) {
      return { invalid: (e as Error).message };
    }
  }
  // an undecodable Base58Check address reads as no address (java-tron's decode answers null)
  const address = tryAddressFromBase58(text);
  return address ? { address } : {};
}

function figureRoute(
  operation: typeof WitnessOperations.getBrokerage | typeof WitnessOperations.getReward,
  field: "brokerage" | "reward",
): RouteRow {
  return defineRoute({
    operation,
    paths: walletAndSolidityPaths(operation.name),
    methods: ["GET", "POST"],
    visibleFrom: "query",
    read: readAddressParam,
    print: (result): JsonValue =>
      "invalid" in result
        ? { Error: `INVALID address, ${result.invalid}` }
        : { [field]: Number(result.value) },
  });
}

const getPaginatedNowWitnessList = defineRoute({
  operation: WitnessOperations.getPaginatedNowWitnessList,
  paths: walletAndSolidityPaths("getpaginatednowwitnesslist"),
  methods: ["GET", "POST"],
  visibleFrom: "body",
  read: (request) => {
    const message =
      request.method === "GET"
        ? parseMessage(
            PaginatedMessageSchema,
            { offset: request.query("offset") ?? "0", limit: request.query("limit") ?? "0" },
            { visible: false },
          )
        : readBodyMessage(request, PaginatedMessageSchema);
    return { offset: message.offset, limit: message.limit };
  },
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
  figureRoute(WitnessOperations.getBrokerage, "brokerage"),
  figureRoute(WitnessOperations.getReward, "reward"),
];
