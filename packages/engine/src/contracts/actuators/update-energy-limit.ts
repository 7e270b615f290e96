import { type Actuator, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { UpdateEnergyLimitContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { ContractTables } from "../../state/contract-tables.js";
import { CoreTables } from "../../state/core-tables.js";
import { energyLimitHardFork } from "../energy-limit.js";

/** UpdateEnergyLimitContract (45): the deployer sets origin_energy_limit. Fee 0. */
export const updateEnergyLimitActuator: Actuator<typeof UpdateEnergyLimitContractSchema> = {
  type: ContractType.UpdateEnergyLimitContract,
  schema: UpdateEnergyLimitContractSchema,
  typeErrorMessage:
    "contract type error, expected type [UpdateEnergyLimitContract],real type[class com.google.protobuf.Any]",

  validate({ state, props }, p) {
    // Only from the energy-limit fork block on (java-tron's `enery.limit.block.num`).
    if (!energyLimitHardFork(props)) {
      throw validateError("contract type error, unexpected type [UpdateEnergyLimitContract]");
    }
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = bytesToHex(p.ownerAddress);
    if (!state.get(CoreTables.accounts, p.ownerAddress))
      throw validateError(`Account[${owner}] does not exist`);
    if (p.originEnergyLimit <= 0n) throw validateError("origin energy limit must be > 0");
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
      originEnergyLimit: p.originEnergyLimit,
    });
    return { fee: 0n };
  },
};
