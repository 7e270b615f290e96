/**
 * The pending pool (java-tron's pending transactions and its pending session): broadcast
 * transactions applied, in arrival order, to an unconfirmed overlay over the committed state, so
 * reads right after a broadcast see their effect. When the committed state moves the pool is
 * rebuilt on it by re-pushing what is still pending (java-tron's re-push).
 */
import {
  applyTransaction,
  broadcastProtoFault,
  bytesToHex,
  ChainProperties,
  type ChainSettings,
  contractFailureText,
  contractOwner,
  type Logger,
  ResponseCode,
  type SignatureRecoverer,
  StateOverlay,
  type StateView,
  type Transaction,
  type TransactionOutcome,
  TronodeError,
  transactionId,
} from "@tronode/engine/internal";

/** java-tron's default maxTransactionPendingSize. */
const DEFAULT_MAX_PENDING_SIZE = 2000;

export interface PendingPool {
  /** Unconfirmed state: committed + pending transactions (replaced on every rebuild). */
  readonly view: StateView;
  readonly size: number;
  /** Whether a broadcast would be refused as SERVER_BUSY. */
  readonly isFull: boolean;
  transaction(id: Uint8Array): Transaction | undefined;
  ids(): Uint8Array[];
  /** The pending transactions, in arrival order. */
  transactions(): Transaction[];
  /**
   * The push outcomes, in order, when they were computed on the current committed head — a block
   * produced on it can take them instead of re-applying; undefined once the committed state moved.
   */
  outcomesOnCommittedHead(): TransactionOutcome[] | undefined;
  /** Broadcast: applies the transaction to the pending state, or throws the rejection. */
  admit(tx: Transaction, recoverer: SignatureRecoverer): TransactionOutcome;
  /** Whether the transaction's signatures were already checked (by a push) and need no new check. */
  isVerified(txId: Uint8Array): boolean;
  /** The committed state moved: the pool's outcomes are no longer on its head. */
  baseMoved(): void;
  /**
   * A new committed head: the transactions it included (hex ids) leave the pool and need no further
   * signature memo; the others are re-pushed on it.
   */
  rebuild(included: ReadonlySet<string>): void;
  /** Starts a new pool on the committed state and re-pushes `txs` into it (java-tron's repush). */
  repush(txs: readonly Transaction[]): void;
  /** Like `repush`, after forgetting every signature already checked (a rewind or a new state). */
  reset(txs: readonly Transaction[]): void;
}

export interface PendingPoolOptions {
  /** The committed state the pool's overlay lies over. */
  readonly committedView: () => StateView;
  /** Re-pushes check signatures with this recoverer. */
  readonly recoverer: SignatureRecoverer;
  readonly logger: Logger;
  /** java-tron's maxTransactionPendingSize (default 2000). */
  readonly maxPendingSize?: number;
  readonly traceBalances?: boolean;
  readonly settings?: ChainSettings;
  /** Development chains: owners whose transactions are accepted without a valid signature. */
  readonly signatureBypass?: (owner: Uint8Array) => boolean;
  /**
   * A forked chain's count of reads of rows not fetched yet: a push that moves it is refused, since
   * its outcome rests on a row the chain does not hold (the caller fetches it and pushes again).
   */
  readonly misses?: { readonly count: number };
  /** Called whenever the pending state changes (a push or a rebuild). */
  readonly onChange: () => void;
}

interface PendingEntry {
  readonly tx: Transaction;
  readonly outcome: TransactionOutcome;
}

/** A push that read a row a forked chain has not fetched yet (run again once it is fetched). */
function stateMissing(): TronodeError {
  return new TronodeError(
    "FORK_STATE_UNRESOLVED",
    "the transaction read state not yet fetched from the fork's upstream",
  );
}

