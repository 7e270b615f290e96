/**
 * Rebuilds the account index (engine `indexAccounts`, written by every block since it exists) from
 * the stored blocks and TransactionInfos when its mark lags the head: a data directory or state
 * file written before the index existed, or a rebuild that a rewind undid. It runs at start, before
 * any block is produced or applied, in commits of `BATCH_BLOCKS` blocks, each moving the mark — so
 * memory stays bounded by one batch and an interrupted rebuild resumes where it stopped.
 */
import { create } from "@bufbuild/protobuf";
import {
  ACCOUNT_INDEX,
  ChainProperties,
  type IndexedTransaction,
  indexAccounts,
  type Logger,
  StateOverlay,
  Tables,
  TransactionInfoSchema,
  transactionId,
} from "@tronode/engine/internal";
import type { ChainStore } from "@tronode/storage";

const BATCH_BLOCKS = 256;

/** Blocks the index lacks (0 when it covers the head). */
export function accountIndexLag(store: ChainStore): bigint {
  const head = new ChainProperties(store.view).headNumber;
  const mark = store.view.get(Tables.indexMarks, ACCOUNT_INDEX) ?? 0n;
  return head > mark ? head - mark : 0n;
}

/** Indexes every block after the mark up to the head; returns how many blocks it indexed. */
export async function rebuildAccountIndex(store: ChainStore, logger?: Logger): Promise<bigint> {
  const head = new ChainProperties(store.view).headNumber;
  const from = (store.view.get(Tables.indexMarks, ACCOUNT_INDEX) ?? 0n) + 1n;
  if (from > head) return 0n;
  logger?.info({ from: Number(from), to: Number(head) }, "rebuilding the account index from stored blocks");
  for (let start = from; start <= head; start += BigInt(BATCH_BLOCKS)) {
    const overlay = new StateOverlay(store.view);
    const end = start + BigInt(BATCH_BLOCKS) - 1n < head ? start + BigInt(BATCH_BLOCKS) - 1n : head;
    for (let n = start; n <= end; n++) {
      const block = await store.read(Tables.blocks, n);
      const raw = block?.blockHeader?.rawData;
      if (!block || !raw) continue; // a missing block leaves the mark where it is: the next start retries
      const transactions: IndexedTransaction[] = [];
      for (const transaction of block.transactions) {
        const txId = transactionId(transaction);
        // positions count every transaction of the block, with or without its info
        const info = (await store.read(Tables.transactionInfos, txId)) ?? create(TransactionInfoSchema);
        transactions.push({ txId, transaction, info });
      }
      indexAccounts(overlay, n, raw.timestamp, transactions);
    }
    await store.commit(overlay.changes(), { label: head });
  }
  return head - from + 1n;
}
