import { type Actuator, executeError, typeErrorB, validateError } from "../../actuator/actuator.js";
import { newAccount } from "../../chain/accounts.js";
import { addExact } from "../../chain/arithmetic.js";
import { adjustBalance, burnFee } from "../../chain/fees.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesEqual } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { TransferAssetContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { AccountType } from "../../protocol/generated/protocol/core_pb.js";
import { CoreTables } from "../../state/core-tables.js";
import { addAssetAmount, assetBalance, findToken, reduceAssetAmount } from "../asset-balances.js";

/**
 * TransferAssetContract (type 2): moves a TRC-10 token, creating the recipient when it does not
 * exist (then CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT is the fee, burned).
 */
export const transferAssetActuator: Actuator<typeof TransferAssetContractSchema> = {
  type: ContractType.TransferAssetContract,
  schema: TransferAssetContractSchema,
  typeErrorMessage: typeErrorB("TransferAssetContract"),
  createsAccount: (view, p) => !view.get(CoreTables.accounts, p.toAddress),

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    if (!isValidAddress(p.toAddress)) throw validateError("Invalid toAddress");
    if (p.amount <= 0n) throw validateError("Amount must be greater than 0.");
    if (bytesEqual(p.ownerAddress, p.toAddress)) throw validateError("Cannot transfer asset to yourself.");
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError("No owner account!");
    if (!findToken(state, props, p.assetName)) throw validateError("No asset!");
    const balance = assetBalance(props, owner, p.assetName);
    if (balance === undefined || balance <= 0n) throw validateError("assetBalance must be greater than 0.");
    if (p.amount > balance) throw validateError("assetBalance is not sufficient.");
    const to = state.get(CoreTables.accounts, p.toAddress);
    if (to) {
      if (props.isOn("FORBID_TRANSFER_TO_CONTRACT") && to.type === AccountType.Contract) {
        throw validateError("Cannot transfer asset to smartContract.");
      }
      const toBalance = assetBalance(props, to, p.assetName);
      if (toBalance !== undefined) addExact(toBalance, p.amount);
    } else if (owner.balance < props.get("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT")) {
      throw validateError("Validate TransferAssetActuator error, insufficient fee.");
    }
  },

  execute({ state, props }, p) {
    let fee = 0n;
    if (!state.get(CoreTables.accounts, p.toAddress)) {
      state.put(
        CoreTables.accounts,
        p.toAddress,
        newAccount({ address: p.toAddress, createTime: props.headTimestamp, props }),
      );
      fee += props.get("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT");
    }
    const owner = reduceAssetAmount(
      state,
      props,
      state.get(CoreTables.accounts, p.ownerAddress)!,
      p.assetName,
      p.amount,
    );
    if (!owner) throw executeError("reduceAssetAmount failed !");
    state.put(CoreTables.accounts, p.ownerAddress, owner);
    const to = state.get(CoreTables.accounts, p.toAddress)!;
    state.put(CoreTables.accounts, p.toAddress, addAssetAmount(state, props, to, p.assetName, p.amount));
    adjustBalance(state, p.ownerAddress, -fee);
    burnFee(state, props, fee);
    return { fee };
  },
};
