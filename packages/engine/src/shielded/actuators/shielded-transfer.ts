/**
 * ShieldedTransferContract (type 51, shielded TRC-10 "ZEN"): validated in java-tron's order up to
 * the committee gate. java-tron's default and mainnet keep ALLOW_SHIELDED_TRANSACTION at 0 (its
 * proposal, #27, is disabled), so the answer is "Not support Shielded Transaction, need to be
 * opened by the committee".
 *
 * A chain whose genesis turns the parameter on would need the whole shielded TRC-10 pool (nullifier
 * store, note-commitment tree and anchors, pool total, fees) and spend-proof verification, which
 * needs TRON's spend verifying key (not available, see verifying-keys.ts): such a contract is
 * refused with a "not possible here" error rather than accepted without its checks.
 */

import { type Actuator, validateError } from "../../actuator/actuator.js";
import { ContractType } from "../../protocol/contract-types.js";
import { ShieldedTransferContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";

export const SHIELDED_TRANSACTION_CLOSED =
  "Not support Shielded Transaction, need to be opened by the committee";
export const SHIELDED_TRC10_NOT_POSSIBLE =
  "not possible here: shielded TRC-10 transfers need the shielded pool and TRON's Sapling spend verifying key, which this node does not have";

export const shieldedTransferActuator: Actuator<typeof ShieldedTransferContractSchema> = {
  type: ContractType.ShieldedTransferContract,
  schema: ShieldedTransferContractSchema,
  // any.unpack's InvalidProtocolBufferException text, which the actuator rethrows.
  typeErrorMessage: "Type of the Any message does not match the given class.",

  validate({ props }) {
    if (props.get("ALLOW_SAME_TOKEN_NAME") !== 1n) {
      throw validateError(
        "shielded transaction is not allowed before ALLOW_SAME_TOKEN_NAME is opened by the committee",
      );
    }
    if (props.get("ALLOW_SHIELDED_TRANSACTION") !== 1n) throw validateError(SHIELDED_TRANSACTION_CLOSED);
    throw validateError(SHIELDED_TRC10_NOT_POSSIBLE);
  },

  execute() {
    // validate never passes, and the pipeline only executes validated contracts.
    throw validateError(SHIELDED_TRC10_NOT_POSSIBLE);
  },
};
