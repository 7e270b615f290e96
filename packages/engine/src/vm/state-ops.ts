import { keccak256 } from "../crypto/hash.js";
import {
  ContractTables,
  readStorageRow,
  storageAddressHash,
  storageRowKey,
} from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { bytesKey, bytesValue, defineTable } from "../state/table.js";
import type { Program } from "./program.js";
import { toTronAddress, wordFromBytes, wordToBytes } from "./word.js";
import { getCode } from "./world.js";

/**
 * Transient storage (TLOAD/TSTORE) lives in the frame overlays like any write, so a reverted frame
 * drops it; `execute.ts` strips this table from the change set, so it never outlives the
 * transaction. Key: the context address word (32 bytes) ‖ the slot.
 */
export const TransientStorage = defineTable("vm-transient-storage", bytesKey, bytesValue);

/**
 * The contracts created in this transaction (java-tron's newContractCache, #94): marked where the
 * VM creates a contract record, carried by the overlays like TransientStorage (a failed frame drops
 * its marks) and stripped from the change set.
 */
export const NewContracts = defineTable("vm-new-contracts", bytesKey, bytesValue);

export function markNewContract(state: StateOverlay, address: Uint8Array): void {
  state.put(NewContracts, address, MARK);
}

export function isNewContract(state: StateOverlay, address: Uint8Array): boolean {
  return state.getWritten(NewContracts, address) !== undefined;
}

const MARK = Uint8Array.of(1);

/**
 * The address hash of a contract record (a pure function of its address and trxHash), kept per
 * record object: records read from state are shared until rewritten, so a busy contract's hash is
 * computed once instead of once per call frame.
 */
const addressHashOf = new WeakMap<object, Uint8Array>();

function storageContext(p: Program): Uint8Array | undefined {
  if (p.storageHash === undefined) {
    const address = p.invoke.address;
    const contract = p.state.get(ContractTables.contracts, address);
    p.storageVersion = contract?.version ?? 0;
    if (contract === undefined) {
      p.storageHash = storageAddressHash(address);
    } else {
      let hash = addressHashOf.get(contract);
      if (hash === undefined) {
        hash = storageAddressHash(address, contract.trxHash);
        addressHashOf.set(contract, hash);
      }
      p.storageHash = hash;
    }
  }
  return p.storageHash;
}

/** The storage row key of a slot of the frame's contract, computed once per frame and slot. */
function rowKeyOf(p: Program, key: bigint): Uint8Array {
  let keys = p.storageRowKeys;
  if (keys === undefined) {
    keys = new Map();
    p.storageRowKeys = keys;
  }
  let row = keys.get(key);
  if (row === undefined) {
    row = storageRowKey(storageContext(p)!, wordToBytes(key), p.storageVersion);
    keys.set(key, row);
  }
  return row;
}

/** Repository.getStorageValue: the slot's value, undefined when no row exists (or no account). */
export function storageLoad(p: Program, key: bigint): bigint | undefined {
  const address = p.invoke.address;
  if (p.state.get(CoreTables.accounts, address) === undefined) return undefined;
  const row = readStorageRow(p.state, address, wordToBytes(key), rowKeyOf(p, key));
  return row === undefined ? undefined : wordFromBytes(row);
}

/** Repository.putStorageValue: a zero value keeps the row until the transaction commits. */
export function storageSave(p: Program, key: bigint, value: bigint): void {
  const address = p.invoke.address;
  if (p.state.get(CoreTables.accounts, address) === undefined) return;
  p.state.put(ContractTables.storageRows, rowKeyOf(p, key), wordToBytes(value));
}

function transientKey(p: Program, key: bigint): Uint8Array {
  const out = new Uint8Array(64);
  const address = p.invoke.address;
  out.set(address, 32 - address.length);
  out.set(wordToBytes(key), 32);
  return out;
}

export function tLoad(p: Program, key: bigint): bigint {
  // transient storage lives only in the run's overlays: an unset slot is never asked of the chain
  const value = p.state.getWritten(TransientStorage, transientKey(p, key));
  return value === undefined ? 0n : wordFromBytes(value);
}

export function tStore(p: Program, key: bigint, value: bigint): void {
  p.state.put(TransientStorage, transientKey(p, key), wordToBytes(value));
}

/** Program.getBlockHash: the id of one of the 256 blocks before this one, else 0. */
export function blockHash(p: Program, index: number): bigint {
  const number = p.tx.block.number;
  const floor = (number > 256n ? number : 256n) - 256n;
  const n = BigInt(index);
  if (n < number && n >= floor) {
    const id = p.tx.host.blockId(p.state, n);
    return id === undefined ? 0n : wordFromBytes(id);
  }
  return 0n;
}

/** Program.getChainId: the genesis block id, only its last 4 bytes once #60 or #71 is on. */
export function chainId(p: Program): bigint {
  const genesis = p.tx.host.blockId(p.state, 0n) ?? new Uint8Array(32);
  const config = p.tx.config;
  if (config.allowTvmCompatibleEvm || config.allowOptimizedReturnValueOfChainId) {
    return wordFromBytes(genesis.subarray(genesis.length - 4));
  }
  return wordFromBytes(genesis);
}

const EMPTY_CODE_HASH = keccak256(new Uint8Array(0));

/**
 * Program.getCodeHashAt: empty for a missing account, keccak("") for an account without a contract,
 * else the stored code hash (computed and saved into the contract when it was never set).
 */
export function codeHashAt(p: Program, word: bigint): Uint8Array {
  const address = toTronAddress(word);
  if (p.state.get(CoreTables.accounts, address) === undefined) return new Uint8Array(0);
  const contract = p.state.get(ContractTables.contracts, address);
  if (contract === undefined) return EMPTY_CODE_HASH;
  if (contract.codeHash.length > 0 && contract.codeHash.some((b) => b !== 0)) return contract.codeHash;
  const codeHash = keccak256(getCode(p.state, address) ?? new Uint8Array(0));
  p.state.put(ContractTables.contracts, address, { ...contract, codeHash });
  return codeHash;
}
