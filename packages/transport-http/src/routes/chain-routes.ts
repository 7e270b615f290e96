/**
 * Chain-wide reads: getchainparameters, listwitnesses, getnextmaintenancetime, get{bandwidth,energy}prices,
 * getmemofee, getburntrx, totaltransaction. All of these are doPost→doGet servlets in java-tron, so
 * they take no input and read `visible` only from the query string, even on POST.
 */
import { create } from "@bufbuild/protobuf";
import type { ChainParameterEntry } from "@tronode/engine";
import { type JsonObject, type JsonValue, printMessage, WitnessListSchema } from "../engine-protocol.js";
import { type RouteRow, walletAndSolidityPaths, walletPaths } from "../route-row.js";
import { queryOnlyRoute } from "./query-only-route.js";

/** `{"chainParameter":[{"key":…,"value":…}]}`; a value of 0 is omitted like every proto3 default. */
function printChainParameters(entries: ChainParameterEntry[]): JsonValue {
  if (entries.length === 0) return {};
  return {
    chainParameter: entries.map((entry) => {
      const printed: JsonObject = { key: entry.key };
      if (entry.value !== 0n) printed.value = entry.value;
      return printed;
    }),
  };
}

/** NumberMessage as JsonFormat prints it: `{"num":n}`, or `{}` for 0. */
function printNumberMessage(num: bigint): JsonValue {
  return num === 0n ? {} : { num };
}

/** PricesResponseMessage: `{"prices":"…"}`, or `{}` when empty. */
function printPrices(prices: string): JsonValue {
  return prices === "" ? {} : { prices };
}

export const CHAIN_ROUTES: readonly RouteRow[] = [
  queryOnlyRoute({
    name: "getchainparameters",
    paths: walletPaths("getchainparameters"),
    handle: (api) => api.getChainParameters(),
    print: printChainParameters,
  }),
  queryOnlyRoute({
    name: "listwitnesses",
    paths: walletAndSolidityPaths("listwitnesses"),
    handle: (api, scope) => api.listWitnesses(scope),
    print: (witnesses, visible) =>
      printMessage(WitnessListSchema, create(WitnessListSchema, { witnesses }), {
        visible,
        exactInt64: true,
      }),
  }),
  queryOnlyRoute({
    name: "getnextmaintenancetime",
    paths: walletPaths("getnextmaintenancetime"),
    handle: (api) => api.getNextMaintenanceTime(),
    print: printNumberMessage,
  }),
  queryOnlyRoute({
    name: "getbandwidthprices",
    paths: walletAndSolidityPaths("getbandwidthprices"),
    handle: (api) => api.getBandwidthPrices(),
    print: printPrices,
  }),
  queryOnlyRoute({
    name: "getenergyprices",
    paths: walletAndSolidityPaths("getenergyprices"),
    handle: (api) => api.getEnergyPrices(),
    print: printPrices,
  }),
  queryOnlyRoute({
    name: "getmemofee",
    paths: walletPaths("getmemofee"),
    handle: (api) => api.getMemoFee(),
    print: printPrices,
  }),
  queryOnlyRoute({
    name: "getburntrx",
    paths: walletAndSolidityPaths("getburntrx"),
    handle: (api, scope) => api.getBurnTrx(scope),
    // printed by hand in java-tron: always present, even when 0
    print: (amount) => ({ burnTrxAmount: amount }),
  }),
  queryOnlyRoute({
    name: "totaltransaction",
    paths: walletPaths("totaltransaction"),
    handle: (api) => api.totalTransaction(),
    print: printNumberMessage,
  }),
];
