import {
  bytesEqual,
  type Logger,
  SIGNATURE_LENGTH,
  type SignatureRecoverer,
  TOTAL_SIGN_NUM,
  type Transaction,
  transactionId,
} from "@tronode/engine/internal";
import type { RecoveryItem, RecoveryPool } from "@tronode/secp256k1-native";

/**
 * Recovers broadcast signatures in worker threads ahead of the signature check. Only the expensive
 * curve arithmetic moves: the check itself (java-tron's order, permissions, weights, messages) still
 * runs in `applyTransaction`, through `recoverer`, which answers the pairs recovered here and
 * recovers anything else (a miss, a failed item, a worker error) synchronously with the fallback —
 * so errors are thrown by the same code with the same messages as without prefetching.
 */
export interface SignaturePrefetch {
  /**
   * Queues the transaction's (txID, signature) pairs; those of every call in the same event-loop
   * turn go to the pool as one batch. Resolves once they are recovered (or failed); never rejects.
   */
  prefetch(tx: Transaction): Promise<void>;
  /** Answers prefetched pairs, recovers the others with the fallback. */
  readonly recoverer: SignatureRecoverer;
  /**
   * Closes the pool; later prefetches resolve at once (the fallback does the work). A pool failure
   * closes it too.
   */
  close(): Promise<void>;
}

export interface SignaturePrefetchOptions {
  readonly pool: RecoveryPool;
  /** The synchronous recoverer for everything the pool did not answer. */
  readonly fallback: SignatureRecoverer;
  readonly logger: Logger;
}

interface Recovered {
  readonly hash: Uint8Array;
  readonly address: Uint8Array;
}

const DONE: Promise<void> = Promise.resolve();

interface Batch {
  readonly items: RecoveryItem[];
  readonly done: Promise<void>;
  readonly resolve: () => void;
}

function openBatch(): Batch {
  let resolve!: () => void;
  const done = new Promise<void>((r) => {
    resolve = r;
  });
  return { items: [], done, resolve };
}

/**
 * Pairs arriving in the same event-loop turn form one batch; while a batch is in the pool, the next
 * one keeps collecting (a round trip to a worker costs far more than a recovery, so under load the
 * batches grow instead of the round trips multiplying).
 */
export function createSignaturePrefetch(options: SignaturePrefetchOptions): SignaturePrefetch {
  const { pool, fallback, logger } = options;
  // Keyed by the signature's own bytes object (the one the signature check passes to the
  // recoverer), so nothing is hashed to look a result up and nothing outlives its transaction.
  const recovered = new WeakMap<Uint8Array, Recovered>();
  let open: Batch | undefined;
  let scheduled = false;
  let inFlight = false;
  let closed = false;

  function schedule(): void {
    if (scheduled || inFlight || !open) return;
    scheduled = true;
    setImmediate(dispatch);
  }

  function dispatch(): void {
    scheduled = false;
    const batch = open;
    if (inFlight || !batch) return;
    open = undefined;
    inFlight = true;
    void recover(batch.items).then(() => {
      inFlight = false;
      batch.resolve();
      schedule();
    });
  }

  async function recover(items: RecoveryItem[]): Promise<void> {
    try {
      const results = await pool.recoverMany(items);
      for (let i = 0; i < items.length; i++) {
        const address = results[i];
        if (address instanceof Uint8Array) {
          recovered.set(items[i]!.signature, { hash: items[i]!.hash, address });
        }
      }
    } catch (e) {
      // The fallback recovers these, and from now on everything, on the main thread: a pool that
      // cannot start its workers would otherwise fail (and respawn) on every batch.
      if (!closed) {
        closed = true;
        logger.warn(
          { err: (e as Error).message },
          "signature prefetch stopped; recovering on the main thread",
        );
        void pool.close().catch(() => undefined);
      }
    }
  }

  return {
    prefetch(tx) {
      const signatures = tx.signature;
      // Anything the check refuses before recovering (no signature, too many, too short) is left
      // to the synchronous path.
      if (closed || signatures.length === 0 || signatures.length > TOTAL_SIGN_NUM) return DONE;
      // A pool still starting would make this broadcast wait for a worker to boot: its signature is
      // recovered on the main thread instead, and the pool starts for the ones that follow.
      if (!pool.ready) {
        pool.warm();
        return DONE;
      }
      const hash = transactionId(tx);
      let batch: Batch | undefined;
      for (const signature of signatures) {
        if (signature.length < SIGNATURE_LENGTH || recovered.has(signature)) continue;
        batch = open ??= openBatch();
        batch.items.push({ hash, signature });
      }
      if (!batch) return DONE;
      schedule();
      return batch.done;
    },
    recoverer: {
      name: `prefetched(${fallback.name})`,
      recoverAddress(hash, signature) {
        const hit = recovered.get(signature);
        if (hit && bytesEqual(hit.hash, hash)) return hit.address;
        return fallback.recoverAddress(hash, signature);
      },
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}
