import { create } from "@bufbuild/protobuf";
import { newAccount, withAccountFields } from "../chain/accounts.js";
import { addExact } from "../chain/arithmetic.js";
import { bytesToHex, utf8Encode } from "../crypto/bytes.js";
import { keccak256 } from "../crypto/hash.js";
import type { SmartContract } from "../protocol/generated/protocol/contracts_pb.js";
import { type Account, AccountSchema, AccountType } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { ContractTables, putContract } from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import type { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { runtimeException } from "./errors.js";

/**
 * The VM's view of accounts, code and contracts: the operations of java-tron's RepositoryImpl,
 * over a StateOverlay (a frame's deposit). Writes replace whole records, never mutate them.
 */

export function getAccount(view: StateView, address: Uint8Array): Account | undefined {
  return view.get(CoreTables.accounts, address);
}

export function getBalance(view: StateView, address: Uint8Array): bigint {
  return view.get(CoreTables.accounts, address)?.balance ?? 0n;
}

/** RepositoryImpl.createAccount(address, type): a bare account (no create time, no permissions). */
export function createBareAccount(
  state: StateOverlay,
  address: Uint8Array,
  type: AccountType,
  name = "",
): Account {
  const account = create(AccountSchema, {
    address,
    type,
    accountName: name === "" ? new Uint8Array() : utf8Encode(name),
  });
  state.put(CoreTables.accounts, address, account);
  return account;
}

/** RepositoryImpl.createNormalAccount: create time of the head block, default permissions under multi-sign. */
export function createNormalAccount(
  state: StateOverlay,
  props: ChainProperties,
  address: Uint8Array,
): Account {
  const account = newAccount({ address, type: AccountType.Normal, createTime: props.headTimestamp, props });
  state.put(CoreTables.accounts, address, account);
  return account;
}

/** RepositoryImpl.addBalance: creates a missing account, refuses to go negative, returns the new balance. */
export function addBalance(state: StateOverlay, address: Uint8Array, delta: bigint): bigint {
  const account =
    state.get(CoreTables.accounts, address) ?? createBareAccount(state, address, AccountType.Normal);
  if (delta === 0n) return account.balance;
  if (delta < 0n && account.balance < -delta) {
    throw runtimeException(`${bytesToHex(address)} insufficient balance`);
  }
  let balance: bigint;
  try {
    balance = addExact(account.balance, delta);
  } catch {
    throw runtimeException("long overflow", "java.lang.ArithmeticException");
  }
  state.put(CoreTables.accounts, address, withAccountFields(account, { balance }));
  return balance;
}

export function getCode(view: StateView, address: Uint8Array): Uint8Array | undefined {
  return view.get(ContractTables.code, address);
}

export function getContractRecord(view: StateView, address: Uint8Array): SmartContract | undefined {
  return view.get(ContractTables.contracts, address);
}

/** RepositoryImpl.saveCode: stores the code and, from Constantinople on, the contract's code hash. */
export function saveCode(
  state: StateOverlay,
  address: Uint8Array,
  code: Uint8Array,
  constantinople: boolean,
): void {
  state.put(ContractTables.code, address, code);
  if (constantinople) {
    const contract = state.get(ContractTables.contracts, address);
    if (contract) state.put(ContractTables.contracts, address, { ...contract, codeHash: keccak256(code) });
  }
}

export function createContractRecord(state: StateOverlay, contract: SmartContract): void {
  putContract(state, contract);
}
