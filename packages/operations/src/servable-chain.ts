import type {
  AccountIndexQueries,
  DevApi,
  EventQueries,
  HeadFeed,
  Logger,
  TraceQueries,
  WalletApi,
} from "@tronode/engine/internal";
import type { ContractLogIndex } from "./json-rpc/eth-logs.js";
import type { EthStateQueries } from "./json-rpc/eth-methods.js";

/** Where a transport reports what it served (java-tron's HTTP and gRPC interceptors' counters). */
export interface TransportMetrics {
  httpAnswered(endpoint: string, status: number, bytes: number): void;
  grpcCalled(method: string): void;
}

/**
 * What the transports serve of a chain: java-tron's wallet, the dev surface, the event and account
 * indexes, the JSON-RPC state. `@tronode/chain`'s `createChain` gives one; any object of this shape
 * can be served (a test double, a chain composed differently).
 */
export interface ServableChain {
  /** java-tron's Wallet: every /wallet, /walletsolidity and gRPC operation. */
  readonly wallet: WalletApi;
  /** TRE's /admin and /tre (and the dev JSON-RPC methods); undefined when the chain serves none. */
  readonly dev: DevApi | undefined;
  /** TronGrid's event API. */
  readonly events: EventQueries;
  /** TronGrid's /v1/accounts/… over the account index. */
  readonly accountIndex: AccountIndexQueries;
  /** The feed of new heads (the explorer's live updates), made on first use. */
  heads(): HeadFeed;
  /** What java-tron's Ethereum-compatible JSON-RPC reads. */
  readonly jsonRpc: {
    readonly state: EthStateQueries;
    readonly logIndex: ContractLogIndex;
    /** The witnesses whose keys the chain holds (21 bytes). */
    readonly localWitnesses: readonly Uint8Array[];
    /** web3_clientVersion. */
    readonly clientVersion: string;
  };
  /** debug_traceTransaction (dev chains). */
  readonly trace: TraceQueries | undefined;
  readonly logger: Logger;
  /** Counts what transports answer, for getstatsinfo and the metrics endpoint. */
  readonly transportMetrics?: TransportMetrics;
  /** Registers a close to run when the chain stops, before its block production stops (a transport registers its own). */
  onStop(close: () => Promise<void>): void;
}

/**
 * A transport's close made idempotent and registered with the chain, so that it runs once: when
 * the app calls it, or when the chain stops.
 */
export function closeWithChain(chain: ServableChain, close: () => Promise<void>): () => Promise<void> {
  let closing: Promise<void> | undefined;
  const once = () => {
    closing ??= close();
    return closing;
  };
  chain.onStop(once);
  return once;
}
