/**
 * The event API's reads (TronGrid v1's `/v1/.../events`, which TronWeb's `event` module calls): the
 * logs of committed blocks, found through the contract event index (tables.ts), decoded with the
 * ABI stored for the emitting contract. Not part of java-tron's Wallet: transports get it beside
 * the WalletApi.
 */

export type EventOrder = "asc" | "desc";

/** Which blocks' events: all, only those at or below the solidified block, or only above it. */
export type EventConfirmation = "any" | "confirmed" | "unconfirmed";

export interface EventFilter {
  readonly confirmation: EventConfirmation;
  readonly order: EventOrder;
  /** 1..200 */
  readonly limit: number;
  /** Where the previous page stopped (opaque; from `EventPage.fingerprint`). */
  readonly fingerprint?: string;
  readonly eventName?: string;
  readonly blockNumber?: bigint;
  readonly minBlockTimestamp?: bigint;
  readonly maxBlockTimestamp?: bigint;
}

/** A decoded value: decimal for integers, `0x…` for addresses and bytes, `true`/`false`, text. */
export type EventValue = string | readonly EventValue[];

export interface DecodedEventParam {
  /** The ABI's name (may be empty). */
  readonly name: string;
  /** The ABI's type as written (`address`, `uint256`, `trcToken` …). */
  readonly type: string;
  readonly indexed: boolean;
  readonly value: EventValue;
}

export interface DecodedEvent {
  readonly name: string;
  /** `Transfer(address indexed from, address indexed to, uint256 value)` */
  readonly signature: string;
  readonly params: readonly DecodedEventParam[];
}

export interface ContractEventRecord {
  readonly blockNumber: bigint;
  readonly blockTimestamp: bigint;
  /** The contract the transaction called or created (21 bytes). */
  readonly callerContractAddress: Uint8Array;
  /** The contract that emitted the log (21 bytes). */
  readonly contractAddress: Uint8Array;
  /** The log's position in its transaction. */
  readonly eventIndex: number;
  readonly transactionId: Uint8Array;
  /** In a block above the solidified one. */
  readonly unconfirmed: boolean;
  readonly topics: readonly Uint8Array[];
  readonly data: Uint8Array;
  /** Absent when no ABI (or no matching event entry) is stored for the emitting contract. */
  readonly decoded?: DecodedEvent;
}

export interface EventPage {
  readonly events: readonly ContractEventRecord[];
  /** Present when more events follow: pass it back as `EventFilter.fingerprint`. */
  readonly fingerprint?: string;
}

/** A block by number, by id, or the head. */
export type BlockSelector = bigint | Uint8Array | "latest";

export interface EventQueries {
  contractEvents(contract: Uint8Array, filter: EventFilter): Promise<EventPage>;
  transactionEvents(transactionId: Uint8Array, filter: EventFilter): Promise<EventPage>;
  /** Undefined when the block does not exist. */
  blockEvents(block: BlockSelector, filter: EventFilter): Promise<EventPage | undefined>;
  /**
   * The committed blocks in [from, to] where any of `contracts` (21 bytes) emitted a log, in
   * ascending order (the candidate blocks of a JSON-RPC eth_getLogs by address).
   */
  blocksWithContractLogs(contracts: readonly Uint8Array[], from: bigint, to: bigint): Promise<bigint[]>;
}