export function createPendingPool(options: PendingPoolOptions): PendingPool {
  const { logger } = options;
  const maxPending = options.maxPendingSize ?? DEFAULT_MAX_PENDING_SIZE;
  let pending = new Map<string, PendingEntry>();
  let state = new StateOverlay(options.committedView());
  /** Transactions whose signatures a push already checked (kept until their block is committed). */
  const verified = new Set<string>();
  let onCommittedHead = true;

  function apply(
    tx: Transaction,
    recoverer: SignatureRecoverer,
    bypass: PendingPoolOptions["signatureBypass"],
  ): TransactionOutcome {
    return applyTransaction(state, tx, {
      mode: "push",
      recoverer,
      isVerified: (txId) =>
        verified.has(bytesToHex(txId)) ||
        (bypass !== undefined &&
          tx.rawData?.contract[0] !== undefined &&
          bypass(contractOwner(tx.rawData.contract[0]))),
      traceBalances: options.traceBalances,
      settings: options.settings,
    });
  }

  /**
   * Applies a transaction to the pending state as a broadcast (signatures already checked once are
   * not checked again; an impersonated owner's are not checked at all) and adds it to the pool.
   */
  function pushToPending(tx: Transaction, recoverer: SignatureRecoverer): TransactionOutcome {
    const bypass = options.signatureBypass;
    const missesBefore = options.misses?.count;
    let outcome: TransactionOutcome;
    try {
      outcome = apply(tx, recoverer, bypass);
    } catch (e) {
      if (options.misses !== undefined && options.misses.count !== missesBefore) throw stateMissing();
      throw e;
    }
    if (options.misses !== undefined && options.misses.count !== missesBefore) throw stateMissing();
    const id = bytesToHex(outcome.txId);
    state.merge(outcome.changes);
    options.onChange();
    pending.set(id, { tx: outcome.transaction, outcome });
    verified.add(id);
    return outcome;
  }

  /** A contract transaction that failed gets a readable line (the revert reason decoded). */
  function logContractFailure(outcome: TransactionOutcome): void {
    const text = contractFailureText(outcome.info);
    if (text === undefined) return;
    logger.info(
      { txId: bytesToHex(outcome.txId), reason: text },
      `transaction ${bytesToHex(outcome.txId)} ${text}`,
    );
  }

  function repush(txs: readonly Transaction[]): void {
    options.onChange();
    pending = new Map();
    state = new StateOverlay(options.committedView());
    onCommittedHead = true;
    for (const tx of txs) {
      try {
        pushToPending(tx, options.recoverer);
      } catch (e) {
        const id = bytesToHex(transactionId(tx));
        verified.delete(id);
        logger.debug({ txId: id, reason: (e as Error).message }, "pending transaction dropped");
      }
    }
  }

  return {
    get view() {
      return state;
    },
    get size() {
      return pending.size;
    },
    get isFull() {
      return pending.size >= maxPending;
    },
    transaction: (id) => pending.get(bytesToHex(id))?.tx,
    ids: () => [...pending.values()].map((e) => e.outcome.txId),
    transactions: () => [...pending.values()].map((e) => e.tx),
    outcomesOnCommittedHead: () =>
      onCommittedHead ? [...pending.values()].map((e) => e.outcome) : undefined,
    admit(tx, recoverer) {
      if (pending.size >= maxPending) throw new TronodeError(ResponseCode.SERVER_BUSY, "Server busy.");
      // Wallet.broadcastTransaction parses the transaction as a TransactionMessage before pushing it:
      // under ALLOW_PROTO_FILTER_NUM, one with fields its schema does not know is refused
      if (new ChainProperties(state).get("ALLOW_PROTO_FILTER_NUM") === 1n) {
        const fault = broadcastProtoFault(tx);
        if (fault !== undefined) throw new TronodeError(ResponseCode.OTHER_ERROR, `Error: ${fault}`);
      }
      const outcome = pushToPending(tx, recoverer);
      logContractFailure(outcome);
      return outcome;
    },
    isVerified: (txId) => verified.has(bytesToHex(txId)),
    baseMoved() {
      onCommittedHead = false;
    },
    rebuild(included) {
      for (const id of included) verified.delete(id);
      repush([...pending.entries()].filter(([id]) => !included.has(id)).map(([, entry]) => entry.tx));
    },
    repush,
    reset(txs) {
      verified.clear();
      repush(txs);
    },
  };
}
