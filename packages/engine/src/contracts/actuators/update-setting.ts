import { type Actuator, typeErrorB, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { UpdateSettingContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { ContractTables } from "../../state/contract-tables.js";
import { CoreTables } from "../../state/core-tables.js";

/** UpdateSettingContract (33): the deployer sets consume_user_resource_percent. Fee 0. */
export const updateSettingActuator: Actuator<typeof UpdateSettingContractSchema> = {
  type: ContractType.UpdateSettingContract,
  schema: UpdateSettingContractSchema,
  typeErrorMessage: typeErrorB("UpdateSettingContract"),

  validate({ state }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = bytesToHex(p.ownerAddress);
    if (!state.get(CoreTables.accounts, p.ownerAddress))
      throw validateError(`Account[${owner}] does not exist`);
    const percent = p.consumeUserResourcePercent;
    if (percent > 100n || percent < 0n) throw validateError("percent not in [0, 100]");
    const contract = state.get(ContractTables.contracts, p.contractAddress);
    if (!contract) throw validateError("Contract does not exist");
    if (!bytesEqual(p.ownerAddress, contract.originAddress)) {
      throw validateError(`Account[${owner}] is not the owner of the contract`);
    }
  },

  execute({ state }, p) {
    const contract = state.get(ContractTables.contracts, p.contractAddress)!;
    state.put(ContractTables.contracts, p.contractAddress, {
      ...contract,
      consumeUserResourcePercent: p.consumeUserResourcePercent,
    });
    return { fee: 0n };
  },
};
