import { type Actuator, typeErrorA, validateError } from "../../actuator/actuator.js";
import { newAccount } from "../../chain/accounts.js";
import { adjustBalance, burnFee } from "../../chain/fees.js";
import { isValidAddress } from "../../crypto/address.js";
import { bytesToHex } from "../../crypto/bytes.js";
import { ContractType } from "../../protocol/contract-types.js";
import { AccountCreateContractSchema } from "../../protocol/generated/protocol/contracts_pb.js";
import { CoreTables } from "../../state/core-tables.js";

/** AccountCreateContract (type 0): an existing account activates a new address. */
export const accountCreateActuator: Actuator<typeof AccountCreateContractSchema> = {
  type: ContractType.AccountCreateContract,
  schema: AccountCreateContractSchema,
  typeErrorMessage: typeErrorA("AccountCreateContract"),
  createsAccount: () => true,

  validate({ state, props }, p) {
    if (!isValidAddress(p.ownerAddress)) throw validateError("Invalid ownerAddress");
    const owner = state.get(CoreTables.accounts, p.ownerAddress);
    if (!owner) throw validateError(`Account[${bytesToHex(p.ownerAddress)}] not exists`);
    if (owner.balance < props.get("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT")) {
      throw validateError("Validate CreateAccountActuator error, insufficient fee.");
    }
    if (!isValidAddress(p.accountAddress)) throw validateError("Invalid account address");
    if (state.get(CoreTables.accounts, p.accountAddress)) throw validateError("Account has existed");
  },

  execute({ state, props }, p) {
    const fee = props.get("CREATE_NEW_ACCOUNT_FEE_IN_SYSTEM_CONTRACT");
    state.put(
      CoreTables.accounts,
      p.accountAddress,
      newAccount({ address: p.accountAddress, type: p.type, createTime: props.headTimestamp, props }),
    );
    adjustBalance(state, p.ownerAddress, -fee);
    burnFee(state, props, fee);
    return { fee };
  },
};
