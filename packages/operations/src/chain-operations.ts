/**
 * Chain-wide reads: getchainparameters, listwitnesses, getnextmaintenancetime,
 * get{bandwidth,energy}prices, getmemofee, getburntrx, totaltransaction; the pending pool
 * (getpendingsize, gettransactionfrompending, gettransactionlistfrompending); node-level reads
 * (getnodeinfo, listnodes, validateaddress).
 */
import type {
  ChainParameterEntry,
  MetricsInfo,
  NodeAddress,
  NodeInfoSummary,
  Transaction,
  Witness,
} from "@tronode/engine/internal";
import { type AddressValidation, validateAddressText } from "./address-validation.js";
import { defineOperation, queryOperation } from "./operation.js";

/** Chain-wide reads: parameters, witnesses, maintenance time, prices, fees and totals. */
export const ChainOperations = {
  getChainParameters: queryOperation<ChainParameterEntry[]>("getchainparameters", (api) =>
    api.getChainParameters(),
  ),
  listWitnesses: queryOperation<Witness[]>("listwitnesses", (api, { scope }) => api.listWitnesses(scope)),
  getNextMaintenanceTime: queryOperation<bigint>("getnextmaintenancetime", (api) =>
    api.getNextMaintenanceTime(),
  ),
  getBandwidthPrices: queryOperation<string>("getbandwidthprices", (api) => api.getBandwidthPrices()),
  getEnergyPrices: queryOperation<string>("getenergyprices", (api) => api.getEnergyPrices()),
  getMemoFee: queryOperation<string>("getmemofee", (api) => api.getMemoFee()),
  getBurnTrx: queryOperation<bigint>("getburntrx", (api, { scope }) => api.getBurnTrx(scope)),
  totalTransaction: queryOperation<bigint>("totaltransaction", (api) => api.totalTransaction()),
} as const;

/** Reads of the pending pool: its size, one pending transaction, the ids of all of them. */
export const PendingOperations = {
  getPendingSize: queryOperation<number>("getpendingsize", (api) => api.getPendingSize()),
  getTransactionFromPending: defineOperation<Uint8Array, Transaction | undefined>({
    name: "gettransactionfrompending",
    availability: "served",
    run: (api, id) => api.getTransactionFromPending(id),
  }),
  getTransactionListFromPending: queryOperation<Uint8Array[]>("gettransactionlistfrompending", (api) =>
    api.getTransactionListFromPending(),
  ),
} as const;

/** Node-level reads: node info, peers, statistics, and validateaddress. */
export const NodeOperations = {
  getNodeInfo: queryOperation<NodeInfoSummary>("getnodeinfo", (api) => api.getNodeInfo()),
  /** The peers of a networked node (java-tron lists its discovery table); empty without P2P. */
  listNodes: queryOperation<readonly NodeAddress[]>("listnodes", (api) => api.listNodes()),
  /** The node's statistics (java-tron's MetricsApiService.getMetricsInfo). */
  getStatsInfo: queryOperation<MetricsInfo>("getstatsinfo", (api) => api.getStatsInfo()),
  validateAddress: defineOperation<string | undefined, AddressValidation>({
    name: "validateaddress",
    availability: "served",
    run: async (_api, text) => validateAddressText(text),
  }),
} as const;
