import { type Actuator, validateError } from "../../actuator/actuator.js";
import { newAccount } from "../../chain/accounts.js";
import { addExact } from "../../chain/arithmetic.js";
import { adjustBalance, burnFee } from "../../chain/fees.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { TransferContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { AccountType } from "../../protocol/generated/protocol/core_pb.js";
import { ContractTables } from "../../state/contract-tables.js";
import { CoreTables } from "../../state/core-tables.js";

/** TransferContract (type 1): moves TRX, creating the recipient when it does not exist. */
export const transferActuator: Actuator<typeof TransferContractSchema> = {
  type: ContractType.TransferContract,
  schema: TransferContractSchema,
  typeErrorMessage:
    "contract type error, expected type [TransferContract], real type [class com.google.protobuf.Any]",
  createsAccount: (view, p) => !view.get(CoreTables.accounts, p.toAddress),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress!");
    if (!isValidAddress(p.toAddress)) throw validateError("Invalid toAddress!");
    if (bytesEqual(p.toAddress, p.ownerAddress)) throw validateError("Cannot transfer TRX to yourself.");
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError("Validate TransferContract error, no OwnerAccount.");
    if (p.amount <= 0n) throw validateError("Amount must be greater than 0.");
    let fee = props.get("TRANSFER_FEE");
    const to = state.get(CoreTables.accounts, p.toAddress);
    if (!to) {
      fee += props.get("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT");
    } else if (to.type === AccountType.Contract) {
      if (props.isOn("FORBID_TRANSFER_TO_CONTRACT"))
        throw validateError("Cannot transfer TRX to a smartContract.");
      // After ALLOW_TVM_COMPATIBLE_EVM, TRX goes to a version-1 contract only through TriggerSmartContract.
      if (props.isOn("ALLOW_TVM_COMPATIBLE_EVM")) {
        const contract = state.get(ContractTables.contracts, p.toAddress);
        if (!contract)
          throw validateError("Account type is Contract, but it is not exist in contract store.");
        if (contract.version === 1) {
          throw validateError(
            "Cannot transfer TRX to a smartContract which version is one. Instead please use TriggerSmartContract ",
          );
        }
      }
    }
    if (owner.balance < addExact(p.amount, fee)) {
      throw validateError("Validate TransferContract error, balance is not sufficient.");
    }
    if (to) addExact(to.balance, p.amount);
  },

  execute({ state, props }, p) {
    let fee = props.get("TRANSFER_FEE");
    if (!state.get(CoreTables.accounts, p.toAddress)) {
      state.put(
        CoreTables.accounts,
        p.toAddress,
        newAccount({ address: p.toAddress, createTime: props.headTimestamp, props }),
      );
      fee = addExact(fee, props.get("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT"));
    }
    adjustBalance(state, p.ownerAddress, -addExact(fee, p.amount));
    burnFee(state, props, fee);
    adjustBalance(state, p.toAddress, p.amount);
    return { fee };
  },
};
