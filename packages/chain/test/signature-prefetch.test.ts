/**
 * The signature prefetch: broadcasts of one event-loop turn are recovered in one pool call, the
 * signature check answers from those results, and everything else (misses, failures, a failing
 * pool) goes to the synchronous recoverer — so a node with and without worker threads answers every
 * broadcast identically.
 */
import { create } from "@bufbuild/protobuf";
import {
  blockReference,
  bytesToHex,
  ChainProperties,
  ContractType,
  createNobleRecoverer,
  packContract,
  type SignatureRecoverer,
  signHash,
  type Transaction,
  TransactionSchema,
  TronodeError,
  transactionId,
} from "@tronode/engine/internal";
import type { RecoveryItem, RecoveryPool, RecoveryResult } from "@tronode/secp256k1-native";
import { describe, expect, it } from "vitest";
import { createSignaturePrefetch } from "../src/chain/signature-prefetch.js";
import { type Chain, createChain } from "../src/index.js";

const silentLogger = { debug() {}, info() {}, warn() {}, error() {} };

const noble = createNobleRecoverer();

function key(n: number): Uint8Array {
  const k = new Uint8Array(32);
  k[31] = n;
  return k;
}

function signed(n: number, signers: Uint8Array[] = [key(n)]): Transaction {
  const tx = create(TransactionSchema, {
    rawData: {
      refBlockBytes: new Uint8Array(2),
      refBlockHash: new Uint8Array(8),
      expiration: 60_000n,
      timestamp: BigInt(n),
      contract: [packContract(ContractType.TransferContract, { amount: BigInt(n) })],
    },
  });
  tx.signature = signers.map((k) => signHash(transactionId(tx), k));
  return tx;
}

/** A pool on the main thread: answers with noble, or as `answer` says; records every call. */
function fakePool(
  answer?: (item: RecoveryItem) => RecoveryResult,
): RecoveryPool & { calls: RecoveryItem[][]; gate?: Promise<void>; ready: boolean; warmed: number } {
  const pool = {
    threads: 1,
    recovererName: "fake",
    calls: [] as RecoveryItem[][],
    gate: undefined as Promise<void> | undefined,
    ready: true,
    warmed: 0,
    warm() {
      pool.warmed++;
    },
    async recoverMany(items: readonly RecoveryItem[]) {
      pool.calls.push([...items]);
      await pool.gate;
      return items.map((item) => answer?.(item) ?? noble.recoverAddress(item.hash, item.signature));
    },
    async close() {},
  };
  return pool;
}

