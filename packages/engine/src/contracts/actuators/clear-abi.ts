import { create } from "@bufbuild/protobuf";
import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual, bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import {
  ClearABIContractSchema,
  SmartContract_ABISchema,
} from "../../protocol/generated/protocol/contracts_pb.js";
import { ContractTables } from "../../state/contract-tables.js";
import { CoreTables } from "../../state/core-tables.js";

/** ClearABIContract (48): the deployer replaces the stored ABI with an empty one. Fee 0. */
export const clearAbiActuator: Actuator<typeof ClearABIContractSchema> = {
  type: ContractType.ClearABIContract,
  schema: ClearABIContractSchema,
  typeErrorMessage: typeErrorA("ClearABIContract"),

  validate({ state, props }, p) {
    if (!props.isOn("ALLOW_TVM_CONSTANTINOPLE")) {
      throw validateError("contract type error,unexpected type [ClearABIContract]");
    }
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid address");
    const owner = bytesToHex(p.ownerAddress);
    if (!state.get(CoreTables.accounts, p.ownerAddress)) throw validateError(`Account[${owner}] not exists`);
    const contract = state.get(ContractTables.contracts, p.contractAddress);
    if (!contract) throw validateError("Contract not exists");
    if (!bytesEqual(p.ownerAddress, contract.originAddress)) {
      throw validateError(`Account[${owner}] is not the owner of the contract`);
    }
  },

  execute({ state }, p) {
    state.put(ContractTables.contractAbis, p.contractAddress, create(SmartContract_ABISchema));
    return { fee: 0n };
  },
};
