import { hexToBytes, type TransactionInfo, TronodeError, type WalletApi } from "@tronode/engine/internal";
import type { ChainService } from "./chain/chain-service.js";

/** How long `waitForTransaction` waits, and for what: a block, or the block's solidification. */
export interface WaitForTransactionOptions {
  /** Wait until the transaction's block is solidified, not only on the head (default false). */
  readonly solidified?: boolean;
  /** Give up after this long (default 60 000 ms). */
  readonly timeoutMs?: number;
}

/** Where a confirmed transaction landed, and its gettransactioninfobyid record. */
export interface TransactionConfirmation {
  readonly blockNumber: bigint;
  readonly info: TransactionInfo;
}

const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * Resolves once `txId` is in a committed block (solidified with `solidified`): checked now and
 * again at every block the chain commits, so it never polls a clock.
 */
export function waitForTransaction(
  chain: ChainService,
  wallet: WalletApi,
  txId: string | Uint8Array,
  options: WaitForTransactionOptions = {},
): Promise<TransactionConfirmation> {
  const id = typeof txId === "string" ? hexToBytes(txId.replace(/^0x/, "")) : txId;
  const scope = options.solidified ? "solid" : "head";
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    let settled = false;
    let checking = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      unsubscribe();
      outcome();
    };
    const check = async () => {
      if (checking || settled) return;
      checking = true;
      try {
        const info = await wallet.getTransactionInfoById(id, scope);
        if (info !== undefined && info.id.length > 0)
          finish(() => resolve({ blockNumber: info.blockNumber, info }));
      } catch (error) {
        finish(() => reject(error));
      } finally {
        checking = false;
      }
    };
    const timer = setTimeout(
      () =>
        finish(() =>
          reject(
            new TronodeError(
              "TRANSACTION_TIMEOUT",
              `transaction ${typeof txId === "string" ? txId : "given"} was not ${scope === "solid" ? "solidified" : "in a block"} within ${timeoutMs} ms`,
            ),
          ),
        ),
      timeoutMs,
    );
    const unsubscribe = chain.onChange((change) => {
      if (change.kind === "applied") queueMicrotask(() => void check());
    });
    void check();
  });
}
