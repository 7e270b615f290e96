/**
 * Chain-wide reads: getchainparameters, listwitnesses, getnextmaintenancetime, get{bandwidth,energy}prices,
 * getmemofee, getburntrx, totaltransaction. All of these are doPost→doGet servlets in java-tron, so
 * they take no input and read `visible` only from the query string, even on POST.
 */
import { create } from "@bufbuild/protobuf";
import type { ChainParameterEntry } from "@tronode/engine/internal";
import { ChainOperations } from "@tronode/operations";
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
    operation: ChainOperations.getChainParameters,
    paths: walletPaths("getchainparameters"),
    print: printChainParameters,
  }),
  queryOnlyRoute({
    operation: ChainOperations.listWitnesses,
    paths: walletAndSolidityPaths("listwitnesses"),
    print: (witnesses, visible) =>
      printMessage(WitnessListSchema, create(WitnessListSchema, { witnesses }), {
        visible,
        exactInt64: true,
      }),
  }),
  queryOnlyRoute({
    operation: ChainOperations.getNextMaintenanceTime,
    paths: walletPaths("getnextmaintenancetime"),
    print: printNumberMessage,
  }),
  queryOnlyRoute({
    operation: ChainOperations.getBandwidthPrices,
    paths: walletAndSolidityPaths("getbandwidthprices"),
    print: printPrices,
  }),
  queryOnlyRoute({
    operation: ChainOperations.getEnergyPrices,
    paths: walletAndSolidityPaths("getenergyprices"),
    print: printPrices,
  }),
  queryOnlyRoute({
    operation: ChainOperations.getMemoFee,
    paths: walletPaths("getmemofee"),
    print: printPrices,
  }),
  queryOnlyRoute({
    operation: ChainOperations.getBurnTrx,
    paths: walletAndSolidityPaths("getburntrx"),
    // printed by hand in java-tron: always present, even when 0
    print: (amount) => ({ burnTrxAmount: amount }),
  }),
  queryOnlyRoute({
    operation: ChainOperations.totalTransaction,
    paths: walletPaths("totaltransaction"),
    print: printNumberMessage,
  }),
];
