/**
 * The smart-contract operations java-tron's Wallet serves (getcontract, getcontractinfo,
 * deploycontract, triggersmartcontract, triggerconstantcontract, estimateenergy) as the
 * `ContractQueries` part of WalletApi, plus the pure reads they are built from.
 */
import { create } from "@bufbuild/protobuf";

import { utf8Encode } from "../crypto/bytes.js";
import { keccak256 } from "../crypto/hash.js";
import {
  type CreateSmartContract,
  type SmartContract,
  type SmartContract_ABI,
  SmartContract_ABI_Entry_EntryType,
  SmartContract_ABI_Entry_StateMutabilityType,
  type SmartContractDataWrapper,
  SmartContractDataWrapperSchema,
  type TriggerSmartContract,
} from "../protocol/generated/protocol/contracts_pb.js";
import type { Transaction } from "../protocol/generated/protocol/core_pb.js";
import type { ChainProperties } from "../state/chain-properties.js";
import { ContractTables, newContractState } from "../state/contract-tables.js";
import { CoreTables } from "../state/core-tables.js";
import type { ReadScope } from "../state/read-scope.js";
import type { StateView } from "../state/state-view.js";
import { catchUpToCycle } from "../vm/dynamic-energy.js";
import type { ConstantCallResult } from "./constant-call.js";

/**
 * Codes of the contract refusals the WalletApi's implementation (the node) raises that an operation
 * tells apart; they keep java-tron's ContractValidateException class, so every transport answers
 * them as before.
 */
export const ContractRefusalCodes = {
  /** estimateenergy on a node whose vm.estimateEnergy is off (eth_estimateGas falls back to a call). */
  estimateEnergyOff: "ESTIMATE_ENERGY_OFF",
} as const;

/** A trigger as the servlets hand it to the Wallet: the contract plus the transaction options. */
export interface TriggerInput {
  readonly contract: TriggerSmartContract;
  /** raw_data.fee_limit (triggersmartcontract reads it; triggerconstantcontract does not). */
  readonly feeLimit?: bigint;
  /** Permission_id written into the contract when > 0. */
  readonly permissionId?: number;
  /** extra_data (raw_data.data), which triggerconstantcontract applies. */
  readonly data?: Uint8Array;
}

/** A deploy as deploycontract builds it. */
export interface DeployInput {
  readonly contract: CreateSmartContract;
  readonly feeLimit: bigint;
  readonly permissionId?: number;
}

/** TransactionExtention's content: the built transaction, and the run when it was executed. */
export interface ContractCallAnswer {
  readonly transaction: Transaction;
  /** Present when the call ran as a constant call (triggerconstantcontract, a view/pure trigger). */
  readonly run?: ConstantCallResult;
}

/** EstimateEnergyMessage's content. */
export interface EnergyEstimateAnswer {
  readonly run: ConstantCallResult;
  readonly energyRequired?: bigint;
}

export interface ContractQueries {
  /** getcontract: the SmartContract with its ABI (`undefined` = `{}`). */
  getContract(address: Uint8Array, scope: ReadScope): Promise<SmartContract | undefined>;
  /** getcontractinfo: SmartContractDataWrapper (contract, runtime code, contract state caught up). */
  getContractInfo(address: Uint8Array, scope: ReadScope): Promise<SmartContractDataWrapper | undefined>;
  /** deploycontract: the unsigned CreateSmartContract transaction (only the percent is checked). */
  deployContract(input: DeployInput): Promise<Transaction>;
  /** triggersmartcontract: the unsigned transaction, run as a constant call when the ABI says view/pure. */
  triggerSmartContract(input: TriggerInput): Promise<ContractCallAnswer>;
  /** triggerconstantcontract: the call run on the scope's state (a deploy when contract_address is empty). */
  triggerConstantContract(input: TriggerInput, scope: ReadScope): Promise<ContractCallAnswer>;
  /** estimateenergy: the smallest energy the call succeeds with. */
  estimateEnergy(input: TriggerInput, scope: ReadScope): Promise<EnergyEstimateAnswer>;
}

/** Wallet.getContract: the contract record with its stored ABI, for an existing account. */
export function smartContractOf(view: StateView, address: Uint8Array): SmartContract | undefined {
  if (!view.get(CoreTables.accounts, address)) return undefined;
  const contract = view.get(ContractTables.contracts, address);
  if (!contract) return undefined;
  const abi = view.get(ContractTables.contractAbis, address);
  return abi === undefined ? contract : { ...contract, abi };
}

/** Wallet.getContractInfo: the contract, its runtime code and its ContractState caught up to this cycle. */
export function smartContractInfoOf(
  view: StateView,
  props: ChainProperties,
  address: Uint8Array,
): SmartContractDataWrapper | undefined {
  const contract = smartContractOf(view, address);
  if (!contract) return undefined;
  const cycle = props.get("CURRENT_CYCLE_NUMBER");
  let state = view.get(ContractTables.contractStates, address);
  if (state === undefined) {
    state = newContractState(cycle);
  } else {
    state =
      catchUpToCycle(
        state,
        cycle,
        props.get("DYNAMIC_ENERGY_THRESHOLD"),
        props.get("DYNAMIC_ENERGY_INCREASE_FACTOR"),
        props.get("DYNAMIC_ENERGY_MAX_FACTOR"),
        props.isOn("ALLOW_STRICT_MATH"),
      ) ?? state;
  }
  return create(SmartContractDataWrapperSchema, {
    smartContract: contract,
    runtimecode: view.get(ContractTables.code, address) ?? new Uint8Array(0),
    contractState: state,
  });
}

/**
 * Wallet.isConstant: whether the ABI function the call data's selector names is constant, view or
 * pure (parameter types joined as the ABI spells them, tuples unexpanded).
 */
export function isConstantCall(abi: SmartContract_ABI | undefined, data: Uint8Array): boolean {
  if (!abi || data.length < 4 || abi.entrys.length === 0) return false;
  const selector = data.subarray(0, 4);
  for (const entry of abi.entrys) {
    if (entry.type !== SmartContract_ABI_Entry_EntryType.Function) continue;
    const signature = `${entry.name}(${entry.inputs.map((p) => p.type).join(",")})`;
    const hash = keccak256(utf8Encode(signature));
    if (
      hash[0] === selector[0] &&
      hash[1] === selector[1] &&
      hash[2] === selector[2] &&
      hash[3] === selector[3]
    ) {
      return (
        entry.constant ||
        entry.stateMutability === SmartContract_ABI_Entry_StateMutabilityType.View ||
        entry.stateMutability === SmartContract_ABI_Entry_StateMutabilityType.Pure
      );
    }
  }
  return false;
}