function countingFallback(): SignatureRecoverer & { calls: number } {
  const fallback = {
    name: "counting",
    calls: 0,
    recoverAddress(hash: Uint8Array, signature: Uint8Array) {
      fallback.calls++;
      return noble.recoverAddress(hash, signature);
    },
  };
  return fallback;
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("signature prefetch", () => {
  it("sends the signatures of one event-loop turn in one pool call and answers them without the fallback", async () => {
    const pool = fakePool();
    const fallback = countingFallback();
    const prefetch = createSignaturePrefetch({ pool, fallback, logger: silentLogger });
    const txs = [signed(1), signed(2), signed(3, [key(3), key(4)])];
    await Promise.all(txs.map((tx) => prefetch.prefetch(tx)));
    expect(pool.calls.map((c) => c.length)).toEqual([4]);
    for (const tx of txs) {
      for (const sig of tx.signature) {
        expect(bytesToHex(prefetch.recoverer.recoverAddress(transactionId(tx), sig))).toBe(
          bytesToHex(noble.recoverAddress(transactionId(tx), sig)),
        );
      }
    }
    expect(fallback.calls).toBe(0);
    // Already recovered: nothing is sent again.
    await prefetch.prefetch(txs[0]!);
    expect(pool.calls).toHaveLength(1);
  });

  it("a pool still starting is warmed and not waited for: the check recovers on the main thread", async () => {
    const pool = fakePool();
    pool.ready = false;
    const fallback = countingFallback();
    const prefetch = createSignaturePrefetch({ pool, fallback, logger: silentLogger });
    const tx = signed(1);
    await prefetch.prefetch(tx);
    expect(pool.calls).toHaveLength(0);
    expect(pool.warmed).toBe(1);
    expect(bytesToHex(prefetch.recoverer.recoverAddress(transactionId(tx), tx.signature[0]!))).toBe(
      bytesToHex(noble.recoverAddress(transactionId(tx), tx.signature[0]!)),
    );
    expect(fallback.calls).toBe(1);
    pool.ready = true;
    await prefetch.prefetch(signed(2));
    expect(pool.calls).toHaveLength(1);
  });

  it("while a batch is in the pool, the following broadcasts collect into the next one", async () => {
    const pool = fakePool();
    let open!: () => void;
    pool.gate = new Promise((resolve) => {
      open = resolve;
    });
    const prefetch = createSignaturePrefetch({ pool, fallback: noble, logger: silentLogger });
    const first = prefetch.prefetch(signed(1));
    await turn();
    const later = [signed(2), signed(3), signed(4)].map((tx) => prefetch.prefetch(tx));
    await turn();
    await turn();
    expect(pool.calls.map((c) => c.length)).toEqual([1]);
    open();
    await Promise.all([first, ...later]);
    expect(pool.calls.map((c) => c.length)).toEqual([1, 3]);
  });

  it("misses, failed items, a failing pool (then no longer used) and a result for another hash go to the fallback, whose errors stand", async () => {
    const bad = signed(1);
    bad.signature[0]![64] = 40; // Header byte out of range: 40
    const good = signed(2);
    const failing = createSignaturePrefetch({
      pool: fakePool((item) =>
        item.signature === bad.signature[0]
          ? { error: { code: "X", message: "from the pool" } }
          : noble.recoverAddress(item.hash, item.signature),
      ),
      fallback: noble,
      logger: silentLogger,
    });
    await Promise.all([failing.prefetch(bad), failing.prefetch(good)]);
    const e = (() => {
      try {
        failing.recoverer.recoverAddress(transactionId(bad), bad.signature[0]!);
      } catch (error) {
        return error as TronodeError;
      }
    })();
    expect(e).toBeInstanceOf(TronodeError);
    expect([e!.code, e!.message]).toEqual(["SIGNATURE_RECOVERY", "Header byte out of range: 40"]);
    // The same signature bytes over another hash are not answered from the results.
    const otherHash = new Uint8Array(32).fill(1);
    expect(() => failing.recoverer.recoverAddress(otherHash, good.signature[0]!)).not.toThrow();
    expect(bytesToHex(failing.recoverer.recoverAddress(otherHash, good.signature[0]!))).toBe(
      bytesToHex(noble.recoverAddress(otherHash, good.signature[0]!)),
    );

    const rejecting = fakePool();
    rejecting.recoverMany = (items) => {
      rejecting.calls.push([...items]);
      return Promise.reject(new Error("worker died"));
    };
    const fallback = countingFallback();
    const prefetch = createSignaturePrefetch({ pool: rejecting, fallback, logger: silentLogger });
    await prefetch.prefetch(good);
    prefetch.recoverer.recoverAddress(transactionId(good), good.signature[0]!);
    expect(fallback.calls).toBe(1);
    // A failing pool is not tried again.
    await prefetch.prefetch(signed(5));
    expect(rejecting.calls).toHaveLength(1);
  });

  it("does not send what the check refuses before recovering: no signature, more than 5, short ones", async () => {
    const pool = fakePool();
    const prefetch = createSignaturePrefetch({ pool, fallback: noble, logger: silentLogger });
    const short = signed(1);
    short.signature = [short.signature[0]!.subarray(0, 64)];
    await prefetch.prefetch(signed(2, []));
    await prefetch.prefetch(signed(3, [1, 2, 3, 4, 5, 6].map(key)));
    await prefetch.prefetch(short);
    expect(pool.calls).toEqual([]);
  });

  it("after close, prefetches resolve at once and the fallback recovers", async () => {
    const pool = fakePool();
    const prefetch = createSignaturePrefetch({ pool, fallback: noble, logger: silentLogger });
    await prefetch.close();
    const tx = signed(1);
    await prefetch.prefetch(tx);
    expect(pool.calls).toEqual([]);
    expect(prefetch.recoverer.recoverAddress(transactionId(tx), tx.signature[0]!)).toEqual(
      noble.recoverAddress(transactionId(tx), tx.signature[0]!),
    );
  });
});

describe("a node recovering broadcast signatures in a worker thread", () => {
  /** A valid transfer, a wrong signer, a bad header byte and a short signature, concurrently. */
  async function broadcasts(node: Chain) {
    const props = new ChainProperties(node.service.headView);
    const [a, b] = node.accounts;
    const transfer = (amount: bigint, signer: Uint8Array) => {
      const tx = create(TransactionSchema, {
        rawData: {
          ...blockReference(props.headNumber, props.headBlockId),
          expiration: props.headTimestamp + 60_000n,
          timestamp: props.headTimestamp,
          contract: [
            packContract(ContractType.TransferContract, {
              ownerAddress: a!.address,
              toAddress: b!.address,
              amount,
            }),
          ],
        },
      });
      tx.signature = [signHash(transactionId(tx), signer)];
      return tx;
    };
    const wrongSigner = transfer(2n, b!.privateKey);
    const badHeader = transfer(3n, a!.privateKey);
    badHeader.signature[0]![64] = 40;
    const short = transfer(4n, a!.privateKey);
    short.signature = [short.signature[0]!.subarray(0, 64)];
    const results = await Promise.all(
      [transfer(1n, a!.privateKey), wrongSigner, badHeader, short, transfer(5n, a!.privateKey)].map((tx) =>
        node.wallet.broadcastTransaction(tx),
      ),
    );
    return results.map((r) => [r.result, r.code, r.message, bytesToHex(r.txId)]);
  }

  it("answers every broadcast exactly as a node recovering on the main thread", async () => {
    // The same fixed clock gives both nodes the same chain, so they get the same transactions.
    const clock = { now: () => 1_700_000_000_000n };
    const options = { blockTime: 60, accounts: 2, clock };
    const threaded = await createChain({ ...options, recoveryThreads: 1 });
    const plain = await createChain({ ...options, recoveryThreads: 0 });
    try {
      const withPool = await broadcasts(threaded);
      const without = await broadcasts(plain);
      expect(withPool).toEqual(without);
      expect(withPool.map(([ok]) => ok)).toEqual([true, false, false, false, true]);
      expect(withPool[1]![2]).toMatch(/is signed by T\w+ but it is not contained of permission\.$/);
      expect(withPool[2]![2]).toBe("Validate signature error: Header byte out of range: 40");
      expect(withPool[3]![2]).toBe("Validate signature error: Signature size is 64");
      expect(threaded.service.pendingSize).toBe(2);
    } finally {
      await threaded.stop();
      await plain.stop();
    }
  });
});
