import { unpackContract } from "../protocol/codec.js";
import type { ContractType } from "../protocol/contract-types.js";
import type { Transaction_Contract } from "../protocol/generated/protocol/core_pb.js";
import { MutableChainProperties } from "../state/chain-properties.js";
import { StateOverlay } from "../state/state-overlay.js";
import type { StateView } from "../state/state-view.js";
import { ACTUATORS } from "./registry.js";

/** Whether the engine executes (and so can build) this contract type. */
export function isExecutableContractType(type: ContractType): boolean {
  return ACTUATORS.has(type);
}

/**
 * What java-tron's Wallet does before it hands out an unsigned transaction (createTransactionCapsule
 * with isTransactionCreate): the contract's actuator validates it against `view`, throwing the first
 * failing check; nothing it writes is kept. The caller checks `isExecutableContractType` first.
 */
export function validateNewContract(view: StateView, contract: Transaction_Contract): void {
  const actuator = ACTUATORS.get(contract.type)!;
  const state = new StateOverlay(view);
  const { value } = unpackContract(contract);
  actuator.validate(
    { state, props: new MutableChainProperties(state), txId: new Uint8Array(32), contract, creating: true },
    value as never,
  );
}
