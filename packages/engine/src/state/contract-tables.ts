import { create } from "@bufbuild/protobuf";
import { concatBytes } from "../crypto/bytes.js";
import { keccak256 } from "../crypto/hash.js";
import {
  type ContractState,
  ContractStateSchema,
  type SmartContract,
  type SmartContract_ABI,
  SmartContract_ABISchema,
  SmartContractSchema,
} from "../protocol/generated/protocol/contracts_pb.js";
import type { StateOverlay } from "./state-overlay.js";
import type { StateView } from "./state-view.js";
import { bytesKey, bytesValue, defineTable, messageValue } from "./table.js";

/**
 * The smart-contract tables, as java-tron's stores keep them: ContractStore (the SmartContract
 * without its ABI), AbiStore, CodeStore, StorageRowStore and ContractStateStore. Contract
 * addresses are 21 bytes (0x41 ‖ 20).
 */
export const ContractTables = {
  /** contract address → SmartContract with `abi` cleared (java-tron's ContractStore strips it). */
  contracts: defineTable("contracts", bytesKey, messageValue(SmartContractSchema)),
  /** contract address → ABI (java-tron's AbiStore); absent or empty once cleared. */
  contractAbis: defineTable("contract-abis", bytesKey, messageValue(SmartContract_ABISchema)),
  /** contract address → runtime code. */
  code: defineTable("code", bytesKey, bytesValue),
  /**
   * Storage rows: `keccak(address ‖ create2 txId?)[0:16] ‖ slotKey[16:32]` → 32-byte value, where
   * slotKey is the slot itself (version 0) or keccak(slot) (version 1). See `storageRowKey`.
   * Zero values are deleted when a transaction commits.
   */
  storageRows: defineTable("storage-rows", bytesKey, bytesValue),
  /** contract address → ContractState (dynamic energy: usage, factor, update cycle). */
  contractStates: defineTable("contract-states", bytesKey, messageValue(ContractStateSchema)),
  /**
   * Never written: `address ‖ slot ‖ row key` (21 + 32 + 32 bytes). The VM reads it when a storage
   * row is absent, which tells a state filled lazily from an upstream chain (a forked node) which
   * contract slot the row is — a row key is a hash, and java-tron serves slots by address and slot.
   */
  storageSlots: defineTable("storage-slots", bytesKey, bytesValue),
} as const;

/** java-tron's Storage.addrHash: keccak(address), or keccak(address ‖ trxHash) for a CREATE2 contract. */
export function storageAddressHash(address: Uint8Array, trxHash?: Uint8Array): Uint8Array {
  if (trxHash === undefined || trxHash.length === 0 || trxHash.every((b) => b === 0))
    return keccak256(address);
  return keccak256(concatBytes(address, trxHash));
}

/** java-tron's Storage.compose: the row key of a 32-byte slot under a contract's address hash. */
export function storageRowKey(addressHash: Uint8Array, slot: Uint8Array, version: number): Uint8Array {
  const key = version === 1 ? keccak256(slot) : slot;
  const row = new Uint8Array(32);
  row.set(addressHash.subarray(0, 16), 0);
  row.set(key.subarray(16, 32), 16);
  return row;
}

/**
 * A contract slot's storage row (`rowKey` = storageRowKey of the slot), or undefined. An absent row
 * is followed by a read of storageSlots naming the slot, so a state filled from an upstream chain
 * (a forked node) can fetch it; any other state answers that read with nothing.
 */
export function readStorageRow(
  view: StateView,
  address: Uint8Array,
  slot: Uint8Array,
  rowKey: Uint8Array,
): Uint8Array | undefined {
  const row = view.get(ContractTables.storageRows, rowKey);
  if (row === undefined) view.get(ContractTables.storageSlots, concatBytes(address, slot, rowKey));
  return row;
}

/** The contract slot a storageSlots key names (readStorageRow's layout: address ‖ slot ‖ row key). */
export function storageSlotOf(key: Uint8Array): {
  address: Uint8Array;
  slot: Uint8Array;
  rowKey: Uint8Array;
} {
  return { address: key.slice(0, 21), slot: key.slice(21, 53), rowKey: key.slice(53, 85) };
}

/** The SmartContract record of `address` (without ABI), or undefined. */
export function getContract(view: StateView, address: Uint8Array): SmartContract | undefined {
  return view.get(ContractTables.contracts, address);
}

/** The SmartContract with its ABI merged back in, as getcontract shows it. */
export function getContractWithAbi(view: StateView, address: Uint8Array): SmartContract | undefined {
  const contract = view.get(ContractTables.contracts, address);
  if (!contract) return undefined;
  const abi = view.get(ContractTables.contractAbis, address);
  return abi === undefined ? contract : { ...contract, abi };
}

/**
 * Stores a SmartContract the way java-tron commits one: the record without its ABI, and the ABI in
 * its own table unless that table already holds one for the address (RepositoryImpl writes the
 * AbiStore only when it has no row yet).
 */
export function putContract(state: StateOverlay, contract: SmartContract): void {
  const address = contract.contractAddress;
  if (state.get(ContractTables.contractAbis, address) === undefined) {
    state.put(ContractTables.contractAbis, address, contract.abi ?? create(SmartContract_ABISchema));
  }
  state.put(
    ContractTables.contracts,
    address,
    contract.abi === undefined ? contract : { ...contract, abi: undefined },
  );
}

/** A contract's ABI, or an empty one. */
export function getContractAbi(view: StateView, address: Uint8Array): SmartContract_ABI {
  return view.get(ContractTables.contractAbis, address) ?? create(SmartContract_ABISchema);
}

export function newContractState(updateCycle: bigint): ContractState {
  return create(ContractStateSchema, { updateCycle });
}
