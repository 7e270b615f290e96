import type { TransactionInfo } from "../protocol/generated/protocol/core_pb.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { EventTables } from "./tables.js";

/** TRON's 21-byte form of a log's 20-byte contract address. */
export function logContractAddress(address: Uint8Array): Uint8Array {
  if (address.length === 21) return address;
  const out = new Uint8Array(21);
  out[0] = 0x41;
  out.set(address.subarray(address.length - 20), 1);
  return out;
}

/** What the index needs of an applied transaction: its id and its TransactionInfo's logs. */
export interface LoggedTransaction {
  readonly txId: Uint8Array;
  readonly info: Pick<TransactionInfo, "log">;
}

/** Indexes every log of the block's transactions under its emitting contract. */
export function indexContractEvents(
  state: StateOverlay,
  blockNumber: bigint,
  outcomes: readonly LoggedTransaction[],
): void {
  outcomes.forEach((outcome, transactionIndex) => {
    outcome.info.log.forEach((log, logIndex) => {
      state.put(
        EventTables.contractEvents,
        { contract: logContractAddress(log.address), blockNumber, transactionIndex, logIndex },
        outcome.txId,
      );
    });
  });
}
