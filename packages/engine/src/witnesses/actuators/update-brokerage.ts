import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { UpdateBrokerageContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { setPendingBrokerage } from "../rewards.js";

/**
 * UpdateBrokerageContract (type 49): a witness sets the share (%) of its rewards it keeps; it
 * applies from the next maintenance cycle. Needs ALLOW_CHANGE_DELEGATION (java-tron checks that
 * even before the contract type).
 */
export const updateBrokerageActuator: Actuator<typeof UpdateBrokerageContractSchema> = {
  type: ContractType.UpdateBrokerageContract,
  schema: UpdateBrokerageContractSchema,
  typeErrorMessage: typeErrorB("UpdateBrokerageContract"),

  validate({ state, props }, p) {
    if (!props.isOn("ALLOW_CHANGE_DELEGATION")) {
      throw validateError("contract type error, unexpected type [UpdateBrokerageContract]");
    }
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    if (p.brokerage < 0 || p.brokerage > 100) throw validateError("Invalid brokerage");
    if (!state.get(CoreTables.witnesses, p.ownerAddress)) {
      throw validateError(`Not existed witness:${bytesToHex(p.ownerAddress)}`);
    }
    if (!state.get(CoreTables.accounts, p.ownerAddress)) throw validateError("Account does not exist");
  },

  execute({ state }, p) {
    setPendingBrokerage(state, p.ownerAddress, BigInt(p.brokerage));
    return { fee: 0n };
  },
};
