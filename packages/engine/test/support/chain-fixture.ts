import { create } from "@bufbuild/protobuf";
import {
  addressOfPrivateKey,
  blockReference,
  ChainProperties,
  type ContractType,
  createGenesis,
  createNobleRecoverer,
  type GenesisConfig,
  hexToBytes,
  MemoryState,
  packContract,
  signHash,
  type Transaction,
  TransactionSchema,
  transactionId,
} from "../../src/internal.js";

export const recoverer = createNobleRecoverer();

export function key(n: number): Uint8Array {
  const k = new Uint8Array(32);
  new DataView(k.buffer).setUint32(28, n);
  return k;
}

export const WITNESS_KEY = key(1);
export const WITNESS = addressOfPrivateKey(WITNESS_KEY);
export const ALICE_KEY = key(2);
export const ALICE = addressOfPrivateKey(ALICE_KEY);
export const BOB_KEY = key(3);
export const BOB = addressOfPrivateKey(BOB_KEY);
export const BLACKHOLE = hexToBytes("4177944d19c052b73ee2286823aa83f8138cb7032f");
export const GENESIS_TIME = 1_700_000_000_000n;

export function genesisConfig(parameters: Record<string, bigint> = {}): GenesisConfig {
  return {
    timestamp: GENESIS_TIME,
    parentHash: hexToBytes("957dc2d350daecc7bb6a38f3938ebde0a0c1cedafe15f0edae4256a2907449f6"),
    accounts: [
      { name: "Zion", address: WITNESS, balance: 99_000_000_000_000_000n },
      { name: "Alice", address: ALICE, balance: 1_000_000_000n },
      { name: "Blackhole", address: BLACKHOLE, balance: -9_223_372_036_854_775_808n },
    ],
    witnesses: [{ address: WITNESS, url: "http://tronode.local", voteCount: 10_000n }],
    parameters: { ALLOW_MULTI_SIGN: 1n, ...parameters },
  };
}

export function newChain(parameters: Record<string, bigint> = {}): MemoryState {
  const state = new MemoryState();
  state.apply(createGenesis(genesisConfig(parameters)).changes);
  return state;
}

/** Builds and signs a transaction referencing the head block, as TronWeb does. */
export function signedTx(
  state: MemoryState,
  type: ContractType,
  parameter: Record<string, unknown>,
  keys: Uint8Array[],
  extra: { expirationOffset?: bigint; data?: Uint8Array; permissionId?: number } = {},
): Transaction {
  const props = new ChainProperties(state);
  const ref = blockReference(props.headNumber, props.headBlockId);
  const tx = create(TransactionSchema, {
    rawData: {
      ...ref,
      expiration: props.headTimestamp + (extra.expirationOffset ?? 60_000n),
      timestamp: props.headTimestamp,
      data: extra.data,
      contract: [packContract(type, parameter as never, extra.permissionId ?? 0)],
    },
  });
  const id = transactionId(tx);
  tx.signature = keys.map((k) => signHash(id, k));
  return tx;
}
