/**
 * Engine throughput: signed TRX transfers applied per second including signature recovery (noble,
 * native, and native recovery spread over worker threads), and the cost of encoding/decoding one
 * transaction. Run: `npm run bench` (or `node --conditions=tronode-source --import tsx bench/engine.ts`).
 */
import { create, toBinary } from "@bufbuild/protobuf";
import {
  addressOfPrivateKey,
  applyTransaction,
  blockReference,
  ChainProperties,
  ContractType,
  createCachedRecoverer,
  createGenesis,
  createNobleRecoverer,
  decodeTransaction,
  encodeTransaction,
  hexToBytes,
  MemoryState,
  packContract,
  type SignatureRecoverer,
  StateOverlay,
  sha256,
  signHash,
  type Transaction,
  Transaction_rawSchema,
  TransactionSchema,
  transactionId,
} from "@tronode/engine/internal";
import {
  createNativeRecoverer,
  createRecoveryPool,
  isNativeRecoveryAvailable,
  precomputeRecoveries,
} from "@tronode/secp256k1-native";

function keyOf(i: number): Uint8Array {
  const k = new Uint8Array(32);
  new DataView(k.buffer).setUint32(28, i + 1000);
  return k;
}

export interface EngineBenchFixture {
  state: MemoryState;
  transactions: Transaction[];
}

/** A chain with `senders` funded accounts and `count` signed transfers between existing accounts. */
export function engineFixture(senders: number, count: number): EngineBenchFixture {
  const keys = Array.from({ length: senders }, (_, i) => keyOf(i));
  const addresses = keys.map(addressOfPrivateKey);
  const state = new MemoryState();
  state.apply(
    createGenesis({
      timestamp: 0n,
      parentHash: new Uint8Array(32),
      accounts: addresses.map((address) => ({ address, balance: 1_000_000_000_000n })),
      witnesses: [{ address: addresses[0]!, url: "bench", voteCount: 1n }],
      parameters: { ALLOW_MULTI_SIGN: 1n, ALLOW_CREATION_OF_CONTRACTS: 1n },
    }).changes,
  );
  const props = new ChainProperties(state);
  const ref = blockReference(props.headNumber, props.headBlockId);
  const transactions: Transaction[] = [];
  for (let i = 0; i < count; i++) {
    const from = i % senders;
    const to = (from + 1 + Math.floor(i / senders)) % senders;
    const tx = create(TransactionSchema, {
      rawData: {
        ...ref,
        expiration: props.headTimestamp + 3_600_000n,
        timestamp: BigInt(i),
        contract: [
          packContract(ContractType.TransferContract, {
            ownerAddress: addresses[from]!,
            toAddress: addresses[to === from ? (to + 1) % senders : to]!,
            amount: 1n + BigInt(i),
          }),
        ],
      },
    });
    tx.signature = [signHash(transactionId(tx), keys[from]!)];
    transactions.push(tx);
  }
  return { state, transactions };
}

/** Applies every transaction in push mode on one overlay; returns transactions per second. */
export function applyAll(fixture: EngineBenchFixture, recoverer: SignatureRecoverer, limit?: number): number {
  const overlay = new StateOverlay(fixture.state);
  const txs = limit ? fixture.transactions.slice(0, limit) : fixture.transactions;
  const start = performance.now();
  for (const tx of txs) overlay.merge(applyTransaction(overlay, tx, { mode: "push", recoverer }).changes);
  return txs.length / ((performance.now() - start) / 1000);
}

export async function runEngineBench(
  log: (line: string) => void = console.log,
): Promise<Record<string, number>> {
  const results: Record<string, number> = {};
  const fixture = engineFixture(1000, 10_000);

  const tx = fixture.transactions[0]!;
  const bytes = encodeTransaction(tx);
  let t = performance.now();
  for (let i = 0; i < 20_000; i++) encodeTransaction(tx);
  results["encode µs/tx"] = ((performance.now() - t) * 1000) / 20_000;
  t = performance.now();
  for (let i = 0; i < 20_000; i++) decodeTransaction(bytes);
  results["decode µs/tx"] = ((performance.now() - t) * 1000) / 20_000;
  t = performance.now();
  // txID from scratch (transactionId memoizes raw_data bytes per transaction object)
  for (let i = 0; i < 20_000; i++) sha256(toBinary(Transaction_rawSchema, tx.rawData!));
  results["txID µs/tx"] = ((performance.now() - t) * 1000) / 20_000;

  results["transfers/s noble (1 core)"] = applyAll(fixture, createNobleRecoverer(), 1_000);
  if (isNativeRecoveryAvailable()) {
    results["transfers/s native (1 core)"] = applyAll(fixture, createNativeRecoverer());
    const pool = createRecoveryPool({ threads: 2, useNative: true });
    try {
      await pool.recoverMany(
        fixture.transactions
          .slice(0, 10)
          .map((x) => ({ hash: transactionId(x), signature: x.signature[0]! })),
      );
      // Pipelined: the workers recover chunk i+1 while the main thread applies chunk i.
      const chunk = 500;
      const items = fixture.transactions.map((x) => ({ hash: transactionId(x), signature: x.signature[0]! }));
      const start = performance.now();
      const overlay = new StateOverlay(fixture.state);
      let next = precomputeRecoveries(pool, items.slice(0, chunk));
      for (let i = 0; i < fixture.transactions.length; i += chunk) {
        const lookup = await next;
        if (i + chunk < items.length)
          next = precomputeRecoveries(pool, items.slice(i + chunk, i + 2 * chunk));
        const recoverer = createCachedRecoverer(createNobleRecoverer(), lookup);
        for (const x of fixture.transactions.slice(i, i + chunk)) {
          overlay.merge(applyTransaction(overlay, x, { mode: "push", recoverer }).changes);
        }
      }
      results["transfers/s native, recovery pipelined on 2 worker threads"] =
        fixture.transactions.length / ((performance.now() - start) / 1000);
    } finally {
      await pool.close();
    }
  }
  const recovered = new Map<Uint8Array, Uint8Array>();
  const native = isNativeRecoveryAvailable() ? createNativeRecoverer() : createNobleRecoverer();
  for (const x of fixture.transactions)
    recovered.set(x.signature[0]!, native.recoverAddress(transactionId(x), x.signature[0]!));
  results["transfers/s without recovery (apply only)"] = applyAll(fixture, {
    name: "precomputed",
    recoverAddress: (hash, sig) => recovered.get(sig) ?? native.recoverAddress(hash, sig),
  });
  for (const [k, v] of Object.entries(results)) log(`${k.padEnd(52)} ${v.toFixed(k.includes("µs") ? 2 : 0)}`);
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runEngineBench();
}

export { hexToBytes };
