/**
 * Helpers for tests that drive the engine's transaction pipeline on an in-memory chain: build raw
 * transactions with any shape (several contracts, tampered fields, custom TaPoS), sign and re-sign
 * them, apply them and collect rejections, and edit state directly (accounts, properties).
 */
import { clone, create } from "@bufbuild/protobuf";
import {
  ACTUATORS,
  type Account,
  AccountSchema,
  type ApplyTransactionOptions,
  applyTransaction,
  blockReference,
  ChainProperties,
  type ContractType,
  createGenesis,
  type GenesisConfig,
  MemoryState,
  MutableChainProperties,
  type ProducedBlock,
  type PropertyName,
  packContract,
  produceBlock,
  StateOverlay,
  type StateView,
  signHash,
  type Table,
  Tables,
  type Transaction,
  type Transaction_Contract,
  TransactionSchema,
  TronodeError,
  transactionId,
  unpackContract,
} from "../../src/internal.js";
import { key, recoverer, WITNESS_KEY } from "./chain-fixture.js";

export const CAROL_KEY = key(4);
export const DAVE_KEY = key(5);

/** Runs `fn` and returns the TronodeError it throws; fails when it does not throw one. */
export function reject(fn: () => unknown): TronodeError {
  try {
    fn();
  } catch (e) {
    if (e instanceof TronodeError) return e;
    throw e;
  }
  throw new Error("expected a rejection");
}

/** [code, message] of a rejected push, for compact assertions. */
export function pushError(
  state: StateView,
  tx: Transaction,
  options: Partial<ApplyTransactionOptions> = {},
): [string, string] {
  const e = reject(() => push(state, tx, options));
  return [e.code, e.message];
}

export function push(state: StateView, tx: Transaction, options: Partial<ApplyTransactionOptions> = {}) {
  return applyTransaction(state, tx, { mode: "push", recoverer, ...options });
}

/** Pushes and applies a transaction to the state (as the pending session would). */
export function commit(state: MemoryState, tx: Transaction, options: Partial<ApplyTransactionOptions> = {}) {
  const outcome = push(state, tx, options);
  state.apply(outcome.changes);
  return outcome;
}

/** A chain built from a full genesis config. */
export function chainFrom(config: GenesisConfig): MemoryState {
  const state = new MemoryState();
  state.apply(createGenesis(config).changes);
  return state;
}

/** Writes into the state through an overlay (what a committed block would do). */
export function edit(
  state: MemoryState,
  fn: (overlay: StateOverlay, props: MutableChainProperties) => void,
): void {
  const overlay = new StateOverlay(state);
  fn(overlay, new MutableChainProperties(overlay));
  state.apply(overlay.changes());
}

export function account(state: StateView, address: Uint8Array): Account | undefined {
  return state.get(Tables.accounts, address);
}

export function balance(state: StateView, address: Uint8Array): bigint {
  return state.get(Tables.accounts, address)?.balance ?? 0n;
}

export function mutateAccount(state: MemoryState, address: Uint8Array, fn: (a: Account) => void): void {
  edit(state, (overlay) => {
    const current = overlay.get(Tables.accounts, address);
    if (!current) throw new Error("no such account");
    const next = clone(AccountSchema, current);
    fn(next);
    overlay.put(Tables.accounts, address, next);
  });
}

export function prop(state: StateView, name: PropertyName): bigint {
  return new ChainProperties(state).get(name);
}

/** Raw transaction fields a test may override. */
export interface RawOverrides {
  refBlockBytes?: Uint8Array;
  refBlockHash?: Uint8Array;
  expiration?: bigint;
  timestamp?: bigint;
  data?: Uint8Array;
  feeLimit?: bigint;
}

/** An unsigned transaction carrying `contracts`, referencing the head block by default. */
export function rawTx(
  state: StateView,
  contracts: Transaction_Contract[],
  raw: RawOverrides = {},
): Transaction {
  const props = new ChainProperties(state);
  const ref = blockReference(props.headNumber, props.headBlockId);
  return create(TransactionSchema, {
    rawData: {
      refBlockBytes: raw.refBlockBytes ?? ref.refBlockBytes,
      refBlockHash: raw.refBlockHash ?? ref.refBlockHash,
      expiration: raw.expiration ?? props.headTimestamp + 60_000n,
      timestamp: raw.timestamp ?? props.headTimestamp,
      data: raw.data,
      feeLimit: raw.feeLimit,
      contract: contracts,
    },
  });
}

export function contract(
  type: ContractType,
  parameter: Record<string, unknown>,
  permissionId = 0,
): Transaction_Contract {
  return packContract(type, parameter as never, permissionId);
}

/** Replaces the signatures by fresh ones over the (possibly edited) raw data. */
export function sign(tx: Transaction, keys: Uint8Array[]): Transaction {
  const id = transactionId(tx);
  tx.signature = keys.map((k) => signHash(id, k));
  return tx;
}

/** Builds and signs a one-contract transaction with raw overrides. */
export function tx(
  state: StateView,
  type: ContractType,
  parameter: Record<string, unknown>,
  keys: Uint8Array[],
  raw: RawOverrides = {},
  permissionId = 0,
): Transaction {
  return sign(rawTx(state, [contract(type, parameter, permissionId)], raw), keys);
}

/** Produces the next block at `timestamp` (default: the next 3 s slot) and applies it. */
export function produce(
  state: MemoryState,
  transactions: Transaction[] = [],
  timestamp?: bigint,
): ProducedBlock {
  const props = new ChainProperties(state);
  const produced = produceBlock(state, {
    timestamp: timestamp ?? props.headTimestamp + 3_000n,
    witnessPrivateKey: WITNESS_KEY,
    transactions,
    recoverer,
  });
  state.apply(produced.changes);
  return produced;
}

/** Runs one actuator's `validate` directly on the state, returning its message (undefined = valid). */
export function validateDirect(
  state: StateView,
  type: ContractType,
  parameter: Record<string, unknown>,
): string | undefined {
  const actuator = ACTUATORS.get(type);
  if (!actuator) throw new Error(`no actuator for ${type}`);
  const overlay = new StateOverlay(state);
  const props = new MutableChainProperties(overlay);
  const packed = contract(type, parameter);
  const value = unpackContract(packed).value;
  try {
    actuator.validate({ state: overlay, props, txId: new Uint8Array(32), contract: packed }, value);
    return undefined;
  } catch (e) {
    if (e instanceof TronodeError) return e.message;
    throw e;
  }
}

/**
 * A StateView that records every value it hands out together with its encoding at that moment, so a
 * test can prove afterwards that nobody changed a value in place.
 */
export class RecordingView implements StateView {
  private readonly seen: { table: Table<unknown, unknown>; value: unknown; bytes: Uint8Array }[] = [];

  constructor(private readonly inner: StateView) {}

  get<K, V>(table: Table<K, V>, k: K): V | undefined {
    const value = this.inner.get(table, k);
    if (value !== undefined) {
      this.seen.push({
        table: table as Table<unknown, unknown>,
        value,
        bytes: table.encodeValue(value),
      });
    }
    return value;
  }

  get reads(): number {
    return this.seen.length;
  }

  /** Values whose encoding changed since they were read. */
  mutated(): string[] {
    const out: string[] = [];
    for (const s of this.seen) {
      const now = s.table.encodeValue(s.value);
      if (now.length !== s.bytes.length || now.some((b, i) => b !== s.bytes[i])) out.push(s.table.id);
    }
    return out;
  }
}
