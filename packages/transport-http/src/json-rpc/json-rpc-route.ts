/**
 * `POST /jsonrpc` on the wallet port (TRE's layout: hardhat-tron's default network URL is
 * `http://127.0.0.1:9090/jsonrpc`; java-tron serves the same API on its own port 8545).
 */
import type { DevApi, Logger, WalletApi } from "@tronode/engine/internal";
import {
  type ContractLogIndex,
  EthFilters,
  type EthStateQueries,
  type JsonRpcMethodLookup,
} from "@tronode/operations";
import { jsonTextReply } from "../http-exchange.js";
import type { HttpRouter } from "../http-router.js";
import { answerEthJsonRpc } from "./eth-json-rpc.js";

/** What /jsonrpc reads beside the wallet: the latest state, the log index, local witnesses, the version. */
export interface EthJsonRpcOptions {
  readonly state: EthStateQueries;
  readonly logIndex: ContractLogIndex;
  /** The witnesses whose keys the node holds (21 bytes). */
  readonly localWitnesses: readonly Uint8Array[];
  /** web3_clientVersion. */
  readonly clientVersion: string;
  /** Methods served beside java-tron's and the dev ones (debug_traceTransaction). */
  readonly extra?: JsonRpcMethodLookup;
}

export function registerJsonRpcRoute(
  router: HttpRouter,
  options: EthJsonRpcOptions & { readonly wallet: WalletApi },
  dev: DevApi | undefined,
  logger: Logger,
): void {
  const context = { ...options, filters: new EthFilters(), logger };
  const methods = { context, ...(dev ? { dev } : {}), ...(options.extra ? { extra: options.extra } : {}) };
  router.post("/jsonrpc", async (request) =>
    jsonTextReply(await answerEthJsonRpc(await request.text(), methods, logger)),
  );
}
