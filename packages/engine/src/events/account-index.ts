import { utf8Encode } from "../crypto/bytes.js";
import { keccak256 } from "../crypto/hash.js";
import { contractOwner } from "../protocol/contract-owner.js";
import { contractRecipients } from "../protocol/contract-recipients.js";
import type { Transaction, TransactionInfo } from "../protocol/generated/protocol/core_pb.js";
import type { StateOverlay } from "../state/state-overlay.js";
import { logContractAddress } from "./event-index.js";
import { AccountIndexTables, AccountRoles, TokenTransferKinds } from "./tables.js";

/** The name the account index's mark is kept under (`AccountIndexTables.indexMarks`). */
export const ACCOUNT_INDEX = "account-index";

/** keccak256 of the ERC-20 event signatures: a TRC-20 log's first topic. */
export const TRC20_TRANSFER_TOPIC = keccak256(utf8Encode("Transfer(address,address,uint256)"));
export const TRC20_APPROVAL_TOPIC = keccak256(utf8Encode("Approval(address,address,uint256)"));

/** What the account index needs of an applied transaction. */
export interface IndexedTransaction {
  readonly txId: Uint8Array;
  readonly transaction: Transaction;
  readonly info: Pick<TransactionInfo, "log" | "contractAddress" | "internalTransactions">;
}

function sameTopic(a: Uint8Array | undefined, b: Uint8Array): boolean {
  if (a === undefined || a.length !== 32) return false;
  for (let i = 0; i < 32; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** A TRON address (21 bytes, 0x41 …) from a 20/21-byte field; undefined for an empty or odd one. */
function tronAddress(bytes: Uint8Array): Uint8Array | undefined {
  if (bytes.length === 21) return bytes[0] === 0x41 ? bytes : undefined;
  return bytes.length === 20 ? logContractAddress(bytes) : undefined;
}

function isZero(address: Uint8Array): boolean {
  for (let i = 1; i < address.length; i++) if (address[i] !== 0) return false;
  return true;
}

/** The address a 32-byte topic holds (its low 20 bytes), as 21 bytes. */
function topicAddress(topic: Uint8Array): Uint8Array {
  return logContractAddress(topic.subarray(12));
}

const latin1 = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/**
 * Writes the account index rows of one block (TronGrid's `/v1/accounts/…` reads them): for every
 * transaction, one row per address it touches — its owner (`from`), the addresses its contract
 * sends to, acts on or creates (`to`), the callers and receivers of its internal transactions
 * (`internal`) — and, for every TRC-20 `Transfer`/`Approval` log (three topics, one data word), a
 * row for each side and the holder ↔ token pairs a Transfer reveals. The index's mark moves to
 * `blockNumber` when it stood at the block before. Called in finishBlock, and by the node when it rebuilds the index from stored
 * blocks, so both write the same rows.
 */
export function indexAccounts(
  state: StateOverlay,
  blockNumber: bigint,
  blockTimestamp: bigint,
  transactions: readonly IndexedTransaction[],
): void {
  transactions.forEach(({ txId, transaction, info }, transactionIndex) => {
    const touched = new Map<string, { address: Uint8Array; roles: number }>();
    const touch = (bytes: Uint8Array, role: number) => {
      const address = tronAddress(bytes);
      if (!address) return;
      const id = latin1(address);
      const seen = touched.get(id);
      if (seen) seen.roles |= role;
      else touched.set(id, { address, roles: role });
    };
    for (const contract of transaction.rawData?.contract ?? []) {
      touch(contractOwner(contract), AccountRoles.from);
      for (const to of contractRecipients(contract)) touch(to, AccountRoles.to);
    }
    touch(info.contractAddress, AccountRoles.to);
    for (const internal of info.internalTransactions) {
      touch(internal.callerAddress, AccountRoles.internal);
      touch(internal.transferToAddress, AccountRoles.internal);
    }
    for (const { address, roles } of touched.values()) {
      state.put(
        AccountIndexTables.accountTransactions,
        { address, blockNumber, transactionIndex },
        { txId, blockTimestamp, roles },
      );
    }

    info.log.forEach((log, logIndex) => {
      if (log.topics.length !== 3 || log.data.length !== 32) return;
      const kind = sameTopic(log.topics[0], TRC20_TRANSFER_TOPIC)
        ? TokenTransferKinds.transfer
        : sameTopic(log.topics[0], TRC20_APPROVAL_TOPIC)
          ? TokenTransferKinds.approval
          : undefined;
      if (kind === undefined || log.topics[1]!.length !== 32 || log.topics[2]!.length !== 32) return;
      const token = logContractAddress(log.address);
      const from = topicAddress(log.topics[1]!);
      const to = topicAddress(log.topics[2]!);
      const sides =
        latin1(from) === latin1(to)
          ? [{ address: from, roles: AccountRoles.from | AccountRoles.to }]
          : [
              { address: from, roles: AccountRoles.from },
              { address: to, roles: AccountRoles.to },
            ];
      for (const { address, roles } of sides) {
        // the zero address is a mint's sender or a burn's receiver, not an account
        if (isZero(address)) continue;
        state.put(
          AccountIndexTables.tokenTransfers,
          { address, blockNumber, transactionIndex, logIndex },
          { txId, blockTimestamp, token, kind, roles },
        );
        if (kind !== TokenTransferKinds.transfer) continue;
        // written once per pair: later transfers would only rewrite the same row
        if (state.get(AccountIndexTables.accountTokens, { first: address, second: token }) === undefined) {
          state.put(AccountIndexTables.accountTokens, { first: address, second: token }, blockNumber);
          state.put(AccountIndexTables.tokenHolders, { first: token, second: address }, blockNumber);
        }
      }
    });
  });
  // The mark only moves on from the block before: an index with a gap (a store written before the
  // index existed, or a rebuild undone by a rewind) keeps saying where its gap starts.
  if ((state.get(AccountIndexTables.indexMarks, ACCOUNT_INDEX) ?? 0n) === blockNumber - 1n)
    state.put(AccountIndexTables.indexMarks, ACCOUNT_INDEX, blockNumber);
}
